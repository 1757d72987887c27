"""The Yatzi solver against published optima, hand-worked positions and its own strategy played out.

Published values: 254.5896 for the standard American rules with the free-choice
joker (Verhoeff 1999, Glenn 2006), 254.5877 with the printed forced joker, and
245.8708 with neither yatzi bonus nor joker (Glenn 2006).
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import numpy as np
import pytest

from engine.yatzi.advice import Advisor
from engine.yatzi.dice import KEEP_INDEX, ROLLS, TRANSITIONS, best_within, keep_values
from engine.yatzi.score import BOXES, SEED_RULES, STANDARD_RULES, Joker, YatziRules
from engine.yatzi.simulation import simulate
from engine.yatzi.solver import FULL_MASK, SolvedTable, level_states, reachable_upper, solve

FORCED_RULES = dataclasses.replace(STANDARD_RULES, joker=Joker.FORCED_UPPER)
PLAIN_RULES = dataclasses.replace(STANDARD_RULES, joker=Joker.OFF, yatzi_bonus=0)

_TABLES: dict[YatziRules, SolvedTable] = {}


def table(rules: YatziRules) -> SolvedTable:
    """Each rule set solved once per test session."""
    if rules not in _TABLES:
        _TABLES[rules] = solve(rules)
    return _TABLES[rules]


def mask_of(*boxes: str) -> int:
    return sum(1 << BOXES.index(box) for box in boxes)


def all_but(*free: str) -> int:
    return FULL_MASK & ~mask_of(*free)


# ---------------------------------------------------------------- combinatorics (fast)


@pytest.mark.parametrize("size", [0, 1, 3, 4])
def test_keep_odds_are_multinomial(size: int) -> None:
    # holding four sixes, the fifth die: each face 1/6; holding nothing: 5 sixes is 1/7776
    keep = (6,) * size
    row = TRANSITIONS[KEEP_INDEX[keep]]
    assert row.sum() == pytest.approx(1.0)
    assert row[ROLLS.index((6, 6, 6, 6, 6))] == pytest.approx(float(Fraction(1, 6 ** (5 - size))))
    if size == 0:
        # one 1, one 2, ... a 5: 5! orders of 7776
        assert row[ROLLS.index((1, 2, 3, 4, 5))] == pytest.approx(120 / 7776)


def test_keep_values_and_best_within_by_hand() -> None:
    # a single state whose value is 1 for a yatzi of sixes, 0 otherwise
    after = np.zeros((len(ROLLS), 1))
    after[ROLLS.index((6, 6, 6, 6, 6))] = 1.0
    keeps = keep_values(after)
    assert keeps[KEEP_INDEX[(6, 6, 6)], 0] == pytest.approx(1 / 36)
    assert keeps[KEEP_INDEX[()], 0] == pytest.approx(1 / 7776)
    best = best_within(keeps)
    # from 6-6-6-1-2 the best is to hold the three sixes
    assert best[ROLLS.index((1, 2, 6, 6, 6)), 0] == pytest.approx(1 / 36)
    # no six to hold: rolling all five again is the only hope
    assert best[ROLLS.index((1, 2, 3, 4, 5)), 0] == pytest.approx(1 / 7776)


def test_upper_totals_reachable() -> None:
    reach = reachable_upper(SEED_RULES)
    assert np.flatnonzero(reach[0]).tolist() == [0]
    # only "sei" filled: 0, 6, ..., 30
    assert np.flatnonzero(reach[1 << 5]).tolist() == [0, 6, 12, 18, 24, 30]
    # "cinque" and "sei": 55 = 5*5+6*5 is reachable, 56 is not (5a+6b with a,b<=5)
    row = reach[(1 << 4) | (1 << 5)]
    assert row[55] and not row[56] and not row[63]


# ---------------------------------------------------------------- published optima (slow)


@pytest.mark.slow
def test_standard_rules_optimum_is_verhoeffs() -> None:
    assert round(table(STANDARD_RULES).start_value, 4) == 254.5896


@pytest.mark.slow
def test_forced_joker_optimum() -> None:
    assert round(table(FORCED_RULES).start_value, 4) == 254.5877


@pytest.mark.slow
def test_without_yatzi_bonus_and_joker_is_glenns() -> None:
    assert round(table(PLAIN_RULES).start_value, 4) == 245.8708


@pytest.mark.slow
def test_table_fits_in_16_mb() -> None:
    assert table(STANDARD_RULES).values.nbytes <= 16 * 2**20
    assert table(STANDARD_RULES).values.dtype == np.float32


# ---------------------------------------------------------------- hand-worked positions (slow)

# Chance alone, three rolls: hold a die showing 5 or 6 after the first roll, 4 or
# more after the second; a die is worth 3.5, then 4.25, then 14/3. Five dice: 70/3.
CHANCE_ALONE = Fraction(70, 3)

# A die rerolled until it shows a given face, three tries: 1 - (5/6)^3 = 91/216.
P_FACE = Fraction(91, 216)
P_TWO_OR_MORE = 1 - (1 - P_FACE) ** 5 - 5 * P_FACE * (1 - P_FACE) ** 4


@pytest.mark.slow
@pytest.mark.parametrize("rules", [SEED_RULES, STANDARD_RULES], ids=["seed", "standard"])
def test_last_turn_chance_alone(rules: YatziRules) -> None:
    assert table(rules).value(all_but("chance"), upper=0) == pytest.approx(float(CHANCE_ALONE), abs=1e-4)


@pytest.mark.slow
def test_last_turn_sixes_alone_with_and_without_the_bonus_in_reach() -> None:
    solved = table(SEED_RULES)
    # hold every six: each die ends a six with probability 91/216
    sixes = 6 * 5 * P_FACE
    assert solved.value(all_but("sei"), upper=0) == pytest.approx(float(sixes), abs=1e-4)
    # at 51 two sixes reach 63: the bonus (30) is worth 30 * P(two or more sixes)
    assert solved.value(all_but("sei"), upper=51) == pytest.approx(float(sixes + 30 * P_TWO_OR_MORE), abs=1e-4)
    # at 63 the bonus is already on the card
    assert solved.value(all_but("sei"), upper=63) == pytest.approx(float(sixes), abs=1e-4)


@pytest.mark.slow
def test_last_turn_yatzi_alone_is_the_three_roll_yatzi_chance() -> None:
    # Chasing five equal dice: hold the most common face. The chance in three rolls
    # is 2,783,176 / 60,466,176 (= 0.046029).
    p = Fraction(2_783_176, 60_466_176)
    assert table(SEED_RULES).value(all_but("yatzi"), upper=0) == pytest.approx(float(50 * p), abs=1e-4)


THREES_CARD = {
    "assi": 1, "due": 8, "quattro": 16, "cinque": 20, "sei": 12,  # upper 57: two threes reach 63
    "tris": 12, "poker": 16, "full": 25, "scala_minima": 30, "scala_massima": 0, "yatzi": 0,
}


@pytest.mark.slow
def test_the_upper_bonus_decides_the_box() -> None:
    # 3-3-1-2-4, no rolls left, "tre" and "chance" free, upper 57.
    advice = Advisor(table(SEED_RULES)).advise(THREES_CARD, (3, 3, 1, 2, 4), rolls_left=0)
    banked = sum(THREES_CARD.values())
    # tre now: 6 + bonus 30, then chance alone (70/3)
    in_threes = banked + 6 + 30 + CHANCE_ALONE
    # chance now: 13, then threes alone needing two threes for the bonus
    in_chance = banked + 13 + 3 * 5 * P_FACE + 30 * P_TWO_OR_MORE
    assert advice.best.box == "tre"
    assert advice.best.expected == pytest.approx(float(in_threes), abs=1e-4)
    assert advice.box_option("chance").expected == pytest.approx(float(in_chance), abs=1e-4)
    assert advice.box_option("chance").cost == pytest.approx(float(in_threes - in_chance), abs=1e-4)


@pytest.mark.slow
def test_five_sixes_on_the_first_turn_under_the_seed_rules() -> None:
    advice = Advisor(table(SEED_RULES)).advise({}, (6, 6, 6, 6, 6), rolls_left=2)
    # Yatzi writes 50 now, sei 30 but with most of the upper bonus (30) in hand.
    # Hand reasoning: sei's head start towards 63 is worth less than the 20 points
    # it gives away, and no keep can beat a yatzi already on the table.
    assert advice.best.box == "yatzi"
    assert [o.box for o in advice.boxes[:2]] == ["yatzi", "sei"]
    assert 0 < advice.box_option("sei").cost < 20
    assert advice.keeps[0].cost > 0
    assert advice.best.expected == pytest.approx(50 + table(SEED_RULES).value(mask_of("yatzi"), 0), abs=1e-4)


@pytest.mark.slow
def test_advice_keeps_follow_the_table() -> None:
    solved = table(STANDARD_RULES)
    advice = Advisor(solved).advise({}, (1, 2, 3, 3, 5), rolls_left=2)
    # every option is priced against the best, and the best is one of them
    assert advice.best.cost == 0
    assert all(o.cost >= 0 for o in advice.keeps + advice.boxes)
    assert advice.best.keep == (3, 3)
    # 1, 2, 5 held or not, and zero to two threes: 2 * 2 * 2 * 3 = 24 keeps, less the whole hand
    assert len(advice.keeps) == 23


@pytest.mark.slow
def test_forced_joker_leaves_only_the_matching_upper_box() -> None:
    card = {"yatzi": 50, "tris": 20}
    advice = Advisor(table(FORCED_RULES)).advise(card, (4, 4, 4, 4, 4), rolls_left=0)
    assert [o.box for o in advice.boxes] == ["quattro"]
    free = Advisor(table(STANDARD_RULES)).advise(card, (4, 4, 4, 4, 4), rolls_left=0)
    assert len(free.boxes) == 11


# ---------------------------------------------------------------- the strategy played out (slow)


@pytest.mark.slow
@pytest.mark.parametrize("rules", [SEED_RULES, STANDARD_RULES], ids=["seed", "standard"])
def test_ten_thousand_games_average_the_table_value(rules: YatziRules) -> None:
    solved = table(rules)
    scores = simulate(solved, 10_000, np.random.default_rng(20261129))
    assert abs(float(scores.mean()) - solved.start_value) < 1.0
    assert scores.min() >= 0


@pytest.mark.slow
def test_every_level_state_is_solved() -> None:
    solved = table(SEED_RULES)
    masks, uppers, flags = level_states(SEED_RULES, 12)
    assert len(masks) > 0 and (flags == 0).all()
    assert (solved.values[0, masks, uppers] > 0).all()
