"""Benchmark: the Tokio computer seat's win rate at tables of simple opponents, per preset, dice, size and level.

    nice -n 10 python bench/tokio_table.py [--games N] [--cases classico:6,lizumo:10,...]
        [--tables 2,3,4] [--levels facile,medio,forte] [--opponents name,...] [--seed S]

One computer seat of the level sits at a table whose other seats all play one simple
opponent of :mod:`engine.tokio.opponents` (written apart from the seat); every game
is played whole through the engine, the opener turning round the table game by game.
Each line: the seat's win rate with its 95 % Wilson interval, its fair share (1 / table
size), and its gift penalties (claims lower than allowed). The last line:

* ``forte_min_share_ratio``: the smallest ratio of ``forte``'s win rate to its fair share;
* ``forte_below_share``: cells where even the interval's top is under the fair share;
* ``gift_penalties``: over every level and game;
* ``levels_ordered``: yes when in every case and table size the mean win rate over the
  opponents grows from facile to medio to forte;
* ``medio_honest_odds`` and ``facile_honest_odds``: the mean ratio to the fair share
  against the honest-odds player (the goals: about 1, and clearly below 1).
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import time
from collections.abc import Callable

from engine.rolls import Roll
from engine.tokio.actions import Action
from engine.tokio.game import TokioGame
from engine.tokio.level import Level
from engine.tokio.opponents import SIMPLE
from engine.tokio.round import answer_key, state_key
from engine.tokio.rules import TokioRules, preset
from engine.tokio.seat import Seat, forte_strategy, level_strategy
from engine.tokio.table import TablePlayer, play_game

CASES = ("classico:6", "classico:10", "lizumo:6", "lizumo:10", "milella:6")


class LegacySeat:
    """Today's seat as a table player: the two-player round's strategy at every table."""

    def __init__(self, rules: TokioRules, level: Level) -> None:
        self.seat = Seat(level_strategy(forte_strategy(rules), level))

    def claim(self, game: TokioGame, own: Roll, rng: random.Random) -> Roll:
        return self.seat.claim(state_key(game), own, rng)

    def answer(self, game: TokioGame, to_beat: Roll | None, rng: random.Random) -> Action:
        claim = game.claim
        assert claim is not None
        return self.seat.answer(answer_key(game, to_beat), claim, rng)


def seat_factory(which: str) -> Callable[[TokioRules, Level, int], TablePlayer]:
    """The computer seat under test: rules, level and table size give a table player.

    ``legacy``: the two-player strategy at every table (before issue 29); ``table``: :class:`TableSeat`;
    ``prior``: ``TableSeat`` that never learns (its prior only).
    """
    if which == "legacy":
        return lambda rules, level, players: LegacySeat(rules, level)

    def make(rules: TokioRules, level: Level, players: int) -> TablePlayer:
        from engine.tokio.table_seat import TableSeat  # the seat under test, after the baseline

        equilibrium = Seat(forte_strategy(rules)) if level is Level.FORTE else None
        seat = TableSeat(rules, level, equilibrium)
        if which == "prior":
            seat.observe = lambda game, action: None  # type: ignore[method-assign]
        return seat

    return make


def heads_up_margin(seat: TablePlayer, opponent: str) -> tuple[float, float]:
    """Heads-up forte at the evidence it reached: a best response's gain per round over the equilibrium's value.

    Computed exactly (:mod:`engine.tokio.exploitability`) on the whole mixed strategy the
    seat would play against its reading of ``opponent``; with the stated bound.
    """
    from engine.tokio.exploit import Exploiter, loss, margin
    from engine.tokio.exploitability import exploitability
    from engine.tokio.table_seat import TableSeat

    assert isinstance(seat, TableSeat) and seat.equilibrium is not None
    equilibrium = seat.equilibrium.strategy
    reading = seat.reading(opponent)
    report = exploitability(Exploiter(equilibrium).mixed_strategy(reading))
    return loss(equilibrium.value, report.best_opener, report.best_answerer), margin(reading)


def wilson(wins: int, games: int) -> tuple[float, float]:
    """The 95 % Wilson interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    z = 1.96
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--cases", default=",".join(CASES))
    parser.add_argument("--tables", default="2,3,4")
    parser.add_argument("--levels", default="facile,medio,forte")
    parser.add_argument("--opponents", default=",".join(SIMPLE))
    parser.add_argument("--seed", type=int, default=29)
    parser.add_argument("--seat", choices=("legacy", "table", "prior"), default="table")
    args = parser.parse_args()
    make = seat_factory(args.seat)
    levels = [Level(name) for name in args.levels.split(",")]
    tables = [int(n) for n in args.tables.split(",")]
    opponents = args.opponents.split(",")
    ratios: list[float] = []
    below = 0
    gifts_total = 0
    ordered = True
    honest_ratio: dict[Level, list[float]] = {level: [] for level in levels}
    margins: list[tuple[float, float]] = []
    start = time.perf_counter()
    for case in args.cases.split(","):
        name, sides = case.split(":")
        rules = preset(name, sides=int(sides))
        for size in tables:
            mean: dict[Level, float] = {}
            for level in levels:
                rates = []
                for opponent in opponents:
                    seat = make(rules, level, size)  # a new evening: nothing learnt of the last table
                    rng = random.Random(f"{args.seed}/{case}/{size}/{level.value}/{opponent}")
                    names = ["computer", *(f"{opponent}{i}" for i in range(1, size))]
                    wins = gifts = 0
                    for g in range(args.games):
                        players: dict[str, TablePlayer] = {names[0]: seat}
                        players |= {n: SIMPLE[opponent]() for n in names[1:]}
                        result = play_game(rules, players, names[g % size], rng, watch="computer")
                        wins += result.winner == "computer"
                        gifts += result.gifts["computer"]
                    low, high = wilson(wins, args.games)
                    margin = ""
                    if level is Level.FORTE and size == 2:
                        lost, bound = heads_up_margin(seat, names[1])
                        margins.append((lost, bound))
                        margin = f" margin={lost:.3f}<={bound:.3f}"
                    rate, share = wins / args.games, 1 / size
                    rates.append(rate / share)
                    gifts_total += gifts
                    if level is Level.FORTE:
                        ratios.append(rate / share)
                        below += high < share
                    if opponent == "honest_odds":
                        honest_ratio[level].append(rate / share)
                    print(
                        f"{name} d{sides} players={size} {level.value:6} vs {opponent:14} "
                        f"win={100 * rate:5.1f}% [{100 * low:4.1f},{100 * high:5.1f}] "
                        f"share={100 * share:4.1f}% gifts={gifts}{margin}",
                        flush=True,
                    )
                mean[level] = sum(rates) / len(rates)
            present = [level for level in Level if level in mean]
            ordered &= all(mean[a] < mean[b] for a, b in itertools.pairwise(present))
    figures = [
        f"forte_min_share_ratio={min(ratios):.2f}" if ratios else "forte_min_share_ratio=n/a",
        f"forte_below_share={below}",
        f"gift_penalties={gifts_total}",
        f"levels_ordered={'yes' if ordered else 'no'}",
    ]
    for level in (Level.MEDIO, Level.FACILE):
        if honest_ratio.get(level):
            figures.append(f"{level.value}_honest_odds={sum(honest_ratio[level]) / len(honest_ratio[level]):.2f}")
    if margins:
        worst = max(margins)
        figures.append(f"forte_2p_margin_max={worst[0]:.3f} bound={worst[1]:.3f}")
        figures.append(f"margin_within_bound={'yes' if all(a <= b + 1e-9 for a, b in margins) else 'no'}")
    figures.append(f"games_per_cell={args.games} seconds={time.perf_counter() - start:.0f}")
    print(f"tokio_table seat={args.seat} " + " ".join(figures))


if __name__ == "__main__":
    main()
