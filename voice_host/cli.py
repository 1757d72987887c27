"""Command line: ``voice-host play ...`` and the voice tools. The one place that wires adapters.

Exit codes (also in the README, "Reliability"):

- 0 the game finished, or the players ended it (``fine partita``);
- 2 bad usage or input: options, scripts, typed lines, journals (one clear line, no traceback);
- 3 the input ended before the game;
- 4 a write failed (disk full, I/O error: journal, summary, terminal); the journal stays resumable;
- 129 SIGHUP, 130 Ctrl-C, 143 SIGTERM: stopped from outside, summary written.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import json
import os
import stat
import sys
import tempfile
from collections.abc import Callable, Sequence
from typing import Any

from engine.errors import IllegalAction
from grammars.it import catalogue as say
from voice_host.audio.gate import HalfDuplexGate
from voice_host.captions import CaptionedSpeaker
from voice_host.cli_parser import ItalianArgumentParser
from voice_host.dialog import GameDialog
from voice_host.errors import InputError, WriteFailure
from voice_host.games import GAME_OPTIONS, GAMES, ConfigError, config_from_args, dialog_factory, options_given
from voice_host.journal import Journal, JournalError, JournalWriteError, read_journal
from voice_host.ports import Listener, Speaker
from voice_host.printable import printable
from voice_host.session import Outcome, Session
from voice_host.stop_signals import StopSignal, stop_on_signals
from voice_host.text_io import KeyboardListener, PrintSpeaker, ScriptListener, SilentSpeaker

EXIT_OK, EXIT_USAGE, EXIT_INPUT_ENDED, EXIT_WRITE_FAILED, EXIT_INTERRUPTED = 0, 2, 3, 4, 130


class UsageError(InputError):
    """Bad arguments or files: printed as one line, exit 2."""


class SummaryWriteError(WriteFailure):
    """The summary could not be written at exit: exit 4."""


def print_error(message: str) -> None:
    """``voice-host: errore: MESSAGE`` on stderr, on one line, cleaned for the terminal."""
    _print_stderr(say.usage_error(message))


def _print_stderr(line: str) -> None:
    with contextlib.suppress(OSError, ValueError):  # the terminal is gone (SIGHUP): nothing left to tell
        print(printable(line), file=sys.stderr, flush=True)


def build_parser() -> argparse.ArgumentParser:
    """The full command-line parser."""
    parser = ItalianArgumentParser(prog="voice-host", description=say.CLI_HELP["voice-host"])
    sub = parser.add_subparsers(dest="command", required=True, parser_class=ItalianArgumentParser,
                                title=say.ARGPARSE_WORDS["commands"], metavar="comando")
    play = sub.add_parser("play", help=say.CLI_HELP["play"])
    play.add_argument("--game", choices=list(GAMES), help=say.CLI_HELP["--game"])
    play.add_argument("--players", metavar="GIOCATORI", help=say.CLI_HELP["--players"])
    play.add_argument("--rules", metavar="REGOLE", help=say.CLI_HELP["--rules"])
    play.add_argument("--dice", type=int, choices=[4, 6, 8, 10], help=say.CLI_HELP["--dice"])
    play.add_argument("--limit", metavar="N", type=_positive, help=say.CLI_HELP["--limit"])
    play.add_argument("--truth", choices=["exact", "at-least"],
                      help=say.CLI_HELP["--truth"])
    play.add_argument("--first", metavar="NOME", help=say.CLI_HELP["--first"])
    play.add_argument("--virtual-dice", action="store_true", help=say.CLI_HELP["--virtual-dice"])
    play.add_argument("--computer", action="append", metavar="NOME",
                      help=say.CLI_HELP["--computer"])
    play.add_argument("--seed", metavar="N", type=int, help=say.CLI_HELP["--seed"])
    play.add_argument("--input", metavar="INGRESSO", default="auto", help=say.CLI_HELP["--input"])
    play.add_argument("--tts", default="pyttsx3", choices=["pyttsx3", "print", "none"], help=say.CLI_HELP["--tts"])
    play.add_argument("--captions", default="on", choices=["on", "off"],
                      help=say.CLI_HELP["--captions"])
    play.add_argument("--summary", metavar="FILE", help=say.CLI_HELP["--summary"])
    play.add_argument("--journal", metavar="GIORNALE", help=say.CLI_HELP["--journal"])
    play.add_argument("--no-journal", action="store_true", help=say.CLI_HELP["--no-journal"])
    play.add_argument("--resume", metavar="GIORNALE", help=say.CLI_HELP["--resume"])
    play.add_argument("--model", metavar="CARTELLA", help=say.CLI_HELP["--model"])
    play.add_argument("--voice", metavar="VOCE", help=say.CLI_HELP["--voice"])
    play.add_argument("--rate", metavar="N", type=int, help=say.CLI_HELP["--rate"])
    play.add_argument("--volume", metavar="V", type=float, help=say.CLI_HELP["--volume"])
    play.add_argument("--device", metavar="MICROFONO", help=say.CLI_HELP["--device"])
    analyse = sub.add_parser("analizza", help=say.CLI_HELP["analizza"])
    analyse.add_argument("journal", metavar="GIORNALE", help=say.CLI_HELP["journal"])
    _register_voice_tools(sub)
    return parser


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(say.not_a_number(text)) from None
    if value < 1:
        raise argparse.ArgumentTypeError(say.at_least_one(value))
    return value


def _register_voice_tools(sub: Any) -> None:
    """Add devices/check/say/model when the voice tools are installed with the package."""
    try:
        from voice_host import voice_tools
    except ImportError:
        return
    voice_tools.register(sub)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``voice-host`` console script."""
    try:
        with stop_on_signals():
            args = build_parser().parse_args(argv)
            if args.command == "play":
                return play(args)
            if args.command == "analizza":
                return analyse_journal(args.journal)
            handler = getattr(args, "handler", None)
            if handler is None:
                raise UsageError(say.unknown_command(args.command))
            return int(handler(args))
    except InputError as exc:
        print_error(str(exc))
        return EXIT_USAGE
    except WriteFailure as exc:
        print_error(str(exc))
        return EXIT_WRITE_FAILED
    except KeyboardInterrupt:
        _print_stderr("")
        return EXIT_INTERRUPTED
    except StopSignal as stop:
        return stop.exit_code


