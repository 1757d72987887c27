"""The Yatzi dialog rules on an intent with the engine's values alone, then says it once.

The expected rulings are worked from the seed's scoring rules (``yatzi.txt``): five ones
score 50 in yatzi and 0 in the large straight; a tris of threes scores the three threes.
"""

from __future__ import annotations

from engine.yatzi import game as yg
from grammars import intents as it
from grammars.yatzi import intents as yi
from grammars.yatzi.grammar import Phase, parse_yatzi
from voice_host.core.dialog import Confirm, Refuse
from voice_host.games.yatzi import rulings as r
from voice_host.games.yatzi.dialog import YatziDialog


def _rolled(dice: tuple[int, ...]) -> YatziDialog:
    dialog = YatziDialog(["Anna"])
    dialog.apply(yg.RecordRoll(dice))
    return dialog


def test_a_zero_box_while_another_scores_is_ruled_with_the_best_box_and_its_points() -> None:
    dialog = _rolled((1, 1, 1, 1, 1))
    assert dialog._rule(yi.ChooseBox("scala_massima")) == r.CheckZeroBox("scala_massima", "yatzi", 50)
    decision = dialog.decide(yi.ChooseBox("scala_massima"))
    assert isinstance(decision, Confirm) and decision.action == yg.Score("scala_massima")
    assert "50" in decision.question or "cinquanta" in decision.question


def test_a_scoring_box_is_applied_and_a_taken_box_refused() -> None:
    dialog = _rolled((3, 3, 3, 5, 6))
    assert dialog._rule(yi.ChooseBox("tris")) == r.Apply(yg.Score("tris"))
    dialog.apply(yg.Score("tris"))
    dialog.apply(yg.RecordRoll((3, 3, 3, 5, 6)))
    assert dialog._rule(yi.ChooseBox("tris")) == r.BoxTaken("tris")


def test_virtual_commands_with_physical_dice_and_chatter_are_refusals_with_their_reason() -> None:
    dialog = _rolled((3, 3, 3, 5, 6))
    assert dialog._rule(yi.KeepDice((3, 3, 3))) == r.Refuse(r.Refusal.DICE_ARE_PHYSICAL)
    heard = parse_yatzi("che bella serata", Phase.BOX)
    assert isinstance(heard, it.NotUnderstood)
    assert dialog._rule(heard) == r.Misheard(heard)
    decision = dialog.decide(yi.KeepDice((3, 3, 3)))
    assert isinstance(decision, Refuse) and decision.sentence
