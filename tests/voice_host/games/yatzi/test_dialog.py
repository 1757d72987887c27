"""The Yatzi dialog: who starts, virtual dice commands, refusals, confirmations, a strict journal."""

from __future__ import annotations

import itertools
import re
from collections import Counter
from typing import Any, get_args

import pytest
from fakes import ListListener, RecordingSpeaker

from engine.errors import IllegalAction
from engine.yatzi import game as yg
from grammars import intents as it
from grammars.it import catalogue as say
from grammars.yatzi import intents as yi
from grammars.yatzi.grammar import Phase, parse_yatzi
from voice_host.core.dialog import Act, Confirm, Refuse
from voice_host.core.session import Session
from voice_host.games.yatzi.dialog import KeepAndRoll, StartDie, YatziDialog

WORDS = {"uno": 1, "due": 2, "tre": 3, "quattro": 4, "cinque": 5, "sei": 6}


def _act(dialog: YatziDialog, intent: it.Intent) -> list[str]:
    decision = dialog.decide(intent)
    assert isinstance(decision, Act), decision
    return dialog.apply(decision.action)


def _replayed(dialog: YatziDialog, records: list[dict[str, Any]]) -> YatziDialog:
    for record in records:
        dialog.apply(dialog.decode(record))
    return dialog


# ---------------------------------------------------------------- who starts


def test_lowest_die_starts_and_play_goes_round_from_there():
    dialog = YatziDialog(["Anna", "Bruno", "Carla"])
    assert dialog.phase() == "start" and dialog.prompt() == "Anna, tira un dado e di' il numero."
    assert _act(dialog, yi.SayDice((5,))) == []
    assert dialog.prompt() == "Bruno, tira un dado e di' il numero."
    assert _act(dialog, yi.SayDice((2,))) == []
    said = _act(dialog, yi.SayDice((4,)))
    # Bruno's 2 is lower than 5 and 4: Bruno starts, then Carla and Anna (clockwise = listed order)
    assert said == ["Comincia Bruno, che ha fatto due.", "Turno 1 di 13."]
    assert dialog.engine.players == ("Bruno", "Carla", "Anna")
    assert dialog.phase() == "dice" and dialog.prompt() == "Bruno, tira i dadi e di' i cinque valori."


def test_only_the_players_tied_on_the_lowest_roll_roll_again():
    dialog = YatziDialog(["Anna", "Bruno", "Carla", "Dario"])
    for value in (4, 2, 6):
        _act(dialog, yi.SayDice((value,)))
    # Dario's 2 ties Bruno's 2; Anna (4) and Carla (6) are out of it
    assert _act(dialog, yi.SayDice((2,))) == ["Bruno e Dario hanno fatto due: ritirate."]
    assert dialog.prompt() == "Bruno, tira un dado e di' il numero."
    _act(dialog, yi.SayDice((3,)))
    assert dialog.prompt() == "Dario, tira un dado e di' il numero."
    # a tie again (3 and 3): the same two roll once more
    assert _act(dialog, yi.SayDice((3,))) == ["Bruno e Dario hanno fatto tre: ritirate."]
    _act(dialog, yi.SayDice((6,)))
    said = _act(dialog, yi.SayDice((1,)))
    assert said[0] == "Comincia Dario, che ha fatto uno."
    assert dialog.engine.players == ("Dario", "Anna", "Bruno", "Carla")


def test_the_opening_says_the_rule_before_the_first_die():
    dialog = YatziDialog(["Anna", "Bruno"])
    assert dialog.opening() == [
        "Anna e Bruno, giochiamo a Yatzi: tredici turni, con i vostri dadi.",
        "Per cominciare, un dado a testa: comincia chi fa meno.",
    ]


def test_first_skips_the_roll_for_who_starts():
    dialog = YatziDialog(["Anna", "Bruno", "Carla"], first="Carla")
    assert dialog.phase() == "dice" and dialog.engine.players == ("Carla", "Anna", "Bruno")
    assert dialog.opening()[1:] == ["Turno 1 di 13."]


def test_one_player_needs_no_roll_for_who_starts():
    dialog = YatziDialog(["Anna"])
    assert dialog.phase() == "dice"
    assert dialog.opening() == ["Anna, giochiamo a Yatzi: tredici turni, con i tuoi dadi.", "Turno 1 di 13."]


