"""A float32 array computed once and kept in the user's cache folder, trusted only as it was written.

A cache file is a ``.npz`` of three members: ``key`` (what the values were
computed for: a short hash of the inputs and of the format), ``checksum`` (a
SHA-256 of the values) and ``values``. :func:`read_values` returns the values
only when the file is exactly such a file for that key and shape; anything else
is None, and the caller computes the values again and overwrites the file.

The file is read with the journal's discipline: a regular file only (a link, a
FIFO, a device or a folder is refused on the open descriptor), its size bounded
before a byte is read, the zip's members checked (exactly the three names,
stored uncompressed and unencrypted, the sizes the expected shape has) and each
``.npy`` header's shape and type checked before anything is allocated. It is
written through a private temporary file (``O_EXCL|O_NOFOLLOW``, a random name)
in the cache folder, fsynced and renamed into place; the temporary file is
removed on every way out (a full disk, a folder in the way, a signal).

The solved Yatzi tables (:mod:`voice_host.games.yatzi.table_cache`) and the Tokio
computer seat's strategies (:mod:`voice_host.games.tokio.strategy_cache`) are kept so.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import io
import json
import struct
import zipfile
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from voice_host.storage.atomic_write import write_atomically
from voice_host.storage.bounded_read import read_small_file

FloatArray = npt.NDArray[np.float32]

#: The length of a key (hex digits of a SHA-256).
KEY_CHARS = 20


def key_of(version: int, rules: Any) -> str:
    """A short hash of a format ``version`` and every field of the dataclass ``rules``.

    >>> from engine.yatzi.score import YatziRules
    >>> len(key_of(1, YatziRules())), key_of(1, YatziRules()) == key_of(2, YatziRules())
    (20, False)
    """
    fields = {
        f.name: (v.value if isinstance(v, enum.Enum) else v)
        for f in dataclasses.fields(rules)
        for v in [getattr(rules, f.name)]
    }
    text = json.dumps({"format": version, "rules": fields}, sort_keys=True)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:KEY_CHARS]


def checksum(values: FloatArray) -> str:
    """The SHA-256 of ``values``' bytes, as hex."""
    return hashlib.sha256(np.ascontiguousarray(values).tobytes()).hexdigest()


class _Refused(ValueError):
    """The cached file is not one this module wrote for this key and shape."""


#: The members of a cache file, their type and (None: the values') shape.
_MEMBERS: dict[str, tuple[np.dtype[np.generic], tuple[int, ...] | None]] = {
    "key.npy": (np.dtype(f"<U{KEY_CHARS}"), ()),
    "checksum.npy": (np.dtype("<U64"), ()),
    "values.npy": (np.dtype("<f4"), None),
}
#: Room for the ``.npy`` headers and the zip's own records around the arrays.
_OVERHEAD_BYTES = 64 * 1024
_HEADER_BYTES = 4096
_ENCRYPTED = 0x1


def size_limit(shape: tuple[int, ...]) -> int:
    """The largest file values of ``shape`` can make: anything larger is refused unread."""
    strings = sum(dtype.itemsize for dtype, _ in _MEMBERS.values() if dtype.kind == "U")
    return int(np.prod(shape)) * 4 + strings + _OVERHEAD_BYTES


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


def _arrays(data: bytes, shape: tuple[int, ...]) -> dict[str, npt.NDArray[np.generic]]:
    """The three arrays of a cache file's bytes, every member checked before it is read."""
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        infos = archive.infolist()
        if sorted(info.filename for info in infos) != sorted(_MEMBERS):
            raise _Refused("members")
        arrays = {}
        for info in infos:
            if info.compress_type != zipfile.ZIP_STORED or info.flag_bits & _ENCRYPTED:
                raise _Refused(info.filename)
            dtype, member_shape = _MEMBERS[info.filename]
            arrays[info.filename] = _member_array(archive, info, dtype, shape if member_shape is None else member_shape)
    return arrays


def read_values(path: Path, key: str, shape: tuple[int, ...]) -> FloatArray | None:
    """The finite float32 values of ``shape`` cached at ``path`` for ``key``, if the file is whole; else None.

    Never follows a link, never blocks, never reads more than such a file's size
    and never allocates what a header declares before checking it.
    """
    try:
        data = read_small_file(str(path), size_limit(shape), follow_links=False)
        arrays = _arrays(data, shape)
    except (OSError, ValueError, EOFError, zipfile.BadZipFile, zipfile.LargeZipFile, RuntimeError,
            NotImplementedError, struct.error):
        return None
    del data
    values = arrays["values.npy"].astype(np.float32, copy=False)
    if str(arrays["key.npy"]) != key or str(arrays["checksum.npy"]) != checksum(values):
        return None
    if not np.isfinite(values).all():
        return None
    return values


def write_values(path: Path, key: str, values: FloatArray) -> None:
    """Write ``values`` for ``key`` to ``path`` atomically (a reader never sees half a file). Raises OSError.

    Through a private temporary file beside ``path``: see :mod:`voice_host.storage.atomic_write`.
    """
    write_atomically(
        path, lambda out: np.savez(out, key=np.array(key), checksum=np.array(checksum(values)), values=values)
    )
