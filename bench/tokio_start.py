"""Benchmark: how long a Tokio game with a computer seat takes to start, the first time and the next.

    python bench/tokio_start.py [--rules classico|lizumo|milella] [--dice 4|6|8|10] [--runs N]

Each start is a fresh ``python`` that imports the host and makes the game's dialog
from a configuration with one human and one ``forte`` computer seat, as ``play``
does before the first question (the seat's strategy is ready then). ``first``
starts with an empty cache folder (``XDG_CACHE_HOME``), ``second`` with the folder
the first start left. Prints the median wall seconds of N runs of each, last line.
Asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
START = (
    "import sys; from voice_host.games.registry import game_entry; "
    "game_entry('tokio').make_dialog({'rules': sys.argv[1], 'dice': int(sys.argv[2]), 'players': ['Anna'], "
    "'computers': ['Computer'], 'level': 'forte', 'seed': 1})"
)


def one_start(rules: str, dice: int, cache: Path) -> float:
    """Wall seconds of one fresh process making the dialog, with ``cache`` as its cache folder."""
    env = dict(os.environ, PYTHONPATH=str(REPO), XDG_CACHE_HOME=str(cache))
    started = time.monotonic()
    subprocess.run([sys.executable, "-c", START, rules, str(dice)], env=env, check=True, cwd=REPO)
    return time.monotonic() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="classico", choices=("classico", "lizumo", "milella"))
    parser.add_argument("--dice", type=int, default=10, choices=(4, 6, 8, 10))
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    first, second = [], []
    for _ in range(args.runs):
        with tempfile.TemporaryDirectory(prefix="vh-tokio-start-") as name:
            first.append(one_start(args.rules, args.dice, Path(name)))
            second.append(one_start(args.rules, args.dice, Path(name)))
    print(f"tokio-start rules={args.rules} dice={args.dice} runs={args.runs} "
          f"first_s={statistics.median(first):.2f} second_s={statistics.median(second):.2f}")


if __name__ == "__main__":
    main()
