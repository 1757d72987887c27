"""Drive ``python -m voice_host`` through a stdin pipe and read its lines as they come."""

from __future__ import annotations

import queue
import subprocess
import threading
from pathlib import Path

from command import host_command, host_env

REPO = Path(__file__).resolve().parents[2]


def start_interactive(args: list[str], cwd: Path) -> tuple[subprocess.Popen[str], queue.Queue[str]]:
    """Start ``python -m voice_host ARGS`` with a pipe for stdin; its stdout lines go to a queue."""
    env = host_env()
    proc = subprocess.Popen([*host_command(), *args], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env, cwd=cwd)
    lines: queue.Queue[str] = queue.Queue()

    def pump() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.put(line.rstrip("\n"))

    threading.Thread(target=pump, daemon=True).start()
    return proc, lines


def wait_for(lines: queue.Queue[str], text: str, timeout: float = 30) -> None:
    """Block until a line containing ``text`` is printed (queue.Empty after ``timeout`` s of silence)."""
    while text not in lines.get(timeout=timeout):
        pass
