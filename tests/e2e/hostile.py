"""Run the real command line with raw bytes or files as stdin, any environment, and its peak memory."""

from __future__ import annotations

import contextlib
import os
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from command import host_command, host_env

REPO = Path(__file__).resolve().parents[2]


@dataclass
class Result:
    """Exit code, output, wall time (s) and peak memory (MB) of one run."""

    code: int
    stdout: str
    stderr: str
    seconds: float
    peak_mb: float

    def one_error_line(self) -> str:
        """The only stderr line; fails when there is a traceback or more than one line."""
        lines = self.stderr.strip().splitlines()
        assert "Traceback" not in self.stderr, self.stderr
        assert len(lines) == 1, self.stderr
        return lines[0]


def run_cli(
    args: list[str], cwd: Path, stdin: bytes | IO[bytes] | None = None, env: dict[str, str] | None = None,
    timeout: float = 60,
) -> Result:
    """``python -m voice_host ARGS`` with ``stdin`` (bytes, or an open file), measured with wait4."""
    environment = host_env(XDG_STATE_HOME=str(cwd / "state"))
    environment.update(env or {})
    out_path, err_path = cwd / ".stdout", cwd / ".stderr"
    with open(out_path, "wb") as out, open(err_path, "wb") as err:
        stdin_arg: int | IO[bytes] = subprocess.DEVNULL if stdin is None else subprocess.PIPE
        if stdin is not None and not isinstance(stdin, bytes):
            stdin_arg = stdin
        started = time.monotonic()
        proc = subprocess.Popen([*host_command(), *args], stdin=stdin_arg, stdout=out,
                                stderr=err, cwd=cwd, env=environment)
        if isinstance(stdin, bytes):
            assert proc.stdin is not None
            try:
                proc.stdin.write(stdin)
                proc.stdin.close()
            except BrokenPipeError:
                pass
        deadline = started + timeout
        peak_kb = 0
        while True:
            peak_kb = max(peak_kb, _high_water_kb(proc.pid))
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() > deadline:
                proc.kill()
                raise TimeoutError(f"voice-host {' '.join(args)} still running after {timeout} s")
            time.sleep(0.01)
        seconds = time.monotonic() - started
        proc.returncode = os.waitstatus_to_exitcode(status)
    # wait4's ru_maxrss also counts the pages a fork shares with this (large) test process before
    # the child execs: the program's own peak is its VmHWM, which exec starts afresh
    peak_kb = max(peak_kb, _high_water_kb(proc.pid)) or usage.ru_maxrss
    return Result(proc.returncode, out_path.read_text("utf-8", errors="replace"),
                  err_path.read_text("utf-8", errors="replace"), seconds, peak_kb / 1024)


def _high_water_kb(pid: int) -> int:
    """The process's peak resident memory so far (VmHWM, kB), 0 when it cannot be read (gone, or not Linux)."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return 0


@contextlib.contextmanager
def small_tmpfs(folder: Path, size: str = "256k") -> Iterator[Path]:
    """A fresh tmpfs of ``size`` mounted on ``folder`` (root only)."""
    folder.mkdir(parents=True, exist_ok=True)
    subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)], check=True)
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


def fill(folder: Path) -> Path:
    """Write a file in ``folder`` until the file system is full; return it (delete it to free the space)."""
    path = folder / "filler"
    fd = os.open(path, os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        block = b"x" * 4096
        while True:
            try:
                os.write(fd, block)
            except OSError:
                break
        while True:  # the last partial page
            try:
                if os.write(fd, b"x") == 0:
                    break
            except OSError:
                break
    finally:
        os.close(fd)
    return path
