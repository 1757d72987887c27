"""The voice tools of the command line: ``devices``, ``check``, ``say``, ``voci``, ``model``, one module each.

``register(subparsers)`` adds them to ``voice-host``'s argparse; each parser sets
``handler``, a function of the parsed arguments returning the exit code:
0 fine, 1 something missing (``check``, ``model path``), 2 bad input (one line,
no traceback). ``python -m voice_host.cli.voice_tools ...`` runs them alone.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

from grammars.it import catalogue
from voice_host.cli.check import check_seconds, cmd_check
from voice_host.cli.devices import cmd_devices
from voice_host.cli.model import cmd_model_download, cmd_model_path
from voice_host.cli.parser import ItalianArgumentParser
from voice_host.cli.say import cmd_say, cmd_voices
from voice_host.cli.voice_command import add_tool_voice_options
from voice_host.cli.voice_options import voice_option
from voice_host.errors import EXIT_WRITE_FAILED, WriteFailure
from voice_host.games import GAMES
from voice_host.terminal.stdout_guard import OutputClosed, guarded_stdout


def register(subparsers: Any) -> None:
    """Add the voice subcommands to ``subparsers`` (from ``add_subparsers``)."""
    help_of = catalogue.CLI_HELP
    devices = subparsers.add_parser("devices", help=help_of["devices"])
    devices.set_defaults(handler=cmd_devices)

    check = subparsers.add_parser("check", help=help_of["check"])
    check.add_argument("--model", help=help_of["check --model"])
    check.add_argument("--game", choices=[*GAMES, "all"], default="all", help=help_of["check --game"])
    check.add_argument("--rules", default="classico", help=help_of["check --rules"])
    check.add_argument("--dice", type=int, default=6, help=help_of["check --dice"])
    check.add_argument("--phrases", help=help_of["check --phrases"])
    check.add_argument("--device", help=help_of["check --device"])
    check.add_argument("--seconds", type=check_seconds, default=3.0, help=help_of["check --seconds"])
    check.add_argument("--selftest", action="store_true", help=help_of["check --selftest"])
    check.add_argument("--phase", action="append", help=help_of["check --phase"])
    add_tool_voice_options(check)
    check.set_defaults(handler=cmd_check)

    say = subparsers.add_parser("say", help=help_of["say"])
    say.add_argument("text", nargs="+", help=help_of["say text"])
    add_tool_voice_options(say)
    say.set_defaults(handler=cmd_say)

    voices = subparsers.add_parser("voci", help=help_of["voci"])
    voices.add_argument("--voice", metavar="VOCE", type=voice_option, help=help_of["voci --voice"])
    voices.set_defaults(handler=cmd_voices)

    model = subparsers.add_parser("model", help=help_of["model"])
    model_sub = model.add_subparsers(dest="model_command", required=True, parser_class=type(model))
    download = model_sub.add_parser("download", help=help_of["model download"])
    download.add_argument("--dest", help=help_of["model download --dest"])
    download.set_defaults(handler=cmd_model_download)
    path = model_sub.add_parser("path", help=help_of["model path"])
    path.add_argument("--model", help=help_of["model path --model"])
    path.set_defaults(handler=cmd_model_path)


# ------------------------------------------------------------------ devices


# ------------------------------------------------------------------ check


# ------------------------------------------------------------------ voci, say, model


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m voice_host.cli.voice_tools ...``: the voice tools without the game CLI."""
    parser = ItalianArgumentParser(prog="voice-host")
    register(parser.add_subparsers(dest="command", required=True, parser_class=ItalianArgumentParser,
                                   title=catalogue.ARGPARSE_WORDS["commands"], metavar="comando"))
    args = parser.parse_args(argv)
    try:
        with guarded_stdout():
            return int(args.handler(args))
    except OutputClosed:
        return EXIT_WRITE_FAILED
    except WriteFailure as exc:
        print(catalogue.usage_error(str(exc)), file=sys.stderr)
        return EXIT_WRITE_FAILED


if __name__ == "__main__":
    sys.exit(main())
