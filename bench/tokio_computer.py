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

Before it, for each d6 preset: each level's exact expected result against
``forte`` (penalties per round that ``forte`` takes minus those the level takes,
averaged over who opens), and three-player self-play through the engine
(``--rounds`` rounds): the share of all penalties a ``forte`` seat takes beside two
beginner seats, and a beginner beside two ``forte`` seats (an even share is 33.3 %).
"""

from __future__ import annotations

import argparse
import random
import time
from dataclasses import replace

from engine.tokio.exploitability import exploitability, head_to_head
from engine.tokio.game import TokioGame
from engine.tokio.level import Level
from engine.tokio.round import build_round
from engine.tokio.rules import TokioRules, preset
from engine.tokio.seat import Seat, beginner_strategy, level_strategy
from engine.tokio.simulation import play_round
from engine.tokio.solver import ITERATIONS, TokioStrategy, solve


def level_results(forte: TokioStrategy) -> str:
    """Each level's exact result against ``forte``, averaged over who opens."""
    results = []
    for level in Level:
        other = level_strategy(forte, level)
        results.append(f"{level.value}={0.5 * (head_to_head(other, forte) - head_to_head(forte, other)):+.3f}")
    return " ".join(results)


def penalty_share(rules: TokioRules, first: Seat, others: Seat, rounds: int, seed: int) -> float:
    """The share of all penalties the first of three seats takes over ``rounds`` rounds of one long game."""
    game = TokioGame(replace(rules, limit=1_000_000), ["first", "second", "third"])
    seats = {"first": first, "second": others, "third": others}
    rng = random.Random(seed)
    taken = dict.fromkeys(seats, 0)
    for _ in range(rounds):
        charged = play_round(game, seats, rng)
        if charged is not None:
            taken[charged.player] += charged.amount
    return taken["first"] / max(1, sum(taken.values()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=ITERATIONS)
    parser.add_argument("--dice", type=int, default=6, choices=(4, 6, 8, 10))
    parser.add_argument("--rounds", type=int, default=20_000)
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
        forte = strategy
        strong, weak = Seat(forte), Seat(beginner_strategy(forte.tree))
        print(f"{name} d{args.dice}: levels against forte (penalties per round): {level_results(forte)}")
        rules = preset(name, sides=args.dice)
        among_beginners = 100 * penalty_share(rules, strong, weak, args.rounds, 1)
        among_fortes = 100 * penalty_share(rules, weak, strong, args.rounds, 2)
        print(
            f"{name} d{args.dice}: three players, share of penalties: forte beside two beginners "
            f"{among_beginners:.1f}%, a beginner beside two forte {among_fortes:.1f}%"
        )
    figures = " ".join(f"{name}_value={value:.4f}" for name, value in values.items())
    print(f"tokio-computer {figures} max_exploitability={max(gains):.5f} seconds={total:.1f}")


if __name__ == "__main__":
    main()