# ---------------------------------------------------------------- play


def play(args: argparse.Namespace) -> int:
    """Run one game as the options say; return the exit code.

    Everything that can fail on bad arguments or files is checked before the
    journal is created or a device is opened, so an error leaves nothing behind.
    """
    script_path = _check_options(args)
    _check_summary_path(args, script_path)
    game, config, actions, journal = _game_from_args(args)
    listeners: list[Listener] = []
    speaker: Speaker | None = None
    try:
        new_dialog = _dialog_factory(args, game, config)
        if script_path is not None:
            listeners.append(ScriptListener(script_path, echo=sys.stdout if args.tts == "print" else None))
        gate = HalfDuplexGate()  # the speaker closes it while it talks; the listener drops what it hears then
        speaker = open_speaker(args, gate)
        if not listeners:
            listeners.append(open_listener(args, game, config, speaker, gate))
        journal = journal or _create_journal(args, game, config, speaker)
        session = _session(args, new_dialog, listeners[0], speaker, journal, actions)
    except BaseException:
        _close(listeners, speaker, journal)
        raise
    return _run(args, session, new_dialog, listeners, speaker, journal)


def _run(
    args: argparse.Namespace,
    session: Session,
    new_dialog: Callable[[], GameDialog[Any, Any]],
    listeners: list[Listener],
    speaker: Speaker,
    journal: Journal | None,
) -> int:
    """Play the session; on any way out, close everything, write the summary and choose the exit code."""
    message: str | None = None
    dialog = session.dialog
    try:
        outcome = session.run()
        dialog = session.dialog
        code = EXIT_INPUT_ENDED if outcome is Outcome.INPUT_ENDED else EXIT_OK
        if outcome is Outcome.INPUT_ENDED:
            message = say.input_ended()
        elif outcome is Outcome.FINISHED:
            _print_analysis(dialog)
    except KeyboardInterrupt:
        _print_stderr("")
        code, dialog = EXIT_INTERRUPTED, session.dialog
    except StopSignal as stop:
        code, dialog, message = stop.exit_code, session.dialog, say.interrupted_by_signal(stop.name)
    except JournalWriteError as exc:
        # the step that could not be written was applied but never announced: leave it out
        code, message, dialog = EXIT_WRITE_FAILED, say.error(str(exc)), _replayed(new_dialog, session.actions)
        _say_safely(speaker, say.say_cannot_save_any_more())
    except InputError as exc:  # a script line or a typed line that cannot be read
        code, message, dialog = EXIT_USAGE, say.error(str(exc)), session.dialog
    except OSError as exc:  # the terminal went away, a device failed
        code, message, dialog = EXIT_WRITE_FAILED, say.error(say.io_failed(say.system_error(exc))), session.dialog
    finally:
        _close(listeners, speaker, journal)
    if message is not None:
        _print_stderr(f"voice-host: {message}")
    if args.summary:
        try:
            write_summary(args.summary, dialog.summary())
        except SummaryWriteError as exc:
            print_error(str(exc))
            code = EXIT_WRITE_FAILED
    return code


