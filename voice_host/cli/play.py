"""The ``play`` and ``analizza`` commands: run a wired game to its end and choose the exit code.

:mod:`voice_host.cli.bootstrap` builds the host; this module checks the options
that need no device, runs the session, closes everything on every way out,
writes the summary and maps each ending to its exit code (see
:mod:`voice_host.errors`).
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.errors import IllegalAction
from grammars.it import catalogue as say
from grammars.it import command_line
from voice_host.audio.stack_noise import filtered_stderr
from voice_host.board.launch import check_board_options
from voice_host.cli.bootstrap import Host, assemble, open_speaker, say_safely
from voice_host.cli.parser import with_suggestion
from voice_host.cli.summary import SummaryWriteError, check_summary_path, write_summary
from voice_host.core.session import Outcome
from voice_host.errors import (
    EXIT_INPUT_ENDED,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_USAGE,
    EXIT_WRITE_FAILED,
    InputError,
    UsageError,
)
from voice_host.games import GAME_OPTIONS, GAMES, AnyDialog, ConfigError, GameEntry, dialog_factory, options_given
from voice_host.history import hooks as history
from voice_host.platform.stop_signals import StopSignal, deferred_signals
from voice_host.storage.bad_record import replay_failure_detail
from voice_host.storage.journal import JournalError, JournalWriteError, read_journal
from voice_host.terminal.console import print_error, print_stderr
from voice_host.user_command import resume_command


def play(args: argparse.Namespace) -> int:
    """Run one game as the options say; return the exit code.

    Everything that can fail on bad arguments or files is checked before the
    journal is created or a device is opened, so an error leaves nothing behind.
    """
    script_path = _check_options(args)
    check_summary_path(args.summary, args.resume or args.journal, script_path)
    over = _game_over(args.resume) if args.resume else None
    if not args.no_journal:
        history.catch_up()  # a game whose end was journaled but not recorded (a crash) comes in now
    with filtered_stderr() if _uses_audio(args) else contextlib.nullcontext():
        if over is not None:
            history.record(args.resume)
            return _show_game_over(args, over)
        try:
            host = assemble(args, script_path)
        except KeyboardInterrupt:  # while the model loads, say: a resumed journal is untouched
            print_stderr("")
            return _stopped_while_starting(args, EXIT_INTERRUPTED)
        except StopSignal as stop:
            return _stopped_while_starting(args, stop.exit_code)
        return _run(args, host)


def _uses_audio(args: argparse.Namespace) -> bool:
    """True when the host may open a sound device (the voice, or the microphone)."""
    return bool(args.tts == "pyttsx3" or args.input in ("auto", "voice"))


def _game_over(path: str) -> AnyDialog | None:
    """The replayed game of the journal at ``path`` if it is over (ended by the players or by its rules), else None.

    Decided before any device or model is opened: a game that is over needs neither.
    """
    contents, _ = read_journal(path)
    try:
        new_dialog = dialog_factory(contents.game, contents.config)
    except ConfigError as exc:
        raise JournalError(say.journal_bad_config(path, str(exc))) from None
    try:
        dialog = _replayed(new_dialog, contents.actions)
    except Exception as exc:  # whatever a hostile journal makes the engine raise
        raise JournalError(say.journal_replay_failed(path, replay_failure_detail(exc))) from None
    return dialog if contents.ended is not None or dialog.is_over() else None


def _show_game_over(args: argparse.Namespace, dialog: AnyDialog) -> int:
    """Say once that the game is over, with its final standings; nothing is listened to or written."""
    speaker = open_speaker(args)
    try:
        speaker.say_all([say.game_already_over(), dialog.standings()])
    finally:
        speaker.close()
    return _write_summary(args, dialog, EXIT_OK)


def _stopped_while_starting(args: argparse.Namespace, code: int) -> int:
    """Stopped before the game started: a resumed journal can still be resumed the same way."""
    if args.resume:
        print_stderr(f"voice-host: {say.resume_with(resume_command(args.resume))}")
    return code


@dataclass
class _Ending:
    """How the session ended: the exit code, the last line, the game as journaled, and what is still to say."""

    code: int
    message: str | None
    dialog: AnyDialog
    spoken: str | None = None


def _run(args: argparse.Namespace, host: Host) -> int:
    """Play the session; then close everything, write the summary and choose the exit code.

    Once the session has returned or raised, a signal (SIGINT, SIGTERM, SIGHUP)
    no longer stops anything: it waits until the summary is written, and is
    acted upon then. Python runs a signal's handler between any two bytecodes,
    so one can still raise in the instant after the session's own handlers
    and before the wait begins; it is caught here, the end runs all the same,
    and the signal is raised after the summary (or, if the session's result
    was not known yet, it is the way the session ended).
    """
    ending: _Ending | None = None
    late: StopSignal | KeyboardInterrupt | None = None
    summarised = False
    while True:
        try:
            if ending is None:
                ending = _played(host)
            with deferred_signals():  # a signal now is handled once the summary is written
                code = _finish(args, host, ending)
                summarised = True
            if late is not None:
                raise late
            return code
        except (StopSignal, KeyboardInterrupt) as signalled:
            if summarised:
                raise
            if ending is None:
                ending = _stopped_by(signalled, host.session.dialog)
            else:
                late = late or signalled


def _played(host: Host) -> _Ending:
    """Run the session to its end; how it ended (a signal or Ctrl-C during it included)."""
    session = host.session
    try:
        outcome = session.run()
        if outcome is Outcome.INPUT_ENDED:
            return _Ending(EXIT_INPUT_ENDED, say.input_ended(), session.dialog)
        if outcome is Outcome.FINISHED:
            _print_analysis(host.entry, session.dialog)
        return _Ending(EXIT_OK, None, session.dialog)
    except (StopSignal, KeyboardInterrupt) as stop:
        return _stopped_by(stop, session.dialog)
    except JournalWriteError as exc:
        # the step that could not be written was applied but never announced: leave it out
        dialog = _replayed(host.new_dialog, session.actions)
        return _Ending(EXIT_WRITE_FAILED, say.error(str(exc)), dialog, say.say_cannot_save_any_more())
    except InputError as exc:  # a script line or a typed line that cannot be read
        return _Ending(EXIT_USAGE, say.error(str(exc)), session.dialog)
    except OSError as exc:  # the terminal went away, a device failed
        return _Ending(EXIT_WRITE_FAILED, say.error(say.io_failed(say.system_error(exc))), session.dialog)


def _stopped_by(stop: StopSignal | KeyboardInterrupt, dialog: AnyDialog) -> _Ending:
    """The session stopped by a signal or by Ctrl-C."""
    if isinstance(stop, StopSignal):
        return _Ending(stop.exit_code, say.interrupted_by_signal(stop.name), dialog)
    print_stderr("")
    return _Ending(EXIT_INTERRUPTED, "", dialog)  # the terminal shows ^C: only the way back is worth a line


def _finish(args: argparse.Namespace, host: Host, ending: _Ending) -> int:
    """Say what is left to say, close the host, print the last line and write the summary; the exit code."""
    if ending.spoken is not None:
        say_safely(host.speaker, ending.spoken)
    host.close()
    if host.journal is not None:
        history.record(host.journal.path)  # kept only if the game is over; a failure never stops the end
    message = ending.message
    if host.journal is not None and ending.code != EXIT_OK and not ending.dialog.is_over():
        message = say.resume_with(resume_command(host.journal.path), message or "")
    if message:
        print_stderr(f"voice-host: {message}")
    return _write_summary(args, ending.dialog, ending.code)


def _write_summary(args: argparse.Namespace, dialog: AnyDialog, code: int) -> int:
    """Write ``--summary`` (if asked) of ``dialog``; the exit code, which a failed write turns into 4."""
    if args.summary:
        try:
            write_summary(args.summary, dialog.summary())
        except SummaryWriteError as exc:
            print_error(str(exc))
            return EXIT_WRITE_FAILED
    return code


def _replayed(new_dialog: Callable[[], AnyDialog], actions: list[dict[str, Any]]) -> AnyDialog:
    """A fresh dialog with the journaled ``actions`` applied (what is on disk)."""
    dialog = new_dialog()
    for record in actions:
        dialog.apply(dialog.decode(record))
    return dialog


def _check_options(args: argparse.Namespace) -> str | None:
    """Refuse options that conflict or would be ignored; return the script path of ``--input script:``."""
    if args.input not in ("auto", "voice", "keyboard") and not args.input.startswith("script:"):
        raise UsageError(with_suggestion(say.bad_input_option(args.input), args.input,
                                         ["auto", "voice", "keyboard", "script:"]))
    if args.input == "keyboard" and sys.stdin is None:  # started with `<&-`: no answer can ever be typed
        raise UsageError(command_line.stdin_closed())
    if args.journal and args.no_journal:
        raise UsageError(say.options_conflict("--journal", "--no-journal"))
    for setting, used, options in (
        (f"--input {args.input}", args.input in ("auto", "voice"),
         (("--model", args.model), ("--device", args.device))),
        (f"--tts {args.tts}", args.tts == "pyttsx3",
         (("--voice", args.voice), ("--rate", args.rate), ("--volume", args.volume))),
    ):
        unused = [name for name, value in options if value is not None]
        if unused and not used:
            raise UsageError(say.options_unused_with(setting, unused))
    if args.resume:
        ignored = (["--game"] if args.game else []) + options_given(args, list(GAME_OPTIONS))
        ignored += [name for name, value in (("--journal", args.journal), ("--no-journal", args.no_journal)) if value]
        if ignored:
            raise UsageError(say.options_ignored_on_resume(ignored))
    elif not args.game:
        raise UsageError(say.missing_game())
    check_board_options(args)
    return args.input[len("script:"):] if args.input.startswith("script:") else None


def _print_analysis(entry: GameEntry, dialog: AnyDialog) -> None:
    """After a finished game that has one: the analysis in full."""
    if entry.analysis is not None:
        print(entry.analysis(dialog), flush=True)


def analyse_journal(path: str) -> int:
    """``voice-host analizza GIORNALE``: a journal (finished or not) of a game with an analysis, printed."""
    contents, _ = read_journal(path)
    entry = GAMES.get(contents.game)
    if entry is None or entry.analysis is None:
        analysed = [name.capitalize() for name, other in GAMES.items() if other.analysis is not None]
        raise UsageError(say.not_an_analysed_journal(path, analysed))
    new_dialog = dialog_factory(contents.game, contents.config)
    try:
        dialog = _replayed(new_dialog, contents.actions)
    except (IllegalAction, ValueError, KeyError, TypeError) as exc:
        raise JournalError(say.journal_replay_failed(path, replay_failure_detail(exc))) from None
    _print_analysis(entry, dialog)
    history.record(path)
    return EXIT_OK
