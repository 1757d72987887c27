"""Benchmark: solve the two-player Tokio round of each d6 preset and certify the strategy exactly.

    python bench/tokio_computer.py [--iterations N] [--dice 4|6|8|10]

For each preset (classico, lizumo, milella; milella only on d6): ``value`` is the
round's equilibrium value to its opener, in penalties (expected penalties the other
player takes minus those the opener takes, up to the round's first penalty or, in a
Milella duel, its end); ``gain`` is the exploitability of the solved (``forte``)
strategy: the larger gain, over playing the strategy itself, of an exact best
response in either seat; ``seconds`` the time to read the round off the engine and
solve it. The last line has every preset's value, the largest gain and the total
time. Asserts nothing; the goals are ``max_exploitability <= 0.01`` and
``seconds <= 30``.
"""

from __future__ import annotations

import argparse
import time

from engine.tokio_exploitability import exploitability
from engine.tokio_round import build_round
from engine.tokio_rules import preset
from engine.tokio_solver import ITERATIONS, solve


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=ITERATIONS)
    parser.add_argument("--dice", type=int, default=6, choices=(4, 6, 8, 10))
    args = parser.parse_args()
    names = ["classico", "lizumo"] + (["milella"] if args.dice == 6 else [])
    values: dict[str, float] = {}
    gains: list[float] = []
    total = 0.0
    for name in names:
        start = time.perf_counter()
        strategy = solve(build_round(preset(name, sides=args.dice)), args.iterations)
        seconds = time.perf_counter() - start
        total += seconds
        report = exploitability(strategy)
        values[name] = report.value
        gains.append(report.gain)
        print(
            f"{name} d{args.dice}: value={report.value:.4f} self_play={report.self_play:.4f} "
            f"best_opener={report.best_opener:.4f} best_second={report.best_answerer:.4f} "
            f"gain={report.gain:.5f} seconds={seconds:.1f}"
        )
    figures = " ".join(f"{name}_value={value:.4f}" for name, value in values.items())
    print(f"tokio-computer {figures} max_exploitability={max(gains):.5f} seconds={total:.1f}")


if __name__ == "__main__":
    main()
