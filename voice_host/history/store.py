"""Every line of SQL of the history: the schema, its migrations, and the few reads and writes the history makes.

One SQLite file (standard library ``sqlite3``) in WAL mode: readers never wait for
the writer, so ``statistiche`` reads while a game's end is written; writers take
the lock at the start of their transaction (``BEGIN IMMEDIATE``) and wait up to
:data:`BUSY_TIMEOUT_S` for each other. The database is an index: the journals are
the source of truth, and everything here but the merged names (``aliases``) can be
rebuilt from them.

The schema's version is SQLite's ``user_version``; :data:`MIGRATIONS` takes a
database of any older version to the newest, one step a transaction. Tables:

- ``players`` (one identity) and ``aliases`` (every folded spelling that means it);
- ``games``: one row a journal (its absolute path is the key, its SHA-256 tells a changed file);
- ``seats``: who sat where in a game, the seat's score, whether it won;
- ``facts``: a seat's figures by name (the game's own: ``penalties_taken``, ``yatzi_made``...);
- ``seen`` (version 2): the journals of the state folder already looked at, by size and time,
  so the catch-up at each start reads only new or changed files;
- version 3 copies each fact's player, game and result into ``facts`` and indexes them
  (``facts_by_player``, ``facts_best``): every statistics question reads one covering index,
  in the order it groups by, and "il record" is one index probe.
"""

from __future__ import annotations

import contextlib
import sqlite3
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

#: The schema this code writes; older databases are migrated up to it.
SCHEMA_VERSION = 3
#: SQLite's ``application_id`` of a voice-host history ("vhst"): any other file is not ours.
APPLICATION_ID = 0x76687374
BUSY_TIMEOUT_S = 15.0

#: MIGRATIONS[n] takes a database of version n - 1 to version n.
MIGRATIONS: dict[int, str] = {
    1: """
        CREATE TABLE players (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL
        );
        CREATE TABLE aliases (
            key TEXT PRIMARY KEY,
            player_id INTEGER NOT NULL REFERENCES players (id)
        );
        CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            journal TEXT NOT NULL UNIQUE,
            digest TEXT NOT NULL,
            game TEXT NOT NULL,
            rules TEXT NOT NULL,
            started TEXT,
            ended TEXT NOT NULL,
            seconds INTEGER,
            turns INTEGER NOT NULL,
            result TEXT NOT NULL
        );
        CREATE TABLE seats (
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            player_id INTEGER NOT NULL REFERENCES players (id),
            computer INTEGER NOT NULL,
            score INTEGER,
            won INTEGER NOT NULL,
            PRIMARY KEY (game_id, seat)
        );
        CREATE INDEX seats_player ON seats (player_id);
        CREATE TABLE facts (
            game_id INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            fact TEXT NOT NULL,
            value REAL NOT NULL,
            PRIMARY KEY (game_id, seat, fact),
            FOREIGN KEY (game_id, seat) REFERENCES seats (game_id, seat) ON DELETE CASCADE
        ) WITHOUT ROWID;
    """,
    2: """
        CREATE TABLE seen (
            journal TEXT PRIMARY KEY,
            size INTEGER NOT NULL,
            mtime_ns INTEGER NOT NULL,
            state TEXT NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX games_ended ON games (ended);
    """,
    3: """
        ALTER TABLE facts ADD COLUMN player_id INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE facts ADD COLUMN game TEXT NOT NULL DEFAULT '';
        ALTER TABLE facts ADD COLUMN finished INTEGER NOT NULL DEFAULT 0;
        UPDATE facts SET
            player_id = (SELECT s.player_id FROM seats s WHERE s.game_id = facts.game_id AND s.seat = facts.seat),
            game = (SELECT g.game FROM games g WHERE g.id = facts.game_id),
            finished = (SELECT g.result = 'finished' FROM games g WHERE g.id = facts.game_id);
        CREATE INDEX facts_by_player ON facts (player_id, game, fact, finished, value);
        CREATE INDEX facts_best ON facts (game, fact, finished, value);
        CREATE INDEX seats_by_player ON seats (player_id, game_id, won);
        DROP INDEX seats_player;
    """,
}


class NotAHistory(Exception):
    """The file is not a voice-host history, or SQLite finds it damaged."""


class NewerHistory(Exception):
    """The file was written by a newer voice-host (a schema version this one does not know)."""


@dataclass(frozen=True)
class GameRow:
    """One game as the ``games`` table holds it."""

    journal: str
    digest: str
    game: str
    rules: str
    started: str | None
    ended: str
    seconds: int | None
    turns: int
    result: str


