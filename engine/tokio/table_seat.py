"""The computer seat at a table of any size: which play each level makes, and ``forte``'s reading of the table.

Levels (the same meaning at every table size):

* ``facile``, a beginner: claims the truth when it can (else the smallest bluff); reads
  each claimer as ``medio`` does, but believes too much (doubts only a claim with
  less than one chance in five of being true) and, one time in seven, doubts on a
  whim a claim it would believe;
* ``medio``, a decent casual player: claims the truth when it can (else the smallest
  bluff), and doubts a claim less likely true than not *given what it has seen the
  claimer do* (:mod:`engine.tokio.casual`: honest odds against an honest claimer,
  more doubts against one seen claiming big over small claims or caught bluffing);
* ``forte``: at two players the round's exact equilibrium (:mod:`engine.tokio.solver`);
  at three or more, in chain play (classico, lizumo) and in Milella's duels alike, a
  best response, decision by decision, to what it has seen each player do
  (:class:`Habits`), starting from a prior of a plausible human and learning as the
  evening goes on.

Why not the duel's equilibrium in a Milella duel at three or more: the duel is a
two-player round, but its stakes are not zero-sum there. A penalty dealt to the
partner is worth ``1 / (n - 1)`` of one avoided, and the other players never pay in
it; against players who always believe (they never penalise each other) the
equilibrium won 0 of 30 four-player games and 10 of 30 at three, the duel's best
response 18 and 21 (``bench/tokio_table.py --cases milella:6 --tables 3,4 --levels
forte --games 30``). In a duel the opener's claim is judged by the partner's answers
and, believed, by the reply an honest claimer would make and the opener's best answer
to it (believing the reply ends the duel at no cost); the reply, by the opener's
answers to it.

``forte`` at a chain of three or more players. The state of a decision is the claim to
beat, whether the round is doubled, how many players are in (``n``), who answers next,
and each one's distance from the limit. The objective is the game's: the seat
minimises its expected penalties minus ``1 / (n - 1)`` of every other player's (a
penalty taken by one of ``n - 1`` rivals is worth that much of one it avoids), each
capped at what the player has left before going out. A claim is judged by the next
player's answers to it (how often they believe, doubt or take the penalty, learnt per
player and per kind of claim); believing a claim is judged by the best claim the seat
could make next for each roll of its dice; doubting, by how often the claimant's
claims of that kind were true when lifted. When a claim is believed the round goes
on with other players: some rival pays it, unless every other player believes in
turn and the round comes back to the seat (then it is counted as neither gain nor
loss: the seat will answer again; an approximation, one level deep).

The *kind* of a claim is how likely it would be true from an honest claimer (see
:func:`honest_truth`), in four bands, and a fifth for a top claim that can be taken or
accepted blind. A player's habits are counts with a prior weight of
``PRIOR_WEIGHT`` claims, so a few moves move them little: the margin of safety is
that ``forte`` follows the prior of a plausible human until the evidence is
several claims strong, and every answer it gives stays the best against that
prior's mix, not against one guess.

No claim lower than allowed is ever chosen: one that is allowed always exists.

Pure: no I/O, no clock; randomness from the ``random.Random`` passed in.

>>> import random
>>> from engine.tokio.rules import preset
>>> from engine.tokio.game import TokioGame
>>> rules = preset("classico")
>>> seat = TableSeat(rules, Level.FORTE, equilibrium=None)
>>> game = TokioGame(rules, ["Anna", "Bruno", "Carla"])
>>> seat.claim(game, Roll(6, 6), random.Random(1))  # a pair of sixes at the opening: the truth
Roll(high=6, low=6)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

import numpy as np

from engine.rolls import Roll
from engine.tokio.actions import Action, Believe, Claim, Doubt, Reveal, TakePenalty
from engine.tokio.casual import Suspicion
from engine.tokio.exploit import Exploiter, FloatArray, Reading
from engine.tokio.game import TokioGame
from engine.tokio.level import Level
from engine.tokio.round import StateKey, answer_key, roll_chances, state_key
from engine.tokio.rules import DoubleOnTokio, Flow, TokioResponse, TokioRules, TruthTest, allowed_claims
from engine.tokio.seat import Seat, _draw, without_gifts

#: How many claims' worth of evidence the prior of a plausible human weighs.
PRIOR_WEIGHT = 6.0

#: Kinds of claim: honest truth chance 1, >= 0.5, >= 0.25, below, and a top claim that can be taken or accepted.
KINDS = 5
TOP_KIND = 4

#: The prior: how often a plausible human believes, doubts, takes the penalty, per kind of claim heard.
ANSWER_PRIOR = np.array([
    [0.85, 0.15, 0.0],
    [0.7, 0.3, 0.0],
    [0.5, 0.5, 0.0],
    [0.3, 0.7, 0.0],
    [0.3, 0.4, 0.3],
])

#: The prior: a plausible human's claim is true this share of the times an honest claimer's would be.
TRUTH_PRIOR = 0.85

#: Beginner (facile) and casual (medio) answers: whether it reads each claimer (else it takes every
#: claimer for an honest one), the doubt threshold on the chance that the claim is true, and how often
#: it doubts on a whim a claim it would believe.
CASUAL = {Level.FACILE: (True, 0.2, 0.15), Level.MEDIO: (True, 0.5, 0.0)}



@cache
def honest_truth(rules: TokioRules, to_beat: Roll | None, claim: Roll) -> float:
    """How likely ``claim`` is true from a player who claims the truth when allowed, else the lowest allowed claim.

    >>> from engine.tokio.rules import preset
    >>> round(honest_truth(preset("lizumo"), Roll(6, 5), Roll(1, 1)), 4)  # 11 over 65: 1/36 against 1/36 + 28/36
    0.0345
    """
    claims = allowed_claims(rules, to_beat)
    if to_beat is None or claim != claims[0]:
        return 1.0
    rolls, chances = roll_chances(rules)
    chance = dict(zip(rolls, chances, strict=True))
    below = 1.0 - sum(float(chance[r]) for r in claims)
    own = float(chance[claim])
    return own / (own + below)


def kind(rules: TokioRules, to_beat: Roll | None, claim: Roll) -> int:
    """The kind of ``claim`` over ``to_beat`` (see the module)."""
    if claim == rules.ranking.top and to_beat is not None and rules.tokio_response is not TokioResponse.TWO_CHOICES:
        return TOP_KIND
    truth = honest_truth(rules, to_beat, claim)
    return 0 if truth >= 1.0 else 1 if truth >= 0.5 else 2 if truth >= 0.25 else 3


@dataclass
class Habits:
    """What one player has been seen to do: answers per kind of claim heard, truth of their lifted claims."""

    answers: np.ndarray = field(default_factory=lambda: np.zeros((KINDS, 3)))
    lifted: np.ndarray = field(default_factory=lambda: np.zeros((KINDS, 2)))
    """Per kind: claims lifted, of which true."""

    def answer_rates(self, k: int) -> np.ndarray:
        """How often this player believes, doubts, takes the penalty on a claim of kind ``k``."""
        counts = self.answers[k] + PRIOR_WEIGHT * ANSWER_PRIOR[k]
        return np.asarray(counts / counts.sum())

    def truth_rate(self, k: int, honest: float) -> float:
        """How likely this player's claim of kind ``k`` is true, ``honest`` its chance from an honest claimer.

        The prior is an honest claimer who bluffs a little (``TRUTH_PRIOR`` of the honest chance); lifted
        claims of the kind move it.
        """
        lifted, true = self.lifted[k]
        return float((true + PRIOR_WEIGHT * TRUTH_PRIOR * honest) / (lifted + PRIOR_WEIGHT))


class TableSeat:
    """A computer player at a table of any size, at one level (see the module)."""

    def __init__(self, rules: TokioRules, level: Level, equilibrium: Seat | None) -> None:
        """``equilibrium``: ``forte``'s two-player seat (the round's equilibrium); None for the weaker levels."""
        self.rules = rules
        self.level = level
        self.equilibrium = equilibrium
        self.habits: dict[str, Habits] = {}
        self.suspicion: dict[str, Suspicion] = {}
        self.claims_seen: dict[str, int] = {}
        """How many claims each player has been seen to make (evidence for reading their claims)."""
        self._mixer: Exploiter | None = None
        """Each claimer as the casual levels read it (:mod:`engine.tokio.casual`)."""
        self._to_beat: Roll | None = None
        self._rolls, self._chances = roll_chances(rules)
        ranking = rules.ranking  # one instance: its order is computed once
        exact = rules.truth_test is TruthTest.EXACT
        self._where = {r: i for i, r in enumerate(self._rolls)}
        self._hold = np.array([
            [real == claim if exact else ranking.at_least_in_value(real, claim) for claim in self._rolls]
            for real in self._rolls
        ])
        """``_hold[i, j]``: a cup showing roll ``i`` makes a claim of roll ``j`` true."""

    # ------------------------------------------------------------ learning

    def observe(self, game: TokioGame, action: Action) -> None:
        """Count what ``action`` (about to be applied to ``game``) shows of the player making it."""
        player = game.to_act
        if player is None:
            return
        if isinstance(action, Claim):
            self._to_beat = game.claim
            self.claims_seen[player] = self.claims_seen.get(player, 0) + 1
            self.suspicion.setdefault(player, Suspicion()).saw_claim(self.rules, game.claim, action.roll)
            return
        claim = game.claim
        if claim is None:
            return
        k = kind(self.rules, self._to_beat, claim)
        if isinstance(action, Reveal):
            held = self._holds(action.roll, claim)
            habits = self.habits.setdefault(player, Habits())
            habits.lifted[k] += (1.0, float(held))
            self.suspicion.setdefault(player, Suspicion()).saw_cup(self.rules, self._to_beat, claim, held)
            return
        column = 0 if isinstance(action, Believe) else 1 if isinstance(action, Doubt) else 2
        self.habits.setdefault(player, Habits()).answers[k, column] += 1.0

    def _of(self, player: str) -> Habits:
        return self.habits.get(player) or Habits()

    # ------------------------------------------------------------ deciding

    def claim(self, game: TokioGame, own: Roll, rng: random.Random) -> Roll:
        """What to declare, ``game`` in its claim phase with this seat to act, having rolled ``own``."""
        claims = allowed_claims(self.rules, game.claim)
        if self.level is not Level.FORTE:
            return own if own in claims else claims[0]
        if self._exact(game):
            assert self.equilibrium is not None
            reading = self._reading(game)
            if reading is None:
                return self.equilibrium.claim(state_key(game), own, rng)
            tree = self.equilibrium.strategy.tree
            number = tree.index[state_key(game)]
            choices = tree.states[number].choices
            row = self._exploiter().claim_row(number, tree.rolls.index(own), reading)
            return choices[_draw(without_gifts(row, [c.lower for c in choices]), rng)].claim
        me = game.to_act or ""
        if self.rules.flow is Flow.DUEL:
            partner = game.receiver or ""
            if game.claim is None:
                costs = self._duel_opening_costs(game, me, partner)
            else:
                costs = self._duel_reply_costs(game, me, partner, game.claim, game.doubled)
        else:
            costs = self._claim_costs(game, me, game.claim, game.doubled)
        row = costs[self._rolls.index(own)]
        best = float(row.min())
        near = [c for c, cost in zip(claims, row, strict=True) if cost <= best + 1e-9]
        return rng.choice(near)

    def answer(self, game: TokioGame, to_beat: Roll | None, rng: random.Random) -> Action:
        """Believe, doubt or take the penalty: ``game`` in its response phase, ``to_beat`` the claim it raised."""
        claim = game.claim
        assert claim is not None
        if self.level is not Level.FORTE:
            reads, threshold, whim = CASUAL[self.level]
            claimant = game.claimant or ""
            picture = self.suspicion.get(claimant) or Suspicion() if reads else Suspicion.honest()
            if picture.truth(self.rules, to_beat, claim) < threshold or (whim and rng.random() < whim):
                return Doubt()
            return TakePenalty() if game.can_take_penalty else Believe()
        if self._exact(game):
            assert self.equilibrium is not None
            reading = self._reading(game)
            if reading is None:
                action = self.equilibrium.answer(answer_key(game, to_beat), claim, rng)
            else:
                tree = self.equilibrium.strategy.tree
                number = tree.index[answer_key(game, to_beat)]
                j = next(i for i, c in enumerate(tree.states[number].choices) if c.claim == claim and not c.lower)
                row = self._exploiter().answer_row(number, j, reading)
                action = (Believe(), Doubt(), TakePenalty())[_draw(row, rng)]
            return Doubt() if isinstance(action, TakePenalty) and not game.can_take_penalty else action
        me, claimant = game.to_act or "", game.claimant or ""
        if self.rules.flow is Flow.DUEL:
            options = self._duel_answer_costs(game, me, claimant, to_beat, claim)
        else:
            options = self._answer_costs(game, me, claimant, to_beat, claim)
        return min(options, key=lambda pair: pair[0])[1]

    def _truth(self, claimant: str, to_beat: Roll | None, claim: Roll) -> float:
        """How likely ``claimant``'s ``claim`` is true: the lifted cups of its kind, over the casual reading.

        The casual reading (:mod:`engine.tokio.casual`) sees every claim, lifted or
        not, so a player who bluffs only where ``forte`` believes (and is never
        lifted there) still shows it by claiming big over small claims.
        """
        reading = (self.suspicion.get(claimant) or Suspicion()).truth(self.rules, to_beat, claim)
        return self._of(claimant).truth_rate(kind(self.rules, to_beat, claim), reading)

    def reading(self, player: str) -> Reading:
        """What this seat has read of ``player``, as :mod:`engine.tokio.exploit` takes it."""
        habits = self._of(player)
        rules = self.rules

        def answers(key: StateKey, claim: Roll) -> FloatArray:
            return habits.answer_rates(kind(rules, key.claim, claim))

        bluff = (self.suspicion.get(player) or Suspicion()).bluff_share
        return Reading(bluff, answers, float(self.claims_seen.get(player, 0)), float(habits.answers.sum()))

    def _reading(self, game: TokioGame) -> Reading | None:
        """Heads-up: the reading of the other player, None with no evidence at all (the pure equilibrium)."""
        if len(game.active_players) != 2:
            return None
        me = game.to_act or ""
        other = next(p for p in game.active_players if p != me)
        reading = self.reading(other)
        return reading if reading.claims_seen or reading.answers_seen else None

    def _exploiter(self) -> Exploiter:
        if self._mixer is None:
            assert self.equilibrium is not None
            self._mixer = Exploiter(self.equilibrium.strategy)
        return self._mixer

    def _exact(self, game: TokioGame) -> bool:
        """True where ``forte`` plays the two-player equilibrium.

        Exact with two players left. A duel at a bigger table is a two-player round
        whose stakes are not zero-sum (a penalty dealt to the partner is worth only
        ``1 / (n - 1)`` of one avoided, and the others never pay in it), so Milella's
        duels (two answers to every claim) get the duel's best response below; a duel
        under other answers to the top claim keeps the equilibrium.
        """
        if self.equilibrium is None:
            return False
        if len(game.active_players) == 2:
            return True
        return self.rules.flow is Flow.DUEL and self.rules.tokio_response is not TokioResponse.TWO_CHOICES

    # ------------------------------------------------------------ forte's costs

    def _left(self, game: TokioGame) -> dict[str, int]:
        return {p.name: self.rules.limit - p.penalties for p in game.players if not p.out}

    def _next(self, game: TokioGame, name: str) -> str:
        active = list(game.active_players)
        order = active if self.rules.direction.value == "clockwise" else active[::-1]
        return order[(order.index(name) + 1) % len(order)]

    def _amount(self, doubled: bool, claim: Roll) -> int:
        doubles = claim == self.rules.ranking.top and self.rules.double_on_tokio is not DoubleOnTokio.NEVER
        return 2 if doubled or doubles else 1

    def _claim_costs(self, game: TokioGame, me: str, to_beat: Roll | None, doubled: bool) -> np.ndarray:
        """(rolls, allowed claims): the seat's cost of each claim for each roll, the next player answering."""
        claims = allowed_claims(self.rules, to_beat)
        answerer = self._next(game, me)
        left = self._left(game)
        share = 1.0 / (len(left) - 1)
        # A believed claim comes back round to the seat when every other player believes in turn.
        back = float(np.prod([self._of(p).answer_rates(0)[0] for p in left if p not in (me, answerer)]))
        mine, theirs = left.get(me, 1), left.get(answerer, 1)
        habits = self._of(answerer)
        top = self.rules.ranking.top
        lizumo = self.rules.tokio_response is TokioResponse.LIZUMO
        costs = np.zeros((len(self._rolls), len(claims)))
        for j, claim in enumerate(claims):
            believe, doubt, take = habits.answer_rates(kind(self.rules, to_beat, claim))
            amount = self._amount(doubled, claim)
            if lizumo and claim == top:
                on_believe = -share * min(1, theirs)
                caught, lost = min(1, mine), -share * min(2, theirs)
            else:
                on_believe = -share * amount * (1 - back)
                caught, lost = min(amount, mine), -share * min(amount, theirs)
            holds = self._hold[:, self._where[claim]]
            costs[:, j] = believe * on_believe + take * (-share) + doubt * np.where(holds, lost, caught)
        return costs

    def _answer_costs(
        self, game: TokioGame, me: str, claimant: str, to_beat: Roll | None, claim: Roll
    ) -> Sequence[tuple[float, Action]]:
        left = self._left(game)
        share = 1.0 / (len(left) - 1)
        mine, theirs = left.get(me, 1), left.get(claimant, 1)
        truth = self._truth(claimant, to_beat, claim)
        amount = 2 if game.doubled else 1
        if self.rules.tokio_response is TokioResponse.LIZUMO and claim == self.rules.ranking.top:
            doubt = truth * min(2, mine) - share * (1 - truth) * min(1, theirs)
            return [(doubt, Doubt()), (float(min(1, mine)), Believe())]
        doubt = truth * min(amount, mine) - share * (1 - truth) * min(amount, theirs)
        costs = self._claim_costs(game, me, claim, game.doubled)
        believe = float((self._chances * costs.min(axis=1)).sum())
        options: list[tuple[float, Action]] = [(doubt, Doubt()), (believe, Believe())]
        if game.can_take_penalty:
            options.append((float(min(1, mine)), TakePenalty()))
        return options

    # ------------------------------------------------------------ forte's costs in a duel at 3+ players

    def _doubted(self, claim: Roll, doubled: bool, mine: int, theirs: int, share: float) -> np.ndarray:
        """Per roll under the claimant's cup: the claimant's cost when ``claim`` is doubted.

        A revealed top doubles the round where the rules say so (Milella).
        """
        top = self.rules.ranking.top
        revealed = self.rules.double_on_tokio is DoubleOnTokio.DECLARED_OR_REVEALED
        base = self._amount(doubled, claim)
        amounts = np.array([2 if revealed and r == top else base for r in self._rolls])
        holds = self._hold[:, self._where[claim]]
        return np.asarray(np.where(holds, -share * np.minimum(amounts, theirs), np.minimum(amounts, mine)))

    def _doubt_cost(self, truth: float, amount: int, mine: int, theirs: int, share: float) -> float:
        """The doubter's expected cost: it pays when the claim holds, the claimant otherwise."""
        return truth * min(amount, mine) - share * (1 - truth) * min(amount, theirs)

    def _stakes(self, game: TokioGame, me: str, other: str) -> tuple[int, int, float]:
        left = self._left(game)
        return left.get(me, 1), left.get(other, 1), 1.0 / (len(left) - 1)

    def _duel_reply_costs(self, game: TokioGame, me: str, opener: str, to_beat: Roll, doubled: bool) -> np.ndarray:
        """(rolls, allowed replies): the replier's cost of each reply; the opener believing ends the duel (0)."""
        claims = allowed_claims(self.rules, to_beat)
        mine, theirs, share = self._stakes(game, me, opener)
        habits = self._of(opener)
        costs = np.zeros((len(self._rolls), len(claims)))
        for j, claim in enumerate(claims):
            doubt = habits.answer_rates(kind(self.rules, to_beat, claim))[1]
            costs[:, j] = doubt * self._doubted(claim, doubled, mine, theirs, share)
        return costs

    def _duel_opening_costs(self, game: TokioGame, me: str, partner: str) -> np.ndarray:
        """(rolls, every claim): the opener's cost of each opening claim.

        Believed, the partner replies as an honest claimer would (its roll when
        allowed, else the lowest allowed claim) and the opener answers that reply at
        its best: believing ends the duel at no cost, doubting is judged by how often
        the partner's claims of that kind were true.
        """
        claims = allowed_claims(self.rules, None)
        mine, theirs, share = self._stakes(game, me, partner)
        habits = self._of(partner)
        chance = dict(zip(self._rolls, self._chances.tolist(), strict=True))
        costs = np.zeros((len(self._rolls), len(claims)))
        for j, claim in enumerate(claims):
            believe, doubt, _ = habits.answer_rates(kind(self.rules, None, claim))
            replies = allowed_claims(self.rules, claim)
            below = 1.0 - sum(chance[r] for r in replies)
            believed = 0.0
            for i, reply in enumerate(replies):
                truth = self._truth(partner, claim, reply)
                amount = self._amount(self._amount(False, claim) == 2, reply)
                cost = self._doubt_cost(truth, amount, mine, theirs, share)
                believed += (chance[reply] + (below if i == 0 else 0.0)) * min(0.0, cost)
            costs[:, j] = believe * believed + doubt * self._doubted(claim, False, mine, theirs, share)
        return costs

    def _duel_answer_costs(
        self, game: TokioGame, me: str, claimant: str, to_beat: Roll | None, claim: Roll
    ) -> Sequence[tuple[float, Action]]:
        """Doubt or believe in a duel: the opening claim (believing means replying) or the reply (ends the duel)."""
        mine, theirs, share = self._stakes(game, me, claimant)
        truth = self._truth(claimant, to_beat, claim)
        doubt = self._doubt_cost(truth, 2 if game.doubled else 1, mine, theirs, share)
        if to_beat is None:
            costs = self._duel_reply_costs(game, me, claimant, claim, game.doubled)
            believe = float((self._chances * costs.min(axis=1)).sum())
        else:
            believe = 0.0
        return [(doubt, Doubt()), (believe, Believe())]

    def _holds(self, real: Roll, claim: Roll) -> bool:
        return bool(self._hold[self._where[real], self._where[claim]])
