"""One Tokio round between two players as a game tree, read off the engine itself.

The computer seat's solver (:mod:`engine.tokio.solver`) needs, for every public
state of a round, what each claim pays the player who rolled, for each answer.
Rather than restate the rules, this module asks :class:`~engine.tokio.game.TokioGame`:
it plays every claim, every answer and every lifted cup on copies of a two-player
game and reads the penalties off the events. So the tree has exactly the preset's
truth test, raise rule, doubling and answers to the top roll.

A *state* is what both players know when one of them is about to roll: the claim
to beat, whether a top roll has doubled the round, and in Milella's duel how many
claims were made. Every earlier roll is forgotten (each believer rolls afresh), so a
state is a proper subgame and its value depends on nothing else.

Payoffs are in penalties (lives count the same), from the point of view of the
player who rolls at the state: positive when the other player pays.

>>> from engine.tokio.rules import preset
>>> tree = build_round(preset("lizumo", sides=4))
>>> len(tree.rolls), round(float(sum(tree.chances)), 12)
(10, 1.0)
>>> after_44 = tree.states[tree.index[StateKey(Roll(4, 4), False, 0)]]
>>> [(c.claim, c.lower, c.penalty) for c in after_44.choices]  # Taipei, or a lower claim for a life
[(Roll(high=2, low=1), False, 0.0), (Roll(high=3, low=1), True, -1.0)]
>>> after_44.choices[0].believe  # Lizumo's blind accept: the answerer loses a life
Outcome(payoff=1.0, state=None)
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt

from engine.rolls import Roll
from engine.tokio.actions import Believe, Claim, Doubt, DuelWon, Event, Penalised, Reveal, TakePenalty
from engine.tokio.game import TokioGame
from engine.tokio.rules import Flow, TokioRules

FloatArray = npt.NDArray[np.float64]

#: The two seats of the solver's round; the limit is high enough that nobody goes out.
_SEATS = ("roller", "other")
_NO_LIMIT = 1_000_000


@dataclass(frozen=True)
class StateKey:
    """What both players know when one is about to roll."""

    claim: Roll | None
    """The claim to beat (None at the opening of a round)."""
    doubled: bool
    """True when a top roll has doubled this round's penalties."""
    depth: int
    """Claims already made in a Milella duel (0 in chain play, where it does not matter)."""


@dataclass(frozen=True)
class Outcome:
    """Where an answer leads: a payoff now, or the state the answerer then rolls in."""

    payoff: float = 0.0
    """To the player who claimed; meaningful only when ``state`` is None."""
    state: int | None = None
    """Index of the next state in :attr:`RoundTree.states` (the answerer rolls there)."""


@dataclass(frozen=True)
class Choice:
    """One claim the roller may make at a state, and what each answer to it pays."""

    claim: Roll
    lower: bool
    """A claim the rules punish at once (lower than allowed): ``penalty`` is all it pays."""
    penalty: float
    """The payoff of a lower claim (negative), 0 otherwise."""
    believe: Outcome | None
    """Believing (Lizumo's blind accept included); None for a lower claim."""
    take: Outcome | None
    """Classico's third answer to the top roll, where it is open."""
    doubt: FloatArray | None
    """Payoff of doubting, for each roll of :attr:`RoundTree.rolls` under the cup."""


@dataclass(frozen=True)
class State:
    """One public state: its key and the roller's choices.

    The choices are the claims the rules allow, lowest first, then the cheapest
    lower claim (every lower claim pays its penalty whatever the dice, so one is enough).
    """

    key: StateKey
    choices: tuple[Choice, ...]


@dataclass(frozen=True)
class RoundTree:
    """Every state of a two-player round under one rule set, the opening first."""

    rules: TokioRules
    rolls: tuple[Roll, ...]
    """Every roll of the dice, lowest first."""
    chances: FloatArray
    """The probability of each roll of :attr:`rolls`."""
    states: tuple[State, ...]
    index: dict[StateKey, int]


def state_key(game: TokioGame) -> StateKey:
    """The state of ``game`` in its claim phase, as the solver's tree names it (any number of players).

    >>> from engine.tokio.rules import preset
    >>> state_key(TokioGame(preset("milella"), ["Anna", "Bruno", "Carla"]))
    StateKey(claim=None, doubled=False, depth=0)
    """
    duel = game.rules.flow is Flow.DUEL
    return StateKey(game.claim, game.doubled, 1 if duel and game.claim is not None else 0)