def _replayed(new_dialog: Callable[[], GameDialog[Any, Any]], actions: list[dict[str, Any]]) -> GameDialog[Any, Any]:
    """A fresh dialog with the journaled ``actions`` applied (what is on disk)."""
    dialog = new_dialog()
    for record in actions:
        dialog.apply(dialog.decode(record))
    return dialog


def _say_safely(speaker: Speaker, sentence: str) -> None:
    with contextlib.suppress(Exception):  # the speaker's own failure must not hide the write failure
        speaker.say(sentence)


def _check_options(args: argparse.Namespace) -> str | None:
    """Refuse options that conflict or would be ignored; return the script path of ``--input script:``."""
    if args.input not in ("auto", "voice", "keyboard") and not args.input.startswith("script:"):
        raise UsageError(say.bad_input_option(args.input))
    if args.journal and args.no_journal:
        raise UsageError(say.options_conflict("--journal", "--no-journal"))
    if args.resume:
        ignored = (["--game"] if args.game else []) + options_given(args, list(GAME_OPTIONS))
        ignored += [name for name, value in (("--journal", args.journal), ("--no-journal", args.no_journal)) if value]
        if ignored:
            raise UsageError(say.options_ignored_on_resume(ignored))
    elif not args.game:
        raise UsageError(say.missing_game())
    return args.input[len("script:"):] if args.input.startswith("script:") else None


def _print_analysis(dialog: Any) -> None:
    """After a finished Yatzi game: the analysis in full."""
    text = getattr(dialog, "analysis_text", None)
    if callable(text):
        print(text(), flush=True)


def analyse_journal(path: str) -> int:
    """``voice-host analizza GIORNALE``: a Yatzi journal (finished or not) analysed against optimal play."""
    contents, _ = read_journal(path)
    if contents.game != "yatzi":
        raise UsageError(say.not_a_yatzi_journal(path))
    dialog = dialog_factory(contents.game, contents.config)()
    try:
        for record in contents.actions:
            dialog.apply(dialog.decode(record))
    except (IllegalAction, ValueError, KeyError, TypeError) as exc:
        raise JournalError(say.journal_replay_failed(path, str(exc)[:200])) from None
    _print_analysis(dialog)
    return EXIT_OK


def _game_from_args(
    args: argparse.Namespace,
) -> tuple[str, dict[str, Any], list[dict[str, Any]], Journal | None]:
    """Game, configuration, actions in force and (on resume) the reopened, locked journal."""
    if args.resume:
        journal, contents = Journal.resume(args.resume)
        return contents.game, contents.config, contents.actions, journal
    return args.game, config_from_args(args), [], None


