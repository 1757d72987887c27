"""Presets and rule options against RULES.md 1.5."""

from __future__ import annotations

import pytest

from engine.errors import BadConfiguration
from engine.rolls import RankingKind, Roll
from engine.tokio.rules import (
    PRESETS,
    Counting,
    Direction,
    DoubleOnTokio,
    Flow,
    NextOpener,
    RaiseRule,
    TokioResponse,
    TokioRules,
    TruthTest,
    preset,
)


def test_three_presets() -> None:
    assert set(PRESETS) == {"classico", "lizumo", "milella"}


def test_classico() -> None:
    # d6, chain, >=, limit 10, double on declared, three choices, penalised opens.
    r = preset("classico")
    assert r.name == "classico"
    assert r.sides == 6
    assert r.ranking_kind is RankingKind.CLASSIC
    assert r.flow is Flow.CHAIN
    assert r.raise_rule is RaiseRule.AT_LEAST
    assert r.truth_test is TruthTest.EXACT
    assert r.limit == 10
    assert r.counting is Counting.PENALTIES
    assert r.double_on_tokio is DoubleOnTokio.DECLARED
    assert r.tokio_response is TokioResponse.THREE_CHOICES
    assert r.next_opener is NextOpener.PENALISED
    assert r.direction is Direction.CLOCKWISE
    assert r.ranking.top == Roll(2, 1)


def test_lizumo() -> None:
    # d6, chain, >, 3 lives, lizumo Tokio (no doubling), penalised opens.
    r = preset("lizumo")
    assert r.name == "lizumo"
    assert r.sides == 6
    assert r.ranking_kind is RankingKind.CLASSIC
    assert r.flow is Flow.CHAIN
    assert r.raise_rule is RaiseRule.STRICTLY_HIGHER
    assert r.truth_test is TruthTest.AT_LEAST
    assert r.limit == 3
    assert r.counting is Counting.LIVES
    assert r.double_on_tokio is DoubleOnTokio.NEVER
    assert r.tokio_response is TokioResponse.LIZUMO
    assert r.next_opener is NextOpener.PENALISED
    assert r.direction is Direction.CLOCKWISE


def test_milella() -> None:
    # d6, duel, Milella ranking, >=, limit 8, double on declared or revealed; believe/doubt only.
    r = preset("milella")
    assert r.name == "milella"
    assert r.sides == 6
    assert r.ranking_kind is RankingKind.MILELLA
    assert r.flow is Flow.DUEL
    assert r.raise_rule is RaiseRule.AT_LEAST
    assert r.truth_test is TruthTest.EXACT
    assert r.limit == 8
    assert r.counting is Counting.PENALTIES
    assert r.double_on_tokio is DoubleOnTokio.DECLARED_OR_REVEALED
    assert r.tokio_response is TokioResponse.TWO_CHOICES
    assert r.next_opener is NextOpener.PENALISED
    assert r.ranking.top == Roll(3, 1)
    assert r.ranking.bottom == Roll(2, 1)


@pytest.mark.parametrize("name", ["classico", "lizumo"])
@pytest.mark.parametrize("sides, top", [(4, Roll(2, 1)), (6, Roll(2, 1)), (8, Roll(2, 1)), (10, Roll(1, 0))])
def test_other_dice_keep_every_other_option(name: str, sides: int, top: Roll) -> None:
    r = preset(name, sides=sides)
    assert r.sides == sides
    assert r.dice.sides == sides
    assert r.ranking.top == top
    base = PRESETS[name]
    for field in (
        "name",
        "flow",
        "raise_rule",
        "truth_test",
        "limit",
        "double_on_tokio",
        "tokio_response",
        "next_opener",
    ):
        assert getattr(r, field) == getattr(base, field), field


@pytest.mark.parametrize("sides", [4, 8, 10])
def test_milella_with_other_dice_is_refused(sides: int) -> None:
    with pytest.raises(BadConfiguration):
        preset("milella", sides=sides)
    with pytest.raises(BadConfiguration):
        TokioRules(ranking_kind=RankingKind.MILELLA, sides=sides)


@pytest.mark.parametrize("name, limit", [("classico", 5), ("lizumo", 6), ("milella", 3), ("classico", 1)])
def test_limit_overrides(name: str, limit: int) -> None:
    r = preset(name, limit=limit)
    assert r.limit == limit
    assert r.flow is PRESETS[name].flow


def test_limit_and_dice_together() -> None:
    r = preset("lizumo", sides=10, limit=6)
    assert (r.sides, r.limit, r.raise_rule) == (10, 6, RaiseRule.STRICTLY_HIGHER)


@pytest.mark.parametrize("limit", [0, -1])
def test_limit_below_one_is_refused(limit: int) -> None:
    with pytest.raises(BadConfiguration):
        preset("classico", limit=limit)


@pytest.mark.parametrize("sides", [2, 5, 12, 20])
def test_unsupported_dice_refused(sides: int) -> None:
    with pytest.raises(BadConfiguration):
        preset("classico", sides=sides)


def test_unknown_preset() -> None:
    with pytest.raises(BadConfiguration):
        preset("yahtzee")


def test_presets_are_not_mutated_by_overrides() -> None:
    preset("classico", sides=4, limit=5)
    assert PRESETS["classico"].sides == 6 and PRESETS["classico"].limit == 10
