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
from hostile_arrays import HOSTILE, npy, npy_header

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


@pytest.mark.slow  # 64 MB inflated to be refused: the full tier
def test_a_small_zip_declaring_a_huge_array_is_refused_in_little_memory(tmp_path: Path) -> None:
    # 64 MB of zeros deflated to some 64 KB, under the values' name
    # (after a key and a checksum that are fine, so that reading gets that far)
    squeeze = zlib.compressobj(9, zlib.DEFLATED, -15)
    header = npy_header((2, MASKS, 1024))
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
        archive.writestr("key.npy", npy(np.array(rules_key(SEED_RULES))))
        archive.writestr("checksum.npy", npy(np.array("0" * 64)))
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

    err = _Terminal()
    with pytest.raises(KeyboardInterrupt):
        load_table(SEED_RULES, tmp_path, err, interrupted)
    assert err.getvalue().endswith(" 42%\n")
    finished = _Terminal()
    bar = ProgressBar("x", finished)
    bar(1.0)
    bar.finish()
    assert finished.getvalue().count("\n") == 1  # a whole bar keeps its one newline


class _Terminal(io.StringIO):
    """A text stream that says it is a terminal (the bar redraws itself there)."""

    def isatty(self) -> bool:
        return True


def test_the_progress_bar_writes_one_line_and_no_carriage_return_off_a_terminal() -> None:
    log = io.StringIO()  # standard error redirected to a file or a pipe
    bar = ProgressBar("calcolo", log)
    for step in range(101):
        bar(step / 100)
    bar.finish()
    assert log.getvalue() == "calcolo [" + "#" * 30 + "] 100%\n"
