"""``voice-host serata`` (a whole evening by voice), ``voice-host riprendi`` (the latest unfinished evening
or game), and what ``voice-host`` alone says.

The options given on the command line (``--game``, ``--players``, ``--rules`` ...) are journaled
as the lobby's first answers, all in one record with the remembered settings (a kill keeps all or
none of them), so their questions are skipped and a resume keeps them. The last
line of an evening that can go on names ``riprendi`` with every option that changes how the
evening sounds, is heard or is shown (``--reprompt-s``, ``--board`` too).
"""

from __future__ import annotations

import argparse
import datetime
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from grammars.evening import sentences as says
from grammars.evening.names import italian_names
from grammars.it import catalogue as say
from voice_host.audio.half_duplex import HalfDuplexGate
from voice_host.board.history_page import history_pages
from voice_host.board.launch import check_board_options, open_board
from voice_host.board.options import add_board_options
from voice_host.board.state import BoardPublisher
from voice_host.cli.barge_in import DEFAULT_MODE, add_barge_in_option, talk_over_for
from voice_host.cli.bootstrap import default_journal_path, open_speaker
from voice_host.cli.summary import SummaryWriteError, check_summary_path, write_summary
from voice_host.cli.voice_options import add_voice_options
from voice_host.core.ports import Listener, Speaker
from voice_host.core.reprompt import DEFAULT_WAITS, parse_waits
from voice_host.errors import EXIT_INPUT_ENDED, EXIT_OK, EXIT_WRITE_FAILED, UsageError
from voice_host.evening.lobby import Lobby, make_config, names_heard
from voice_host.evening.run import EVENING, EveningRun, game_journal_path
from voice_host.evening.settings import Settings, load_settings, remember, settings_path, shown
from voice_host.games import GAMES, ConfigError
from voice_host.games.common import player_names
from voice_host.games.options import positive
from voice_host.history import hooks as history
from voice_host.history.board_view import history_view
from voice_host.platform import dirs
from voice_host.storage.journal import Journal, JournalError, read_journal
from voice_host.terminal.console import print_error, print_stderr
from voice_host.terminal.text_io import KeyboardListener, ScriptListener, keyboard_prompt
from voice_host.user_command import user_command

if TYPE_CHECKING:  # types only: the board's server and the far end are imported when they are opened
    from voice_host.audio.far_end import TalkOver
    from voice_host.board.server import BoardServer

#: The options a resume keeps: they change how the evening sounds or is heard.
_KEPT = (("input", "--input"), ("tts", "--tts"), ("captions", "--captions"), ("voice", "--voice"),
         ("rate", "--rate"), ("volume", "--volume"), ("model", "--model"), ("device", "--device"),
         ("earcon", "--earcon"), ("summary", "--summary"), ("reprompt_s", "--reprompt-s"), ("board", "--board"),
         ("board_host", "--board-host"), ("barge_in", "--barge-in"))


def _io_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--input", metavar="INGRESSO", default="auto", help=say.CLI_HELP["--input"])
    parser.add_argument("--tts", default="pyttsx3", choices=["pyttsx3", "print", "none"], help=say.CLI_HELP["--tts"])
    parser.add_argument("--captions", default="on", choices=["on", "off"], help=say.CLI_HELP["--captions"])
    parser.add_argument("--summary", metavar="FILE", help=say.CLI_HELP["--summary"])
    parser.add_argument("--model", metavar="CARTELLA", help=say.CLI_HELP["--model"])
    parser.add_argument("--device", metavar="MICROFONO")
    parser.add_argument("--earcon", default="on", choices=["on", "off"], help=say.CLI_HELP["--earcon"])
    add_barge_in_option(parser)
    add_voice_options(parser, say.CLI_HELP["--voice"], say.CLI_HELP["--rate"], say.CLI_HELP["--volume"])
    parser.add_argument("--reprompt-s", metavar="SECONDI", type=parse_waits, default=DEFAULT_WAITS,
                        help=say.CLI_HELP["--reprompt-s"])


def register(sub: Any, run_command: Callable[[list[str]], int]) -> None:
    """Add ``serata`` and ``riprendi`` to the command line; ``run_command`` runs another command line
    (``riprendi`` of a single game runs ``play --resume``)."""
    evening = sub.add_parser("serata", help="una serata intera a voce: gioco, regole, giocatori, rivincite")
    evening.add_argument("--game", choices=list(GAMES), help=say.CLI_HELP["--game"])
    evening.add_argument("--players", metavar="GIOCATORI", help=say.CLI_HELP["--players"])
    evening.add_argument("--rules", metavar="REGOLE", help=say.CLI_HELP["--rules"])
    evening.add_argument("--dice", type=int, help=say.CLI_HELP["--dice"])
    evening.add_argument("--limit", metavar="N", type=positive, help=say.CLI_HELP["--limit"])
    evening.add_argument("--computer-level", help=say.CLI_HELP["--computer-level"])
    evening.add_argument("--virtual-dice", action="store_true", help=say.CLI_HELP["--virtual-dice"])
    evening.add_argument("--journal", metavar="GIORNALE", help=say.CLI_HELP["--journal"])
    _io_options(evening)
    add_board_options(evening)
    evening.set_defaults(handler=evening_command)
    resume = sub.add_parser("riprendi", help="riprende l'ultima serata o partita non finita")
    resume.add_argument("journal", metavar="GIORNALE", nargs="?")
    _io_options(resume)
    add_board_options(resume)
    resume.set_defaults(handler=resume_command_handler, run_command=run_command)
    settings = sub.add_parser("impostazioni", help="mostra le impostazioni ricordate e dove sta il file")
    settings.set_defaults(handler=settings_command)


