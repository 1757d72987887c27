"""What a host start imports: what the game asked for, not every part the host has.

The host starts once per game, on a laptop that may be old, and the end-to-end tests
start it hundreds of times. numpy (the computer seats', the echo canceller's) cost a
third of a second of CPU at every start here, its BLAS threads included, and asyncio
(the board's server) another few hundredths: a keyboard game of Tokio without a
computer seat or a board imports neither. The import list is CPython's own
(``PYTHONPROFILEIMPORTTIME``), read from the real command.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from command import host_command, host_env

TOKIO = ("play", "--game", "tokio", "--players", "Anna,Bruno", "--tts", "none", "--no-journal")


def imported(args: tuple[str, ...], tmp_path: Path) -> set[str]:
    """The modules a host started with ``args`` imported, from one claim to the end of its input."""
    script = tmp_path / "answers.txt"
    script.write_text("cinquantatré\n", encoding="utf-8")
    proc = subprocess.run([*host_command(), *args, "--input", f"script:{script}"], capture_output=True, text=True,
                          timeout=60, cwd=tmp_path, env=host_env(PYTHONPROFILEIMPORTTIME="1"))
    assert "Anna, tira e dichiara." in proc.stdout, proc.stderr[-2000:]
    return {line.rsplit("|", 1)[1].strip() for line in proc.stderr.splitlines() if line.startswith("import time:")}


def test_a_keyboard_game_without_a_computer_seat_or_a_board_imports_neither_numpy_nor_asyncio(tmp_path: Path) -> None:
    modules = imported(TOKIO, tmp_path)
    assert "voice_host.games.tokio.dialog" in modules  # the game was made: the list is the whole start's
    assert "numpy" not in modules
    assert "asyncio" not in modules


def test_a_computer_seat_brings_numpy_in(tmp_path: Path) -> None:
    assert "numpy" in imported((*TOKIO, "--computer", "Hal"), tmp_path)
