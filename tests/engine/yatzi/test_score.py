"""Yatzi scoring, worked by hand from the seed (RULES.md section 2) and its options."""

from __future__ import annotations

import pytest

from engine.errors import BadConfiguration
from engine.yatzi.score import (
    BOXES,
    NOfAKind,
    YatziRules,
    best_boxes,
    card_totals,
    is_sub_multiset,
    remove_faces,
    score,
)

SEED = YatziRules()
ALL_DICE = YatziRules(n_of_a_kind=NOfAKind.ALL_DICE)
LINEAR = YatziRules(cyclic_straights=False)
FIVE_IS_FULL = YatziRules(yatzi_is_full=True)


def test_box_keys_in_scorecard_order() -> None:
    assert BOXES == (
        "assi", "due", "tre", "quattro", "cinque", "sei",
        "tris", "poker", "full", "scala_minima", "scala_massima", "yatzi", "chance",
    )


def test_seed_defaults() -> None:
    assert SEED.bonus_value == 30
    assert SEED.bonus_threshold == 63
    assert SEED.n_of_a_kind is NOfAKind.MATCHING
    assert SEED.cyclic_straights is True
    assert SEED.yatzi_is_full is False
    assert (SEED.full_value, SEED.small_straight_value, SEED.large_straight_value, SEED.yatzi_value) == (
        25, 30, 40, 50,
    )


@pytest.mark.parametrize(
    "box, dice, points",
    [
        # group A: the sum of the dice showing the face
        ("assi", (1, 1, 1, 2, 3), 3),
        ("assi", (1, 1, 1, 1, 1), 5),
        ("assi", (2, 3, 4, 5, 6), 0),
        ("due", (2, 2, 3, 4, 2), 6),
        ("tre", (3, 3, 1, 1, 1), 6),
        ("quattro", (4, 1, 4, 2, 3), 8),
        ("cinque", (5, 5, 2, 5, 1), 15),
        ("sei", (6, 6, 6, 6, 6), 30),
        ("sei", (6, 1, 2, 3, 4), 6),
        # tris: only the three equal dice
        ("tris", (2, 2, 5, 5, 5), 15),
        ("tris", (4, 4, 1, 4, 6), 12),
        ("tris", (3, 3, 3, 3, 2), 9),
        ("tris", (6, 6, 6, 6, 6), 18),
        ("tris", (1, 1, 2, 2, 3), 0),
        ("tris", (1, 2, 3, 4, 5), 0),
        # poker: only the four equal dice
        ("poker", (3, 3, 3, 3, 2), 12),
        ("poker", (6, 1, 6, 6, 6), 24),
        ("poker", (5, 5, 5, 5, 5), 20),
        ("poker", (2, 2, 5, 5, 5), 0),
        # full: three of one face and two of another
        ("full", (2, 2, 5, 5, 5), 25),
        ("full", (6, 1, 6, 1, 1), 25),
        ("full", (3, 3, 3, 3, 2), 0),
        ("full", (1, 1, 2, 2, 3), 0),
        ("full", (6, 6, 6, 6, 6), 0),
        # scala minima: four in sequence, cyclic
        ("scala_minima", (1, 2, 3, 4, 6), 30),
        ("scala_minima", (3, 4, 5, 6, 6), 30),
        ("scala_minima", (4, 5, 6, 1, 1), 30),
        ("scala_minima", (1, 6, 5, 4, 4), 30),
        ("scala_minima", (5, 6, 1, 2, 2), 30),
        ("scala_minima", (6, 1, 2, 3, 3), 30),
        ("scala_minima", (2, 3, 4, 5, 5), 30),
        ("scala_minima", (1, 2, 4, 5, 5), 0),
        ("scala_minima", (1, 1, 3, 4, 6), 0),
        ("scala_minima", (1, 2, 3, 3, 5), 0),
        # a large straight holds a small one
        ("scala_minima", (1, 2, 3, 4, 5), 30),
        ("scala_minima", (3, 4, 5, 6, 1), 30),
        # scala massima: five in sequence, cyclic
        ("scala_massima", (1, 2, 3, 4, 5), 40),
        ("scala_massima", (6, 5, 4, 3, 2), 40),
        ("scala_massima", (3, 4, 5, 6, 1), 40),
        ("scala_massima", (6, 1, 2, 3, 4), 40),
        ("scala_massima", (1, 2, 3, 5, 6), 40),
        ("scala_massima", (1, 2, 3, 4, 4), 0),
        ("scala_massima", (4, 5, 6, 1, 1), 0),
        # yatzi
        ("yatzi", (4, 4, 4, 4, 4), 50),
        ("yatzi", (4, 4, 4, 4, 3), 0),
        # chance: the sum of all five
        ("chance", (1, 2, 3, 4, 5), 15),
        ("chance", (6, 6, 6, 6, 5), 29),
        ("chance", (2, 2, 5, 5, 5), 19),
        ("chance", (1, 1, 1, 1, 1), 5),
    ],
)
def test_seed_scores(box: str, dice: tuple[int, ...], points: int) -> None:
    assert score(box, dice) == points
    assert score(box, dice, SEED) == points