def settings_command(args: argparse.Namespace) -> int:
    """``voice-host impostazioni``: the remembered settings and the file's path."""
    print("\n".join(shown()))
    return EXIT_OK


def bare() -> None:
    """``voice-host`` alone: one usage text on stderr, how to start an evening, a game, a resume, and the help."""
    print(says.usage_bare(user_command("serata"), user_command("play", "--game", next(iter(GAMES)), "--players",
                                                                 "Anna,Bruno"),
                          user_command("riprendi"), user_command("--help")), file=sys.stderr)


def _first_records(args: argparse.Namespace) -> list[dict[str, Any]]:
    """The lobby's answers given on the command line, as its records."""
    records: list[dict[str, Any]] = []
    if args.game:
        records.append({"r": "game", "game": args.game})
        changes = [(option, getattr(args, option)) for option in ("rules", "dice", "limit", "computer_level")
                   if getattr(args, option) is not None]
        changes += [("virtual_dice", 1)] if args.virtual_dice else []
        records += [{"r": "set", "option": option, "value": value} for option, value in changes]
        if changes:
            records.append({"r": "rules_ok"})
    if args.players:
        records += [{"r": "player", "name": name} for name in player_names(args.players)]
        if args.game:
            records.append({"r": "players_ok"})
    return records


def _remembered_rules(settings: Settings) -> list[dict[str, Any]]:
    """The rules the last evening left, as the default of its game (rules the game refuses now are said, not kept)."""
    game = settings.game
    if game is None or game not in GAMES or not settings.rules:
        return []
    try:
        make_config(GAMES[game], settings.rules, ["Uno", "Due"], seed=0)
    except ConfigError as exc:
        print_stderr(f"voice-host: {says.settings_bad(str(settings_path()), 'regole', str(exc))}")
        return []
    options = list(settings.rules)
    values = [settings.rules[option] for option in options]
    return [{"r": "defaults", "game": game, "options": options, "values": values}]


def evening_command(args: argparse.Namespace) -> int:
    """``voice-host serata``."""
    script = _check(args)
    check_summary_path(args.summary, args.journal, script)
    settings = load_settings()
    path = args.journal or default_journal_path(EVENING)
    records = _remembered_rules(settings) + _first_records(args)
    if not args.players and settings.players:
        records.append({"r": "offer", "players": settings.players[:16]})
    journal = Journal.create(path, EVENING, {"started": datetime.date.today().isoformat()})
    if not args.journal:
        print_stderr(f"voice-host: {says.evening_started(path)}")
    if records:  # one record: a kill can never keep half of what the command line said
        records = [{"r": "begin", "records": records}]
        journal.append(records[0])
    return _run(args, journal, records, script, settings.names, new=True)


def resume_command_handler(args: argparse.Namespace) -> int:
    """``voice-host riprendi [GIORNALE]``: an evening, or a single game (then as ``play --resume``)."""
    script = _check(args)
    path = args.journal or _latest_unfinished()
    if args.journal is None:
        print_stderr(f"voice-host: {says.resuming(path)}")
    contents, _ = read_journal(path)
    if contents.game != EVENING:
        return int(args.run_command(["play", "--resume", path, *_kept_options(args)]))
    check_summary_path(args.summary, path, script)
    journal, contents = Journal.resume(path)
    return _run(args, journal, contents.actions, script, load_settings().names, new=False)


