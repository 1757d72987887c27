"""From journals to the history: a game enters it once it is over, as many times as asked, the same.

A journal is replayed through its game's engine (the registry's dialog) and its
facts read by the game's :class:`~voice_host.games.facts.HistorySpec`. Importing
is idempotent: a journal whose bytes (SHA-256) are those already imported changes
nothing; a changed one replaces its game. A journal whose game is not over yet,
or that does not replay, is left out (and remembered as seen, by size and time, so
the catch-up at the next start does not read it again unless it changes).
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import datetime
import hashlib
import multiprocessing
import multiprocessing.context
import os
import re
from collections.abc import Callable, Iterable, Iterator
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
    with store.writing():
        return _import(store, os.path.abspath(path))


def _import(store: Store, journal: str) -> bool:
    """:func:`import_journal` inside the caller's transaction."""
    data = Path(journal).read_bytes()
    if store.digest_of(journal) == hashlib.sha256(data).hexdigest():
        return False
    game = read_game(journal, data)
    if game is None:
        return False
    store.insert_game(game.row, game.seats)
    return True


def journals_in(folder: Path) -> list[Path]:
    """The journals in the state folder (``*.jsonl``, not the hidden temporary files)."""
    try:
        return sorted(p for p in folder.iterdir() if p.suffix == ".jsonl" and not p.name.startswith("."))
    except OSError:
        return []


#: Journals imported in one transaction by the catch-up: a commit per game would cost more than the game,
#: and a batch still commits whole or not at all (a crash loses the batch, which the next start reads again).
BATCH = 250


def catch_up(store: Store, folder: Path, on_error: Callable[[str, str], None] | None = None) -> int:
    """Import every journal of ``folder`` that is over and new or changed since it was last seen.

    This is what brings in a game whose end was journaled but not imported (a crash,
    a full disk): the next start looks. Returns how many games were added or changed.
    Each journal's game and its mark as seen are written in the same transaction.
    """
    waiting: list[tuple[str, int, int]] = []
    for path in journals_in(folder):
        try:
            status = path.stat()
        except OSError:
            continue
        journal = str(path.absolute())
        if store.seen(journal) != (status.st_size, status.st_mtime_ns):
            waiting.append((journal, status.st_size, status.st_mtime_ns))
    changed = 0
    with _readers(len(waiting)) as pool:
        read = pool.map(_read, [journal for journal, _, _ in waiting], chunksize=32) if pool else map(
            _read, (journal for journal, _, _ in waiting))
        for start in range(0, len(waiting), BATCH):
            with store.writing():
                for journal, size, mtime_ns in waiting[start:start + BATCH]:
                    _, digest, game, error = next(read)
                    state = UNREADABLE
                    if error is not None:
                        if on_error is not None:
                            on_error(journal, error)
                    elif store.digest_of(journal) == digest:
                        state = IMPORTED
                        changed += 1
                    elif game is not None:
                        store.insert_game(game.row, game.seats)
                        state = IMPORTED
                        changed += 1
                    else:
                        state = NOT_OVER
                    store.mark_seen(journal, size, mtime_ns, state)
    return changed


#: From this many journals on, the catch-up reads and replays them in worker processes, one a core.
PARALLEL_FROM = 400


@contextlib.contextmanager
def _readers(count: int) -> Iterator[concurrent.futures.ProcessPoolExecutor | None]:
    """Worker processes to replay ``count`` journals, or None when that is too few to be worth starting them.

    "forkserver": the workers do not inherit the threads of the caller (a board server, a listener).
    """
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    if count < PARALLEL_FROM or cores < 2:
        yield None
        return
    context: multiprocessing.context.BaseContext
    try:
        context = multiprocessing.get_context("forkserver")
    except ValueError:  # no forkserver on this platform
        context = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(min(cores, 4), mp_context=context) as pool:
        yield pool


def _read(journal: str) -> tuple[str, str, JournalGame | None, str | None]:
    """(journal, its SHA-256, its game if over, the error that keeps it out): the part of an import needing no DB."""
    try:
        data = Path(journal).read_bytes()
        return journal, hashlib.sha256(data).hexdigest(), read_game(journal, data), None
    except (InputError, ValueError, OSError) as exc:
        return journal, "", None, str(exc)


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