@pytest.mark.parametrize(
    "box, dice, points",
    [
        ("tris", (2, 2, 5, 5, 5), 19),
        ("tris", (3, 3, 3, 3, 2), 14),
        ("tris", (1, 2, 3, 4, 5), 0),
        ("poker", (3, 3, 3, 3, 2), 14),
        ("poker", (6, 6, 6, 6, 6), 30),
        ("poker", (2, 2, 5, 5, 5), 0),
        ("full", (2, 2, 5, 5, 5), 25),
        ("chance", (2, 2, 5, 5, 5), 19),
    ],
)
def test_all_dice_option(box: str, dice: tuple[int, ...], points: int) -> None:
    assert score(box, dice, ALL_DICE) == points


@pytest.mark.parametrize(
    "box, dice, points",
    [
        ("scala_minima", (1, 2, 3, 4, 6), 30),
        ("scala_minima", (2, 3, 4, 5, 1), 30),
        ("scala_minima", (3, 4, 5, 6, 1), 30),
        ("scala_minima", (4, 5, 6, 1, 1), 0),
        ("scala_minima", (5, 6, 1, 2, 2), 0),
        ("scala_minima", (6, 1, 2, 3, 3), 0),
        ("scala_massima", (1, 2, 3, 4, 5), 40),
        ("scala_massima", (2, 3, 4, 5, 6), 40),
        ("scala_massima", (3, 4, 5, 6, 1), 0),
        ("scala_massima", (1, 2, 3, 5, 6), 0),
    ],
)
def test_linear_straights_option(box: str, dice: tuple[int, ...], points: int) -> None:
    assert score(box, dice, LINEAR) == points


def test_yatzi_as_full_option() -> None:
    assert score("full", (6, 6, 6, 6, 6), FIVE_IS_FULL) == 25
    assert score("full", (2, 2, 5, 5, 5), FIVE_IS_FULL) == 25
    assert score("full", (3, 3, 3, 3, 2), FIVE_IS_FULL) == 0


def test_fixed_values_are_options() -> None:
    rules = YatziRules(full_value=30, small_straight_value=25, large_straight_value=35, yatzi_value=100)
    assert score("full", (2, 2, 5, 5, 5), rules) == 30
    assert score("scala_minima", (4, 5, 6, 1, 1), rules) == 25
    assert score("scala_massima", (1, 2, 3, 4, 5), rules) == 35
    assert score("yatzi", (2, 2, 2, 2, 2), rules) == 100


