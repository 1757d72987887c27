"""The computer seat of Tokio: how it claims and answers in a live game, at each level (:mod:`engine.tokio.level`).

``forte`` plays the equilibrium of :mod:`engine.tokio.solver`. The weaker levels
mix it, state by state, with the play of a recognisable beginner
(:func:`beginner_strategy`): one who bluffs often (any claim the rules allow, true or
not) and rarely doubts. ``facile`` plays half of its decisions that way, ``medio``
one in five.

With more than two players the seat plays the same per-state strategy: a state's
value is already that of rolling against whoever answers next, which is exactly
the continuation of passing the cup on (in a chain the earlier claimants are no
longer at risk once a claim is believed). ``bench/tokio_computer.py`` measures
this against simpler seats in three-player self-play.

The seat never rolls dice itself: the caller gives it its roll and an injected
``random.Random`` (the host derives both from the game's seed), so the engine stays
pure.

>>> import random
>>> from engine.rolls import Roll
>>> from engine.tokio.game import TokioGame
>>> from engine.tokio.round import state_key
>>> from engine.tokio.rules import preset
>>> from engine.tokio.round import build_round
>>> from engine.tokio.solver import solve
>>> seat = Seat(solve(build_round(preset("lizumo", sides=4)), iterations=200))
>>> game = TokioGame(preset("lizumo", sides=4), ["Anna", "Computer"])
>>> seat.claim(state_key(game), Roll(2, 1), random.Random(1))  # Taipei rolled: an opener claims it
Roll(high=2, low=1)
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache

import numpy as np

from engine.rolls import Roll
from engine.tokio.actions import Action, Believe, Doubt, TakePenalty
from engine.tokio.level import Level
from engine.tokio.round import FloatArray, RoundTree, StateKey, build_round
from engine.tokio.rules import TokioRules
from engine.tokio.solver import BELIEVE, DOUBT, TAKE, StateStrategy, TokioStrategy, answer_cells, solve

#: The share of each level's decisions made as the beginner makes them.
BEGINNER_SHARE = {Level.FACILE: 0.5, Level.MEDIO: 0.2, Level.FORTE: 0.0}

#: How often the beginner doubts a claim it could believe.
BEGINNER_DOUBTS = 0.1


def forte_strategy(rules: TokioRules) -> TokioStrategy:
    """The equilibrium of the two-player round under ``rules`` (seconds to compute; kept per rules).

    The limit does not change a round, so rules that differ only in it share one solution.
    """
    return _forte(replace(rules, limit=1))


@cache
def _forte(rules: TokioRules) -> TokioStrategy:
    return solve(build_round(rules))


def beginner_strategy(tree: RoundTree) -> TokioStrategy:
    """Bluffs often, doubts rarely: any allowed claim alike whatever the roll; believes nine claims in ten.

    Faced with a top claim that can be taken (classico), it takes the penalty as
    often as it doubts.
    """
    states = []
    for state in tree.states:
        allowed = np.array([not c.lower for c in state.choices], dtype=float)
        if not allowed.any():
            allowed[-1] = 1.0
        claims = np.tile(allowed / allowed.sum(), (len(tree.rolls), 1))
        cells = answer_cells(state)
        answers = np.zeros(cells.shape)
        for j, choice in enumerate(state.choices):
            if choice.lower:
                answers[j, BELIEVE] = 1.0
                continue
            answers[j, DOUBT] = BEGINNER_DOUBTS
            answers[j, TAKE] = BEGINNER_DOUBTS if cells[j, TAKE] else 0.0
            answers[j, BELIEVE] = 1.0 - answers[j, DOUBT] - answers[j, TAKE]
        states.append(StateStrategy(claims, answers, float("nan")))
    return TokioStrategy(tree, tuple(states))


def level_strategy(forte: TokioStrategy, level: Level) -> TokioStrategy:
    """``forte`` mixed state by state with the beginner's play, by the level's share."""
    share = BEGINNER_SHARE[level]
    if share == 0.0:
        return forte
    beginner = beginner_strategy(forte.tree)
    mixed = tuple(
        replace(
            f,
            claims=(1 - share) * f.claims + share * b.claims,
            answers=(1 - share) * f.answers + share * b.answers,
            value=float("nan"),
        )
        for f, b in zip(forte.states, beginner.states, strict=True)
    )
    return TokioStrategy(forte.tree, mixed)


class Seat:
    """A computer player: picks its claim for its own roll, and its answer to a claim, from a strategy.

    Both take the :class:`~engine.tokio.round.StateKey` of the claim phase the
    decision belongs to (:func:`~engine.tokio.round.state_key` of the game before
    the claim): the caller keeps it, as the game forgets the claim it replaced.
    """

    def __init__(self, strategy: TokioStrategy) -> None:
        self.strategy = strategy

    def claim(self, key: StateKey, own: Roll, rng: random.Random) -> Roll:
        """What to declare in the state ``key`` having rolled ``own``."""
        tree = self.strategy.tree
        number = tree.index[key]
        choices = tree.states[number].choices
        row = self.strategy.states[number].claims[tree.rolls.index(own)]
        return choices[_draw(without_gifts(row, [c.lower for c in choices]), rng)].claim

    def answer(self, key: StateKey, claim: Roll, rng: random.Random) -> Action:
        """Believe, doubt or take the penalty, on hearing ``claim`` made in the state ``key``.

        ``claim`` is one the rules allowed there (a lower claim is penalised at once
        and never answered).
        """
        tree = self.strategy.tree
        number = tree.index[key]
        choices = tree.states[number].choices
        j = next(i for i, c in enumerate(choices) if c.claim == claim and not c.lower)
        answer = _draw(self.strategy.states[number].answers[j], rng)
        return (Believe(), Doubt(), TakePenalty())[answer]


def without_gifts(row: FloatArray, lower: list[bool]) -> FloatArray:
    """``row`` with no weight on a claim lower than allowed (a gift penalty): an allowed claim always exists.

    A row with all its weight on lower claims (never so in an equilibrium, which
    never gains by paying at once what repeating the claim in force risks only
    when doubted) falls back on the lowest allowed claim.

    >>> without_gifts(np.array([0.5, 0.0, 0.5]), [False, False, True]).tolist()
    [1.0, 0.0, 0.0]
    """
    kept = np.where(np.array(lower), 0.0, np.maximum(row, 0.0))
    if kept.sum() <= 0.0:
        kept = np.zeros_like(row)
        kept[lower.index(False)] = 1.0
    return np.asarray(kept / kept.sum(), dtype=np.float64)


def _draw(weights: FloatArray, rng: random.Random) -> int:
    """An index drawn with probability proportional to ``weights``."""
    return rng.choices(range(len(weights)), [max(0.0, float(w)) for w in weights])[0]
