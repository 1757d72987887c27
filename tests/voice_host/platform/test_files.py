"""Open flags, blocking mode and appending on each system (Windows' branch runs on Linux where it can)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from voice_host.platform.files import open_flags, set_append, set_blocking

O_BINARY = 0x8000  # Windows' value (fcntl.h of the C runtime)


def test_unix_opens_without_waiting_and_without_leaking_to_children() -> None:
    assert open_flags("linux") == os.O_NONBLOCK | os.O_CLOEXEC


def test_windows_opens_in_binary_mode(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "O_BINARY", O_BINARY, raising=False)
    assert open_flags("win32") == O_BINARY


def test_unix_set_blocking_makes_a_non_blocking_descriptor_block_again() -> None:
    read_end, write_end = os.pipe()
    try:
        os.set_blocking(read_end, False)
        set_blocking(read_end, "linux")
        assert os.get_blocking(read_end)
    finally:
        os.close(read_end)
        os.close(write_end)


def test_windows_set_blocking_leaves_the_descriptor_alone() -> None:
    read_end, write_end = os.pipe()
    try:
        os.set_blocking(read_end, False)
        set_blocking(read_end, "win32")
        assert not os.get_blocking(read_end)
    finally:
        os.close(read_end)
        os.close(write_end)


@pytest.mark.parametrize("system", ["linux", "win32"])
def test_after_set_append_writes_go_to_the_end_even_after_a_truncation(
    system: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(os, "O_BINARY", 0, raising=False)  # Windows' text/binary switch means nothing here
    path = tmp_path / "j"
    fd = os.open(path, os.O_RDWR | os.O_CREAT)
    try:
        os.write(fd, b"abc")
        set_append(fd, str(path), system)
        os.lseek(fd, 0, os.SEEK_SET)
        os.write(fd, b"d")
        os.ftruncate(fd, 2)  # what the journal does to cut a failed write back
        os.write(fd, b"e")
    finally:
        os.close(fd)
    assert path.read_bytes() == b"abe"
