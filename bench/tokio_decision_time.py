"""Benchmark: how long one decision of the Tokio computer seat takes, per preset, dice and table size.

    nice -n 10 python bench/tokio_decision_time.py [--games N] [--cases classico:6,...] [--tables 2,3,4]

Plays whole games of one seat of each level among honest-odds players and bluff-happy
players (alternately), and times every ``claim`` and ``answer`` of the seat (wall clock,
after the two-player strategy is ready: its first solve is ``bench/tokio_start.py``'s
figure). Each line: a preset, dice, table size and level with p50, p95 and max in
milliseconds; the last line the same over everything (the goal: every decision
within 50 ms).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from engine.rolls import Roll
from engine.tokio.actions import Action
from engine.tokio.game import TokioGame
from engine.tokio.level import Level
from engine.tokio.opponents import bluff_happy, honest_odds
from engine.tokio.rules import preset
from engine.tokio.seat import Seat, forte_strategy
from engine.tokio.table import TablePlayer, play_game
from engine.tokio.table_seat import TableSeat

CASES = "classico:6,classico:10,lizumo:6,lizumo:10,milella:6"


class Timed:
    """A table player whose every decision is timed."""

    def __init__(self, seat: TableSeat, times: list[float]) -> None:
        self.seat = seat
        self.times = times

    def _timed(self, decide: Callable[..., Any], *args: Any) -> Any:
        started = time.perf_counter()
        result = decide(*args)
        self.times.append(time.perf_counter() - started)
        return result

    def claim(self, game: TokioGame, own: Roll, rng: random.Random) -> Roll:
        """The seat's claim, timed."""
        return self._timed(self.seat.claim, game, own, rng)  # type: ignore[no-any-return]

    def answer(self, game: TokioGame, to_beat: Roll | None, rng: random.Random) -> Action:
        """The seat's answer, timed."""
        return self._timed(self.seat.answer, game, to_beat, rng)  # type: ignore[no-any-return]

    def observe(self, game: TokioGame, action: Action) -> None:
        """What the seat learns from every action (not a decision: not timed)."""
        self.seat.observe(game, action)


def percentiles(times: list[float]) -> str:
    """p50, p95 and max in milliseconds."""
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return f"p50={1000 * statistics.median(ordered):.2f}ms p95={1000 * p95:.2f}ms max={1000 * ordered[-1]:.2f}ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--cases", default=CASES)
    parser.add_argument("--tables", default="2,3,4")
    args = parser.parse_args()
    everything: list[float] = []
    for case in args.cases.split(","):
        name, sides = case.split(":")
        rules = preset(name, sides=int(sides))
        equilibrium = Seat(forte_strategy(rules))
        for size in (int(n) for n in args.tables.split(",")):
            for level in Level:
                times: list[float] = []
                seat = Timed(TableSeat(rules, level, equilibrium if level is Level.FORTE else None), times)
                rng = random.Random(f"{case}/{size}/{level.value}")
                for g in range(args.games):
                    others = honest_odds if g % 2 == 0 else bluff_happy
                    players: dict[str, TablePlayer] = {"computer": seat}
                    players |= {f"p{i}": others() for i in range(1, size)}
                    play_game(rules, players, list(players)[g % size], rng, watch="computer")
                everything += times
                print(f"{name} d{sides} players={size} {level.value:6} decisions={len(times)} {percentiles(times)}")
    print(f"tokio_decision_time decisions={len(everything)} {percentiles(everything)}")


if __name__ == "__main__":
    main()
