"""Benchmark: Ctrl-C (SIGINT) in the interpreter's first milliseconds, before voice-host's code runs.

    python bench/early_sigint.py [--trials N] [--max-ms M] [--seed S] [--command console|module]

Starts the installed console script (``.venv/bin/voice-host``, as a user types it)
or ``python -m voice_host`` with a game that waits for typed input, sends SIGINT
after a random delay of 0 to M milliseconds, and sorts what each run left:

- quiet: ended by the signal or exit 130, nothing on stderr but an empty line;
- traceback: a ``KeyboardInterrupt`` traceback on stderr;
- fatal: ``Fatal Python error`` (the interpreter's own start, e.g. ``init_import_site``);
- other: anything else (the exit code and stderr are printed).

The last line gives the counts and, for each kind, the range of delays where it happened.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
GAME = ["play", "--game", "tokio", "--players", "Anna,Bruno", "--input", "keyboard", "--tts", "none",
        "--no-journal"]


def kind_of(code: int, err: str) -> str:
    """What one run left: quiet, traceback, fatal or other."""
    if "Fatal Python error" in err:
        return "fatal"
    if "Traceback" in err:
        return "traceback"
    if code in (-signal.SIGINT, 130) and err.strip() == "":
        return "quiet"
    return "other"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=300)
    parser.add_argument("--max-ms", type=float, default=40.0)
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--command", choices=["console", "module"], default="console")
    args = parser.parse_args()
    command = [str(REPO / ".venv" / "bin" / "voice-host")] if args.command == "console" else \
        [sys.executable, "-m", "voice_host"]
    rng = random.Random(args.seed)
    seen: dict[str, list[float]] = {"quiet": [], "traceback": [], "fatal": [], "other": []}
    with tempfile.TemporaryDirectory(prefix="vh-sigint-") as folder:
        env = dict(os.environ, XDG_STATE_HOME=folder, PYTHONPATH=str(REPO))
        for _ in range(args.trials):
            delay = rng.uniform(0, args.max_ms) / 1000
            proc = subprocess.Popen([*command, *GAME], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                    stderr=subprocess.PIPE, cwd=folder, env=env)
            time.sleep(delay)
            proc.send_signal(signal.SIGINT)
            try:
                _, err_bytes = proc.communicate(timeout=30)
            except subprocess.TimeoutExpired:  # the signal was lost: the host waits for input
                proc.kill()
                _, err_bytes = proc.communicate()
            err = err_bytes.decode("utf-8", errors="replace")
            kind = kind_of(proc.returncode, err)
            seen[kind].append(delay * 1000)
            if kind == "other":
                print(f"{delay * 1000:.1f} ms: exit {proc.returncode}: {err.strip()[-200:]!r}")
    ranges = ", ".join(f"{kind} {len(delays)}" + (f" ({min(delays):.1f}-{max(delays):.1f} ms)" if delays else "")
                       for kind, delays in seen.items())
    print(f"SIGINT at 0-{args.max_ms:.0f} ms, {args.trials} trials of {args.command}: {ranges}")


if __name__ == "__main__":
    main()
