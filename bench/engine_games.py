"""Benchmark: random legal Tokio games per preset and dice, games/s and actions/s side by side.

    python bench/engine_games.py [--games N] [--players P] [--seed S]

Each game is played to its end at the preset's own limit by a seeded
``random.Random`` choosing among ``TokioGame.legal_actions()``, biased so that games
end (doubts are frequent, most claims are high enough). The time covers building
each game, the random player's queries (``legal_actions``, ``is_lower``) and
``apply``: what a host driving the engine pays. This prints figures and asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import time

from engine.tokio.actions import Phase
from engine.tokio.game import TokioGame
from engine.tokio.random_player import random_action
from engine.tokio.rules import preset

COMBINATIONS = [(name, sides) for name in ("classico", "lizumo") for sides in (4, 6, 8, 10)] + [("milella", 6)]
NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio")


def run(name: str, sides: int, games: int, players: int, seed: int) -> tuple[int, float]:
    """Play ``games`` games; return the number of actions applied and the seconds taken."""
    rules = preset(name, sides=sides)
    rng = random.Random(seed)
    names = NAMES[:players]
    actions = 0
    start = time.perf_counter()
    for _ in range(games):
        game = TokioGame(rules, names, first=rng.choice(names))
        while game.phase is not Phase.OVER:
            game.apply(random_action(game, rng))
            actions += 1
    return actions, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per combination (default 2000)")
    parser.add_argument("--players", type=int, default=4, choices=range(2, len(NAMES) + 1), help="players per game")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()

    header = (
        f"{'rules':<10} {'dice':>4} {'limit':>5} {'games':>6} {'actions':>8} {'act/game':>8}"
        f" {'games/s':>9} {'actions/s':>10}"
    )
    print(f"{args.games} random games per combination, {args.players} players, seed {args.seed}")
    print(header)
    print("-" * len(header))
    total_actions, total_seconds = 0, 0.0
    for name, sides in COMBINATIONS:
        actions, seconds = run(name, sides, args.games, args.players, args.seed)
        total_actions += actions
        total_seconds += seconds
        print(
            f"{name:<10} {'d' + str(sides):>4} {preset(name, sides=sides).limit:>5} {args.games:>6} {actions:>8}"
            f" {actions / args.games:>8.1f} {args.games / seconds:>9.0f} {actions / seconds:>10.0f}"
        )
    print("-" * len(header))
    games = args.games * len(COMBINATIONS)
    print(
        f"{'all':<10} {'':>4} {'':>5} {games:>6} {total_actions:>8} {total_actions / games:>8.1f}"
        f" {games / total_seconds:>9.0f} {total_actions / total_seconds:>10.0f}"
    )


if __name__ == "__main__":
    main()