def test_while_choosing_who_starts_only_one_die_is_an_answer():
    dialog = YatziDialog(["Anna", "Bruno"])
    text = "tre tre cinque"
    refused = dialog.decide(dialog.parse(text, dialog.phase()))
    assert refused == Refuse("Non ho capito: un dado solo, per esempio quattro.")
    refused = dialog.decide(dialog.parse("sette", Phase.START))
    assert refused == Refuse("Non ho capito: di' il numero del tuo dado, per esempio quattro.")
    assert dialog.decide(dialog.parse("ho fatto un asso", Phase.START)) == Act(StartDie(1))
    with pytest.raises(IllegalAction):
        dialog.apply(yg.Score("chance"))
    assert dialog.phase() == "start" and dialog.engine.history == ()


def test_undo_and_replay_work_across_the_roll_for_who_starts():
    speaker = RecordingSpeaker()
    lines = ["due", "due", "annulla", "cinque", "uno uno uno due tre", "assi"]
    session = Session(lambda: YatziDialog(["Anna", "Bruno"]), ListListener(lines), speaker)
    session.run()
    # Anna 2, Bruno 2 is a tie; annulla takes back Bruno's die (not the tie's whole round)
    undone = speaker.said.index("Annullato: il dado di Bruno, due.")
    assert speaker.said[undone - 2: undone] == [
        "Anna e Bruno hanno fatto due: ritirate.", "Anna, tira un dado e di' il numero."]
    assert speaker.said[undone + 1] == "Bruno, tira un dado e di' il numero."
    # Anna 2, Bruno 5 after the undo: Anna starts, and her first turn is scored
    assert speaker.said[undone + 2: undone + 5] == [
        "Comincia Anna, che ha fatto due.", "Turno 1 di 13.", "Anna, tira i dadi e di' i cinque valori."]
    assert session.actions == [
        {"type": "start_die", "die": 2}, {"type": "start_die", "die": 5},
        {"type": "dice", "dice": [1, 1, 1, 2, 3]}, {"type": "score", "box": "assi"},
    ]
    again = _replayed(YatziDialog(["Anna", "Bruno"]), session.actions)
    assert again.engine.players == ("Anna", "Bruno") and again.engine.scorecard("Anna")["assi"] == 3
    assert again.phase() == "dice" and again.engine.to_act == "Bruno"


def _start_rounds(opening: list[str]) -> list[list[tuple[str, int]]]:
    """The virtual start dice said in the opening, round by round."""
    rounds = []
    for sentence in opening:
        if sentence.startswith(("Un dado a testa", "Spareggio")):
            listed = sentence.split(": ", 1)[1].rstrip(".")
            rounds.append([(e.split()[0], WORDS[e.split()[1]]) for e in listed.split(", ")])
    return rounds


def test_virtual_dice_choose_who_starts_from_the_seed():
    players = ["Anna", "Bruno", "Carla"]
    tie_seen = False
    for seed in range(40):
        dialog = YatziDialog(players, virtual=True, seed=seed)
        opening = dialog.opening()
        rounds = _start_rounds(opening)
        assert [name for name, _ in rounds[0]] == players
        for before, after in itertools.pairwise(rounds):  # a tie-break: only those tied on the lowest
            lowest = min(v for _, v in before)
            assert [n for n, _ in after] == [n for n, v in before if v == lowest]
            tie_seen = True
        last = rounds[-1]
        lowest = min(v for _, v in last)
        starter = [n for n, v in last if v == lowest]
        assert len(starter) == 1 and f"Comincia {starter[0]}." in opening
        assert dialog.engine.players[0] == starter[0] and dialog.phase() == "choose"
        assert YatziDialog(players, virtual=True, seed=seed).opening() == opening  # a replay says the same
    assert tie_seen


# ---------------------------------------------------------------- virtual dice


