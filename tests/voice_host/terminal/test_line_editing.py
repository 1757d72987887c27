"""Typed answers at a real terminal (a pseudo-terminal) get readline's editing keys and history (issue 30)."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]


def _read_until(fd: int, wanted: bytes, seconds: float = 20.0) -> bytes:
    seen, deadline = b"", time.monotonic() + seconds
    while wanted not in seen and time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                seen += os.read(fd, 4096)
            except OSError:
                break
    return seen


@pytest.mark.slow
def test_home_key_and_history_edit_a_typed_answer(tmp_path: Path) -> None:
    leader, follower = pty.openpty()
    env = dict(os.environ, PYTHONPATH=str(REPO), XDG_STATE_HOME=str(tmp_path), TERM="xterm")
    proc = subprocess.Popen([sys.executable, "-m", "voice_host", "play", "--game", "tokio", "--players", "Anna,Bruno",
                             "--tts", "print", "--input", "keyboard", "--no-journal"],
                            stdin=follower, stdout=follower, stderr=follower, env=env, cwd=tmp_path)
    os.close(follower)
    try:
        assert b"Anna> " in _read_until(leader, b"Anna> ")
        os.write(leader, "inquantatré".encode() + b"\x01c\r")  # typed without its first letter, Ctrl-A, the letter
        assert "Cinquantatré. Bruno, ci credi?".encode() in _read_until(leader, b"Bruno> ")
        os.write(leader, b"annulla\r")
        assert b"Anna> " in _read_until(leader, b"Anna> ")
        os.write(leader, b"\x1b[A\x1b[A\r")  # arrow up twice: the first answer again
        assert "Cinquantatré. Bruno, ci credi?".encode() in _read_until(leader, b"Bruno> ")
    finally:
        proc.kill()
        proc.wait()
        os.close(leader)
