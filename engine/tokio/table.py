"""Whole Tokio games between table players, played through the real engine: the measuring stick.

A *table player* is anything that claims for its own roll and answers a claim
(:class:`TablePlayer`); the computer seat and the simple opponents of
:mod:`engine.tokio.opponents` both are. :func:`play_game` rolls every cup from the
injected ``random.Random``, lifts a doubted cup to show the claimant's real roll, and
lets the engine decide every penalty, to the end of the game. It also counts *gift
penalties*: claims lower than allowed, which are never forced (the claim in force,
or the top roll, can always be repeated or raised to).

Pure: no I/O, no clock, no global random state.

>>> import random
>>> from engine.tokio.opponents import honest_odds
>>> from engine.tokio.rules import preset
>>> rules = preset("lizumo", sides=4)
>>> result = play_game(rules, {n: honest_odds() for n in ("Anna", "Bruno", "Carla")}, "Anna", random.Random(5))
>>> result.winner in ("Anna", "Bruno", "Carla"), sum(result.gifts.values())
(True, 0)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol

from engine.rolls import Roll
from engine.tokio.actions import Action, Claim, Doubt, Event, Penalised, PenaltyReason, Reveal
from engine.tokio.cup import roll
from engine.tokio.game import TokioGame
from engine.tokio.rules import TokioRules

#: A game is stopped unfinished after this many claims (players who never doubt may never end one).
MAX_CLAIMS = 20_000


class TablePlayer(Protocol):
    """One seat at a simulated table."""

    def claim(self, game: TokioGame, own: Roll, rng: random.Random) -> Roll:
        """What to declare, ``game`` in its claim phase with this player to act, having rolled ``own``."""
        ...

    def answer(self, game: TokioGame, to_beat: Roll | None, rng: random.Random) -> Action:
        """Believe, doubt or take the penalty: ``game`` in its response phase, ``to_beat`` the claim it raised."""
        ...

    # A player that also has ``observe(game, action)`` is told every action just before it is applied.


@dataclass
class GameResult:
    """Who won, and each player's gift penalties (claims lower than allowed)."""

    winner: str
    """The last player left; empty when the game was stopped before its end (see :func:`play_game`)."""
    gifts: dict[str, int] = field(default_factory=dict)
    took: dict[str, int] = field(default_factory=dict)
    """Classico's third answer to Tokio, chosen: a decision, not a gift."""



def play_game(
    rules: TokioRules, players: Mapping[str, TablePlayer], first: str, rng: random.Random, watch: str | None = None
) -> GameResult:
    """Play a whole game of ``rules`` between ``players`` (seated in the mapping's order), ``first`` opening.

    With ``watch``, the game stops as soon as that player is out (the others'
    game no longer matters to it: two players who always believe might never end it).
    """
    game = TokioGame(rules, list(players), first)
    watchers = [p for p in players.values() if callable(getattr(p, "observe", None))]

    def apply(action: Action) -> list[Event]:
        for watcher in watchers:
            watcher.observe(game, action)  # type: ignore[attr-defined]
        return game.apply(action)

    result = GameResult("", dict.fromkeys(players, 0), dict.fromkeys(players, 0))
    for _ in range(MAX_CLAIMS):
        if game.is_over or (watch is not None and any(p.out for p in game.players if p.name == watch)):
            break
        roller = game.to_act
        assert roller is not None
        to_beat = game.claim
        real = roll(game, rng)
        claimed = players[roller].claim(game, real, rng)
        events = apply(Claim(claimed))
        if not any(isinstance(e, Penalised) for e in events):
            answerer = game.to_act
            assert answerer is not None
            answer = players[answerer].answer(game, to_beat, rng)
            events = apply(answer)
            if isinstance(answer, Doubt):
                events = apply(Reveal(real))
        for event in events:
            if isinstance(event, Penalised) and event.reason is PenaltyReason.LOWER_CLAIM:
                result.gifts[event.player] += 1
            if isinstance(event, Penalised) and event.reason is PenaltyReason.TOOK_PENALTY:
                result.took[event.player] += 1
    result.winner = game.winner or ""
    return result