def test_virtual_turn_starts_rolled_and_keeps_what_was_asked():
    dialog = YatziDialog(["Anna"], virtual=True, seed=3)
    first = dialog.engine.dice  # the first roll needs no "tira"
    assert first is not None and len(first) == 5 and all(1 <= d <= 6 for d in first)
    assert dialog.phase() == "choose" and dialog.engine.rolls_left == 2
    keep = tuple(sorted(first)[:2])
    decision = dialog.decide(yi.KeepDice(keep))
    assert isinstance(decision, Act) and isinstance(decision.action, KeepAndRoll)
    assert sorted(decision.action.keep) == list(keep) and len(decision.action.dice) == 3
    dialog.apply(decision.action)
    second = dialog.engine.dice
    assert second is not None and not Counter(keep) - Counter(second)  # the kept dice stayed
    assert dialog.engine.rolls_left == 1
    decision = dialog.decide(yi.RerollDice((second[0],)))
    assert isinstance(decision, Act)
    dialog.apply(decision.action)
    assert dialog.engine.rolls_left == 0 and dialog.phase() == "box"
    assert isinstance(dialog.decide(yi.RollDice()), Refuse)  # no fourth roll


def test_every_turn_after_a_score_starts_rolled():
    dialog = YatziDialog(["Anna", "Bruno"], virtual=True, seed=8, first="Anna")
    _act(dialog, yi.ChooseBox("chance"))
    assert dialog.engine.to_act == "Bruno" and dialog.engine.rolls_left == 2
    assert dialog.phase() == "choose" and dialog.prompt().startswith("Bruno, hai ")


def test_keeping_dice_not_on_the_table_is_refused():
    dialog = YatziDialog(["Anna"], virtual=True, seed=3)
    dice = dialog.engine.dice
    assert dice is not None
    missing = next(face for face in range(1, 7) if face not in dice)
    decision = dialog.decide(yi.KeepDice((missing,)))
    assert isinstance(decision, Refuse) and "Sul tavolo non ci sono" in decision.sentence
    assert dialog.engine.rolls_left == 2


def test_every_die_of_a_face_is_kept_or_rolled_again_as_the_table_shows():
    # seed 3's first roll is 1 4 5 5 5 (tests/corpus/natural_answers.txt)
    def decided(intent: it.Intent) -> Any:
        dialog = YatziDialog(["Anna"], virtual=True, seed=3)
        assert dialog.engine.dice is not None and sorted(dialog.engine.dice) == [1, 4, 5, 5, 5]
        return dialog.decide(intent)

    def kept(intent: it.Intent) -> tuple[int, ...]:
        decision = decided(intent)
        assert isinstance(decision, Act) and isinstance(decision.action, KeepAndRoll), decision
        assert len(decision.action.keep) + len(decision.action.dice) == 5
        return tuple(sorted(decision.action.keep))

    assert kept(yi.KeepDice((), (5,))) == (5, 5, 5)  # "tengo i cinque": the three fives
    assert kept(yi.KeepDice((4,), (5,))) == (4, 5, 5, 5)  # "tengo i cinque e il quattro"
    assert kept(yi.RerollDice((), (5,))) == (1, 4)  # "ritira i cinque"
    assert kept(yi.RerollDice((4,), (1,))) == (5, 5, 5)  # "ritira gli assi e il quattro"
    assert kept(yi.KeepDice((5,))) == (5,)  # "tengo il cinque": one five
    # the same keep, however it was named
    assert decided(yi.KeepDice((4,), (5,))) == decided(yi.KeepDice((5, 5, 5, 4))) == decided(yi.KeepDice((4, 5, 5, 5)))
    absent = decided(yi.KeepDice((), (2,)))  # "tengo i due": no two showing
    assert absent == Refuse("Sul tavolo non ci sono due.")
    assert decided(yi.KeepDice((), (1, 4, 5))) == Refuse("")  # every die kept: the box question follows


@pytest.mark.parametrize("stop", [yi.KeepAll(), "keep every die"])
def test_basta_goes_straight_to_the_box_question(stop):
    dialog = YatziDialog(["Anna"], virtual=True, seed=3)
    dice = dialog.engine.dice
    assert dice is not None
    intent = stop if isinstance(stop, it.Intent) else yi.KeepDice(dice)
    assert dialog.decide(intent) == Refuse("")  # nothing said: the one question follows
    assert dialog.phase() == "box"
    assert re.fullmatch(r"Anna, con [a-z, ]+: dove segni\?", dialog.prompt())