def _dialog_factory(args: argparse.Namespace, game: str, config: dict[str, Any]) -> Callable[[], GameDialog[Any, Any]]:
    """The game's dialog factory; a bad configuration read from a journal is the journal's fault."""
    try:
        return dialog_factory(game, config)
    except ConfigError as exc:
        if not args.resume:
            raise
        raise JournalError(say.journal_bad_config(args.resume, str(exc))) from None


def _session(
    args: argparse.Namespace,
    new_dialog: Callable[[], GameDialog[Any, Any]],
    listener: Listener,
    speaker: Speaker,
    journal: Journal | None,
    actions: list[dict[str, Any]],
) -> Session:
    """The session, with a resumed journal's actions replayed (any failure is the journal's)."""
    if not args.resume:
        return Session(new_dialog, listener, speaker, journal, actions)
    try:
        return Session(new_dialog, listener, speaker, journal, actions, resumed=True)
    except Exception as exc:  # whatever a hostile journal makes the engine raise
        detail = str(exc)[:200] or type(exc).__name__
        raise JournalError(say.journal_replay_failed(args.resume, detail)) from None


def _create_journal(args: argparse.Namespace, game: str, config: dict[str, Any], speaker: Speaker) -> Journal | None:
    """A new journal at ``--journal`` or in the user's state folder; None with ``--no-journal``.

    When it cannot be made, the host says so (a voice player sees no terminal)
    and the game does not start.
    """
    if args.no_journal:
        return None
    try:
        path = args.journal or default_journal_path(game)
        journal = Journal.create(path, game, config)
    except (InputError, WriteFailure):
        _say_safely(speaker, say.say_cannot_save_at_start())
        raise
    if not args.journal:
        _print_stderr(f"voice-host: {say.journal_started(path)}")
    return journal


def _close(listeners: list[Listener], speaker: Speaker | None, journal: Journal | None) -> None:
    for listener in listeners:
        listener.close()
    if speaker is not None:
        speaker.close()
    if journal is not None:
        journal.close()


def default_journal_path(game: str) -> str:
    """A fresh file name in the user's state folder, made (mode 0700) if needed.

    Raises JournalError when the folder cannot be made or written.
    """
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    folder = os.path.join(base, "voice-host")
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
        info = os.stat(folder)
        if info.st_uid == os.getuid() and stat.S_IMODE(info.st_mode) != 0o700:
            os.chmod(folder, 0o700)  # whatever the umask: journals are nobody else's business
        if not os.access(folder, os.W_OK | os.X_OK):
            raise PermissionError(13, "cartella protetta")
    except OSError as exc:
        raise JournalError(say.journal_folder_unwritable(folder, say.system_error(exc))) from None
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    return os.path.join(folder, f"{game}-{stamp}.jsonl")


def open_speaker(args: argparse.Namespace, gate: HalfDuplexGate | None = None) -> Speaker:
    """The speaker the options ask for, with captions unless ``--captions off``.

    ``--tts print`` already prints every sentence, so it gets no captions; with
    captions, a voice that cannot work prints only its warning (the captions
    carry the text).
    """
    if args.tts == "print":
        return PrintSpeaker()
    captions = getattr(args, "captions", "on") == "on"
    speaker = _open_voice(args, gate, print_fallback=not captions) if args.tts == "pyttsx3" else SilentSpeaker()
    return CaptionedSpeaker(speaker) if captions else speaker


