"""The exclusive file lock: real flock on this Linux machine, msvcrt.locking faked for Windows."""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest

from voice_host.platform.file_lock import WINDOWS_LOCK_OFFSET, lock


def test_unix_a_second_open_file_cannot_take_the_lock_until_the_first_is_closed(tmp_path: Path) -> None:
    path = tmp_path / "j"
    path.write_bytes(b"data")
    first = os.open(path, os.O_RDWR)
    second = os.open(path, os.O_RDWR)
    try:
        lock(first, "linux")
        with pytest.raises(BlockingIOError):
            lock(second, "linux")
        os.close(first)
        first = -1
        lock(second, "linux")  # closing releases the lock
    finally:
        for fd in (first, second):
            if fd >= 0:
                os.close(fd)


class FakeMsvcrt:
    """msvcrt.locking as Windows documents it: from the current position, fails when another holds the bytes."""

    LK_NBLCK = 2

    def __init__(self, held_by_other: bool) -> None:
        self.held_by_other = held_by_other
        self.calls: list[tuple[int, int, int, int]] = []

    def locking(self, fd: int, mode: int, nbytes: int) -> None:
        self.calls.append((fd, mode, nbytes, os.lseek(fd, 0, os.SEEK_CUR)))
        if self.held_by_other:
            raise PermissionError(errno.EACCES, "Permission denied")


@pytest.fixture
def journal_fd(tmp_path: Path) -> Iterator[int]:
    fd = os.open(tmp_path / "j", os.O_RDWR | os.O_CREAT)
    os.write(fd, b"header\n")
    yield fd
    os.close(fd)


def test_windows_locks_one_byte_beyond_the_data_without_moving_the_file_position(
    journal_fd: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = FakeMsvcrt(held_by_other=False)
    monkeypatch.setitem(sys.modules, "msvcrt", SimpleNamespace(locking=fake.locking, LK_NBLCK=fake.LK_NBLCK))
    lock(journal_fd, "win32")
    assert fake.calls == [(journal_fd, FakeMsvcrt.LK_NBLCK, 1, WINDOWS_LOCK_OFFSET)]
    assert os.lseek(journal_fd, 0, os.SEEK_CUR) == len(b"header\n")
    assert WINDOWS_LOCK_OFFSET > 4 * 1024 * 1024  # beyond the largest journal the host reads


def test_windows_lock_held_by_another_process_is_a_blocking_io_error(
    journal_fd: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = FakeMsvcrt(held_by_other=True)
    monkeypatch.setitem(sys.modules, "msvcrt", SimpleNamespace(locking=fake.locking, LK_NBLCK=fake.LK_NBLCK))
    with pytest.raises(BlockingIOError):
        lock(journal_fd, "win32")
    assert os.lseek(journal_fd, 0, os.SEEK_CUR) == len(b"header\n")