def test_virtual_dice_do_not_change_when_a_roll_is_undone_and_redone():
    a = YatziDialog(["Anna"], virtual=True, seed=11)
    b = YatziDialog(["Anna"], virtual=True, seed=11)
    assert a.engine.dice == b.engine.dice
    assert a.decide(yi.RollDice()) == b.decide(yi.RollDice())
    firsts = {YatziDialog(["Anna"], virtual=True, seed=seed).engine.dice for seed in range(12, 20)}
    assert len(firsts) > 1  # the seed matters


def test_modes_refuse_each_others_commands():
    physical = YatziDialog(["Anna"])
    refused = physical.decide(yi.RollDice())
    assert isinstance(refused, Refuse) and "I dadi sono vostri" in refused.sentence
    virtual = YatziDialog(["Anna"], virtual=True)
    assert isinstance(virtual.decide(yi.SayDice((1, 2, 3, 4, 5))), Refuse)


# ---------------------------------------------------------------- boxes and sentences


def test_zero_is_confirmed_naming_the_player_only_when_another_box_scores():
    dialog = YatziDialog(["Anna"])
    _act(dialog, yi.SayDice((2, 2, 3, 3, 3)))
    decision = dialog.decide(yi.ChooseBox("yatzi"))
    # 2-2-3-3-3: yatzi 0; the best free box is full, 25 (tris 9, chance 13)
    assert decision == Confirm("Anna, yatzi vale zero e full vale 25. Confermi?", yg.Score("yatzi"), "")
    assert isinstance(dialog.decide(yi.ChooseBox("full")), Act)


def test_a_taken_box_is_refused():
    dialog = YatziDialog(["Anna"])
    _act(dialog, yi.SayDice((2, 2, 3, 3, 3)))
    _act(dialog, yi.ChooseBox("full"))
    _act(dialog, yi.SayDice((2, 2, 3, 3, 3)))
    decision = dialog.decide(yi.ChooseBox("full"))
    assert isinstance(decision, Refuse) and "Full è già segnata" in decision.sentence


def test_scheda_reads_free_boxes_and_upper_total():
    dialog = YatziDialog(["Anna"])
    _act(dialog, yi.SayDice((6, 6, 6, 1, 1)))
    _act(dialog, yi.ChooseBox("sei"))
    decision = dialog.decide(yi.ReadCard())
    assert isinstance(decision, Refuse)
    assert decision.sentence.startswith("Scheda di Anna: libere assi, due, tre, quattro, cinque, tris,")
    assert decision.sentence.endswith("Parte alta 18 su 63.")


def test_turns_are_announced_once_a_round_and_the_prompt_names_the_player():
    dialog = YatziDialog(["Anna", "Bruno"], first="Anna")
    assert _act(dialog, yi.SayDice((1, 1, 1, 2, 3))) == []
    assert _act(dialog, yi.ChooseBox("assi")) == ["Anna segna 3 in assi: totale 3."]
    assert dialog.prompt() == "Bruno, tira i dadi e di' i cinque valori."
    _act(dialog, yi.SayDice((1, 1, 1, 2, 3)))
    assert _act(dialog, yi.ChooseBox("due")) == ["Bruno segna 2 in due: totale 2.", "Turno 2 di 13."]


def _play_identical_turns(dialog: YatziDialog, dice_per_player: dict[str, tuple[int, ...]], box: str) -> None:
    for _ in dice_per_player:
        _act(dialog, yi.SayDice(dice_per_player[dialog.engine.to_act or ""]))
        decision = dialog.decide(yi.ChooseBox(box))
        dialog.apply(decision.action if isinstance(decision, (Act, Confirm)) else None)


def test_standings_rank_highest_first_and_say_ties_in_three_words_a_player():
    dialog = YatziDialog(["Anna", "Bruno", "Carla", "Dario"], first="Anna")
    # chance: Anna 1+1+1+2+3 = 8, Bruno 6+6+6+6+5 = 29, Carla 8, Dario 2+2+2+2+3 = 11
    dice = {"Anna": (1, 1, 1, 2, 3), "Bruno": (6, 6, 6, 6, 5), "Carla": (1, 1, 1, 2, 3), "Dario": (2, 2, 2, 2, 3)}
    _play_identical_turns(dialog, dice, "chance")
    standings = dialog.standings()
    assert standings == "Classifica: Bruno 29; Dario 11; Anna e Carla a 8."
    assert len(standings.split()) <= 3 * 4


