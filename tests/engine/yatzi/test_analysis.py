"""Post-game analysis: decisions priced against optimal play, on a game worked by hand."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.yatzi.advice import Advisor
from engine.yatzi.analysis import analyse
from engine.yatzi.game import Keep, RecordRoll, Score
from engine.yatzi.score import SEED_RULES
from engine.yatzi.solver import solve

# Eleven turns leaving "tre" and "chance" free with the upper boxes at 57 (card 140).
SETUP = [
    ((1, 2, 2, 3, 5), "assi"), ((2, 2, 2, 2, 5), "due"), ((4, 4, 4, 4, 1), "quattro"),
    ((5, 5, 5, 5, 2), "cinque"), ((6, 6, 1, 2, 3), "sei"), ((4, 4, 4, 1, 2), "tris"),
    ((4, 4, 4, 4, 1), "poker"), ((2, 2, 3, 3, 3), "full"), ((1, 2, 3, 4, 6), "scala_minima"),
    ((1, 1, 2, 2, 5), "scala_massima"), ((1, 1, 2, 2, 5), "yatzi"),
]
P_FACE = Fraction(91, 216)  # a die rerolled up to three times until it shows a given face
P_TWO = 1 - (1 - P_FACE) ** 5 - 5 * P_FACE * (1 - P_FACE) ** 4
# 3-3-1-2-4 with tre and chance free: tre now (6 + bonus 30, then chance alone 70/3)
# against chance now (13, then threes alone: 15 * 91/216 + 30 * P(two threes or more))
COST_OF_CHANCE = (6 + 30 + Fraction(70, 3)) - (13 + 15 * P_FACE + 30 * P_TWO)


@pytest.fixture(scope="module")
def advisor() -> Advisor:
    return Advisor(solve(SEED_RULES))


def history(last_box: str) -> list[object]:
    actions: list[object] = []
    for dice, box in SETUP + [((3, 3, 1, 2, 4), last_box)]:
        actions += [RecordRoll(dice), Score(box)]
    return actions


@pytest.mark.slow
def test_physical_dice_price_the_box_choices(advisor: Advisor) -> None:
    report = analyse(advisor, ["Anna"], None, history("chance"), keeps_known=False)["Anna"]  # type: ignore[arg-type]
    assert len(report.decisions) == 12
    last = report.decisions[-1]
    assert (last.turn, last.chosen.box, last.best.box) == (12, "chance", "tre")
    assert last.cost == pytest.approx(float(COST_OF_CHANCE), abs=1e-4)
    assert report.lost == pytest.approx(sum(d.cost for d in report.decisions))
    assert report.costliest(3)[0].cost >= report.costliest(3)[-1].cost
    good = analyse(advisor, ["Anna"], None, history("tre"), keeps_known=False)["Anna"]  # type: ignore[arg-type]
    assert good.decisions[-1].cost == pytest.approx(0, abs=1e-9)
    assert good.lost == pytest.approx(report.lost - float(COST_OF_CHANCE), abs=1e-4)


@pytest.mark.slow
def test_virtual_dice_price_the_keeps_too(advisor: Advisor) -> None:
    # first roll 6-6-6-1-2: holding the ones and twos instead of the sixes is a keep to price
    actions = [RecordRoll((6, 6, 6, 1, 2)), Keep((1, 2)), RecordRoll((6, 6, 6)), Score("sei")]
    reports = analyse(advisor, ["Anna", "Hal"], "Anna", actions, keeps_known=True, only=["Anna"])  # type: ignore[arg-type]
    assert set(reports) == {"Anna"}
    report = reports["Anna"]
    keep, box = report.decisions
    assert keep.chosen.keep == (1, 2) and keep.rolls_left == 2 and keep.cost > 1
    # 1-2 kept and 6-6-6 rolled: 1-2-6-6-6 again, written in sei (18) with a roll still left
    assert box.dice == (1, 2, 6, 6, 6) and box.chosen.box == "sei" and box.rolls_left == 1
    assert report.costliest(1)[0] is keep
