"""Rounds of Tokio played by computer seats through the real engine, for measurements and tests.

Every seat rolls from the injected ``random.Random`` with the dice's true
chances, claims and answers by its strategy, and a doubted cup shows the
claimant's real roll. Any number of players; the engine decides every penalty.

>>> import random
>>> from engine.tokio.game import TokioGame
>>> from engine.tokio.rules import preset
>>> from engine.tokio.round import build_round
>>> from engine.tokio.seat import Seat
>>> from engine.tokio.solver import solve
>>> rules = preset("lizumo", sides=4)
>>> seat = Seat(solve(build_round(rules), iterations=100))
>>> game = TokioGame(rules, ["Anna", "Bruno", "Carla"])
>>> charged = play_round(game, {name: seat for name in ("Anna", "Bruno", "Carla")}, random.Random(3))
>>> charged.player in ("Anna", "Bruno", "Carla"), charged.amount in (1, 2)
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from engine.tokio.actions import Claim, Doubt, DuelWon, Event, Penalised, Reveal
from engine.tokio.cup import roll
from engine.tokio.game import TokioGame
from engine.tokio.round import state_key
from engine.tokio.seat import Seat


def play_round(game: TokioGame, seats: Mapping[str, Seat], rng: random.Random) -> Penalised | None:
    """Play ``game``'s current round (or duel) to its first penalty; None when a duel ended without one."""
    while True:
        roller = game.to_act
        assert roller is not None
        key = state_key(game)
        real = roll(game, rng)
        claim = seats[roller].claim(key, real, rng)
        events: list[Event] = game.apply(Claim(claim))
        if not _charged(events):
            answerer = game.to_act
            assert answerer is not None
            answer = seats[answerer].answer(key, claim, rng)
            events = game.apply(answer)
            if isinstance(answer, Doubt):
                events = game.apply(Reveal(real))
        charged = _charged(events)
        if charged is not None:
            return charged
        if any(isinstance(e, DuelWon) for e in events):
            return None


def _charged(events: list[Event]) -> Penalised | None:
    return next((e for e in events if isinstance(e, Penalised)), None)

