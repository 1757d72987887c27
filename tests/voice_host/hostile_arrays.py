"""Hostile array files (.npz) for the caches' tests: each a way a file at a cache's path can be wrong."""

from __future__ import annotations

import io
import struct
import zipfile
from collections.abc import Callable

import numpy as np

from engine.yatzi.score import SEED_RULES
from engine.yatzi.solver import SolvedTable
from voice_host.games.yatzi.table_cache import rules_key


def patch_headers(data: bytes, member: str, *, method: int | None = None, flags: int | None = None) -> bytes:
    """``data`` with the compression method or the flag bits of ``member`` changed in both of its zip headers."""
    out = bytearray(data)
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        local = archive.getinfo(member).header_offset
        central = archive.start_dir  # the first record of the central directory
    assert out[local:local + 4] == b"PK\x03\x04"
    while True:
        assert out[central:central + 4] == b"PK\x01\x02"
        name_length = struct.unpack_from("<H", out, central + 28)[0]
        if out[central + 46:central + 46 + name_length] == member.encode():
            break
        extra, comment = struct.unpack_from("<HH", out, central + 30)
        central = central + 46 + name_length + extra + comment
    for flags_at, method_at in ((local + 6, local + 8), (central + 8, central + 10)):
        if flags is not None:
            struct.pack_into("<H", out, flags_at, flags)
        if method is not None:
            struct.pack_into("<H", out, method_at, method)
    return bytes(out)


def npz(members: dict[str, bytes], compression: int = zipfile.ZIP_STORED) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def npy_header(shape: tuple[int, ...], descr: str = "<f4") -> bytes:
    buffer = io.BytesIO()
    np.lib.format.write_array_header_1_0(buffer, {"descr": descr, "fortran_order": False, "shape": shape})
    return buffer.getvalue()


def npy(array: np.ndarray) -> bytes:
    buffer = io.BytesIO()
    np.save(buffer, array)
    return buffer.getvalue()


def huge_header_npz(table: SolvedTable) -> bytes:
    """A valid key and checksum, and ``values.npy`` whose header declares 2**40 float32s (4 TB)."""
    return npz({"key.npy": npy(np.array(rules_key(SEED_RULES))),
                 "checksum.npy": npy(np.array("0" * 64)),
                 "values.npy": npy_header((2**40,)) + b"\0" * 64})


def corrupt_deflate(table: SolvedTable) -> bytes:
    """The table saved compressed (``np.savez_compressed``), with bytes in the middle of the stream flipped."""
    buffer = io.BytesIO()
    np.savez_compressed(buffer, key=np.array(rules_key(SEED_RULES)), checksum=np.array("0" * 64), values=table.values)
    data = bytearray(buffer.getvalue())
    with zipfile.ZipFile(io.BytesIO(bytes(data))) as archive:
        at = archive.getinfo("values.npy").header_offset + 30 + len("values.npy") + 60  # early in the stream
    data[at:at + 64] = bytes(b ^ 0x5A for b in data[at:at + 64])  # zlib.error: invalid literal/lengths set
    return bytes(data)


HOSTILE: dict[str, Callable[[SolvedTable, bytes], bytes]] = {
    "a .npy file": lambda table, good: npy(table.values),
    "the encrypted flag": lambda table, good: patch_headers(good, "values.npy", flags=0x1),
    "an unsupported compression method": lambda table, good: patch_headers(good, "key.npy", method=99),
    "a corrupt deflate stream": lambda table, good: corrupt_deflate(table),
    "a header declaring 2**40 elements": lambda table, good: huge_header_npz(table),
    "a fourth member": lambda table, good: npz({"key.npy": b"", "checksum.npy": b"", "values.npy": b"",
                                                "extra.npy": b""}),
    "fortran order": lambda table, good: npz({
        "key.npy": npy(np.array(rules_key(SEED_RULES))), "checksum.npy": npy(np.array("0" * 64)),
        "values.npy": npy(np.asfortranarray(table.values))}),
    "float64 values": lambda table, good: npz({
        "key.npy": npy(np.array(rules_key(SEED_RULES))), "checksum.npy": npy(np.array("0" * 64)),
        "values.npy": npy(table.values.astype(np.float64))}),
}
