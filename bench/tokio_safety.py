"""Benchmark: forte's safety margin at 3+ players, against a table that reads its mind.

    nice -n 10 python bench/tokio_safety.py [--games N] [--cases classico:6,...] [--tables 3,4]

At each table one seat is an :class:`~engine.tokio.opponents.Exploiter` of the computer
(it bluffs exactly where the computer would believe, and answers by honest odds), the
others one simple opponent. Each line: ``forte``'s win rate with its 95 % interval, and
that of ``baseline``: the same seat that never learns (its prior only, the play it moves
away from as evidence comes in). The last line: the worst ratio of each to the fair share,
and how many cells have forte's whole interval under the share.
"""

from __future__ import annotations

import argparse
import random
import time

from engine.tokio.level import Level
from engine.tokio.opponents import SIMPLE, Exploiter
from engine.tokio.rules import preset
from engine.tokio.seat import Seat, forte_strategy
from engine.tokio.table import TablePlayer, play_game
from engine.tokio.table_seat import TableSeat

try:
    from tokio_table import wilson  # run from bench/
except ImportError:  # pragma: no cover - run as a module
    from bench.tokio_table import wilson


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--cases", default="classico:6,lizumo:6")
    parser.add_argument("--tables", default="3,4")
    parser.add_argument("--opponents", default=",".join(SIMPLE))
    parser.add_argument("--seed", type=int, default=29)
    args = parser.parse_args()
    worst = {"forte": 9.0, "baseline": 9.0}
    below = 0
    start = time.perf_counter()
    for case in args.cases.split(","):
        name, sides = case.split(":")
        rules = preset(name, sides=int(sides))
        equilibrium = Seat(forte_strategy(rules))
        for size in (int(n) for n in args.tables.split(",")):
            for opponent in args.opponents.split(","):
                line = f"{name} d{sides} players={size} exploiter+{opponent:14}"
                for which in ("forte", "baseline"):
                    seat = TableSeat(rules, Level.FORTE, equilibrium)
                    if which == "baseline":
                        seat.observe = lambda game, action: None  # type: ignore[method-assign]
                    rng = random.Random(f"{args.seed}/{case}/{size}/{opponent}/{which}")
                    names = ["computer", "exploiter", *(f"{opponent}{i}" for i in range(2, size))]
                    wins = 0
                    for g in range(args.games):
                        players: dict[str, TablePlayer] = {"computer": seat, "exploiter": Exploiter(seat, "computer")}
                        players |= {n: SIMPLE[opponent]() for n in names[2:]}
                        wins += play_game(rules, players, names[g % size], rng, watch="computer").winner == "computer"
                    low, high = wilson(wins, args.games)
                    share = 1 / size
                    worst[which] = min(worst[which], wins / args.games / share)
                    below += which == "forte" and high < share
                    line += f" {which}={100 * wins / args.games:5.1f}% [{100 * low:4.1f},{100 * high:5.1f}]"
                print(line + f" share={100 / size:4.1f}%", flush=True)
    print(
        f"tokio_safety forte_min_share_ratio={worst['forte']:.2f} baseline_min_share_ratio={worst['baseline']:.2f} "
        f"forte_below_share={below} games_per_cell={args.games} seconds={time.perf_counter() - start:.0f}"
    )


if __name__ == "__main__":
    main()
