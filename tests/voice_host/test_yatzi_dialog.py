"""The Yatzi dialog: virtual dice commands, refusals, confirmations, journal round trip."""

from __future__ import annotations

from collections import Counter

from engine import yatzi_game as yg
from grammars import intents as it
from voice_host.dialog import Act, Confirm, Refuse
from voice_host.yatzi_dialog import KeepAndRoll, YatziDialog


def _act(dialog: YatziDialog, intent: it.Intent) -> list[str]:
    decision = dialog.decide(intent)
    assert isinstance(decision, Act), decision
    return dialog.apply(decision.action)


def test_virtual_turn_keeps_what_was_asked_and_rolls_the_rest():
    dialog = YatziDialog(["Anna"], virtual=True, seed=3)
    assert dialog.phase() == "virtual"
    _act(dialog, it.RollDice())
    first = dialog.engine.dice
    assert first is not None and len(first) == 5 and all(1 <= d <= 6 for d in first)
    assert dialog.phase() == "choose" and dialog.engine.rolls_left == 2
    keep = tuple(sorted(first)[:2])
    decision = dialog.decide(it.KeepDice(keep))
    assert isinstance(decision, Act) and isinstance(decision.action, KeepAndRoll)
    assert decision.action.keep == keep and len(decision.action.dice) == 3
    dialog.apply(decision.action)
    second = dialog.engine.dice
    assert second is not None and not Counter(keep) - Counter(second)  # the kept dice stayed
    assert dialog.engine.rolls_left == 1
    # reroll by naming the dice to roll again: one die
    decision = dialog.decide(it.RerollDice((second[0],)))
    assert isinstance(decision, Act)
    dialog.apply(decision.action)
    assert dialog.engine.rolls_left == 0 and dialog.phase() == "box"
    assert isinstance(dialog.decide(it.RollDice()), Refuse)  # no fourth roll


def test_keeping_dice_not_on_the_table_is_refused():
    dialog = YatziDialog(["Anna"], virtual=True, seed=3)
    _act(dialog, it.RollDice())
    dice = dialog.engine.dice
    assert dice is not None
    missing = next(face for face in range(1, 7) if face not in dice)
    decision = dialog.decide(it.KeepDice((missing,)))
    assert isinstance(decision, Refuse) and "Sul tavolo non ci sono" in decision.sentence
    assert dialog.engine.rolls_left == 2


def test_basta_stops_rolling_and_asks_for_the_box():
    dialog = YatziDialog(["Anna"], virtual=True, seed=3)
    _act(dialog, it.RollDice())
    assert isinstance(dialog.decide(it.KeepAll()), Refuse)
    assert dialog.phase() == "box"
    _act(dialog, it.ChooseBox("chance"))
    assert dialog.phase() == "virtual"  # next turn starts with a roll


def test_virtual_dice_do_not_change_when_a_roll_is_undone_and_redone():
    a = YatziDialog(["Anna"], virtual=True, seed=11)
    decision = a.decide(it.RollDice())
    b = YatziDialog(["Anna"], virtual=True, seed=11)
    assert b.decide(it.RollDice()) == decision
    c = YatziDialog(["Anna"], virtual=True, seed=12)
    rolls = {c.decide(it.RollDice())}
    for seed in range(13, 20):
        rolls.add(YatziDialog(["Anna"], virtual=True, seed=seed).decide(it.RollDice()))
    assert len(rolls) > 1  # the seed matters


def test_modes_refuse_each_others_commands():
    physical = YatziDialog(["Anna"])
    refused = physical.decide(it.RollDice())
    assert isinstance(refused, Refuse) and "I dadi sono vostri" in refused.sentence
    virtual = YatziDialog(["Anna"], virtual=True)
    assert isinstance(virtual.decide(it.SayDice((1, 2, 3, 4, 5))), Refuse)


def test_zero_is_confirmed_only_when_another_box_scores():
    dialog = YatziDialog(["Anna"])
    _act(dialog, it.SayDice((2, 2, 3, 3, 3)))
    decision = dialog.decide(it.ChooseBox("yatzi"))
    assert isinstance(decision, Confirm) and decision.action == yg.Score("yatzi")
    assert isinstance(dialog.decide(it.ChooseBox("full")), Act)


def test_a_taken_box_is_refused():
    dialog = YatziDialog(["Anna"])
    _act(dialog, it.SayDice((2, 2, 3, 3, 3)))
    _act(dialog, it.ChooseBox("full"))
    _act(dialog, it.SayDice((2, 2, 3, 3, 3)))
    decision = dialog.decide(it.ChooseBox("full"))
    assert isinstance(decision, Refuse) and "Full è già segnata" in decision.sentence


def test_scheda_reads_free_boxes_and_upper_total():
    dialog = YatziDialog(["Anna"])
    _act(dialog, it.SayDice((6, 6, 6, 1, 1)))
    _act(dialog, it.ChooseBox("sei"))
    decision = dialog.decide(it.ReadCard())
    assert isinstance(decision, Refuse)
    assert decision.sentence.startswith("Scheda di Anna: libere assi, due, tre, quattro, cinque, tris,")
    assert decision.sentence.endswith("Parte alta 18 su 63.")


def test_actions_survive_the_journal_round_trip():
    dialog = YatziDialog(["Anna"], virtual=True)
    for action in (yg.RecordRoll((1, 2, 3, 4, 5)), KeepAndRoll((1, 2), (6, 6, 6)), yg.Score("tris")):
        assert dialog.decode(dialog.encode(action)) == action
