"""The solved Yatzi table of a rule set, computed once and kept in the user's cache folder.

The file ``$XDG_CACHE_HOME/voice-host/yatzi-<key>.npz`` (``~/.cache`` without
XDG) holds the float32 table, the key of the rules it was solved for and a
SHA-256 of the values. The key hashes every field of the rules and the format
version, so changed rules never meet an old table. A file that cannot be read,
or whose key, shape, type or checksum is not what is expected, is solved again
and overwritten: never trusted.

The file is read and written with the journal's discipline, by
:mod:`voice_host.storage.array_cache`: a regular file only, its size bounded before a byte
is read, its zip members and ``.npy`` headers checked before anything is
allocated; written through a private temporary file, fsynced and renamed.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TextIO

from engine.yatzi.score import RULE_SETS, YatziRules
from engine.yatzi.solver import MASKS, SolvedTable, solve, upper_cap
from grammars.yatzi import sentences as yatzi_say
from voice_host.platform import dirs
from voice_host.storage.array_cache import key_of, read_values, write_values

#: Bump when the table's meaning or layout changes: old files are then recomputed.
FORMAT_VERSION = 1

Solver = Callable[[YatziRules, Callable[[float], None] | None], SolvedTable]


def cache_dir(environ: Mapping[str, str] | None = None) -> Path:
    """``$XDG_CACHE_HOME/voice-host`` or ``~/.cache/voice-host`` (on Linux: see ``voice_host.platform.dirs``)."""
    return dirs.cache_dir(environ=environ)


def rules_key(rules: YatziRules) -> str:
    """A short hash of every field of ``rules`` and of ``FORMAT_VERSION``."""
    return key_of(FORMAT_VERSION, rules)


def table_path(rules: YatziRules, folder: Path | None = None) -> Path:
    """Where the table of ``rules`` is cached."""
    return (folder or cache_dir()) / f"yatzi-{rules_key(rules)}.npz"


def _table_shape(rules: YatziRules) -> tuple[int, ...]:
    return (2, MASKS, upper_cap(rules) + 1)


def read_table(rules: YatziRules, path: Path) -> SolvedTable | None:
    """The table cached at ``path`` if it is whole and solved for ``rules``; else None.

    Never follows a link, never blocks, never reads more than a table's size and
    never allocates what a header declares before checking it (see :mod:`voice_host.storage.array_cache`).
    """
    values = read_values(path, rules_key(rules), _table_shape(rules))
    return None if values is None else SolvedTable(rules, values)


def write_table(table: SolvedTable, path: Path) -> None:
    """Write ``table`` to ``path`` atomically (:func:`voice_host.storage.array_cache.write_values`); raises OSError."""
    write_values(path, rules_key(table.rules), table.values)


class ProgressBar:
    """A one-line text progress bar, redrawn in place on ``stream``."""

    WIDTH = 30

    def __init__(self, label: str, stream: TextIO) -> None:
        self.label = label
        self.stream = stream
        self.shown = -1
        try:  # redrawn in place only on a terminal: a log or a pipe gets the finished bar alone
            self.live = bool(stream.isatty())
        except (AttributeError, ValueError, OSError):
            self.live = False

    def __call__(self, fraction: float) -> None:
        percent = int(fraction * 100)
        if percent == self.shown:
            return
        self.shown = percent
        if not self.live and percent < 100:
            return
        filled = self.WIDTH * percent // 100
        bar = "#" * filled + "." * (self.WIDTH - filled)
        self.stream.write(f"{chr(13) if self.live else ''}{self.label} [{bar}] {percent:3d}%")
        if percent >= 100:
            self.stream.write("\n")
        self.stream.flush()

    def finish(self) -> None:
        """End a bar that stopped short of 100% (an interrupted solve) with its newline."""
        if 0 <= self.shown < 100 and self.live:
            with contextlib.suppress(OSError, ValueError):
                self.stream.write("\n")
                self.stream.flush()


def rules_name(rules: YatziRules) -> str:
    """The registered name of ``rules`` ("seed", "standard"), or "personalizzate"."""
    for name, known in RULE_SETS.items():
        if known == rules:
            return name
    return "personalizzate"


def load_table(
    rules: YatziRules,
    folder: Path | None = None,
    stream: TextIO | None = None,
    solver: Solver = solve,
) -> SolvedTable:
    """The solved table of ``rules``: from the cache, or solved now (progress bar on ``stream``,
    default stderr) and cached. A cache folder that cannot be written only loses the cache."""
    path = table_path(rules, folder)
    cached = read_table(rules, path)
    if cached is not None:
        return cached
    bar = ProgressBar(yatzi_say.solver_computing(rules_name(rules)), stream or sys.stderr)
    try:
        table = solver(rules, bar)
    finally:
        bar.finish()
    with contextlib.suppress(OSError):
        write_table(table, path)
    return table
