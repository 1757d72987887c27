"""From journals to the history: a game enters it once it is over, as many times as asked, the same.

A journal is replayed through its game's engine (the registry's dialog) and its
facts read by the game's :class:`~voice_host.games.facts.HistorySpec`. Importing
is idempotent: a journal whose bytes (SHA-256) are those already imported changes
nothing; a changed one replaces its game. A journal whose game is not over yet,
or that does not replay, is left out (and remembered as seen, by size and time, so
the catch-up at the next start does not read it again unless it changes).
"""

from __future__ import annotations

import datetime
import hashlib
import os
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from voice_host.errors import InputError
from voice_host.games import GAMES, AnyDialog, dialog_factory
from voice_host.games.facts import GameFacts
from voice_host.history import names
from voice_host.history.store import GameRow, SeatRow, Store
from voice_host.storage.journal import read_journal

#: The start time in a journal's default name (``tokio-20240312-213005-123456.jsonl``).
_STAMP = re.compile(r"-(\d{8}-\d{6})-\d+\.jsonl$")

#: What the catch-up remembers of a journal it looked at.
IMPORTED, NOT_OVER, UNREADABLE = "imported", "open", "bad"


@dataclass(frozen=True)
class JournalGame:
    """A journal's game, ready for the database."""

    row: GameRow
    seats: tuple[SeatRow, ...]


def read_game(path: str, data: bytes | None = None) -> JournalGame | None:
    """The game of the journal at ``path`` if it is over (ended by its rules or by the players), else None.

    Raises InputError (a journal that cannot be read) or ValueError (one that does not replay).
    """
    journal = os.path.abspath(path)
    if data is None:
        data = Path(journal).read_bytes()
    contents, _ = read_journal(journal)
    entry = GAMES.get(contents.game)
    if entry is None or entry.history is None:
        return None
    try:
        dialog = _replayed(dialog_factory(contents.game, contents.config), contents.actions)
    except InputError:
        raise
    except Exception as exc:  # whatever a hostile journal makes the engine raise
        raise ValueError(str(exc)) from None
    if contents.ended is None and not dialog.is_over():
        return None
    facts = entry.history.extract(dialog)
    started, ended, seconds = _times(journal)
    row = GameRow(
        journal=journal, digest=hashlib.sha256(data).hexdigest(), game=contents.game, rules=facts.rules,
        started=started, ended=ended, seconds=seconds, turns=facts.turns,
        result="finished" if facts.finished else "stopped",
    )
    return JournalGame(row, _seats(facts))


def import_journal(store: Store, path: str) -> bool:
    """Put the game of the journal at ``path`` in the history if it is over; True when something changed."""
    journal = os.path.abspath(path)
    data = Path(journal).read_bytes()
    if store.digest_of(journal) == hashlib.sha256(data).hexdigest():
        return False
    game = read_game(journal, data)
    if game is None:
        return False
    store.put_game(game.row, game.seats)
    return True


def journals_in(folder: Path) -> list[Path]:
    """The journals in the state folder (``*.jsonl``, not the hidden temporary files)."""
    try:
        return sorted(p for p in folder.iterdir() if p.suffix == ".jsonl" and not p.name.startswith("."))
    except OSError:
        return []


def catch_up(store: Store, folder: Path, on_error: Callable[[str, str], None] | None = None) -> int:
    """Import every journal of ``folder`` that is over and new or changed since it was last seen.

    This is what brings in a game whose end was journaled but not imported (a crash,
    a full disk): the next start looks. Returns how many games were added or changed.
    """
    changed = 0
    for path in journals_in(folder):
        journal = str(path.absolute())
        try:
            status = path.stat()
        except OSError:
            continue
        if store.seen(journal) == (status.st_size, status.st_mtime_ns):
            continue
        state = UNREADABLE
        try:
            if import_journal(store, journal) or store.digest_of(journal) is not None:
                state = IMPORTED
                changed += 1
            else:
                state = NOT_OVER
        except (InputError, ValueError, OSError) as exc:
            if on_error is not None:
                on_error(journal, str(exc))
        with store.writing():
            store.mark_seen(journal, status.st_size, status.st_mtime_ns, state)
    return changed


def rebuild(store: Store, folders: Iterable[Path], on_error: Callable[[str, str], None] | None = None) -> int:
    """Forget every game and import again the journals of ``folders`` and those the history named."""
    known = [Path(p) for p in store.journals()]
    store.clear_games()
    changed = 0
    for folder in folders:
        changed += catch_up(store, folder, on_error)
    for path in known:
        if path.parent not in folders and path.exists():
            try:
                changed += import_journal(store, str(path))
            except (InputError, ValueError, OSError) as exc:
                if on_error is not None:
                    on_error(str(path), str(exc))
    return changed


def _replayed(new_dialog: Callable[[], AnyDialog], actions: list[dict[str, object]]) -> AnyDialog:
    dialog = new_dialog()
    for record in actions:
        dialog.apply(dialog.decode(record))
    return dialog


def _seats(facts: GameFacts) -> tuple[SeatRow, ...]:
    return tuple(
        SeatRow(
            seat=number, name=player.name, key=names.key(player.name), computer=player.computer,
            score=player.score, won=player.name == facts.winner,
            facts=tuple(sorted({**player.facts, **({"score": float(player.score)} if player.score is not None
                                                   else {})}.items())),
        )
        for number, player in enumerate(facts.players)
    )


def _times(journal: str) -> tuple[str | None, str, int | None]:
    """(start, end, seconds): the start from the journal's default name, the end from its last write."""
    ended = datetime.datetime.fromtimestamp(os.stat(journal).st_mtime).replace(microsecond=0)
    match = _STAMP.search(os.path.basename(journal))
    if match is None:
        return None, ended.isoformat(), None
    started = datetime.datetime.strptime(match.group(1), "%Y%m%d-%H%M%S")
    return started.isoformat(), ended.isoformat(), max(0, int((ended - started).total_seconds()))
