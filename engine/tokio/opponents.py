"""Simple Tokio players, written apart from the computer seat to measure it (the seat never imports this).

Each is a :class:`~engine.tokio.table.TablePlayer` a person could describe in one
sentence:

* ``always_believe``, ``always_doubt``: claim honestly (below), and always give the same answer;
* ``honest(t)``: claims the truth when its roll is allowed, else the lowest allowed claim
  (the smallest bluff); doubts when the chance that the claim is true is below ``t``;
* ``honest_odds``: ``honest(0.5)``, the player who claims the truth when they can and
  doubts by honest odds;
* ``random_legal``: any allowed claim alike, any answer alike;
* ``bluff_happy``: half of its claims are a random allowed claim above the honest one;
  answers by honest odds.

*The chance that a claim is true* is the one an honest claimer's claim has: an honest
claimer makes a claim above the lowest allowed only with that very roll, and the
lowest allowed one with that roll or with any roll that was not allowed. For a
claim ``c`` over ``b``: ``P(c) / (P(c) + P(not allowed))`` when ``c`` is the lowest
allowed claim, else 1 (at the opening every claim is true).

Against a top claim that can be taken (classico) an honest player takes the penalty
instead of believing; Lizumo's top claim is accepted blind instead of believed.

Pure: the randomness is the ``random.Random`` passed in.

>>> from engine.tokio.rules import preset
>>> rules = preset("classico")
>>> round(truth_chance(rules, Roll(5, 4), Roll(5, 4)), 4)  # 54 over 54: 2/36 against 2/36 + 16/36 (31 ... 53)
0.1111
>>> truth_chance(rules, Roll(5, 4), Roll(6, 1))  # a claim above the lowest allowed: an honest roll
1.0
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache

from engine.rolls import Roll
from engine.tokio.actions import Action, Believe, Claim, Doubt, TakePenalty
from engine.tokio.game import TokioGame
from engine.tokio.rules import TokioRules, allowed_claims
from engine.tokio.table import TablePlayer


def chance(rules: TokioRules, roll: Roll) -> float:
    """The probability that two dice show ``roll``."""
    n = rules.sides
    return (1.0 if roll.is_pair else 2.0) / (n * n)


@cache
def truth_chance(rules: TokioRules, to_beat: Roll | None, claim: Roll) -> float:
    """The chance that ``claim`` over ``to_beat`` is true, were it an honest claimer's (see the module)."""
    allowed = allowed_claims(rules, to_beat)
    if to_beat is None or claim != allowed[0]:
        return 1.0
    below = 1.0 - sum(chance(rules, r) for r in allowed)
    own = chance(rules, claim)
    return own / (own + below)


def honest_claim(game: TokioGame, own: Roll) -> Roll:
    """The truth when ``own`` is allowed, else the lowest allowed claim."""
    allowed = allowed_claims(game.rules, game.claim)
    return own if own in allowed else allowed[0]


def legal_answers(game: TokioGame) -> list[Action]:
    """Believe, doubt, and take the penalty where it is open."""
    answers: list[Action] = [Believe(), Doubt()]
    return [*answers, TakePenalty()] if game.can_take_penalty else answers


@dataclass(frozen=True)
class Honest:
    """Claims honestly; doubts a claim whose truth chance is below ``threshold`` (never: -1, always: 2)."""

    threshold: float
    bluff: float = 0.0
    """How often a claim is a random allowed claim above the honest one."""
    random_answers: bool = False

    def claim(self, game: TokioGame, own: Roll, rng: random.Random) -> Roll:
        """The honest claim, or (``bluff`` of the time) a random one above it."""
        honest = honest_claim(game, own)
        if self.bluff and rng.random() < self.bluff:
            allowed = allowed_claims(game.rules, game.claim)
            higher = allowed[allowed.index(honest) + 1:]
            if higher:
                return rng.choice(higher)
        return honest

    def answer(self, game: TokioGame, to_beat: Roll | None, rng: random.Random) -> Action:
        """Doubt below the threshold; else believe, or take the penalty against a top claim that allows it."""
        if self.random_answers:
            return rng.choice(legal_answers(game))
        claim = game.claim
        assert claim is not None
        if truth_chance(game.rules, to_beat, claim) < self.threshold:
            return Doubt()
        return TakePenalty() if game.can_take_penalty else Believe()


@dataclass(frozen=True)
class RandomLegal:
    """Any allowed claim alike, any answer alike."""

    def claim(self, game: TokioGame, own: Roll, rng: random.Random) -> Roll:
        """A random allowed claim."""
        return rng.choice(allowed_claims(game.rules, game.claim))

    def answer(self, game: TokioGame, to_beat: Roll | None, rng: random.Random) -> Action:
        """A random legal answer."""
        return rng.choice(legal_answers(game))


def always_believe() -> TablePlayer:
    """Honest claims; believes everything (takes no penalty, accepts Lizumo's top blind)."""
    return _AlwaysBelieve()


@dataclass(frozen=True)
class _AlwaysBelieve:
    def claim(self, game: TokioGame, own: Roll, rng: random.Random) -> Roll:
        return honest_claim(game, own)

    def answer(self, game: TokioGame, to_beat: Roll | None, rng: random.Random) -> Action:
        return Believe()


def always_doubt() -> TablePlayer:
    """Honest claims; doubts everything."""
    return Honest(2.0)


def honest(threshold: float) -> TablePlayer:
    """Honest claims; doubts below ``threshold``."""
    return Honest(threshold)


def honest_odds() -> TablePlayer:
    """Claims the truth when it can, doubts by honest odds (a claim less likely true than not)."""
    return Honest(0.5)


def random_legal() -> TablePlayer:
    """Any allowed claim, any answer."""
    return RandomLegal()


def bluff_happy() -> TablePlayer:
    """Half of its claims a random allowed bluff above the honest one; doubts by honest odds."""
    return Honest(0.5, bluff=0.5)


#: The population the computer seat is measured against, by name.
SIMPLE: Mapping[str, Callable[[], TablePlayer]] = {
    "always_believe": always_believe,
    "always_doubt": always_doubt,
    "honest_25": lambda: honest(0.25),
    "honest_odds": honest_odds,
    "honest_75": lambda: honest(0.75),
    "random_legal": random_legal,
    "bluff_happy": bluff_happy,
}


@dataclass(frozen=True)
class Exploiter:
    """An adversary of one seat: bluffs exactly where that seat would believe, answers by honest odds.

    When ``target`` answers its claim, it asks ``target`` (on a copy of the game) how it
    would answer each allowed claim above its honest one, highest first, and claims
    the first one it would believe; otherwise it claims honestly. It reads the
    target's mind: no human can, so it measures the worst case of being read.
    """

    target: TablePlayer
    name: str
    """The target's seat name."""

    def claim(self, game: TokioGame, own: Roll, rng: random.Random) -> Roll:
        """The highest claim above the honest one that the target would believe; else the honest one."""
        honest = honest_claim(game, own)
        allowed = allowed_claims(game.rules, game.claim)
        for claim in reversed(allowed[allowed.index(honest) + 1:]):
            trial = copy.deepcopy(game)
            trial.apply(Claim(claim))
            if trial.to_act != self.name:
                return honest
            if isinstance(self.target.answer(trial, game.claim, random.Random(0)), Believe):
                return claim
        return honest

    def answer(self, game: TokioGame, to_beat: Roll | None, rng: random.Random) -> Action:
        """By honest odds."""
        return Honest(0.5).answer(game, to_beat, rng)
