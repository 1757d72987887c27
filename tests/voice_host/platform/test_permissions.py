"""Owner-only modes on Unix, nothing on Windows (the system faked through ``system=``)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from voice_host.platform.permissions import keep_private, set_file_mode


def _mode(path: Path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


@pytest.mark.parametrize(("system", "expected"), [("linux", 0o600), ("darwin", 0o600), ("win32", 0o644)])
def test_set_file_mode_where_the_system_has_modes(system: str, expected: int, tmp_path: Path) -> None:
    path = tmp_path / "f"
    path.write_bytes(b"")
    os.chmod(path, 0o644)
    fd = os.open(path, os.O_RDONLY)
    try:
        set_file_mode(fd, 0o600, system)
    finally:
        os.close(fd)
    assert _mode(path) == expected


@pytest.mark.parametrize(("system", "expected"), [("linux", 0o700), ("darwin", 0o700), ("win32", 0o755)])
def test_keep_private_closes_our_folder(system: str, expected: int, tmp_path: Path) -> None:
    folder = tmp_path / "state"
    folder.mkdir()
    os.chmod(folder, 0o755)
    keep_private(str(folder), system)
    assert _mode(folder) == expected


def test_keep_private_leaves_someone_elses_folder_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "shared"
    folder.mkdir()
    os.chmod(folder, 0o755)
    owner = os.stat(folder).st_uid
    monkeypatch.setattr(os, "getuid", lambda: owner + 1)  # as if another user ran the host
    keep_private(str(folder), "linux")
    assert _mode(folder) == 0o755