@dataclass(frozen=True)
class SeatRow:
    """One seat of a game, with its figures."""

    seat: int
    name: str
    key: str
    """The folded name (see :mod:`voice_host.history.names`): one identity across case and accents."""
    computer: bool
    score: int | None
    won: bool
    facts: tuple[tuple[str, float], ...]


@dataclass(frozen=True)
class ListedGame:
    """A game as ``storico`` lists it."""

    game: GameRow
    players: tuple[str, ...]
    winner: str | None
    scores: tuple[int | None, ...]


class Store:
    """An open history database (create it with :func:`open_store`)."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self.db = connection

    def close(self) -> None:
        """Close the connection (WAL's files are checkpointed by the last one closing)."""
        self.db.close()

    @contextlib.contextmanager
    def writing(self) -> Iterator[None]:
        """One write transaction, begun at once (``BEGIN IMMEDIATE``): committed whole or not at all."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    # ------------------------------------------------------------ players

    def player_id(self, name: str, key: str) -> int:
        """The player whose alias is ``key``; a new player named ``name`` if none."""
        row = self.db.execute("SELECT player_id FROM aliases WHERE key = ?", (key,)).fetchone()
        if row is not None:
            return int(row[0])
        player = self.db.execute("INSERT INTO players (name) VALUES (?)", (name,)).lastrowid
        assert player is not None
        self.db.execute("INSERT INTO aliases (key, player_id) VALUES (?, ?)", (key, player))
        return player

    def find_player(self, key: str) -> tuple[int, str] | None:
        """(id, name) of the player ``key`` is an alias of."""
        row = self.db.execute(
            "SELECT p.id, p.name FROM aliases a JOIN players p ON p.id = a.player_id WHERE a.key = ?", (key,)
        ).fetchone()
        return None if row is None else (int(row[0]), str(row[1]))

    def merge(self, kept: int, alias: int) -> None:
        """Make player ``alias`` one with player ``kept``: their aliases and seats become ``kept``'s."""
        with self.writing():
            self.db.execute("UPDATE aliases SET player_id = ? WHERE player_id = ?", (kept, alias))
            self.db.execute("UPDATE seats SET player_id = ? WHERE player_id = ?", (kept, alias))
            self.db.execute("UPDATE facts SET player_id = ? WHERE player_id = ?", (kept, alias))
            self.db.execute("DELETE FROM players WHERE id = ?", (alias,))

    # ------------------------------------------------------------ games

    def digest_of(self, journal: str) -> str | None:
        """The SHA-256 the journal had when it was imported, or None if it is not in the history."""
        row = self.db.execute("SELECT digest FROM games WHERE journal = ?", (journal,)).fetchone()
        return None if row is None else str(row[0])

    def put_game(self, game: GameRow, seats: Sequence[SeatRow]) -> None:
        """Write one game with its seats and facts, replacing what the same journal held (one transaction)."""
        with self.writing():
            self.insert_game(game, seats)

    def insert_game(self, game: GameRow, seats: Sequence[SeatRow]) -> None:
        """:meth:`put_game` inside a transaction the caller holds (:meth:`writing`): a batch of games commits whole."""
        self.db.execute("DELETE FROM games WHERE journal = ?", (game.journal,))
        game_id = self.db.execute(
            "INSERT INTO games (journal, digest, game, rules, started, ended, seconds, turns, result)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (game.journal, game.digest, game.game, game.rules, game.started, game.ended, game.seconds,
             game.turns, game.result),
        ).lastrowid
        for seat in seats:
            player = self.player_id(seat.name, seat.key)
            self.db.execute(
                "INSERT INTO seats (game_id, seat, player_id, computer, score, won) VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, seat.seat, player, int(seat.computer), seat.score, int(seat.won)),
            )
            self.db.executemany(
                "INSERT INTO facts (game_id, seat, fact, value, player_id, game, finished)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(game_id, seat.seat, fact, value, player, game.game, int(game.result == "finished"))
                 for fact, value in seat.facts],
            )

    def seen(self, journal: str) -> tuple[int, int] | None:
        """(size, mtime_ns) of ``journal`` when it was last looked at by the catch-up."""
        row = self.db.execute("SELECT size, mtime_ns FROM seen WHERE journal = ?", (journal,)).fetchone()
        return None if row is None else (int(row[0]), int(row[1]))

    def mark_seen(self, journal: str, size: int, mtime_ns: int, state: str) -> None:
        """Remember that ``journal`` (of this size and time) was looked at, and what it was."""
        self.db.execute(
            "INSERT INTO seen (journal, size, mtime_ns, state) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (journal) DO UPDATE SET size = excluded.size, mtime_ns = excluded.mtime_ns,"
            " state = excluded.state",
            (journal, size, mtime_ns, state),
        )

    def journals(self) -> list[str]:
        """Every journal path the history holds a game of."""
        return [str(row[0]) for row in self.db.execute("SELECT journal FROM games")]

    def clear_games(self) -> None:
        """Forget every game and every journal looked at (the players and their merged names stay)."""
        with self.writing():
            self.db.execute("DELETE FROM facts")
            self.db.execute("DELETE FROM seats")
            self.db.execute("DELETE FROM games")
            self.db.execute("DELETE FROM seen")

    # ------------------------------------------------------------ reads

    def list_games(
        self, *, game: str | None = None, player: int | None = None, since: str | None = None,
        until: str | None = None, limit: int | None = None,
    ) -> list[ListedGame]:
        """Games newest first (by their end), filtered by game, player and date (ISO, ``until`` inclusive)."""
        where: list[str] = ["1 = 1"]
        args: list[object] = []
        if game is not None:
            where.append("g.game = ?")
            args.append(game)
        if player is not None:
            where.append("g.id IN (SELECT game_id FROM seats WHERE player_id = ?)")
            args.append(player)
        if since is not None:
            where.append("g.ended >= ?")
            args.append(since)
        if until is not None:
            where.append("g.ended < ?")
            args.append(until)
        rows = self.db.execute(
            "SELECT g.id, g.journal, g.digest, g.game, g.rules, g.started, g.ended, g.seconds, g.turns, g.result"
            f" FROM games g WHERE {' AND '.join(where)} ORDER BY g.ended DESC, g.id DESC"
            + (" LIMIT ?" if limit is not None else ""),
            (*args, *([limit] if limit is not None else [])),
        ).fetchall()
        seats: dict[int, list[tuple[str, int | None, bool]]] = {row[0]: [] for row in rows}
        if rows:
            marks = ",".join("?" * len(rows))
            for game_id, name, score, won in self.db.execute(
                "SELECT s.game_id, p.name, s.score, s.won FROM seats s JOIN players p ON p.id = s.player_id"
                f" WHERE s.game_id IN ({marks}) ORDER BY s.game_id, s.seat",
                [row[0] for row in rows],
            ):
                seats[game_id].append((name, score, bool(won)))
        return [
            ListedGame(
                GameRow(*row[1:]),
                tuple(name for name, _, _ in seats[row[0]]),
                next((name for name, _, won in seats[row[0]] if won), None),
                tuple(score for _, score, _ in seats[row[0]]),
            )
            for row in rows
        ]

    def totals(self, player: int | None = None) -> list[tuple[int, str, str, int, int]]:
        """(player id, name, game, games, wins) for every player (or only ``player``) and game they played."""
        where, args = ("WHERE s.player_id = ?", (player,)) if player is not None else ("", ())
        return [
            (int(r[0]), str(r[1]), str(r[2]), int(r[3]), int(r[4]))
            for r in self.db.execute(
                "SELECT s.player_id, p.name, g.game, COUNT(*), SUM(s.won) FROM seats s"
                " JOIN players p ON p.id = s.player_id JOIN games g ON g.id = s.game_id"
                f" {where} GROUP BY s.player_id, g.game ORDER BY s.player_id, g.game",
                args,
            )
        ]

    def fact_sums(self, player: int | None = None) -> list[tuple[int, str, str, bool, int, float, float]]:
        """(player id, game, fact, finished, count, sum, max) of every fact, for every player or only ``player``.

        One pass over the covering index ``facts_by_player``, in its order (no sorting).
        """
        where, args = ("WHERE player_id = ?", (player,)) if player is not None else ("", ())
        return [
            (int(r[0]), str(r[1]), str(r[2]), bool(r[3]), int(r[4]), float(r[5]), float(r[6]))
            for r in self.db.execute(
                "SELECT player_id, game, fact, finished, COUNT(*), SUM(value), MAX(value) FROM facts"
                f" {where} GROUP BY player_id, game, fact, finished",
                args,
            )
        ]

    def best(self, game: str, fact: str) -> tuple[str, float] | None:
        """The player and value of the highest ``fact`` in a finished game of ``game`` (the earliest, on a tie)."""
        row = self.db.execute(
            "SELECT p.name, f.value FROM facts f JOIN games g ON g.id = f.game_id JOIN players p ON p.id = f.player_id"
            " WHERE f.game = ?1 AND f.fact = ?2 AND f.finished = 1 AND f.value = ("
            "  SELECT MAX(value) FROM facts WHERE game = ?1 AND fact = ?2 AND finished = 1)"
            " ORDER BY g.ended, g.id LIMIT 1",
            (game, fact),
        ).fetchone()
        return None if row is None else (str(row[0]), float(row[1]))

    def counts(self) -> tuple[int, int]:
        """(games, players with a seat)."""
        row = self.db.execute(
            "SELECT (SELECT COUNT(*) FROM games), (SELECT COUNT(DISTINCT player_id) FROM seats)"
        ).fetchone()
        return int(row[0]), int(row[1])

    def score_series(self, game: str, latest: int) -> list[tuple[int, str, str, int]]:
        """(player id, name, ended, score) of each player's ``latest`` finished games of ``game`` with a score,
        oldest first, the players in order of their first row."""
        return [
            (int(r[0]), str(r[1]), str(r[2]), int(r[3]))
            for r in self.db.execute(
                "SELECT player_id, name, ended, score FROM ("
                " SELECT s.player_id, p.name, g.ended, g.id, s.score, ROW_NUMBER() OVER ("
                "  PARTITION BY s.player_id ORDER BY g.ended DESC, g.id DESC) AS n"
                " FROM games g JOIN seats s ON s.game_id = g.id JOIN players p ON p.id = s.player_id"
                " WHERE g.game = ? AND g.result = 'finished' AND s.score IS NOT NULL)"
                " WHERE n <= ? ORDER BY player_id, ended, id",
                (game, latest),
            )
        ]