def test_two_pairs_of_ties_stay_within_three_words_a_player():
    dialog = YatziDialog(["Anna", "Bruno", "Carla", "Dario"], first="Anna")
    # chance: Anna 8, Bruno 29, Carla 8, Dario 29
    dice = {"Anna": (1, 1, 1, 2, 3), "Bruno": (6, 6, 6, 6, 5), "Carla": (1, 1, 1, 2, 3), "Dario": (6, 6, 6, 6, 5)}
    _play_identical_turns(dialog, dice, "chance")
    standings = dialog.standings()
    assert standings == "Classifica: Bruno e Dario a 29; Anna e Carla a 8."
    assert len(standings.split()) <= 3 * 4


def test_everyone_tied_is_said_in_four_words():
    dialog = YatziDialog(["Anna", "Bruno"], first="Anna")
    _play_identical_turns(dialog, {"Anna": (1, 1, 1, 2, 3), "Bruno": (1, 1, 1, 2, 3)}, "chance")
    assert dialog.standings() == "Tutti pari a 8."


def test_the_bonus_comes_in_the_same_sentence_as_the_score_that_earns_it():
    dialog = YatziDialog(["Anna"])
    # assi 5, due 10, tre 15, quattro 20 = 50 so far; sei 6-6-6-6-6 = 30 -> upper 80 >= 63: bonus 30
    for dice, box in [((1,) * 5, "assi"), ((2,) * 5, "due"), ((3,) * 5, "tre"), ((4,) * 5, "quattro")]:
        _act(dialog, yi.SayDice(dice))
        _act(dialog, yi.ChooseBox(box))
    _act(dialog, yi.SayDice((6,) * 5))
    said = _act(dialog, yi.ChooseBox("sei"))
    assert said == ["Anna segna 30 in sei e prende il bonus di 30: totale 110.", "Turno 6 di 13."]


def test_one_player_hears_a_total_not_a_ranking():
    dialog = YatziDialog(["Anna"])
    _act(dialog, yi.SayDice((6, 6, 6, 6, 5)))
    _act(dialog, yi.ChooseBox("chance"))
    assert dialog.standings() == "Anna ha 29 punti."


def test_the_end_names_the_winner_once_then_the_standings():
    dialog = YatziDialog(["Anna", "Bruno"], first="Anna")
    boxes = ["assi", "due", "tre", "quattro", "cinque", "sei", "tris", "poker", "full",
             "scala_minima", "scala_massima", "yatzi", "chance"]
    said: list[str] = []
    for box in boxes:
        for player in ("Anna", "Bruno"):
            _act(dialog, yi.SayDice((6, 6, 6, 6, 6) if player == "Anna" else (1, 1, 1, 1, 1)))
            decision = dialog.decide(yi.ChooseBox(box))
            said = dialog.apply(decision.action)  # type: ignore[union-attr]
    assert dialog.is_over() and said[-1] == "Anna vince la partita!"
    # Anna: sei 30 + tris 18 + poker 24 + yatzi 50 + chance 30 = 152, upper 30 < 63: no bonus
    # Bruno: assi 5 + tris 3 + poker 4 + yatzi 50 + chance 5 = 67
    final = dialog.final()
    assert final[0] == "Classifica: Anna 152; Bruno 67."
    # then each player's analysis against optimal play: both lost points, Anna first
    assert final[1].startswith("Anna ha perso in media") and final[3].startswith("Bruno ha perso in media")
    assert len(final) == 5


# ---------------------------------------------------------------- help


FRAME_WORDS = {"di'", "il", "numero", "del", "tuo", "dado", "per", "esempio", "oppure", "i", "cinque", "dadi",
               "la", "casella", "puoi", "dire", "o"}
COMMANDS = ["consiglio", "scheda", "ripeti", "classifica", "aiuto", "annulla", "fine partita"]


