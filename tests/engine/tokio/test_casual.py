"""The casual reading of a claimer: truth chances counted apart over the 36 faces, and learning from claims seen."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import numpy as np
import pytest

from engine.rolls import Roll
from engine.tokio.actions import Believe, Claim
from engine.tokio.casual import BLUFF_GRID, Suspicion
from engine.tokio.game import TokioGame
from engine.tokio.opponents import bluff_happy, honest_odds
from engine.tokio.rules import preset

ORDER = [Roll(h, lo) for h, lo in [
    (3, 1), (3, 2), (4, 1), (4, 2), (4, 3), (5, 1), (5, 2), (5, 3), (5, 4),
    (6, 1), (6, 2), (6, 3), (6, 4), (6, 5), (1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (6, 6), (2, 1),
]]  # classico d6, lowest first, written out from RULES.md (Tokio 2-1 on top)


def _truth_by_faces(to_beat: Roll, claim: Roll, bluff: Fraction) -> Fraction:
    """The 36 ordered faces; honest = the roll when at least ``to_beat``, else ``to_beat``; bluff = any above."""
    allowed = ORDER[ORDER.index(to_beat):]
    made = true = Fraction(0)
    for a, b in itertools.product(range(1, 7), repeat=2):
        real = Roll(max(a, b), min(a, b))
        honest = real if real in allowed else allowed[0]
        above = allowed[allowed.index(honest) + 1:] or [honest]
        p = (1 - bluff) * (claim == honest) + bluff * Fraction(above.count(claim), len(above))
        made += p / 36
        true += p / 36 * (real == claim)
    return true / made


def _known(share_index: int) -> Suspicion:
    weights = np.full(len(BLUFF_GRID), -np.inf)
    weights[share_index] = 0.0
    return Suspicion(weights)


@pytest.mark.parametrize("claim", [Roll(5, 4), Roll(6, 6), Roll(2, 1), Roll(6, 1)])
@pytest.mark.parametrize("index", [0, 3, 5])
def test_truth_matches_a_count_over_the_36_faces(claim: Roll, index: int) -> None:
    """Over 54, for claimers who bluff 0, 3 and 5 tenths of the time."""
    bluff = Fraction(index, 10)
    expected = _truth_by_faces(Roll(5, 4), claim, bluff)
    assert _known(index).truth(preset("classico"), Roll(5, 4), claim) == pytest.approx(float(expected))


def _claims_of(player_kind: str, count: int) -> Suspicion:
    """A casual reader's picture after ``count`` claims over 54 by a simple opponent."""
    rules = preset("classico")
    player = honest_odds() if player_kind == "honest" else bluff_happy()
    seen = Suspicion()
    rng = random.Random(7)
    for _ in range(count):
        game = TokioGame(rules, ["A", "B"])
        game.apply(Claim(Roll(5, 4)))
        game.apply(Believe())
        a, b = rng.randint(1, 6), rng.randint(1, 6)
        real = Roll(max(a, b), min(a, b))
        seen.saw_claim(rules, Roll(5, 4), player.claim(game, real, rng))
    return seen


def test_a_reader_learns_who_bluffs_from_their_claims_alone() -> None:
    """Forty claims over 54: the honest claimer's share falls below the prior's, the bluffer's climbs near a half."""
    prior = Suspicion().bluff_share
    assert _claims_of("honest", 40).bluff_share < prior < 0.2
    assert 0.3 < _claims_of("bluffer", 40).bluff_share < 0.7