def open_store(path: Path) -> Store:
    """Open (creating or migrating) the history at ``path``.

    Raises :class:`NotAHistory` for a file that is not ours or is damaged,
    :class:`NewerHistory` for one a newer voice-host wrote, ``sqlite3.Error``
    or ``OSError`` for anything else (a full disk, a locked folder).
    """
    _check_header(path)
    db = sqlite3.connect(path, timeout=BUSY_TIMEOUT_S, isolation_level=None, check_same_thread=False)
    try:
        try:
            db.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
            _write_ahead(db)
            db.execute("PRAGMA synchronous = NORMAL")  # WAL: durable against a crash of the process
            db.execute("PRAGMA foreign_keys = ON")
            _migrate(db)
        except sqlite3.DatabaseError as exc:
            if isinstance(exc, sqlite3.OperationalError) and "locked" in str(exc):
                raise
            raise NotAHistory(str(exc)) from None
    except BaseException:
        db.close()
        raise
    return Store(db)


def _write_ahead(db: sqlite3.Connection) -> None:
    """Put the database in WAL mode, waiting while another process holds it.

    Changing the journal mode needs the database alone, and SQLite answers "database is
    locked" at once rather than through the busy timeout when another connection is
    opening it at the same moment (two hosts starting together): retried until the timeout.
    """
    deadline = time.monotonic() + BUSY_TIMEOUT_S
    while True:
        try:
            db.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def _check_header(path: Path) -> None:
    """A file that exists and is not an SQLite database at all is not ours (SQLite may not say so at once)."""
    try:
        with path.open("rb") as file:
            head = file.read(16)
    except FileNotFoundError:
        return
    if head and head != b"SQLite format 3\x00":
        raise NotAHistory("not an SQLite database")


def schema_version(db: sqlite3.Connection) -> int:
    """The schema version of an open database (0: empty)."""
    return int(db.execute("PRAGMA user_version").fetchone()[0])


def _migrate(db: sqlite3.Connection) -> None:
    """Check that the database is ours, then take it to :data:`SCHEMA_VERSION`, a step a transaction."""
    db.execute("BEGIN IMMEDIATE")
    try:
        version = schema_version(db)
        application = int(db.execute("PRAGMA application_id").fetchone()[0])
        tables = int(db.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0])
        if application != APPLICATION_ID and (application != 0 or tables or version):
            raise NotAHistory(f"application_id {application}")
        if version > SCHEMA_VERSION:
            raise NewerHistory(str(version))
        if version == 0:
            db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        for step in range(version + 1, SCHEMA_VERSION + 1):
            for statement in MIGRATIONS[step].split(";"):  # not executescript: it would commit first
                if statement.strip():
                    db.execute(statement)
            db.execute(f"PRAGMA user_version = {step}")
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")