def _dialogs_in_every_phase() -> list[YatziDialog]:
    start = YatziDialog(["Anna", "Bruno"])
    dice = YatziDialog(["Anna"])
    box = YatziDialog(["Anna"])
    _act(box, yi.SayDice((2, 2, 3, 3, 3)))
    choose = YatziDialog(["Anna", "Bruno"], virtual=True, seed=5)
    stopped = YatziDialog(["Anna"], virtual=True, seed=6)
    stopped.decide(yi.KeepAll())
    yatzi_on_table = YatziDialog(["Anna"], virtual=True, seed=0)
    yatzi_on_table.engine = yg.YatziGame.replay(["Anna"], [yg.RecordRoll((4, 4, 4, 4, 4))])
    return [start, dice, box, choose, stopped, yatzi_on_table]


@pytest.mark.parametrize("index", range(6))
def test_every_example_the_help_speaks_is_accepted_in_its_phase(index):
    dialog = _dialogs_in_every_phase()[index]
    phase = dialog.phase()
    examples = dialog.help_examples(phase)
    text = dialog.help(phase)
    assert examples
    for example in examples:
        assert example in text
        intent = dialog.parse(example, phase)
        assert not isinstance(intent, it.NotUnderstood), (phase, example, intent)
        decision = dialog.decide(intent)
        assert not (isinstance(decision, Refuse) and decision.sentence.startswith("Non ")), (example, decision)
    for command in COMMANDS:
        if command in text:
            assert not isinstance(dialog.parse(command, phase), it.NotUnderstood), (phase, command)
    # nothing else in the help looks like an answer: what is left are the frame words
    rest = text
    for example in sorted([*examples, *COMMANDS], key=len, reverse=True):
        rest = rest.replace(example, " ")
    left = {w for w in re.split(r"[\s,.:]+", rest.lower()) if w}
    assert left <= FRAME_WORDS, (phase, left - FRAME_WORDS)


def test_the_unused_virtual_roll_phase_help_is_accepted_too():
    dialog = YatziDialog(["Anna"], virtual=True)
    assert all(not isinstance(parse_yatzi(e, "virtual"), it.NotUnderstood) for e in dialog.help_examples(Phase.VIRTUAL))


def test_the_yes_no_help_is_accepted_in_the_yatzi_confirm_phase():
    text = say.help_confirm()
    for example in ("sì", "no", "ripeti", "classifica", "annulla"):
        assert example in text and not isinstance(parse_yatzi(example, "confirm"), it.NotUnderstood)


# ---------------------------------------------------------------- journal


def test_actions_survive_the_journal_round_trip():
    virtual = YatziDialog(["Anna"], virtual=True)
    for action in (yg.RecordRoll((1, 2, 3, 4, 5)), KeepAndRoll((1, 2), (6, 6, 6)), yg.Score("tris")):
        assert virtual.decode(virtual.encode(action)) == action
    physical = YatziDialog(["Anna", "Bruno"])
    for action in (StartDie(3), yg.RecordRoll((1, 2, 3, 4, 5)), yg.Score("scala_minima")):
        assert physical.decode(physical.encode(action)) == action


@pytest.mark.parametrize(
    "record",
    [
        {"type": "dice", "dice": [True, 1, 1, 1, 1]},
        {"type": "dice", "dice": [1.0, 1, 1, 1, 1]},
        {"type": "dice", "dice": [1, 1, 1, 1, 7]},
        {"type": "dice", "dice": [0, 1, 1, 1, 1]},
        {"type": "dice", "dice": [1, 1, 1, 1]},
        {"type": "dice", "dice": [1, 1, 1, 1, 1, 1]},
        {"type": "dice", "dice": "11111"},
        {"type": "dice", "dice": [1, 1, 1, 1, 1], "extra": 1},
        {"type": "score", "box": "bonus"},
        {"type": "score", "box": 3},
        {"type": "score", "box": ["full"]},
        {"type": "score"},
        {"type": "start_die", "die": True},
        {"type": "start_die", "die": 2.5},
        {"type": "start_die", "die": 7},
        {"type": "keep_roll", "keep": [1], "dice": [1, 1, 1, 1]},
        {"type": "roll"},
        {},
    ],
)
def test_decode_refuses_badly_typed_records(record):
    with pytest.raises(ValueError, match="azione di Yatzi non valida"):
        YatziDialog(["Anna", "Bruno"]).decode(record)


