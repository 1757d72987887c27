"""Benchmark: the hostile inputs of issue 9 through the real command line, time and peak memory side by side.

    python bench/hostile_inputs.py

Each case runs ``python -m voice_host`` in a subprocess and measures its wall
time and peak resident memory (``wait4``). The first row is a plain bad-option
refusal: the cost of starting the interpreter, which every row includes. The
last row is the largest journal the host accepts (just under 4 MB of real
records), read, checked and replayed. This prints figures and asserts nothing.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import IO, Any

REPO = Path(__file__).resolve().parents[1]
TOKIO = ["play", "--game", "tokio", "--players", "Anna,Bruno", "--tts", "none"]
CONFIG = {"rules": "classico", "dice": 6, "limit": None, "players": ["Anna", "Bruno"], "first": None}


def _canonical(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def _chained(records: list[dict[str, Any]]) -> str:
    out, previous = [], ""
    for record in records:
        previous = hashlib.sha256((previous + "\n" + _canonical(record)).encode()).hexdigest()
        out.append(_canonical({**record, "sum": previous}) + "\n")
    return "".join(out)


def _header() -> dict[str, Any]:
    return {"journal": "voice-host journal", "version": 2, "game": "tokio", "config": CONFIG}


def run(args: list[str], folder: Path, stdin: IO[bytes] | None = None) -> tuple[int, int, float, float]:
    """Exit code, stderr lines, seconds and peak MB of ``voice-host ARGS``."""
    env = dict(os.environ, PYTHONPATH=str(REPO), XDG_STATE_HOME=str(folder / "state"))
    with open(folder / ".err", "wb") as err:
        started = time.monotonic()
        proc = subprocess.Popen([sys.executable, "-m", "voice_host", *args], cwd=folder, env=env,
                                stdin=stdin if stdin is not None else subprocess.DEVNULL,
                                stdout=subprocess.DEVNULL, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
        seconds = time.monotonic() - started
    stderr = (folder / ".err").read_text("utf-8", errors="replace")
    lines = -1 if "Traceback" in stderr else len(stderr.strip().splitlines())
    return os.waitstatus_to_exitcode(status), lines, seconds, usage.ru_maxrss / 1024


def cases(folder: Path) -> list[tuple[str, list[str], str | None]]:
    """(name, arguments, stdin file) of every hostile case."""
    fifo = folder / "fifo"
    os.mkfifo(fifo)
    big = folder / "big.jsonl"
    with open(big, "wb") as handle:
        handle.write(_chained([_header()]).encode())
        handle.truncate(200 * 1024 * 1024)
    big_script = folder / "big.txt"
    with open(big_script, "wb") as handle:
        handle.write(b"dubito\n")
        handle.truncate(200 * 1024 * 1024)
    long_line = folder / "long.jsonl"
    with open(long_line, "wb") as handle:
        handle.write(_chained([_header()]).encode() + b"9" * (3 * 1024 * 1024) + b"\n")
    head = _chained([_header()])
    raw = {
        "digits.jsonl": head + '{"do":{"dice":[' + "9" * 5000 + ',1],"type":"claim"},"sum":"0"}\n',
        "nested.jsonl": head + "[" * 100_000 + "]" * 100_000 + "\n",
        "seed.jsonl": '{"config":{"players":["Anna"],"seed":1e400,"virtual":true},"game":"yatzi",'
                      '"journal":"voice-host journal","sum":"0","version":2}\n',
        "edited.jsonl": _chained([_header(), {"do": {"type": "claim", "dice": [5, 3]}}, {"do": {"type": "doubt"}},
                                  {"do": {"type": "reveal", "dice": [5, 2]}}]).replace("[5,2]", "[5,3]"),
        "booleans.jsonl": _chained([_header(), {"do": {"type": "claim", "dice": [True, 1]}}]),
    }
    for name, text in raw.items():
        (folder / name).write_text(text, encoding="utf-8")
    (folder / "bad.txt").write_bytes(b"cinquantatr\xc3\xa9\n\xff\xfe\n")
    resume = ["play", "--tts", "none", "--resume"]
    return [
        ("start-up only (bad option)", ["play", "--game", "tokio", "--players", "Anna", "--tts", "none"], None),
        ("--resume /dev/zero", [*resume, "/dev/zero"], None),
        ("--input script:/dev/zero", [*TOKIO, "--input", "script:/dev/zero"], None),
        ("keyboard < /dev/zero", [*TOKIO, "--input", "keyboard", "--no-journal"], "/dev/zero"),
        ("--resume FIFO", [*resume, str(fifo)], None),
        ("--input script:FIFO", [*TOKIO, "--input", f"script:{fifo}"], None),
        ("--resume 200 MB journal", [*resume, str(big)], None),
        ("--input script:200 MB", [*TOKIO, "--input", f"script:{big_script}"], None),
        ("--resume folder", [*resume, str(folder)], None),
        ("journal line of 3 MB", [*resume, str(long_line)], None),
        ("journal int of 5000 digits", [*resume, str(folder / "digits.jsonl")], None),
        ("journal nested 100000 deep", [*resume, str(folder / "nested.jsonl")], None),
        ('yatzi header "seed": 1e400', [*resume, str(folder / "seed.jsonl")], None),
        ("journal with an edited reveal", [*resume, str(folder / "edited.jsonl")], None),
        ('journal "dice":[true,1]', [*resume, str(folder / "booleans.jsonl")], None),
        ("script with invalid UTF-8", [*TOKIO, "--input", f"script:{folder / 'bad.txt'}"], None),
    ]


def largest_journal(folder: Path) -> tuple[Path, int]:
    """A real-looking journal just under the 4 MB limit: claims and undos, chained, written as a stream.

    (Streamed so that this process stays small: a child's peak memory as
    ``wait4`` reports it includes what it inherited at fork.)
    """
    path = folder / "largest.jsonl"
    previous, count = "", 0
    with open(path, "w", encoding="utf-8") as handle:
        record: dict[str, Any] = _header()
        while True:
            previous = hashlib.sha256((previous + "\n" + _canonical(record)).encode()).hexdigest()
            line = _canonical({**record, "sum": previous}) + "\n"
            if handle.tell() + len(line) > 4 * 1024 * 1024:
                break
            handle.write(line)
            count += 1
            record = {"do": {"type": "claim", "dice": [5, 3]}} if count % 2 else {"undo": True}
    return path, count


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="vh-hostile-") as name:
        folder = Path(name)
        print(f"{'case':<32} {'exit':>4} {'lines':>5} {'seconds':>8} {'peak MB':>8}")
        refused, slowest, peak, baseline = 0, 0.0, 0.0, 0.0
        tried = cases(folder)
        for number, (label, args, stdin_path) in enumerate(tried):
            stdin = open(stdin_path, "rb") if stdin_path else None
            try:
                code, lines, seconds, megabytes = run(args, folder, stdin)
            finally:
                if stdin is not None:
                    stdin.close()
            print(f"{label:<32} {code:>4} {lines:>5} {seconds:>8.3f} {megabytes:>8.1f}")
            if number == 0:
                baseline = seconds
                continue
            refused += code == 2 and lines == 1
            slowest, peak = max(slowest, seconds), max(peak, megabytes)
        journal, records = largest_journal(folder)
        empty = folder / "empty.txt"
        empty.write_bytes(b"")
        code, lines, big_seconds, big_mb = run(["play", "--resume", str(journal), "--input", f"script:{empty}",
                                                "--tts", "none"], folder)
        size = journal.stat().st_size / (1024 * 1024)
        print(f"{'largest accepted journal':<32} {code:>4} {lines:>5} {big_seconds:>8.3f} {big_mb:>8.1f}")
        print(f"hostile inputs: {refused}/{len(tried) - 1} refused with one line and exit 2; slowest {slowest:.2f} s"
              f" (start-up alone {baseline:.2f} s), peak {peak:.0f} MB; largest accepted journal {size:.1f} MB"
              f" ({records} records): {big_seconds:.2f} s, {big_mb:.0f} MB")


if __name__ == "__main__":
    main()