def _open_voice(args: argparse.Namespace, gate: HalfDuplexGate | None, *, print_fallback: bool) -> Speaker:
    """The pyttsx3 speaker, or a printing (or, under captions, silent) one when it cannot work."""
    try:
        from voice_host.audio.factory import VoiceUnavailable
        from voice_host.audio.factory import open_speaker as open_tts
    except ImportError as exc:
        _print_stderr(f"voice-host: {say.tts_unavailable(str(exc))}")
        return PrintSpeaker() if print_fallback else SilentSpeaker()
    try:
        return open_tts(
            "pyttsx3", voice=args.voice, rate=args.rate, volume=args.volume, gate=gate, print_fallback=print_fallback
        )
    except VoiceUnavailable as exc:  # an unknown --voice, a bad --rate: the user's to fix
        raise UsageError(str(exc)) from None


def open_listener(
    args: argparse.Namespace, game: str, config: dict[str, Any], speaker: Speaker, gate: HalfDuplexGate | None = None
) -> Listener:
    """The listener the options ask for; ``auto`` falls back to the keyboard without a model."""
    kind = args.input
    if kind == "keyboard":
        return KeyboardListener()
    if kind not in ("auto", "voice"):  # checked again here for callers other than play()
        raise UsageError(say.bad_input_option(kind))
    try:
        from voice_host.audio.factory import VoiceUnavailable, open_voice_listener
    except ImportError as exc:
        message = say.recognition_not_installed(str(exc))
        if kind == "voice":
            raise UsageError(message) from None
        _fall_back(speaker, message)
        return KeyboardListener()
    try:
        return open_voice_listener(args.model, all_phrases(game, config), device=args.device, gate=gate)
    except VoiceUnavailable as exc:
        if kind == "voice":
            raise UsageError(str(exc)) from None
        _fall_back(speaker, str(exc))
        return KeyboardListener()


def all_phrases(game: str, config: dict[str, Any]) -> dict[str, Any]:
    """Every phrase of every phase of ``game``, for the recognizer's vocabulary check."""
    return dict(dialog_factory(game, config)().all_phrases())


def _fall_back(speaker: Speaker, reason: str) -> None:
    _print_stderr(f"voice-host: {reason}")
    speaker.say(say.keyboard_fallback())


# ---------------------------------------------------------------- summary


def _check_summary_path(args: argparse.Namespace, script_path: str | None) -> None:
    """Fail before the game, not after it, when the summary cannot be written or would overwrite an input."""
    path = args.summary
    if not path:
        return
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder) or not os.access(folder, os.W_OK):
        raise UsageError(say.summary_folder_unusable(path))
    try:
        mode = os.stat(path).st_mode
    except OSError:
        mode = None
    if mode is not None and not stat.S_ISREG(mode):
        kind = say.file_kind_directory() if stat.S_ISDIR(mode) else say.file_kind_device()
        raise UsageError(say.summary_not_a_file(path, kind))
    for other, what in ((args.resume or args.journal, say.what_journal()), (script_path, say.what_script())):
        if other and _same_file(path, other):
            raise UsageError(say.summary_is_input(path, what))


def _same_file(a: str, b: str) -> bool:
    if os.path.realpath(a) == os.path.realpath(b):
        return True
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def write_summary(path: str, summary: dict[str, Any]) -> None:
    """Write ``summary`` as JSON, whole or not at all (a temporary file renamed over ``path``).

    Raises SummaryWriteError when it cannot be written.
    """
    folder, name = os.path.split(os.path.abspath(path))
    try:
        fd, temporary = tempfile.mkstemp(dir=folder, prefix=f".{name}.", suffix=".tmp")
    except OSError as exc:
        raise SummaryWriteError(say.summary_cannot_write(path, _reason(exc))) from None
    try:
        umask = os.umask(0)
        os.umask(umask)
        os.fchmod(fd, 0o666 & ~umask)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(summary, handle, ensure_ascii=False, indent=2)
            handle.write("\n")
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except BaseException as exc:  # a signal too: never leave the temporary file behind
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        if isinstance(exc, OSError):
            raise SummaryWriteError(say.summary_cannot_write(path, _reason(exc))) from None
        raise


def _reason(exc: OSError) -> str:
    return say.system_error(exc)


if __name__ == "__main__":
    sys.exit(main())