@pytest.mark.parametrize(
    "record",
    [
        {"type": "keep_roll", "keep": [True], "dice": [1, 1, 1, 1]},
        {"type": "keep_roll", "keep": [1, 1, 1, 1, 1], "dice": []},
        {"type": "keep_roll", "keep": [1, 2], "dice": [1, 1]},
        {"type": "keep_roll", "keep": [1, 2], "dice": [3, 3, 9]},
        {"type": "start_die", "die": 3},  # the host rolls those itself
    ],
)
def test_decode_refuses_what_virtual_dice_cannot_hold(record):
    with pytest.raises(ValueError, match="azione di Yatzi non valida"):
        YatziDialog(["Anna", "Bruno"], virtual=True).decode(record)


def test_virtual_dice_that_are_not_the_seeds_are_refused_on_replay():
    dialog = YatziDialog(["Anna"], virtual=True, seed=21)
    decision = dialog.decide(yi.KeepDice(()))  # "ritira tutto": five new dice
    assert isinstance(decision, Act)
    dialog.apply(decision.action)
    records = [dialog.encode(decision.action), {"type": "score", "box": "yatzi"}]
    assert _replayed(YatziDialog(["Anna"], virtual=True, seed=21), records).engine.scorecard()["yatzi"] is not None
    tampered = [{"type": "keep_roll", "keep": [], "dice": [6, 6, 6, 6, 6]}, records[1]]
    if records[0]["dice"] == [6, 6, 6, 6, 6]:
        pytest.skip("the seed itself rolled five sixes")
    with pytest.raises(ValueError, match="non sono quelli del seme"):
        _replayed(YatziDialog(["Anna"], virtual=True, seed=21), tampered)
    # the same record under another seed is refused too: the dice belong to seed 21
    with pytest.raises(ValueError, match="non sono quelli del seme"):
        _replayed(YatziDialog(["Anna"], virtual=True, seed=22), records)


def test_every_engine_event_has_an_announcer() -> None:
    """A new event type must be given its sentences (or none, on purpose), not skipped silently."""
    assert set(YatziDialog(["Anna"])._announcers) == set(get_args(yg.Event))


# ---------------------------------------------------------------- dice said by counts


def _played(lines: list[str]) -> tuple[list[str], list[dict[str, Any]]]:
    """What the host said and journaled: Anna and Bruno, Anna starts (three against five), then ``lines``."""
    speaker = RecordingSpeaker()
    session = Session(lambda: YatziDialog(["Anna", "Bruno"]), ListListener(["tre", "cinque", *lines]), speaker)
    session.run()
    return speaker.said, session.actions[2:]


def test_dice_said_by_counts_are_the_dice_one_by_one():
    # a full: three sixes and two fours; "un" and "assi" mark the counting, nothing to ask
    assert _played(["tre assi e due sei", "full"]) == _played(["uno uno uno sei sei", "full"])
    assert _played(["due cinque, due sei e un tre", "chance"]) == _played(["cinque cinque sei sei tre", "chance"])
    _, actions = _played(["due cinque, due sei e un tre"])
    assert actions == [{"type": "dice", "dice": [5, 5, 6, 6, 3]}]  # not 2 5 2 6 3, its words one by one


def test_counts_that_may_be_a_dictation_cut_short_are_asked_first():
    # "tre sei due quattro" is a full by counts, or the first four dice of "tre, sei, due, quattro, ..."
    said, actions = _played(["tre sei e due quattro"])
    assert said[-1] == "Anna, hai sei, sei, sei, quattro e quattro?" and actions == []
    said_yes, actions_yes = _played(["tre sei e due quattro", "sì", "full"])
    assert actions_yes == _played(["sei sei sei quattro quattro", "full"])[1]
    assert actions_yes[-1] == {"type": "score", "box": "full"} and "Anna segna 25 in full: totale 25." in said_yes
    said_no, actions_no = _played(["tre sei e due quattro", "no", "tre sei due quattro uno"])
    assert actions_no == [{"type": "dice", "dice": [3, 6, 2, 4, 1]}]  # nothing recorded on "no"; asked again
    assert said_no[-3:-1] == ["Anna, hai sei, sei, sei, quattro e quattro?", "Anna, tira i dadi e di' i cinque valori."]
