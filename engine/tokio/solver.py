"""An equilibrium of the two-player Tokio round, by counterfactual regret minimisation.

Each state of :mod:`engine.tokio.round` is a small signalling game: the roller
knows their own roll and picks a claim; the answerer sees only the claim and
believes, doubts or (classico's top roll) takes the penalty. Believing leads to
another state, where the answerer rolls; its value is known once that state is
solved, so the states are solved from the last backwards (Tarjan's order of the
transition graph). Where a state leads back to itself (classico allows an equal
claim, and an accepted Tokio must be claimed again) its own value is part of its
payoffs: it is estimated from the average strategies as the regrets are
minimised, and the joint iteration converges to the fixed point.

Why CFR+ (regret matching+, alternating updates, linearly weighted averages) and
not a linear program: a state's game has at most 56 rolls by 57 claims, CFR+
needs nothing but numpy, converges on such games to well under a hundredth of a
penalty within a few thousand iterations, and the result is certified exactly
afterwards by :mod:`engine.tokio.exploitability` (the best response's gain is
computed, not sampled), so no solver's word is taken on trust.

Pure: no I/O, no clock, no randomness.

>>> from engine.tokio.rules import preset
>>> from engine.tokio.round import StateKey, build_round
>>> from engine.rolls import Roll
>>> strategy = solve(build_round(preset("lizumo", sides=4)), iterations=200)
>>> after = {face: strategy.value_at(StateKey(Roll(face, face), False, 0)) for face in (3, 4)}
>>> round(after[4], 3), round(after[3], 3)  # worked by hand in tests/engine/test_tokio_solver.py
(-0.625, -0.5)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from engine.tokio.round import RoundTree, State, StateKey

FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]

#: The answers, as columns of a state's answer matrix.
BELIEVE, DOUBT, TAKE = 0, 1, 2
ANSWERS = 3

#: CFR+ iterations per state (and per member of a cycle of states).
ITERATIONS = 1000


@dataclass(frozen=True)
class StateStrategy:
    """How both seats play at one state, and what it is worth to the roller."""

    claims: FloatArray
    """(rolls, choices): for each own roll, the probability of each of the state's choices."""
    answers: FloatArray
    """(choices, 3): for each claim heard, the probability of believing, doubting, taking the penalty."""
    value: float
    """Expected penalties the answerer takes minus those the roller takes, from here."""


@dataclass(frozen=True)
class TokioStrategy:
    """One strategy for every state of a round: the computer seat's ``forte`` play."""

    tree: RoundTree
    states: tuple[StateStrategy, ...]

    @property
    def value(self) -> float:
        """The round's value to the player who opens it."""
        return self.states[0].value

    def value_at(self, key: StateKey) -> float:
        """The value to the roller of the state ``key``."""
        return self.states[self.tree.index[key]].value


@dataclass
class _Game:
    """One state's signalling game in arrays; believing the state's own claims pays ``-own_value``."""

    chances: FloatArray
    payoff: FloatArray  # (rolls, choices, answers) to the roller
    allowed: BoolArray  # (choices, answers)
    own: list[tuple[int, int]]  # (choice, answer) cells whose payoff is minus a member's value
    own_state: list[int]


def solve(tree: RoundTree, iterations: int = ITERATIONS) -> TokioStrategy:
    """An approximate equilibrium of every state of ``tree`` (see the module's docstring)."""
    values: dict[int, float] = {}
    found: dict[int, StateStrategy] = {}
    for component in _components(tree):
        for number, strategy in _solve_component(tree, component, values, iterations).items():
            found[number] = strategy
            values[number] = strategy.value
    return TokioStrategy(tree, tuple(found[i] for i in range(len(tree.states))))


def answer_cells(state: State) -> BoolArray:
    """(choices, 3): which answers each choice of ``state`` allows (a lower claim: only the first, a dummy)."""
    allowed = np.zeros((len(state.choices), ANSWERS), dtype=bool)
    for j, choice in enumerate(state.choices):
        allowed[j, BELIEVE] = True
        allowed[j, DOUBT] = not choice.lower
        allowed[j, TAKE] = choice.take is not None
    return allowed


def payoffs(tree: RoundTree, state: State, values: dict[int, float]) -> tuple[FloatArray, list[tuple[int, int, int]]]:
    """(rolls, choices, 3) payoffs to the roller, with ``values`` for the states believing leads to.

    Also the cells whose state is not in ``values`` yet, as (choice, answer, state):
    their payoff is left at 0 for the caller to fill.
    """
    rolls = len(tree.rolls)
    out = np.zeros((rolls, len(state.choices), ANSWERS))
    missing: list[tuple[int, int, int]] = []
    for j, choice in enumerate(state.choices):
        if choice.lower:
            out[:, j, :] = choice.penalty
            continue
        assert choice.believe is not None and choice.doubt is not None
        target = choice.believe.state
        if target is None:
            out[:, j, BELIEVE] = choice.believe.payoff
        elif target in values:
            out[:, j, BELIEVE] = -values[target]
        else:
            missing.append((j, BELIEVE, target))
        out[:, j, DOUBT] = choice.doubt
        if choice.take is not None:
            out[:, j, TAKE] = choice.take.payoff
    return out, missing


