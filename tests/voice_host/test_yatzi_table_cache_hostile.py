"""Issue 18, item 5: the cache file is read like the journal and written through a private temporary.

Every hostile file below used to crash ``consiglio`` and ``analizza`` with a
traceback on every run (the bad file was never replaced), hang, or take memory
its header declared. Each must now be refused unread or unallocated, solved
again and replaced by a good file.
"""

from __future__ import annotations

import io
import os
import struct
import threading
import tracemalloc
import zipfile
import zlib
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from engine.yatzi.score import SEED_RULES, YatziRules
from engine.yatzi.solver import MASKS, SolvedTable, upper_cap
from voice_host.games.yatzi.table_cache import ProgressBar, load_table, read_table, rules_key, table_path, write_table


@pytest.fixture(scope="module")
def seed_table() -> SolvedTable:
    """A table of the seed rules' shape with seeded random values (the solve is tested in tests/engine)."""
    shape = (2, MASKS, upper_cap(SEED_RULES) + 1)
    return SolvedTable(SEED_RULES, np.random.default_rng(11).uniform(0, 300, shape).astype(np.float32))


class CountingSolver:
    """Returns the module's table and counts the calls."""

    def __init__(self, table: SolvedTable) -> None:
        self.table = table
        self.calls = 0

    def __call__(self, rules: YatziRules, progress: Callable[[float], None] | None) -> SolvedTable:
        self.calls += 1
        return self.table


def _good_bytes(table: SolvedTable, tmp_path: Path) -> bytes:
    path = tmp_path / "good.npz"
    write_table(table, path)
    data = path.read_bytes()
    path.unlink()
    return data


def _patch_headers(data: bytes, member: str, *, method: int | None = None, flags: int | None = None) -> bytes:
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


def _npz(members: dict[str, bytes], compression: int = zipfile.ZIP_STORED) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def _npy_header(shape: tuple[int, ...], descr: str = "<f4") -> bytes:
    buffer = io.BytesIO()
    np.lib.format.write_array_header_1_0(buffer, {"descr": descr, "fortran_order": False, "shape": shape})
    return buffer.getvalue()


def _npy(array: np.ndarray) -> bytes:
    buffer = io.BytesIO()
    np.save(buffer, array)
    return buffer.getvalue()


def _huge_header_npz(table: SolvedTable) -> bytes:
    """A valid key and checksum, and ``values.npy`` whose header declares 2**40 float32s (4 TB)."""
    return _npz({"key.npy": _npy(np.array(rules_key(SEED_RULES))),
                 "checksum.npy": _npy(np.array("0" * 64)),
                 "values.npy": _npy_header((2**40,)) + b"\0" * 64})


def _corrupt_deflate(table: SolvedTable) -> bytes:
    """The table saved compressed (``np.savez_compressed``), with bytes in the middle of the stream flipped."""
    buffer = io.BytesIO()
    np.savez_compressed(buffer, key=np.array(rules_key(SEED_RULES)), checksum=np.array("0" * 64), values=table.values)
    data = bytearray(buffer.getvalue())
    with zipfile.ZipFile(io.BytesIO(bytes(data))) as archive:
        at = archive.getinfo("values.npy").header_offset + 30 + len("values.npy") + 60  # early in the stream
    data[at:at + 64] = bytes(b ^ 0x5A for b in data[at:at + 64])  # zlib.error: invalid literal/lengths set
    return bytes(data)


HOSTILE: dict[str, Callable[[SolvedTable, bytes], bytes]] = {
    "a .npy file": lambda table, good: _npy(table.values),
    "the encrypted flag": lambda table, good: _patch_headers(good, "values.npy", flags=0x1),
    "an unsupported compression method": lambda table, good: _patch_headers(good, "key.npy", method=99),
    "a corrupt deflate stream": lambda table, good: _corrupt_deflate(table),
    "a header declaring 2**40 elements": lambda table, good: _huge_header_npz(table),
    "a fourth member": lambda table, good: _npz({"key.npy": b"", "checksum.npy": b"", "values.npy": b"",
                                                "extra.npy": b""}),
    "fortran order": lambda table, good: _npz({
        "key.npy": _npy(np.array(rules_key(SEED_RULES))), "checksum.npy": _npy(np.array("0" * 64)),
        "values.npy": _npy(np.asfortranarray(table.values))}),
    "float64 values": lambda table, good: _npz({
        "key.npy": _npy(np.array(rules_key(SEED_RULES))), "checksum.npy": _npy(np.array("0" * 64)),
        "values.npy": _npy(table.values.astype(np.float64))}),
}


@pytest.mark.parametrize("case", list(HOSTILE))
def test_a_hostile_file_is_refused_solved_again_and_replaced(tmp_path: Path, seed_table: SolvedTable,
                                                             case: str) -> None:
    path = table_path(SEED_RULES, tmp_path)
    path.write_bytes(HOSTILE[case](seed_table, _good_bytes(seed_table, tmp_path)))
    assert read_table(SEED_RULES, path) is None
    solver = CountingSolver(seed_table)
    table = load_table(SEED_RULES, tmp_path, io.StringIO(), solver)
    assert solver.calls == 1 and table is seed_table
    again = read_table(SEED_RULES, path)  # replaced by a good file: the next run reads it
    assert again is not None and np.array_equal(again.values, seed_table.values)
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]


