"""The Yatzi grammar: phrases per phase and the parser, with hand-written expectations."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.yatzi.score import BOXES
from grammars.intents import Conflict, EndGame, Help, No, NotUnderstood, Repeat, Standings, Undo, Yes
from grammars.normalize import fold
from grammars.phrases import LeadInPhrase, Phrase, SpottedPhrase
from grammars.yatzi.grammar import (
    SEQUENCE_PHASES,
    Phase,
    Reason,
    box_name,
    face_word,
    help_examples,
    parse_yatzi,
    say_dice,
    yatzi_all_phrases,
    yatzi_phrases,
)
from grammars.yatzi.intents import ChooseBox, KeepAll, KeepDice, ReadCard, RerollDice, RollDice, SayDice
from grammars.yatzi.words import EVERY_WORDS, ONE_WORDS

# ---------------------------------------------------------------- dice phase


@pytest.mark.parametrize(
    "text, values",
    [
        ("tre tre tre cinque sei", (3, 3, 3, 5, 6)),
        ("tre, tre, tre, cinque e sei", (3, 3, 3, 5, 6)),
        ("3 3 3 5 6", (3, 3, 3, 5, 6)),
        ("3,3,3,5,6", (3, 3, 3, 5, 6)),
        ("3-3-3-5-6", (3, 3, 3, 5, 6)),
        ("33356", (3, 3, 3, 5, 6)),
        ("Tre Tre TRE cinque e sei.", (3, 3, 3, 5, 6)),
        ("ehm... allora, tre, tre, tre, cinque e sei!", (3, 3, 3, 5, 6)),
        ("ho fatto quattro quattro uno due sei", (4, 4, 1, 2, 6)),
        ("sono usciti due due due due due", (2, 2, 2, 2, 2)),
        ("uno e due e tre e quattro e cinque", (1, 2, 3, 4, 5)),
        ("asso asso sei sei sei", (1, 1, 6, 6, 6)),
        ("6 e cinque, 4 tre e 2", (6, 5, 4, 3, 2)),
    ],
)
def test_dice(text: str, values: tuple[int, ...]) -> None:
    assert parse_yatzi(text, "dice") == SayDice(values)


@pytest.mark.parametrize(
    "text, values, check",
    [
        ("tre assi e due sei", (1, 1, 1, 6, 6), False),  # "assi" counts
        ("sono usciti tre assi e due sei", (1, 1, 1, 6, 6), False),
        ("due cinque, due sei e un tre", (5, 5, 6, 6, 3), False),  # "un" counts: not 2 5 2 6 3
        ("tre tre, un cinque e un sei", (3, 3, 3, 5, 6), False),  # three threes, a five and a six
        ("quattro due e un cinque", (2, 2, 2, 2, 5), False),
        ("ho fatto tre sei e due quattro", (6, 6, 6, 4, 4), True),  # or "tre, sei, due, quattro, ..." cut short
        ("cinque sei", (6, 6, 6, 6, 6), True),
    ],
)
def test_dice_by_counts(text: str, values: tuple[int, ...], check: bool) -> None:
    assert parse_yatzi(text, "dice") == SayDice(values, check)


@pytest.mark.parametrize(
    "text",
    ["tre tre cinque sei", "tre", "due", "tre tre tre cinque sei sei", "3 3 3 5", "333566", "uno e due",
     "un tre e un sei", "due sei e due tre"],  # counts of four dice, of six
)
def test_wrong_dice_count(text: str) -> None:
    assert parse_yatzi(text, "dice") == NotUnderstood(text, Reason.WRONG_DICE_COUNT)


@pytest.mark.parametrize("text", ["tre tre tre cinque sette", "3 3 3 5 7", "0 1 2 3 4", "banana", "cinquantatré"])
def test_dice_not_faces(text: str) -> None:
    assert parse_yatzi(text, "dice") == NotUnderstood(text, Reason.UNKNOWN)


@pytest.mark.parametrize("text", ["", "   ", "ehm", "...", "allora, ehm"])
def test_empty(text: str) -> None:
    for phase in Phase:
        assert parse_yatzi(text, phase) == NotUnderstood(text, Reason.EMPTY)


# ---------------------------------------------------------------- box phase


@pytest.mark.parametrize(
    "text, box",
    [
        ("assi", "assi"),
        ("asso", "assi"),
        ("uno", "assi"),
        ("due", "due"),
        ("tre", "tre"),
        ("quattro", "quattro"),
        ("cinque", "cinque"),
        ("sei", "sei"),
        ("tris", "tris"),
        ("poker", "poker"),
        ("full", "full"),
        ("scala minima", "scala_minima"),
        ("scala piccola", "scala_minima"),
        ("scala massima", "scala_massima"),
        ("scala grande", "scala_massima"),
        ("yatzi", "yatzi"),
        ("yahtzee", "yatzi"),
        ("Yatzy!", "yatzi"),
        ("pokerissimo", "yatzi"),
        ("chance", "chance"),
        ("segno full", "full"),
        ("metti tris", "tris"),
        ("segno la scala minima", "scala_minima"),
        ("metti nella scala massima", "scala_massima"),
        ("metti nei due", "due"),
        ("segna negli assi", "assi"),
        ("metto sul poker", "poker"),
        ("ehm, segno... la chance", "chance"),
        ("Scala Minima.", "scala_minima"),
        ("i sei", "sei"),
    ],
)
def test_box(text: str, box: str) -> None:
    assert parse_yatzi(text, "box") == ChooseBox(box)


@pytest.mark.parametrize("text", ["scala", "segno", "bonus", "minima", "la"])
def test_not_a_box(text: str) -> None:
    assert parse_yatzi(text, "box") == NotUnderstood(text, Reason.UNKNOWN)


@pytest.mark.parametrize(("text", "said"), [("due tre", ("due", "tre")), ("tris poker", ("tris", "poker"))])
def test_two_boxes_are_asked_back_naming_both(text: str, said: tuple[str, str]) -> None:
    result = parse_yatzi(text, "box")
    assert isinstance(result, Conflict) and result.said == said


def test_due_by_phase() -> None:
    assert parse_yatzi("due", "box") == ChooseBox("due")
    assert parse_yatzi("due due due due due", "dice") == SayDice((2, 2, 2, 2, 2))
    assert parse_yatzi("due", "dice") == NotUnderstood("due", Reason.WRONG_DICE_COUNT)
    assert parse_yatzi("due due due due due", "box") == NotUnderstood("due due due due due", Reason.NOT_NOW)


def test_valid_elsewhere_is_not_now() -> None:
    assert parse_yatzi("tris", "dice") == NotUnderstood("tris", Reason.NOT_NOW)
    assert parse_yatzi("tira", "box") == NotUnderstood("tira", Reason.NOT_NOW)
    assert parse_yatzi("sì", "box") == NotUnderstood("sì", Reason.NOT_NOW)
    assert parse_yatzi("no", "dice") == NotUnderstood("no", Reason.NOT_NOW)
    assert parse_yatzi("scala minima", "virtual") == NotUnderstood("scala minima", Reason.NOT_NOW)
    assert parse_yatzi("scala minima", "confirm") == NotUnderstood("scala minima", Reason.NOT_NOW)


# ---------------------------------------------------------------- virtual phase


@pytest.mark.parametrize(
    "text, intent",
    [
        ("tira", RollDice()),
        ("Tira!", RollDice()),
        ("tiro", RollDice()),
        ("lancia i dadi", RollDice()),
        ("tengo tutto", KeepAll()),
        ("tengo tutti", KeepAll()),
        ("basta", KeepAll()),
        ("ok, basta", KeepAll()),
        ("mi fermo", KeepAll()),
        ("ritira tutto", KeepDice(())),
        ("ritiro tutti", KeepDice(())),
        ("tengo tre tre cinque", KeepDice((3, 3, 5))),
        ("tengo 3 3 5", KeepDice((3, 3, 5))),
        ("tengo tre, tre e cinque", KeepDice((3, 3, 5))),
        ("tengo il tre e il cinque", KeepDice((3, 5))),
        ("tieni sei", KeepDice((6,))),
        ("tengo due due due due due", KeepDice((2, 2, 2, 2, 2))),
        ("ritira uno e due", RerollDice((1, 2))),
        ("ritira 1 2", RerollDice((1, 2))),
        ("ritiro l'asso", RerollDice((1,))),
        ("rilancio quattro", RerollDice((4,))),
        ("ehm ritira il sei", RerollDice((6,))),
        # every die of a face, or a count of it
        ("tengo i cinque", KeepDice((), (5,))),
        ("tengo tutti i sei", KeepDice((), (6,))),
        ("ritira gli assi", RerollDice((), (1,))),
        ("tengo i tre e i quattro", KeepDice((), (3, 4))),
        ("tengo i cinque e il sei", KeepDice((6,), (5,))),
        ("tengo i due cinque", KeepDice((5, 5))),
        ("tengo tutti e tre i quattro", KeepDice((4, 4, 4))),
        ("ritira due assi", RerollDice((1, 1))),
        ("tengo i cinque cinque cinque", KeepDice((5, 5, 5))),
        ("tengo tutti i dadi", KeepAll()),
    ],
)
def test_virtual(text: str, intent: object) -> None:
    assert parse_yatzi(text, "virtual") == intent


@pytest.mark.parametrize(
    "text, reason",
    [
        ("tengo", Reason.NO_DICE),
        ("ritira", Reason.NO_DICE),
        ("tengo il", Reason.NO_DICE),
        ("tengo il tavolo", Reason.UNKNOWN),
        ("tengo tre tre assi", Reason.UNKNOWN),
        ("tengo tre tre tre tre tre tre", Reason.WRONG_DICE_COUNT),
        ("tengo sette", Reason.UNKNOWN),
        ("tre tre cinque", Reason.UNKNOWN),
        ("lancia tutto", Reason.UNKNOWN),
    ],
)
def test_virtual_not_understood(text: str, reason: Reason) -> None:
    assert parse_yatzi(text, "virtual") == NotUnderstood(text, reason)


# ---------------------------------------------------------------- confirm and commands


@pytest.mark.parametrize(
    "text, intent",
    [("sì", Yes()), ("si", Yes()), ("Sì!", Yes()), ("si'", Yes()), ("no", No()), ("No.", No()), ("ehm no", No())],
)
def test_confirm(text: str, intent: object) -> None:
    assert parse_yatzi(text, "confirm") == intent


def test_confirm_refuses_the_rest() -> None:
    assert parse_yatzi("forse", "confirm") == NotUnderstood("forse", Reason.UNKNOWN)


@pytest.mark.parametrize(
    "text, intent",
    [
        ("ripeti", Repeat()),
        ("puoi ripetere?", Repeat()),
        ("classifica", Standings()),
        ("punteggi", Standings()),
        ("aiuto", Help()),
        ("cosa posso dire", Help()),
        ("annulla", Undo()),
        ("fine partita", EndGame()),
    ],
)
@pytest.mark.parametrize("phase", ["dice", "box", "virtual", "confirm", "start"])
def test_commands_in_every_phase(text: str, intent: object, phase: str) -> None:
    assert parse_yatzi(text, phase) == intent


def test_phase_names_and_enum() -> None:
    assert [p.value for p in Phase] == ["dice", "box", "virtual", "confirm", "start"]
    assert parse_yatzi("full", Phase.BOX) == ChooseBox("full")
    with pytest.raises(ValueError):
        parse_yatzi("full", "scorecard")
    with pytest.raises(ValueError):
        yatzi_phrases("scorecard")


# ---------------------------------------------------------------- phrases


def texts(phrases: tuple[Phrase, ...]) -> list[str]:
    return [p.text for p in phrases]


COMMAND_TEXTS = ["ripeti", "classifica", "punteggi", "aiuto", "annulla", "fine partita"]


def test_dice_phrases_are_single_words() -> None:
    phrases = yatzi_phrases("dice")
    assert texts(phrases)[:7] == ["uno", "due", "tre", "quattro", "cinque", "sei", "e"]
    assert phrases[0].variants == ("uno", "asso")
    for command in COMMAND_TEXTS:
        assert command in texts(phrases)
    assert "sì" not in texts(phrases)
    # "tris" is no phrase of the dice phase (a box's name), only a word the recognizer may output for
    # the parser's dice by pattern ("tris di quattro più un due e un cinque")
    assert [type(p) for p in phrases if p.text == "tris"] == [SpottedPhrase]


def test_box_phrases() -> None:
    phrases = yatzi_phrases("box")
    assert texts(phrases)[:13] == [
        "assi", "due", "tre", "quattro", "cinque", "sei",
        "tris", "poker", "full", "scala minima", "scala massima", "yatzi", "chance",
    ]
    full = phrases[8]
    assert full.variants == ("full", "segno full", "metti full")
    yatzi = phrases[11]
    assert {"yatzi", "yahtzee", "segno yatzi", "metti yahtzee"} <= set(yatzi.variants)
    for command in COMMAND_TEXTS:
        assert command in texts(phrases)


def test_virtual_phrases() -> None:
    phrases = yatzi_phrases("virtual")
    for expected in ["tira", "tengo tutto", "ritira tutto", "tengo", "ritira", "uno", "sei", "e"]:
        assert expected in texts(phrases)
    assert "basta" in next(p for p in phrases if p.text == "tengo tutto").variants
    for command in COMMAND_TEXTS:
        assert command in texts(phrases)


def test_confirm_phrases() -> None:
    phrases = yatzi_phrases("confirm")
    assert {"sì", "no", "confermo", "non confermo"} <= set(texts(phrases))
    assert phrases[0].variants == ("sì", "si")
    for command in COMMAND_TEXTS:
        assert command in texts(phrases)


def test_all_phrases_by_phase() -> None:
    everything = yatzi_all_phrases()
    assert list(everything) == ["dice", "box", "virtual", "confirm", "start"]
    assert everything["box"] == yatzi_phrases("box")


@pytest.mark.parametrize("phase", ["dice", "box", "virtual", "confirm", "start"])
def test_every_listed_phrase_parses_in_its_phase(phase: str) -> None:
    """Whole-phrase phases: each variant means something; sequence phases: each word is known."""
    for p in yatzi_phrases(phase):
        if isinstance(p, (LeadInPhrase, SpottedPhrase)):
            continue  # "sono", "un": words that lead in to a dictation; "tris", "di": words of a longer answer
        for variant in p.variants:
            result = parse_yatzi(variant, phase)
            if phase in ("dice", "virtual") and p.text in ("uno", "due", "tre", "quattro", "cinque", "sei", "e",
                                                        "tengo", "ritira", *EVERY_WORDS, *ONE_WORDS, "assi"):
                continue  # a word of a sequence, not a whole utterance
            assert not isinstance(result, NotUnderstood), (phase, variant, result)


def test_every_variant_has_its_accent_free_spelling() -> None:
    for phrases in yatzi_all_phrases().values():
        for p in phrases:
            for variant in p.variants:
                assert fold(variant) in p.variants


# ---------------------------------------------------------------- speaking


def test_say_dice() -> None:
    assert say_dice((3, 3, 3, 5, 6)) == "tre, tre, tre, cinque e sei"
    assert say_dice((1, 2, 3, 4, 5)) == "uno, due, tre, quattro e cinque"
    assert say_dice((6, 1)) == "sei e uno"
    assert say_dice((4,)) == "quattro"
    assert say_dice(()) == ""
    with pytest.raises(ValueError):
        say_dice((7,))


def test_face_word() -> None:
    assert [face_word(f) for f in range(1, 7)] == ["uno", "due", "tre", "quattro", "cinque", "sei"]


def test_box_names() -> None:
    assert [box_name(b) for b in BOXES] == [
        "assi", "due", "tre", "quattro", "cinque", "sei",
        "tris", "poker", "full", "scala minima", "scala massima", "yatzi", "chance",
    ]
    with pytest.raises(ValueError):
        box_name("bonus")


def test_spoken_dice_and_names_parse_back() -> None:
    assert parse_yatzi(say_dice((6, 5, 1, 1, 2)), "dice") == SayDice((6, 5, 1, 1, 2))
    for box in BOXES:
        assert parse_yatzi(box_name(box), "box") == ChooseBox(box)


# ---------------------------------------------------------------- properties

@given(st.lists(st.integers(1, 6), min_size=5, max_size=5), st.sampled_from([", ", " ", " e "]))
def test_any_dictation_parses(dice: list[int], sep: str) -> None:
    assert parse_yatzi(say_dice(dice), "dice") == SayDice(tuple(dice))
    words = [face_word(d) for d in dice]
    assert parse_yatzi(sep.join(words), "dice") == SayDice(tuple(dice))
    assert parse_yatzi(" ".join(str(d) for d in dice), "dice") == SayDice(tuple(dice))


@given(st.text(max_size=40), st.sampled_from(["dice", "box", "virtual", "confirm", "start"]))
def test_any_text_gives_an_intent(text: str, phase: str) -> None:
    result = parse_yatzi(text, phase)
    if isinstance(result, NotUnderstood):
        assert result.text == text and isinstance(result.reason, Reason)


def test_sequence_phases() -> None:
    assert SEQUENCE_PHASES == {Phase.DICE, Phase.VIRTUAL}
    assert "dice" in SEQUENCE_PHASES and "box" not in SEQUENCE_PHASES


@pytest.mark.parametrize("phase", ["dice", "box", "virtual"])
@pytest.mark.parametrize("text", ["scheda", "Scheda!", "leggi la scheda", "ehm la mia scheda"])
def test_scheda_reads_the_card_in_every_playing_phase(text, phase):
    assert parse_yatzi(text, phase) == ReadCard()


def test_scheda_is_not_an_answer_to_a_yes_no_question():
    assert isinstance(parse_yatzi("scheda", "confirm"), NotUnderstood)


def test_scheda_is_not_understood_before_anyone_has_a_card():
    assert isinstance(parse_yatzi("scheda", "start"), NotUnderstood)


# ---------------------------------------------------------------- start phase (who starts)


@pytest.mark.parametrize(
    "text, value",
    [
        ("tre", 3),
        ("3", 3),
        ("Sei!", 6),
        ("uno", 1),
        ("asso", 1),
        ("ho fatto quattro", 4),
        ("ho fatto un asso", 1),
        ("è uscito il due", 2),
        ("ehm... cinque", 5),
    ],
)
def test_start_takes_one_die(text: str, value: int) -> None:
    assert parse_yatzi(text, "start") == SayDice((value,))


@pytest.mark.parametrize(
    "text, reason",
    [
        ("tre tre", Reason.WRONG_DICE_COUNT),
        ("3 4", Reason.WRONG_DICE_COUNT),
        ("sette", Reason.UNKNOWN),
        ("ho fatto", Reason.UNKNOWN),
        ("tris", Reason.NOT_NOW),
        ("tira", Reason.NOT_NOW),
        ("", Reason.EMPTY),
    ],
)
def test_start_refuses_the_rest(text: str, reason: Reason) -> None:
    assert parse_yatzi(text, "start") == NotUnderstood(text, reason)


def test_start_phrases_are_the_six_faces() -> None:
    phrases = yatzi_phrases("start")
    assert texts(phrases)[:6] == ["uno", "due", "tre", "quattro", "cinque", "sei"]
    assert {"uno", "asso", "ho fatto uno"} <= set(phrases[0].variants)
    assert "scheda" not in texts(phrases) and "tris" not in texts(phrases)
    assert Phase.START not in SEQUENCE_PHASES


# ---------------------------------------------------------------- help examples


@pytest.mark.parametrize("dice", [(), (1, 2, 3, 4, 5), (6, 6, 6, 6, 6), (2, 5, 5, 5, 6), (3, 1)])
@pytest.mark.parametrize("phase", list(Phase))
def test_every_help_example_is_understood_in_its_phase(phase: Phase, dice: tuple[int, ...]) -> None:
    examples = help_examples(phase, dice=dice, boxes=["scala_minima", "tris", "sei", "chance"])
    assert examples
    for example in examples:
        assert not isinstance(parse_yatzi(example, phase), NotUnderstood), (phase, example)


def test_virtual_help_keeps_the_most_frequent_face_and_rerolls_another() -> None:
    # three sixes: "the sixes", as a player says it, and it keeps exactly those three
    assert help_examples(Phase.VIRTUAL, dice=(6, 1, 6, 4, 6)) == ("tengo i sei", "ritira uno", "basta")
    assert parse_yatzi("tengo i sei", Phase.VIRTUAL) == KeepDice((), (6,))
    assert help_examples(Phase.VIRTUAL, dice=(1, 2, 3, 4, 6))[0] == "tengo sei"  # one of each: one die
    # five of a kind: keep four, reroll the fifth
    assert help_examples(Phase.VIRTUAL, dice=(2, 2, 2, 2, 2))[:2] == ("tengo due, due, due e due", "ritira due")
