"""The history beside a game: catch up at a start, record a journal whose game is over. Never stops the game.

Whatever goes wrong with the history (a full disk, a locked or read-only folder, a
damaged file that cannot be set aside) is said in one Italian line on stderr, and
the game, the resume or the analysis goes on as if there were no history.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from grammars.it import catalogue as say
from grammars.it import history as words
from voice_host.errors import InputError
from voice_host.history.database import open_history, state_folder
from voice_host.history.journals import journals_in, read_game
from voice_host.history.store import NewerHistory
from voice_host.terminal.console import print_stderr


def _tell(line: str) -> None:
    print_stderr(f"voice-host: {line}")


def catch_up(folder: Path | None = None) -> None:
    """At a start: bring in every journal of the state folder that ended without being recorded."""
    if not journals_in(folder or state_folder()):
        return  # nothing to catch up: no database is made for it
    try:
        open_history(folder, say=_tell).close()
    except (sqlite3.Error, OSError, NewerHistory) as exc:
        _tell(words.unavailable(_reason(exc)))


def record(journal: str, folder: Path | None = None) -> None:
    """Put the game of ``journal`` in the history if it is over (a second time changes nothing)."""
    try:
        game = read_game(journal)  # first: a game that is not over leaves no database behind
        if game is None:
            return
        store = open_history(folder, say=_tell, catch_up_now=False)
        try:
            if store.digest_of(game.row.journal) != game.row.digest:
                store.put_game(game.row, game.seats)
        finally:
            store.close()
    except (sqlite3.Error, OSError, NewerHistory, InputError, ValueError) as exc:
        _tell(words.unavailable(_reason(exc)))


def _reason(exc: BaseException) -> str:
    if isinstance(exc, OSError):
        return say.system_error(exc)
    if isinstance(exc, sqlite3.OperationalError) and "full" in str(exc):
        return "disco pieno"
    return str(exc)[:120]
