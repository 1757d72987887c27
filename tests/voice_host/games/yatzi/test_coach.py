"""The Yatzi coach at the dialog: consiglio changes nothing, costly boxes after advice, computer seats."""

from __future__ import annotations

import pytest
from fakes import ListListener, RecordingSpeaker

from engine.yatzi import game as yg
from engine.yatzi.score import STANDARD_RULES
from grammars import intents as it
from grammars.yatzi import intents as yi
from grammars.yatzi.grammar import parse_yatzi
from voice_host.core.dialog import Act, Confirm, Refuse
from voice_host.core.session import Session
from voice_host.games.yatzi.dialog import YatziDialog

# The coach reads the solved tables of the seed and standard rules: on a fresh machine the
# first test solves them (seconds each), so the module runs in the full tier only.
pytestmark = pytest.mark.slow


def _act(dialog: YatziDialog, intent: it.Intent) -> list[str]:
    decision = dialog.decide(intent)
    assert isinstance(decision, Act), decision
    return dialog.apply(decision.action)


def _state(dialog: YatziDialog) -> object:
    game = dialog.engine
    return (game.history, game.dice, game.rolls_left, tuple(game.scorecard(p) for p in game.players))


def test_consiglio_changes_nothing_in_any_phase() -> None:
    start = YatziDialog(["Anna", "Bruno"])
    assert start.phase() == "start"
    assert start.decide(yi.AskAdvice()) == Refuse("Prima vediamo chi comincia.")

    physical = YatziDialog(["Anna"])
    before = _state(physical)
    assert physical.decide(yi.AskAdvice()) == Refuse("Dimmi prima i dadi, poi ti consiglio la casella.")
    _act(physical, yi.SayDice((6, 6, 6, 6, 6)))
    before = _state(physical)
    decision = physical.decide(yi.AskAdvice())
    assert isinstance(decision, Refuse) and decision.sentence.startswith("Segna in yatzi: in media ")
    assert _state(physical) == before

    virtual = YatziDialog(["Anna"], virtual=True, seed=3)  # first roll 1-4-5-5-5
    assert virtual.phase() == "choose"
    before = _state(virtual)
    decision = virtual.decide(yi.AskAdvice())
    assert isinstance(decision, Refuse) and decision.sentence.startswith("Tieni cinque, cinque e cinque: in media ")
    assert _state(virtual) == before


def test_consiglio_is_not_journaled() -> None:
    speaker = RecordingSpeaker()
    session = Session(lambda: YatziDialog(["Anna"]), ListListener(["consiglio", "tre tre tre cinque sei",
                                                                    "consiglio", "tre"]), speaker)
    session.run()
    assert session.actions == [{"type": "dice", "dice": [3, 3, 3, 5, 6]}, {"type": "score", "box": "tre"}]
    assert sum(s.startswith("Segna in ") for s in speaker.said) == 1


def test_a_costlier_box_is_questioned_only_after_advice() -> None:
    plain = YatziDialog(["Anna"])
    _act(plain, yi.SayDice((3, 3, 3, 5, 6)))
    assert isinstance(plain.decide(yi.ChooseBox("chance")), Act)  # no advice asked: no question

    coached = YatziDialog(["Anna"])
    _act(coached, yi.SayDice((3, 3, 3, 5, 6)))
    coached.decide(yi.AskAdvice())
    decision = coached.decide(yi.ChooseBox("chance"))
    assert isinstance(decision, Confirm) and decision.action == yg.Score("chance")
    assert decision.question.startswith("Anna, chance costa in media ") and "rispetto a" in decision.question
    # the advised box itself is not questioned
    best = coached.decide(yi.AskAdvice())
    assert isinstance(best, Refuse)
    box = best.sentence.removeprefix("Segna in ").split(":")[0]
    chosen = parse_yatzi(box, "box")
    assert isinstance(chosen, yi.ChooseBox)
    assert isinstance(coached.decide(chosen), Act)


def test_computer_seat_plays_its_turns_and_replays_the_same() -> None:
    dialog = YatziDialog(["Anna"], computers=["Hal"], first="Hal", seed=5)
    opening = dialog.opening()
    assert any(s.startswith("Hal ha ") for s in opening)
    assert any(s.startswith("Hal segna ") for s in opening)
    assert dialog.engine.to_act == "Anna" and len(dialog.engine.scorecard("Hal").free) == 12
    _act(dialog, yi.SayDice((2, 2, 3, 3, 3)))
    said = _act(dialog, yi.ChooseBox("full"))
    assert said[0] == "Anna segna 25 in full: totale 25."
    assert any(s.startswith("Hal segna ") for s in said)
    assert len(dialog.engine.scorecard("Hal").free) == 11
    # a replay of Anna's two actions gives the same game (what annulla and resume rely on)
    again = YatziDialog(["Anna"], computers=["Hal"], first="Hal", seed=5)
    for action in (yg.RecordRoll((2, 2, 3, 3, 3)), yg.Score("full")):
        again.apply(action)
    assert _state(again) == _state(dialog)


def test_a_computer_alone_fills_its_card() -> None:
    dialog = YatziDialog([], computers=["Hal"], seed=11)
    assert dialog.is_over()
    card = dialog.engine.scorecard("Hal")
    assert card.complete and card.total > 0
    assert dialog.summary()["players"][0]["computer"] is True
    assert dialog.analysis() == []  # no human to analyse


def test_standard_rules_announce_a_further_yatzi() -> None:
    dialog = YatziDialog(["Anna"], rules=STANDARD_RULES)
    _act(dialog, yi.SayDice((4, 4, 4, 4, 4)))
    _act(dialog, yi.ChooseBox("yatzi"))
    _act(dialog, yi.SayDice((4, 4, 4, 4, 4)))
    said = _act(dialog, yi.ChooseBox("quattro"))
    # yatzi 50, then four fours... five fours in quattro = 20 (70), and 100 more for the second yatzi
    assert said[:2] == [
        "Anna segna 20 in quattro: totale 70.",
        "Altro yatzi! Anna prende 100 punti in più: totale 170.",
    ]
    assert dialog.summary()["players"][0]["yatzi_bonus"] == 100
