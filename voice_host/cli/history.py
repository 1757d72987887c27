"""``voice-host storico`` and ``voice-host statistiche``: the history of games on the command line.

``storico`` lists the games newest first (``--giocatore``, ``--gioco``, ``--dal``,
``--al``), rebuilds the history from the journals (``--ricostruisci``) or makes two
names one player (``--unisci A B``); ``statistiche [NOME]`` prints each player's
figures. Both print ``--json`` (fields in :mod:`voice_host.history.report` and
:mod:`voice_host.history.stats`) or ``--csv``.
"""

from __future__ import annotations

import argparse
import datetime
import json
import sqlite3
from typing import Any

from grammars.it import catalogue as say
from grammars.it import history as words
from voice_host.errors import EXIT_OK, UsageError, WriteFailure
from voice_host.games import GAMES
from voice_host.history import names, report
from voice_host.history.database import open_history, state_folder
from voice_host.history.journals import rebuild
from voice_host.history.stats import statistics
from voice_host.history.store import NewerHistory, Store
from voice_host.terminal.console import print_stderr

#: The help of the two commands and their options (Italian, like every line the user reads).
HELP = {
    "storico": "le partite giocate, dalla più recente (filtri per giocatore, gioco e data)",
    "statistiche": "le statistiche di ogni giocatore, o di uno solo",
    "NOME": "il giocatore (maiuscole e accenti non contano)",
    "--giocatore": "solo le partite di questo giocatore",
    "--gioco": "solo le partite di questo gioco",
    "--dal": "solo le partite finite da questa data (AAAA-MM-GG)",
    "--al": "solo le partite finite fino a questa data compresa (AAAA-MM-GG)",
    "--ricostruisci": "ricostruisce lo storico dai giornali trovati",
    "--unisci": "fa di B lo stesso giocatore di A (un altro nome della stessa persona)",
    "--json": "stampa un documento JSON",
    "--csv": "stampa una tabella CSV",
}


def register(sub: Any) -> None:
    """Add ``storico`` and ``statistiche`` to the command line's subcommands."""
    history = sub.add_parser("storico", help=HELP["storico"])
    history.add_argument("--giocatore", metavar="NOME", help=HELP["--giocatore"])
    history.add_argument("--gioco", choices=list(GAMES), help=HELP["--gioco"])
    history.add_argument("--dal", metavar="DATA", type=_date, help=HELP["--dal"])
    history.add_argument("--al", metavar="DATA", type=_date, help=HELP["--al"])
    history.add_argument("--ricostruisci", action="store_true", help=HELP["--ricostruisci"])
    history.add_argument("--unisci", nargs=2, metavar=("A", "B"), help=HELP["--unisci"])
    _formats(history)
    history.set_defaults(handler=show_games)
    stats = sub.add_parser("statistiche", help=HELP["statistiche"])
    stats.add_argument("name", metavar="NOME", nargs="?", help=HELP["NOME"])
    _formats(stats)
    stats.set_defaults(handler=show_statistics)


def _formats(parser: argparse.ArgumentParser) -> None:
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--json", action="store_true", help=HELP["--json"])
    group.add_argument("--csv", action="store_true", help=HELP["--csv"])


def _date(text: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(words.bad_date(text)) from None


def _open() -> Store:
    try:
        return open_history(say=lambda line: print_stderr(f"voice-host: {line}"))
    except (sqlite3.Error, OSError, NewerHistory) as exc:
        reason = say.system_error(exc) if isinstance(exc, OSError) else str(exc)[:120]
        raise WriteFailure(words.unavailable(reason).split(";")[0]) from None


def show_games(args: argparse.Namespace) -> int:
    """``voice-host storico``."""
    store = _open()
    try:
        if args.unisci:
            return _merge(store, *args.unisci)
        if args.ricostruisci:
            count = rebuild(store, [state_folder()])
            print(words.rebuilt(count, len(list(state_folder().glob("*.jsonl")))))
            return EXIT_OK
        player = None
        if args.giocatore:
            found = store.find_player(names.key(args.giocatore))
            if found is None:
                raise UsageError(words.merge_unknown(args.giocatore))
            player = found[0]
        games = store.list_games(
            game=args.gioco, player=player, since=args.dal.isoformat() if args.dal else None,
            until=(args.al + datetime.timedelta(days=1)).isoformat() if args.al else None,
        )
    finally:
        store.close()
    if args.json:
        print(json.dumps(report.games_json(games), ensure_ascii=False, indent=2))
    elif args.csv:
        print(report.as_csv(list(words.GAME_COLUMNS), report.game_rows(games)), end="")
    elif games:
        print(report.as_text(list(words.GAME_COLUMNS), report.game_rows(games)))
    else:
        print(words.empty())
    return EXIT_OK


def _merge(store: Store, kept_name: str, alias_name: str) -> int:
    kept, alias = store.find_player(names.key(kept_name)), store.find_player(names.key(alias_name))
    if kept is None or alias is None:
        raise UsageError(words.merge_unknown(kept_name if kept is None else alias_name))
    if kept[0] == alias[0]:
        raise UsageError(words.merge_same(alias_name))
    store.merge(kept[0], alias[0])
    print(words.merged(kept[1], alias[1]))
    return EXIT_OK


def show_statistics(args: argparse.Namespace) -> int:
    """``voice-host statistiche [NOME]``."""
    store = _open()
    try:
        players = statistics(store)
        if args.name:
            found = store.find_player(names.key(args.name))
            if found is None:
                raise UsageError(words.unknown_player(args.name))
            players = [p for p in players if p.name == found[1]]
    finally:
        store.close()
    if args.json:
        from voice_host.history.stats import as_json

        print(json.dumps(as_json(players), ensure_ascii=False, indent=2))
    elif args.csv:
        print(report.as_csv(report.stats_keys(), report.stats_rows(players)), end="")
    elif players:
        print(report.as_text(report.stats_header(), report.stats_rows(players)))
    else:
        print(words.empty())
    return EXIT_OK