def _solve_component(
    tree: RoundTree, component: Sequence[int], values: dict[int, float], iterations: int
) -> dict[int, StateStrategy]:
    """CFR+ on the states of one strongly connected component, their own values estimated as they go."""
    games: dict[int, _Game] = {}
    for number in component:
        state = tree.states[number]
        payoff, missing = payoffs(tree, state, values)
        games[number] = _Game(
            tree.chances, payoff, answer_cells(state), [(j, a) for j, a, _ in missing], [s for _, _, s in missing]
        )
    solvers = {number: _Cfr(game) for number, game in games.items()}
    estimates = dict.fromkeys(component, 0.0)
    for t in range(1, iterations + 1):
        for number, game in games.items():
            for (j, a), member in zip(game.own, game.own_state, strict=True):
                game.payoff[:, j, a] = -estimates[member]
            solvers[number].step(t)
        if t % 10 == 0 or t == iterations:
            estimates = {number: solvers[number].average_value() for number in component}
    return {
        number: StateStrategy(solver.average_claims(), solver.average_answers(), estimates[number])
        for number, solver in solvers.items()
    }


class _Cfr:
    """CFR+ on one state's game: the roller's regrets per own roll, the answerer's per claim heard."""

    def __init__(self, game: _Game) -> None:
        self.game = game
        rolls, choices, _ = game.payoff.shape
        self.claim_regret = np.zeros((rolls, choices))
        self.answer_regret = np.zeros((choices, ANSWERS))
        self.claim_sum = np.zeros((rolls, choices))
        self.answer_sum = np.zeros((choices, ANSWERS))

    def step(self, t: int) -> None:
        """One alternating iteration: the roller updates first, then the answerer against the new claims."""
        game = self.game
        answers = _matching(self.answer_regret, game.allowed)
        per_claim = np.einsum("rja,ja->rj", game.payoff, answers)
        claims = _matching(self.claim_regret, None)
        expected = (claims * per_claim).sum(axis=1, keepdims=True)
        self.claim_regret = np.maximum(self.claim_regret + per_claim - expected, 0.0)
        claims = _matching(self.claim_regret, None)
        self.claim_sum += t * claims
        # The answerer's counterfactual value: the roller's payoff, weighted by how likely each roll made the claim.
        reach = game.chances[:, None] * claims
        heard = -np.einsum("rj,rja->ja", reach, game.payoff)
        expected_answer = (answers * heard).sum(axis=1, keepdims=True)
        self.answer_regret = np.maximum(self.answer_regret + (heard - expected_answer) * game.allowed, 0.0)
        self.answer_sum += t * _matching(self.answer_regret, game.allowed)

    def average_claims(self) -> FloatArray:
        return _normalised(self.claim_sum, None)

    def average_answers(self) -> FloatArray:
        return _normalised(self.answer_sum, self.game.allowed)

    def average_value(self) -> float:
        """The roller's expected payoff when both play their average strategies."""
        game = self.game
        per_claim = np.einsum("rja,ja->rj", game.payoff, self.average_answers())
        return float((game.chances[:, None] * self.average_claims() * per_claim).sum())


def _matching(regret: FloatArray, allowed: BoolArray | None) -> FloatArray:
    """Regret matching: play each action in proportion to its positive regret (uniform when none)."""
    return _normalised(regret, allowed)


def _normalised(weights: FloatArray, allowed: BoolArray | None) -> FloatArray:
    """Rows of ``weights`` scaled to sum to 1; a row of zeros becomes uniform over its allowed cells."""
    mask = np.ones_like(weights, dtype=bool) if allowed is None else allowed
    totals = weights.sum(axis=1, keepdims=True)
    uniform = mask / mask.sum(axis=1, keepdims=True)
    with np.errstate(invalid="ignore", divide="ignore"):
        scaled = np.where(totals > 0, weights / np.where(totals > 0, totals, 1.0), uniform)
    return np.asarray(scaled, dtype=np.float64)


def _components(tree: RoundTree) -> list[list[int]]:
    """The strongly connected components of believing's transitions, each after every one it leads to."""
    edges = [
        sorted({c.believe.state for c in s.choices if c.believe is not None and c.believe.state is not None})
        for s in tree.states
    ]
    index: dict[int, int] = {}
    low: dict[int, int] = {}
    stack: list[int] = []
    on_stack: set[int] = set()
    out: list[list[int]] = []

    def visit(v: int) -> None:  # Tarjan; the trees are a few dozen states deep at most
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component: list[int] = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            out.append(sorted(component))

    for v in range(len(tree.states)):
        if v not in index:
            visit(v)
    return out
