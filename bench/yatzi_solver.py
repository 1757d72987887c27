"""Benchmark: solve each Yatzi rule set from an empty cache, then time advice from the cached table.

    python bench/yatzi_solver.py [--advice N] [--seed S]

For each rule set ("standard", then "seed"): ``seconds`` is the whole first use
(solve with the progress callback, write the cache file) into an empty temporary
cache folder; ``table_mb`` the size of the cached file; ``ev`` the optimal
expected score at the start of a game; ``advice_ms`` the 95th percentile of one
``Advisor.advise`` call (what a spoken "consiglio" computes) on N random
positions, with the table read back from the cache. Prints one line per rule set,
last. Asserts nothing.
"""

from __future__ import annotations

import argparse
import io
import random
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from engine.yatzi.advice import Advisor
from engine.yatzi.score import BOXES, RULE_SETS, UPPER_BOXES, YatziRules, score
from engine.yatzi.solver import SolvedTable
from voice_host.games.yatzi.table_cache import load_table, table_path


def random_position(rng: random.Random) -> tuple[dict[str, int], tuple[int, ...], int]:
    """A card with 0..12 random boxes filled with plausible points, five dice and the rolls left."""
    filled: dict[str, int] = {}
    for box in rng.sample(BOXES, rng.randrange(len(BOXES))):
        dice = tuple(rng.randint(1, 6) for _ in range(5))
        filled[box] = score(box, dice)
    dice = tuple(rng.randint(1, 6) for _ in range(5))
    return filled, dice, rng.randrange(3)


def bench(name: str, rules: YatziRules, positions: int, seed: int) -> str:
    with tempfile.TemporaryDirectory() as folder:
        cache = Path(folder)
        start = time.perf_counter()
        load_table(rules, cache, io.StringIO())
        seconds = time.perf_counter() - start
        table_mb = table_path(rules, cache).stat().st_size / 2**20
        cached = load_table(rules, cache, io.StringIO(), solver=_never)
    advisor = Advisor(cached)
    rng = random.Random(seed)
    times = []
    for _ in range(positions):
        filled, dice, rolls_left = random_position(rng)
        tick = time.perf_counter()
        advisor.advise(filled, dice, rolls_left)
        times.append(time.perf_counter() - tick)
    advice_ms = float(np.percentile(times, 95)) * 1000
    return (
        f"solver rules={name} ev={cached.start_value:.4f} seconds={seconds:.1f} "
        f"table_mb={table_mb:.1f} advice_ms={advice_ms:.1f}"
    )


def _never(rules: YatziRules, progress: Callable[[float], None] | None) -> SolvedTable:
    raise AssertionError("the table should have been read from the cache")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--advice", type=int, default=300, help="advice calls timed per rule set (default 300)")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    lines = [bench(name, RULE_SETS[name], args.advice, args.seed) for name in ("standard", "seed")]
    print(f"upper boxes {len(UPPER_BOXES)}, boxes {len(BOXES)}; {args.advice} advice calls per rule set")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