def _run(args: argparse.Namespace, journal: Journal, records: list[dict[str, Any]], script: str | None,
         remembered: tuple[str, ...], *, new: bool) -> int:
    gate = HalfDuplexGate()
    speaker: Speaker | None = None
    listener: Listener | None = None
    board: BoardServer | None = None
    try:
        talk = talk_over_for(args) if script is None and args.input != "keyboard" else None  # listens as it speaks
        speaker = open_speaker(args, gate, talk)
        listener = _listener(args, script, gate, talk)  # one gate, one talk-over: shared with the speaker
        board = open_board(args, speaker, pages=history_pages(history_view))  # the history's page: /storico
        free = (not args.input.startswith("voice") and args.input != "auto") or script is not None
        names = tuple(dict.fromkeys([*italian_names(), *remembered]))
        usable = getattr(listener, "usable", None)  # a voice listener: only the names its model can hear
        if callable(usable):
            names = names_heard(names, usable)
        lobby = Lobby(GAMES, names=names, free_names=free)
        voice = not isinstance(listener, (KeyboardListener, ScriptListener))
        evening = EveningRun.replayed(lobby, listener, speaker, journal, records, reprompt_s=args.reprompt_s,
                                      cue=voice and args.earcon == "on",
                                      game_over=history.record)  # each game enters the history as with play
        if board is not None:
            hub = board.hub
            evening.board, evening.new_observer = hub.publish, lambda: BoardPublisher(hub)
        evening.resumed = not new
        over = evening.run()
    finally:
        if board is not None:
            board.close()
        if listener is not None:
            listener.close()
        if speaker is not None:
            speaker.close()
        journal.close()
    state = evening.lobby.state
    if state.game is not None or state.players:
        remember(state.players, state.rules_to_save() if state.save_rules else None)
    code = EXIT_OK if over else EXIT_INPUT_ENDED
    if not over:
        resume = says.resume_evening_with(_resume_line(args, journal.path))
        print_stderr(f"voice-host: {says.input_ended_evening()}; {resume}")
    if args.summary:
        try:
            write_summary(args.summary, evening.summary())
        except SummaryWriteError as exc:
            print_error(str(exc))
            return EXIT_WRITE_FAILED
    return code


def _listener(
    args: argparse.Namespace, script: str | None, gate: HalfDuplexGate, talk_over: TalkOver | None = None
) -> Listener:
    if script is not None:
        return ScriptListener(script, echo=sys.stdout if args.tts == "print" else None)
    if args.input == "keyboard":
        return KeyboardListener(prompt=keyboard_prompt())
    try:
        from voice_host.cli.voice_adapters import VoiceUnavailable, open_voice_listener
    except ImportError as exc:
        if args.input == "voice":
            raise UsageError(say.recognition_not_installed(str(exc))) from None
        print_stderr(f"voice-host: {say.recognition_not_installed(str(exc))}")
        return KeyboardListener(prompt=keyboard_prompt())
    phrases = {f"{name}/{phase}": p for name, entry in GAMES.items()
               for phase, p in entry.all_phrases(None, None).items()}
    try:
        return open_voice_listener(args.model, phrases, device=args.device, gate=gate, talk_over=talk_over)
    except VoiceUnavailable as exc:
        if args.input == "voice":
            raise UsageError(str(exc)) from None
        print_stderr(f"voice-host: {exc}")
        return KeyboardListener(prompt=keyboard_prompt())


def _check(args: argparse.Namespace) -> str | None:
    check_board_options(args)
    if args.input not in ("auto", "voice", "keyboard") and not args.input.startswith("script:"):
        raise UsageError(say.bad_input_option(args.input))
    return args.input[len("script:"):] if args.input.startswith("script:") else None


def _kept_options(args: argparse.Namespace) -> list[str]:
    """Every option of ``args`` that changes how the evening sounds, is heard or is shown, as typed again."""
    kept: list[str] = []
    defaults: dict[str, object] = {"input": "auto", "tts": "pyttsx3", "captions": "on", "earcon": "on",
                                   "reprompt_s": DEFAULT_WAITS, "barge_in": DEFAULT_MODE}
    for attribute, option in _KEPT:
        value = getattr(args, attribute, None)
        if value is not None and value != defaults.get(attribute):
            kept += [option, _as_typed(value)]
    return kept


def _as_typed(value: object) -> str:
    """An option's value as the command line takes it again (``--reprompt-s`` waits: "12,30", none: "off").

    >>> _as_typed((12.0, 30.5)), _as_typed(()), _as_typed(8000)
    ('12,30.5', 'off', '8000')
    """
    if isinstance(value, tuple):
        return ",".join(f"{wait:g}" for wait in value) if value else "off"
    return str(value)


def _resume_line(args: argparse.Namespace, path: str) -> str:
    """The command that resumes this evening as it was run (every option that changes how it sounds)."""
    return user_command("riprendi", os.path.abspath(path), *_kept_options(args))


def _latest_unfinished() -> str:
    """The newest evening that is not over, or single game that can go on, in the state folder."""
    folder = dirs.state_dir()
    candidates = sorted(folder.glob("*.jsonl"), key=lambda p: p.stat().st_mtime, reverse=True) \
        if folder.is_dir() else []
    for candidate in candidates:
        if "-partita-" in candidate.name:
            continue  # a game of an evening: its evening resumes it
        try:
            contents, _ = read_journal(str(candidate))
        except JournalError:
            continue
        if contents.game == EVENING:
            if not any(record.get("r") == "end" for record in contents.actions):
                return str(candidate)
        elif contents.ended is None:
            return str(candidate)
    raise UsageError(says.nothing_to_resume(str(folder)))


__all__ = ["bare", "game_journal_path", "register"]
