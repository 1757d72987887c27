"""The one place that wires the host: from parsed ``play`` options to a session ready to run, and back.

:func:`assemble` builds, in this order, the game's dialog (from the registry, or
from a resumed journal), the script listener, the half-duplex gate, the speaker
(voice or print, with captions), the listener (vosk, keyboard or script, with
its fallbacks and their Italian lines), the journal and the session;
:meth:`Host.close` closes them. If anything fails half-way, what was opened is
closed before the error goes on. The real audio adapters come from
:mod:`voice_host.cli.voice_adapters`, imported only when asked for, so the host
runs without an audio stack.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from grammars.it import catalogue as say
from voice_host.audio.half_duplex import HalfDuplexGate
from voice_host.board.history_page import history_pages
from voice_host.board.launch import open_board
from voice_host.board.state import BoardPublisher
from voice_host.cli.barge_in import talk_over_for
from voice_host.core.computer_pause import pause_s
from voice_host.core.ports import Listener, Speaker
from voice_host.core.reprompt import DEFAULT_WAITS
from voice_host.core.session import Session
from voice_host.errors import InputError, UsageError, WriteFailure
from voice_host.games import GAMES, AnyDialog, ConfigError, GameEntry, config_from_args, dialog_factory
from voice_host.history.board_view import history_view
from voice_host.history.voice import HistoryAsides
from voice_host.platform import dirs, permissions
from voice_host.storage.bad_record import replay_failure_detail
from voice_host.storage.journal import Journal, JournalError
from voice_host.terminal.captions import CaptionedSpeaker, show_sentence
from voice_host.terminal.console import print_stderr
from voice_host.terminal.line_editing import line_editor
from voice_host.terminal.text_io import KeyboardListener, PrintSpeaker, ScriptListener, SilentSpeaker, keyboard_prompt
from voice_host.user_command import resume_command

if TYPE_CHECKING:  # types only: the board's server and the far end are imported when they are opened
    from voice_host.audio.far_end import TalkOver
    from voice_host.board.server import BoardServer


@dataclass
class Host:
    """A wired game: its session and the adapters it talks through, closed together."""

    entry: GameEntry
    """The game's registry entry."""
    session: Session
    new_dialog: Callable[[], AnyDialog]
    """Builds a fresh dialog of this game and configuration (undo and replays use it)."""
    listener: Listener
    speaker: Speaker
    journal: Journal | None
    board: BoardServer | None = None
    """The live board (``--board``), when it listens."""

    def close(self) -> None:
        """Close the board, the listener, the speaker and the journal."""
        if self.board is not None:
            self.board.close()
        _close([self.listener], self.speaker, self.journal)


def assemble(args: argparse.Namespace, script_path: str | None) -> Host:
    """The host the ``play`` options ask for (``script_path``: the file of ``--input script:``).

    A new game's options are checked before anything is opened; a resumed
    journal is reopened (and locked) first. Whatever fails, nothing is left open.
    """
    game, config, actions, journal = _game_from_args(args)
    listeners: list[Listener] = []
    speaker: Speaker | None = None
    board: BoardServer | None = None
    try:
        new_dialog = _dialog_factory(args, game, config)
        if script_path is not None:
            listeners.append(ScriptListener(script_path, echo=sys.stdout if args.tts == "print" else None))
        gate = HalfDuplexGate()  # the speaker closes it while it talks; the listener drops what it hears then
        talk = talk_over_for(args) if not listeners else None  # --barge-in on: it listens while it speaks
        speaker = open_speaker(args, gate, talk)
        if not listeners:
            listeners.append(open_listener(args, game, config, speaker, gate, talk))
        journal = journal or _create_journal(args, game, config, speaker)
        session = _session(args, new_dialog, listeners[0], speaker, journal, actions)
        session.asides = _history_asides(args)
        board = open_board(args, speaker, pages=history_pages(history_view))  # the history's page: /storico
        if board is not None:
            session.observer = BoardPublisher(board.hub)
    except BaseException:
        if board is not None:
            board.close()
        _close(listeners, speaker, journal)
        raise
    return Host(GAMES[game], session, new_dialog, listeners[0], speaker, journal, board)


def _history_asides(args: argparse.Namespace) -> HistoryAsides:
    """The history's questions, their full tables in the captions (with ``--tts print``, on the screen)."""
    shown = args.tts == "print" or getattr(args, "captions", "on") == "on"
    return HistoryAsides(show=show_sentence if shown else lambda line: None)


def say_safely(speaker: Speaker, sentence: str) -> None:
    """Say ``sentence`` if the speaker still can; its own failure must not hide the one being reported."""
    with contextlib.suppress(Exception):  # the speaker's own failure must not hide the write failure
        speaker.say(sentence)


def _game_from_args(
    args: argparse.Namespace,
) -> tuple[str, dict[str, Any], list[dict[str, Any]], Journal | None]:
    """Game, configuration, actions in force and (on resume) the reopened, locked journal."""
    if args.resume:
        journal, contents = Journal.resume(args.resume)
        return contents.game, contents.config, contents.actions, journal
    return args.game, config_from_args(args), [], None


def _dialog_factory(args: argparse.Namespace, game: str, config: dict[str, Any]) -> Callable[[], AnyDialog]:
    """The game's dialog factory; a bad configuration read from a journal is the journal's fault."""
    try:
        return dialog_factory(game, config)
    except ConfigError as exc:
        if not args.resume:
            raise
        raise JournalError(say.journal_bad_config(args.resume, str(exc))) from None


