"""The solved Yatzi table of a rule set, computed once and kept in the user's cache folder.

The file ``$XDG_CACHE_HOME/voice-host/yatzi-<key>.npz`` (``~/.cache`` without
XDG) holds the float32 table, the key of the rules it was solved for and a
SHA-256 of the values. The key hashes every field of the rules and the format
version, so changed rules never meet an old table. A file that cannot be read,
or whose key, shape, type or checksum is not what is expected, is solved again
and overwritten: never trusted.

The file is read with the journal's discipline: a regular file only (a link, a
FIFO, a device or a folder is refused on the open descriptor), its size bounded
before a byte is read, the zip's members checked (exactly the three names,
stored uncompressed and unencrypted, the sizes a table of these rules has) and
each ``.npy`` header's shape and type checked before anything is allocated. It
is written through a private temporary file (``O_EXCL|O_NOFOLLOW``, a random
name) in the cache folder, fsynced and renamed into place; the temporary file
is removed on every way out (a full disk, a folder in the way, a signal).
"""

from __future__ import annotations

import contextlib
import dataclasses
import enum
import hashlib
import io
import json
import os
import struct
import sys
import tempfile
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
from voice_host.regular_files import read_small_file
from voice_host.stop_signals import held_signals

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


class _Refused(ValueError):
    """The cached file is not a table this module wrote for these rules."""


#: The members of a cache file, their type and (None: the table's) shape.
_MEMBERS: dict[str, tuple[np.dtype[np.generic], tuple[int, ...] | None]] = {
    "key.npy": (np.dtype("<U20"), ()),
    "checksum.npy": (np.dtype("<U64"), ()),
    "values.npy": (np.dtype("<f4"), None),
}
#: Room for the ``.npy`` headers and the zip's own records around the arrays.
_OVERHEAD_BYTES = 64 * 1024
_HEADER_BYTES = 4096
_ENCRYPTED = 0x1


def _table_shape(rules: YatziRules) -> tuple[int, ...]:
    return (2, MASKS, upper_cap(rules) + 1)


def _size_limit(rules: YatziRules) -> int:
    """The largest file a table of ``rules`` can be: anything larger is refused unread."""
    elements = int(np.prod(_table_shape(rules)))
    strings = sum(dtype.itemsize for dtype, _ in _MEMBERS.values() if dtype.kind == "U")
    return elements * 4 + strings + _OVERHEAD_BYTES


def _member_array(archive: zipfile.ZipFile, info: zipfile.ZipInfo, dtype: np.dtype[np.generic],
                  shape: tuple[int, ...]) -> npt.NDArray[np.generic]:
    """The array of one checked member: its header first, then exactly the bytes it declares."""
    expected = int(np.prod(shape)) * dtype.itemsize
    if max(info.file_size, info.compress_size) > expected + _HEADER_BYTES:
        raise _Refused(info.filename)
    data = archive.read(info)  # stored: at most the bytes the file holds; the CRC is checked
    stream = io.BytesIO(data)
    if np.lib.format.read_magic(stream) != (1, 0):
        raise _Refused(info.filename)
    found_shape, fortran, found_dtype = np.lib.format.read_array_header_1_0(stream, max_header_size=_HEADER_BYTES)
    if found_shape != shape or fortran or found_dtype != dtype or len(data) - stream.tell() != expected:
        raise _Refused(info.filename)
    return np.frombuffer(bytearray(data[stream.tell():]), dtype=dtype).reshape(shape)


def _arrays(data: bytes, rules: YatziRules) -> dict[str, npt.NDArray[np.generic]]:
    """The three arrays of a cache file's bytes, every member checked before it is read."""
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        infos = archive.infolist()
        if sorted(info.filename for info in infos) != sorted(_MEMBERS):
            raise _Refused("members")
        arrays = {}
        for info in infos:
            if info.compress_type != zipfile.ZIP_STORED or info.flag_bits & _ENCRYPTED:
                raise _Refused(info.filename)
            dtype, shape = _MEMBERS[info.filename]
            arrays[info.filename] = _member_array(archive, info, dtype, _table_shape(rules) if shape is None else shape)
    return arrays


def read_table(rules: YatziRules, path: Path) -> SolvedTable | None:
    """The table cached at ``path`` if it is whole and solved for ``rules``; else None.

    Never follows a link, never blocks, never reads more than a table's size and
    never allocates what a header declares before checking it (see the module).
    """
    try:
        data = read_small_file(str(path), _size_limit(rules), follow_links=False)
        arrays = _arrays(data, rules)
    except (OSError, ValueError, EOFError, zipfile.BadZipFile, zipfile.LargeZipFile, RuntimeError,
            NotImplementedError, struct.error):
        return None
    del data
    values = arrays["values.npy"].astype(np.float32, copy=False)
    if str(arrays["key.npy"]) != rules_key(rules) or str(arrays["checksum.npy"]) != _checksum(values):
        return None
    if not np.isfinite(values).all():
        return None
    return SolvedTable(rules, values)


def write_table(table: SolvedTable, path: Path) -> None:
    """Write ``table`` to ``path`` atomically (a reader never sees half a file).

    Through a private temporary file beside ``path`` (``tempfile.mkstemp``:
    ``O_CREAT|O_EXCL|O_NOFOLLOW``, mode 0600, a random name), fsynced, then
    renamed over ``path`` (which replaces a link there, never its target).
    Signals are held back meanwhile; the temporary file is removed on any
    failure. Raises OSError.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    with held_signals():
        fd, partial = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as out:
                np.savez(out, key=np.array(rules_key(table.rules)), checksum=np.array(_checksum(table.values)),
                         values=table.values)
                out.flush()
                os.fsync(out.fileno())
            os.replace(partial, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(partial)
            raise


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

    def finish(self) -> None:
        """End a bar that stopped short of 100% (an interrupted solve) with its newline."""
        if 0 <= self.shown < 100:
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
    bar = ProgressBar(catalogue.solver_computing(rules_name(rules)), stream or sys.stderr)
    try:
        table = solver(rules, bar)
    finally:
        bar.finish()
    with contextlib.suppress(OSError):
        write_table(table, path)
    return table