def test_five_sixes_in_sei_or_yatzi() -> None:
    # The seed's example: five 6s may go in the sei (30) instead of yatzi (50).
    assert score("sei", (6, 6, 6, 6, 6)) == 30
    assert score("yatzi", (6, 6, 6, 6, 6)) == 50


def test_bonus_at_exactly_63() -> None:
    # three of each face: 3 + 6 + 9 + 12 + 15 + 18 = 63
    card = {"assi": 3, "due": 6, "tre": 9, "quattro": 12, "cinque": 15, "sei": 18}
    totals = card_totals(card)
    assert (totals.upper, totals.bonus, totals.lower, totals.total) == (63, 30, 0, 93)


def test_no_bonus_at_62() -> None:
    card = {"assi": 2, "due": 6, "tre": 9, "quattro": 12, "cinque": 15, "sei": 18, "chance": 20}
    totals = card_totals(card)
    assert (totals.upper, totals.bonus, totals.lower, totals.total) == (62, 0, 20, 82)


def test_bonus_above_threshold_and_lower_boxes_do_not_count() -> None:
    card = {"sei": 30, "cinque": 25, "quattro": 16, "yatzi": 50, "chance": 30}
    totals = card_totals(card)
    assert (totals.upper, totals.bonus, totals.lower, totals.total) == (71, 30, 80, 181)
    # lower boxes never make the upper sum
    assert card_totals({"yatzi": 50, "scala_massima": 40}).bonus == 0


def test_bonus_options() -> None:
    rules = YatziRules(bonus_value=35, bonus_threshold=60)
    card = {"sei": 24, "cinque": 20, "quattro": 16}
    assert card_totals(card, rules).bonus == 35
    assert card_totals(card).bonus == 0
    assert card_totals({}, rules).total == 0


def test_best_boxes_five_sixes() -> None:
    assert best_boxes((6, 6, 6, 6, 6)) == (
        ("yatzi", 50), ("sei", 30), ("chance", 30), ("poker", 24), ("tris", 18),
        ("assi", 0), ("due", 0), ("tre", 0), ("quattro", 0), ("cinque", 0),
        ("full", 0), ("scala_minima", 0), ("scala_massima", 0),
    )


def test_best_boxes_among_free() -> None:
    assert best_boxes((2, 2, 5, 5, 5), free=["assi", "full", "tris", "cinque"]) == (
        ("full", 25), ("cinque", 15), ("tris", 15), ("assi", 0),  # ties: scorecard order
    )
    assert best_boxes((2, 2, 5, 5, 5), free=[]) == ()


@pytest.mark.parametrize(
    "dice",
    [(1, 2, 3, 4), (1, 2, 3, 4, 5, 6), (0, 1, 2, 3, 4), (1, 2, 3, 4, 7), ()],
)
def test_bad_dice(dice: tuple[int, ...]) -> None:
    with pytest.raises(ValueError):
        score("chance", dice)


def test_unknown_box() -> None:
    with pytest.raises(ValueError):
        score("scala", (1, 2, 3, 4, 5))
    with pytest.raises(ValueError):
        card_totals({"bonus": 30})


@pytest.mark.parametrize(
    "kwargs",
    [{"bonus_value": -1}, {"bonus_threshold": -5}, {"full_value": 2.5}, {"yatzi_value": True},
     {"n_of_a_kind": "matching"}],
)
def test_bad_rules(kwargs: dict[str, object]) -> None:
    with pytest.raises(BadConfiguration):
        YatziRules(**kwargs)  # type: ignore[arg-type]


def test_multiset_helpers() -> None:
    assert remove_faces((3, 3, 3, 5, 6), (3, 6)) == (3, 3, 5)
    assert remove_faces((1, 2), ()) == (1, 2)
    with pytest.raises(ValueError):
        remove_faces((3, 5, 6), (3, 3))
    assert is_sub_multiset((3, 3), (3, 5, 3))
    assert not is_sub_multiset((3, 3), (3, 5, 6))
    assert is_sub_multiset((), (1,))