def answer_key(game: TokioGame, to_beat: Roll | None) -> StateKey:
    """The state the standing claim of ``game`` (in its response phase) was made in, ``to_beat`` the claim it raised.

    A top claim over anything but the top is what doubled the round, so the state
    it was made in was not doubled yet.

    >>> from engine.tokio.rules import preset
    >>> from engine.tokio.actions import Claim
    >>> game = TokioGame(preset("classico"), ["Anna", "Bruno", "Carla"])
    >>> _ = game.apply(Claim(Roll(2, 1)))
    >>> game.doubled, answer_key(game, None)
    (True, StateKey(claim=None, doubled=False, depth=0))
    """
    claim = game.claim
    doubled = game.doubled and not (claim == game.rules.ranking.top and to_beat != claim)
    duel = game.rules.flow is Flow.DUEL
    return StateKey(to_beat, doubled, 1 if duel and to_beat is not None else 0)


def roll_chances(rules: TokioRules) -> tuple[tuple[Roll, ...], FloatArray]:
    """Every roll lowest first, with its probability (a pair 1/n², any other roll 2/n²).

    >>> from engine.tokio.rules import preset
    >>> rolls, chances = roll_chances(preset("classico"))
    >>> len(rolls), float(chances[rolls.index(Roll(2, 1))]) * 36, float(chances[rolls.index(Roll(6, 6))]) * 36
    (21, 2.0, 1.0)
    """
    rolls = rules.ranking.ordered()
    n = rules.sides
    return rolls, np.array([(1.0 if r.is_pair else 2.0) / (n * n) for r in rolls])


def build_round(rules: TokioRules) -> RoundTree:
    """The round's tree, every state reachable from the opening, read off the engine."""
    rules = replace(rules, limit=_NO_LIMIT)
    rolls, chances = roll_chances(rules)
    builder = _Builder(rules, rolls)
    builder.visit(TokioGame(rules, _SEATS), 0)
    states = tuple(builder.states[i] for i in range(len(builder.states)))
    return RoundTree(rules, rolls, chances, states, dict(builder.index))


class _Builder:
    """Breadth of the round: each state once, each lifted cup's payoff cached by claim and doubling."""

    def __init__(self, rules: TokioRules, rolls: Sequence[Roll]) -> None:
        self.rules = rules
        self.rolls = tuple(rolls)
        self.index: dict[StateKey, int] = {}
        self.states: dict[int, State] = {}
        self._doubts: dict[tuple[Roll, bool, bool], FloatArray] = {}

    def visit(self, game: TokioGame, depth: int) -> int:
        """The index of ``game``'s state (a game in its claim phase), building it when new."""
        key = state_key(game)
        assert key.depth == (depth if self.rules.flow is Flow.DUEL else 0)
        if key in self.index:
            return self.index[key]
        number = self.index[key] = len(self.index)
        self.states[number] = State(key, self._choices(game, depth))
        return number

    def _choices(self, game: TokioGame, depth: int) -> tuple[Choice, ...]:
        roller = game.to_act
        assert roller is not None
        choices: list[Choice] = []
        cheapest_lower: Choice | None = None
        for claim in self.rolls:
            claimed = copy.deepcopy(game)
            events = claimed.apply(Claim(claim))
            paid = _payoff(events, roller)
            if paid is not None:  # a lower claim: one penalty at once, whatever the dice
                if cheapest_lower is None or paid > cheapest_lower.penalty:
                    cheapest_lower = Choice(claim, True, paid, None, None, None)
                continue
            choices.append(self._answers(claimed, claim, roller, depth))
        if cheapest_lower is not None:
            choices.append(cheapest_lower)
        return tuple(choices)

    def _answers(self, claimed: TokioGame, claim: Roll, roller: str, depth: int) -> Choice:
        believed = copy.deepcopy(claimed)
        events = believed.apply(Believe())
        paid = _payoff(events, roller)
        if paid is not None:
            believe = Outcome(paid)
        elif any(isinstance(e, DuelWon) for e in events):
            believe = Outcome(0.0)
        else:
            believe = Outcome(state=self.visit(believed, depth + 1))
        take = None
        if claimed.can_take_penalty:
            taken = _payoff(copy.deepcopy(claimed).apply(TakePenalty()), roller)
            assert taken is not None
            take = Outcome(taken)
        return Choice(claim, False, 0.0, believe, take, self._doubt(claimed, claim, roller))

    def _doubt(self, claimed: TokioGame, claim: Roll, roller: str) -> FloatArray:
        cache_key = (claim, claimed.doubled, claimed.can_take_penalty)
        if cache_key not in self._doubts:
            doubted = copy.deepcopy(claimed)
            doubted.apply(Doubt())
            paid = []
            for real in self.rolls:
                value = _payoff(copy.deepcopy(doubted).apply(Reveal(real)), roller)
                assert value is not None
                paid.append(value)
            self._doubts[cache_key] = np.array(paid)
        return self._doubts[cache_key]


def _payoff(events: Sequence[Event], roller: str) -> float | None:
    """The first penalty of ``events`` as the roller's payoff (None when nobody was penalised)."""
    for event in events:
        if isinstance(event, Penalised):
            return float(-event.amount if event.player == roller else event.amount)
    return None
