"""Benchmark: SIGKILL a history import at random instants; each time the next start must give a clean rebuild's figures.

    python bench/kill_history.py [--kills 200] [--copies 70] [--seed 32]

``--copies`` copies of the hand-worked set of six journals (420 by default: enough for the
catch-up to replay them in worker processes) are imported by a child process that is
killed with SIGKILL, with its worker processes, at a random instant of the import (one
trial in five kills twice, the second import starting from what the first left). After
every kill the database must open intact, and the next start's catch-up must give exactly
the statistics, games and seen-marks of a clean import. The last line:
``kills=... trials=... landed=... mismatches=... damaged=... import_s=...``.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "voice_host")]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--kills", type=int, default=200)
    parser.add_argument("--copies", type=int, default=70)
    parser.add_argument("--seed", type=int, default=32)
    args = parser.parse_args()
    from history_kills import database_opens, figures, kill_during_import, remove_history, timed_import, write_journals

    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory(prefix="vh-kill-history-") as temporary:
        os.environ["XDG_CACHE_HOME"] = str(Path(temporary) / "cache")
        folder = Path(temporary) / "journals"
        write_journals(folder, args.copies)
        took = timed_import(folder)
        clean = figures(folder)
        landed = mismatches = damaged = 0
        kills = trials = 0
        while kills < args.kills:
            remove_history(folder)
            for _ in range(2 if rng.random() < 0.2 else 1):  # twice: the second import starts from the first's ruins
                landed += kill_during_import(folder, rng.uniform(0, took))
                damaged += not database_opens(folder)
                kills += 1
            mismatches += figures(folder) != clean
            trials += 1
            if trials % 20 == 0:
                print(f"{kills} kills, {landed} inside an import, {mismatches} mismatches", flush=True)
        print(f"kills={kills} trials={trials} landed={landed} mismatches={mismatches} damaged={damaged}"
              f" import_s={took:.2f}"
              f" journals={len(clean['games']['games'])}")


if __name__ == "__main__":
    main()