def test_a_small_zip_declaring_a_huge_array_is_refused_in_little_memory(tmp_path: Path) -> None:
    # 64 MB of zeros deflated to some 64 KB, under the values' name
    # (after a key and a checksum that are fine, so that reading gets that far)
    squeeze = zlib.compressobj(9, zlib.DEFLATED, -15)
    header = _npy_header((2, MASKS, 1024))
    chunks = [squeeze.compress(header)]
    block = bytes(1 << 20)
    for _ in range(64):
        chunks.append(squeeze.compress(block))
    chunks.append(squeeze.flush())
    deflated = b"".join(chunks)
    size = len(header) + 64 * len(block)
    crc = zlib.crc32(header)
    for _ in range(64):
        crc = zlib.crc32(block, crc)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("key.npy", _npy(np.array(rules_key(SEED_RULES))))
        archive.writestr("checksum.npy", _npy(np.array("0" * 64)))
        start = buffer.tell()
        buffer.seek(start)
        local = struct.pack("<4s5H3L2H", b"PK\x03\x04", 20, 0, 8, 0, 0, crc, len(deflated), size, 10, 0)
        buffer.write(local + b"values.npy" + deflated)
        info = zipfile.ZipInfo("values.npy")
        info.compress_type, info.CRC, info.header_offset = zipfile.ZIP_DEFLATED, crc, start
        info.compress_size, info.file_size = len(deflated), size
        archive.filelist.append(info)
        archive.NameToInfo[info.filename] = info
        archive.start_dir = buffer.tell()
    path = table_path(SEED_RULES, tmp_path)
    path.write_bytes(buffer.getvalue())
    with zipfile.ZipFile(path) as archive:  # a well-formed zip: its members read back as declared
        assert archive.getinfo("values.npy").file_size == size
    assert path.stat().st_size < 2 * 1024 * 1024
    tracemalloc.start()
    try:
        assert read_table(SEED_RULES, path) is None
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 32 * 1024 * 1024, peak


def test_a_fifo_at_the_cache_path_does_not_block(tmp_path: Path, seed_table: SolvedTable) -> None:
    path = table_path(SEED_RULES, tmp_path)
    os.mkfifo(path)
    results: list[SolvedTable | None] = []
    reader = threading.Thread(target=lambda: results.append(read_table(SEED_RULES, path)), daemon=True)
    reader.start()
    reader.join(10)
    if reader.is_alive():  # blocked in open(): let it go before failing
        with open(path, "wb"):
            pass
        reader.join(10)
        pytest.fail("reading a FIFO at the cache path blocked")
    assert results == [None]


def test_a_link_at_the_cache_path_is_not_followed_and_is_replaced(tmp_path: Path, seed_table: SolvedTable) -> None:
    victim = tmp_path / "victim.npz"
    write_table(seed_table, victim)  # a good table, reached only through the link
    before = victim.read_bytes()
    path = table_path(SEED_RULES, tmp_path / "cache")
    path.parent.mkdir()
    path.symlink_to(victim)
    assert read_table(SEED_RULES, path) is None
    solver = CountingSolver(seed_table)
    load_table(SEED_RULES, path.parent, io.StringIO(), solver)
    assert solver.calls == 1
    assert not path.is_symlink() and path.is_file()
    assert victim.read_bytes() == before


def test_links_planted_at_predictable_temporary_names_are_not_followed(tmp_path: Path,
                                                                        seed_table: SolvedTable) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n", encoding="utf-8")
    folder = tmp_path / "cache"
    folder.mkdir()
    path = table_path(SEED_RULES, folder)
    pid = os.getpid()
    for name in (f".{path.name}.{pid}.tmp", f"{path.name}.tmp", f".{path.name}.tmp"):
        (folder / name).symlink_to(victim)
    planted = sorted(p.name for p in folder.iterdir())
    load_table(SEED_RULES, folder, io.StringIO(), CountingSolver(seed_table))
    assert victim.read_text(encoding="utf-8") == "precious\n"
    assert not path.is_symlink() and read_table(SEED_RULES, path) is not None
    assert sorted(p.name for p in folder.iterdir()) == sorted([*planted, path.name])


def test_a_folder_at_the_cache_path_leaves_no_temporary_file(tmp_path: Path, seed_table: SolvedTable) -> None:
    path = table_path(SEED_RULES, tmp_path)
    path.mkdir()
    table = load_table(SEED_RULES, tmp_path, io.StringIO(), CountingSolver(seed_table))
    assert table is seed_table
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]


def test_an_oversized_file_is_refused_unread(tmp_path: Path, seed_table: SolvedTable) -> None:
    path = table_path(SEED_RULES, tmp_path)
    write_table(seed_table, path)
    with open(path, "ab") as handle:
        handle.truncate(200 * 1024 * 1024)  # sparse: a good table followed by 196 MB of nothing
    tracemalloc.start()
    try:
        assert read_table(SEED_RULES, path) is None
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 1024 * 1024, peak


def test_an_interrupted_solve_ends_its_progress_bar_with_a_newline(tmp_path: Path) -> None:
    def interrupted(rules: YatziRules, progress: Callable[[float], None] | None) -> SolvedTable:
        assert progress is not None
        progress(0.42)
        raise KeyboardInterrupt

    err = io.StringIO()
    with pytest.raises(KeyboardInterrupt):
        load_table(SEED_RULES, tmp_path, err, interrupted)
    assert err.getvalue().endswith(" 42%\n")
    finished = io.StringIO()
    bar = ProgressBar("x", finished)
    bar(1.0)
    bar.finish()
    assert finished.getvalue().count("\n") == 1  # a whole bar keeps its one newline
