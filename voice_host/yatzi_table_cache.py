"""The solved Yatzi table of a rule set, computed once and kept in the user's cache folder.

The file ``$XDG_CACHE_HOME/voice-host/yatzi-<key>.npz`` (``~/.cache`` without
XDG) holds the float32 table, the key of the rules it was solved for and a
SHA-256 of the values. The key hashes every field of the rules and the format
version, so changed rules never meet an old table. A file that cannot be read,
or whose key, shape, type or checksum is not what is expected, is solved again
and overwritten: never trusted.
"""

from __future__ import annotations

import contextlib
import dataclasses
import enum
import hashlib
import json
import os
import sys
import zipfile
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TextIO

import numpy as np
import numpy.typing as npt

from engine.yatzi_score import RULE_SETS, YatziRules
from engine.yatzi_solver import MASKS, SolvedTable, solve, upper_cap
from grammars.it import catalogue
from voice_host.platform import dirs

#: Bump when the table's meaning or layout changes: old files are then recomputed.
FORMAT_VERSION = 1

Solver = Callable[[YatziRules, Callable[[float], None] | None], SolvedTable]


def cache_dir(environ: Mapping[str, str] | None = None) -> Path:
    """``$XDG_CACHE_HOME/voice-host`` or ``~/.cache/voice-host`` (on Linux: see ``voice_host.platform.dirs``)."""
    return dirs.cache_dir(environ=environ)


def rules_key(rules: YatziRules) -> str:
    """A short hash of every field of ``rules`` and of ``FORMAT_VERSION``."""
    fields = {
        f.name: (v.value if isinstance(v, enum.Enum) else v)
        for f in dataclasses.fields(rules)
        for v in [getattr(rules, f.name)]
    }
    text = json.dumps({"format": FORMAT_VERSION, "rules": fields}, sort_keys=True)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:20]


def table_path(rules: YatziRules, folder: Path | None = None) -> Path:
    """Where the table of ``rules`` is cached."""
    return (folder or cache_dir()) / f"yatzi-{rules_key(rules)}.npz"


def _checksum(values: npt.NDArray[np.float32]) -> str:
    return hashlib.sha256(np.ascontiguousarray(values).tobytes()).hexdigest()


def read_table(rules: YatziRules, path: Path) -> SolvedTable | None:
    """The table cached at ``path`` if it is whole and solved for ``rules``; else None."""
    shape = (2, MASKS, upper_cap(rules) + 1)
    try:
        with np.load(path, allow_pickle=False) as data:
            key = str(data["key"])
            checksum = str(data["checksum"])
            values = data["values"]
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile):
        return None
    if key != rules_key(rules) or values.shape != shape or values.dtype != np.float32:
        return None
    if checksum != _checksum(values) or not np.isfinite(values).all():
        return None
    return SolvedTable(rules, values)


def write_table(table: SolvedTable, path: Path) -> None:
    """Write ``table`` to ``path`` atomically (a reader never sees half a file)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with open(partial, "wb") as out:
        np.savez(out, key=np.array(rules_key(table.rules)), checksum=np.array(_checksum(table.values)),
                 values=table.values)
    os.replace(partial, path)


class ProgressBar:
    """A one-line text progress bar, redrawn in place on ``stream``."""

    WIDTH = 30

    def __init__(self, label: str, stream: TextIO) -> None:
        self.label = label
        self.stream = stream
        self.shown = -1

    def __call__(self, fraction: float) -> None:
        percent = int(fraction * 100)
        if percent == self.shown:
            return
        self.shown = percent
        filled = self.WIDTH * percent // 100
        bar = "#" * filled + "." * (self.WIDTH - filled)
        self.stream.write(f"\r{self.label} [{bar}] {percent:3d}%")
        if percent >= 100:
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
    bar = ProgressBar(catalogue.solver_computing(rules_name(rules)), stream or sys.stderr)
    table = solver(rules, bar)
    with contextlib.suppress(OSError):
        write_table(table, path)
    return table