def _session(
    args: argparse.Namespace,
    new_dialog: Callable[[], AnyDialog],
    listener: Listener,
    speaker: Speaker,
    journal: Journal | None,
    actions: list[dict[str, Any]],
) -> Session:
    """The session, with a resumed journal's actions replayed (any failure is the journal's).

    With voice input the host reprompts after ``--reprompt-s`` of silence (the text
    listeners never return silence) and ends each turn with the cue unless ``--earcon off``.
    """
    waits: tuple[float, ...] = getattr(args, "reprompt_s", DEFAULT_WAITS)
    voice = not isinstance(listener, (KeyboardListener, ScriptListener))
    cue = voice and getattr(args, "earcon", "on") == "on"
    if not args.resume:
        return Session(new_dialog, listener, speaker, journal, actions, reprompt_s=waits, cue=cue)
    try:
        return Session(new_dialog, listener, speaker, journal, actions, resumed=True, reprompt_s=waits, cue=cue)
    except Exception as exc:  # whatever a hostile journal makes the engine raise
        raise JournalError(say.journal_replay_failed(args.resume, replay_failure_detail(exc))) from None


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
        say_safely(speaker, say.say_cannot_save_at_start())
        raise
    if not args.journal:
        print_stderr(f"voice-host: {say.journal_started(path, resume_command(path))}")
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
    folder = str(dirs.state_dir())
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
        permissions.keep_private(folder)  # whatever the umask: journals are nobody else's business
        if not os.access(folder, os.W_OK | os.X_OK):
            raise PermissionError(13, "cartella protetta")
    except OSError as exc:
        raise JournalError(say.journal_folder_unwritable(folder, say.system_error(exc))) from None
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    return os.path.join(folder, f"{game}-{stamp}.jsonl")


def open_speaker(
    args: argparse.Namespace, gate: HalfDuplexGate | None = None, talk_over: TalkOver | None = None
) -> Speaker:
    """The speaker the options ask for, with captions unless ``--captions off``.

    ``--tts print`` already prints every sentence, so it gets no captions; with
    captions, a voice that cannot work prints only its warning (the captions
    carry the text).
    """
    if args.tts == "print":
        return PrintSpeaker()
    captions = getattr(args, "captions", "on") == "on"
    speaker = (
        _open_voice(args, gate, print_fallback=not captions, talk_over=talk_over)
        if args.tts == "pyttsx3" else SilentSpeaker()
    )
    return CaptionedSpeaker(speaker) if captions else speaker


def _open_voice(
    args: argparse.Namespace, gate: HalfDuplexGate | None, *, print_fallback: bool, talk_over: TalkOver | None = None
) -> Speaker:
    """The pyttsx3 speaker, or a printing (or, under captions, silent) one when it cannot work."""
    try:
        from voice_host.cli.voice_adapters import VoiceUnavailable
        from voice_host.cli.voice_adapters import open_speaker as open_tts
    except ImportError as exc:
        print_stderr(f"voice-host: {say.tts_unavailable(str(exc))}")
        return PrintSpeaker() if print_fallback else SilentSpeaker()
    try:
        return open_tts(
            "pyttsx3", voice=args.voice, rate=args.rate, volume=args.volume, gate=gate, print_fallback=print_fallback,
            think_pause_s=pause_s(args), talk_over=talk_over,
        )
    except VoiceUnavailable as exc:  # an unknown --voice, a bad --rate: the user's to fix
        raise UsageError(str(exc)) from None


def open_listener(
    args: argparse.Namespace, game: str, config: dict[str, Any], speaker: Speaker, gate: HalfDuplexGate | None = None,
    talk_over: TalkOver | None = None,
) -> Listener:
    """The listener the options ask for; ``auto`` falls back to the keyboard without a model."""
    kind = args.input
    if kind == "keyboard":
        return _keyboard()
    if kind not in ("auto", "voice"):  # checked again here for callers other than play()
        raise UsageError(say.bad_input_option(kind))
    try:
        from voice_host.cli.voice_adapters import VoiceUnavailable, open_voice_listener
    except ImportError as exc:
        message = say.recognition_not_installed(str(exc))
        if kind == "voice":
            raise UsageError(message) from None
        _fall_back(speaker, message)
        return _keyboard()
    try:
        return open_voice_listener(
            args.model, all_phrases(game, config), device=args.device, gate=gate, speaker=speaker,
            talk_over=talk_over,
        )
    except VoiceUnavailable as exc:
        if kind == "voice":
            raise UsageError(str(exc)) from None
        _fall_back(speaker, str(exc))
        return _keyboard()


def _keyboard() -> KeyboardListener:
    """Typed answers; at a terminal, with line editing and history (readline) and the ``Bruno> `` prompt."""
    prompt = keyboard_prompt()
    return KeyboardListener(prompt=prompt, editor=line_editor() if prompt is not None else None)


def all_phrases(game: str, config: dict[str, Any]) -> dict[str, Any]:
    """Every phrase of every phase of ``game``, for the recognizer's vocabulary check."""
    return dict(dialog_factory(game, config)().all_phrases())


def _fall_back(speaker: Speaker, reason: str) -> None:
    print_stderr(f"voice-host: {reason}")
    speaker.say(say.keyboard_fallback())

