"""A real game with ``--board``, played line by line through stdin, its spoken lines timestamped as they come."""

from __future__ import annotations

import os
import queue
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


class BoardGame:
    """``python -m voice_host play ... --input keyboard --tts print --board 0``; ``url`` is the board's address."""

    def __init__(self, options: list[str], cwd: Path, *, repo: Path = REPO) -> None:
        """Start the game; ``repo`` is the source tree it runs (another commit's, for a before-and-after)."""
        env = dict(os.environ, PYTHONPATH=str(repo), XDG_STATE_HOME=str(cwd / "state"))
        self._start([sys.executable, "-m", "voice_host", "play", *options, "--input", "keyboard", "--tts", "print",
                     "--no-journal", "--board", "0"], env, cwd, first_line_s=30)

    def _start(self, argv: list[str], env: dict[str, str], cwd: Path, *, first_line_s: float) -> None:
        """Run ``argv`` (a command with ``--board 0``), pump its output, and read the board's address from stderr."""
        self.proc = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=cwd,
        )
        self.errors: list[str] = []
        self.lines: queue.Queue[tuple[float, str]] = queue.Queue()
        self.said: list[tuple[float, str]] = []
        errors: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()

        def pump_errors() -> None:
            assert self.proc.stderr is not None
            for line in self.proc.stderr:
                errors.put(line)
                self.errors.append(line)

        threading.Thread(target=pump_errors, daemon=True).start()
        first = errors.get(timeout=first_line_s)
        found = re.search(r"http://\S+", first)
        assert found, first
        self.url = found.group(0)

    def _pump(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put((time.monotonic(), line.rstrip("\n")))

    def say(self, line: str) -> None:
        """Type one line, as a player at the keyboard would."""
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def wait_for(self, text: str, timeout: float = 30) -> float:
        """When (``time.monotonic``) the host printed a line containing ``text``."""
        deadline = time.monotonic() + timeout
        while True:
            at, line = self.lines.get(timeout=max(0.01, deadline - time.monotonic()))
            self.said.append((at, line))
            if text in line:
                return at

    def close(self) -> int:
        """End the input (the game stops there) and wait for the host to exit."""
        if self.proc.stdin is not None and not self.proc.stdin.closed:
            self.proc.stdin.close()
        try:
            return self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return self.proc.wait()
