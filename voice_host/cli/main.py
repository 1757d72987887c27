"""Command line: ``voice-host play ...``, ``analizza`` and the voice tools: parse, dispatch, exit code.

The work is elsewhere: :mod:`voice_host.cli.play` runs a game (wired by
:mod:`voice_host.cli.bootstrap`), :mod:`voice_host.cli.voice_tools` holds the voice
tools. Here the two error bases of :mod:`voice_host.errors` become their exit
codes (listed there): an :class:`InputError` is one Italian line and exit 2, a
:class:`WriteFailure` one line and exit 4.
"""

from __future__ import annotations

import argparse
import errno
import sys
from collections.abc import Sequence
from typing import Any

from grammars.it import catalogue as say
from grammars.it import command_line
from voice_host import __version__
from voice_host.board.options import add_board_options
from voice_host.cli import evening, remembered_options
from voice_host.cli import history as history_commands
from voice_host.cli.barge_in import add_barge_in_option
from voice_host.cli.parser import ItalianArgumentParser
from voice_host.cli.play import analyse_journal, play
from voice_host.cli.voice_options import add_voice_options
from voice_host.core.computer_pause import parse_pause
from voice_host.core.reprompt import DEFAULT_WAITS, parse_waits
from voice_host.errors import EXIT_INTERRUPTED, EXIT_USAGE, EXIT_WRITE_FAILED, InputError, UsageError, WriteFailure
from voice_host.evening.settings import load_settings, settings_path
from voice_host.games.options import add_game_options
from voice_host.platform.open_files import MINIMUM, raise_limit
from voice_host.platform.stop_signals import StopSignal, stop_on_signals
from voice_host.terminal.console import print_error, print_stderr
from voice_host.terminal.plain_text import fit_standard_streams, utf8_arguments
from voice_host.terminal.stdout_guard import OutputClosed, guarded_stdout, settle_stdout
from voice_host.user_command import user_command


def build_parser() -> argparse.ArgumentParser:
    """The full command-line parser."""
    parser = ItalianArgumentParser(prog="voice-host", description=say.CLI_HELP["voice-host"])
    parser.add_argument("--version", action="version", version=command_line.version_line(__version__),
                        help=command_line.VERSION_HELP)
    sub = parser.add_subparsers(dest="command", required=True, parser_class=ItalianArgumentParser,
                                title=say.ARGPARSE_WORDS["commands"], metavar="comando")
    play = sub.add_parser("play", help=say.CLI_HELP["play"])
    add_game_options(play)
    play.add_argument("--input", metavar="INGRESSO", default="auto", help=say.CLI_HELP["--input"])
    play.add_argument("--tts", default="pyttsx3", choices=["pyttsx3", "print", "none"], help=say.CLI_HELP["--tts"])
    play.add_argument("--captions", default="on", choices=["on", "off"],
                      help=say.CLI_HELP["--captions"])
    play.add_argument("--summary", metavar="FILE", help=say.CLI_HELP["--summary"])
    play.add_argument("--journal", metavar="GIORNALE", help=say.CLI_HELP["--journal"])
    play.add_argument("--no-journal", action="store_true", help=say.CLI_HELP["--no-journal"])
    play.add_argument("--resume", metavar="GIORNALE", help=say.CLI_HELP["--resume"])
    play.add_argument("--model", metavar="CARTELLA", help=say.CLI_HELP["--model"])
    add_voice_options(play, say.CLI_HELP["--voice"], say.CLI_HELP["--rate"], say.CLI_HELP["--volume"])
    device_help = say.device_option_help(user_command("devices")).replace("%", "%%")  # argparse formats help with %
    play.add_argument("--device", metavar="MICROFONO", help=device_help)
    add_board_options(play)
    play.add_argument("--earcon", default="on", choices=["on", "off"], help=say.CLI_HELP["--earcon"])
    add_barge_in_option(play)
    play.add_argument("--reprompt-s", metavar="SECONDI", type=parse_waits, default=DEFAULT_WAITS,
                      help=say.CLI_HELP["--reprompt-s"])
    play.add_argument("--computer-pause-s", metavar="SECONDI", type=parse_pause, default=None,
                      help=say.CLI_HELP["--computer-pause-s"])
    analyse = sub.add_parser("analizza", help=say.CLI_HELP["analizza"])
    analyse.add_argument("journal", metavar="GIORNALE", help=say.CLI_HELP["journal"])
    history_commands.register(sub)
    _register_voice_tools(sub)
    evening.register(sub, lambda argv: main(argv))  # serata, riprendi
    return parser


def _register_voice_tools(sub: Any) -> None:
    """Add devices/check/say/model when the voice tools are installed with the package."""
    try:
        from voice_host.cli import voice_tools
    except ImportError:
        return
    voice_tools.register(sub)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``voice-host`` console script.

    Whatever happened, standard output is flushed here (:func:`settle_stdout`): a
    reader gone or a full disk is then exit 4 and at most one line, never
    Python's English at the interpreter's exit. A stop signal that lands after
    the command returned (the game and its summary are already saved) ends with
    its exit status and no traceback.
    """
    fit_standard_streams()
    try:
        return settle_stdout(_main(argv))
    except StopSignal as stop:  # SIGTERM/SIGHUP after the command returned
        return stop.exit_code
    except KeyboardInterrupt:  # Ctrl-C after the command returned
        return EXIT_INTERRUPTED


def _main(argv: Sequence[str] | None) -> int:
    arguments = utf8_arguments(sys.argv[1:]) if argv is None else list(argv)
    limit, enough = raise_limit()
    if not enough:
        print_error(command_line.too_few_files(limit, MINIMUM))
        return EXIT_USAGE
    try:
        with stop_on_signals():
            parser = build_parser()
            if not arguments:  # `voice-host` alone: one usage text (an evening, a game, a resume), not a bare error
                evening.bare()
                return EXIT_USAGE
            if arguments[0] in remembered_options.COMMANDS:  # the settings file's defaults; typed options win
                remembered_options.apply_remembered(parser, remembered_options.COMMANDS[arguments[0]],
                                                    load_settings().options, settings_path())
            args = parser.parse_args(arguments)
            if args.command == "play":
                return play(args)
            with guarded_stdout():
                if args.command == "analizza":
                    return analyse_journal(args.journal)
                handler = getattr(args, "handler", None)
                if handler is None:
                    raise UsageError(say.unknown_command(args.command))
                return int(handler(args))
    except InputError as exc:
        print_error(str(exc))
        return EXIT_USAGE
    except OutputClosed:  # the reader of a pipe has what it wanted
        return EXIT_WRITE_FAILED
    except WriteFailure as exc:
        print_error(str(exc))
        return EXIT_WRITE_FAILED
    except KeyboardInterrupt:
        print_stderr("")
        return EXIT_INTERRUPTED
    except StopSignal as stop:
        return stop.exit_code
    except (OSError, ImportError) as exc:  # out of descriptors: a lazy import or an open failed
        cause = exc if isinstance(exc, OSError) else exc.__context__
        if isinstance(cause, OSError) and cause.errno in (errno.EMFILE, errno.ENFILE):
            print_error(command_line.out_of_files())
            return EXIT_USAGE
        raise


if __name__ == "__main__":
    sys.exit(main())
