"""The understanding model through the games' parsers: spotting, negation, conflicts, quotation, typos, patterns."""

from __future__ import annotations

import pytest

from engine.rolls import Roll
from engine.tokio.rules import preset
from grammars.intents import AskBack, Conflict, No, NotUnderstood, Yes
from grammars.tokio.grammar import Phase, parse_tokio
from grammars.tokio.intents import BelieveIt, DoubtIt, SayRoll, TakeThePenalty
from grammars.yatzi.grammar import parse_yatzi
from grammars.yatzi.intents import ChooseBox, KeepDice, RerollDice, SayDice

CLASSICO = preset("classico")


@pytest.mark.parametrize(
    ("text", "phase", "expected"),
    [
        ("sì, procedi", Phase.CONFIRM, Yes()),
        ("no no, aspetta un attimo", Phase.CONFIRM, No()),
        ("dubito: fuori i dadi", Phase.RESPONSE, DoubtIt()),
        ("dubito, fammi vedere i dadi", Phase.RESPONSE, DoubtIt()),
        ("ti credo sulla parola", Phase.RESPONSE, BelieveIt()),
        ("rilancio: settantadue", Phase.CLAIM, SayRoll(Roll(7, 2))),
        ("anche io dico cinquantadue", Phase.CLAIM, SayRoll(Roll(5, 2))),
        ("ecco qua: cinque e due", Phase.REVEAL, SayRoll(Roll(5, 2))),
        ("c'è il sei e il tre", Phase.REVEAL, SayRoll(Roll(6, 3))),
        ("sbraito sessantuno", Phase.CLAIM, SayRoll(Roll(6, 1))),  # a verb never seen before a number
    ],
)
def test_a_decisive_phrase_wrapped_in_other_words_is_the_answer(text: str, phase: Phase, expected: object) -> None:
    assert parse_tokio(text, phase, CLASSICO) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("non mi fido", DoubtIt()),
        ("mi fido", BelieveIt()),
        ("non dubito", BelieveIt()),
        ("figurati se ci credo", DoubtIt()),
        ("neanche per idea", DoubtIt()),
        ("secondo me bluffi", DoubtIt()),
        ("non mi convince", DoubtIt()),
    ],
)
def test_negation_flips_the_answer_after_it(text: str, expected: object) -> None:
    assert parse_tokio(text, Phase.RESPONSE, CLASSICO) == expected


@pytest.mark.parametrize(
    ("text", "phase", "said"),
    [
        ("sì... anzi no", Phase.CONFIRM, ("sì", "no")),
        ("cinquantatré, anzi dubito", Phase.RESPONSE, None),  # a claim is nothing here: only "dubito" counts
        ("ci credo ma dubito", Phase.RESPONSE, ("ci credo", "dubito")),
        ("sessantadue o tokio", Phase.CLAIM, ("sessantadue", "tokio")),
    ],
)
def test_answers_that_disagree_are_asked_naming_both(text: str, phase: Phase, said: tuple[str, str] | None) -> None:
    result = parse_tokio(text, phase, CLASSICO)
    if said is None:
        assert result == DoubtIt()
    else:
        assert isinstance(result, Conflict) and result.said == said


@pytest.mark.parametrize(
    ("text", "phase"),
    [("parliamo di calcio", Phase.CLAIM), ("che ore sono", Phase.RESPONSE), ("passami la pizza", Phase.CONFIRM)],
)
def test_chatter_is_not_understood(text: str, phase: Phase) -> None:
    result = parse_tokio(text, phase, CLASSICO)
    assert type(result) is NotUnderstood


def test_a_costly_word_only_discussed_is_asked_back() -> None:
    assert parse_tokio("ma tu dubiti sempre?", Phase.RESPONSE, CLASSICO) == AskBack(
        DoubtIt(), "ma tu dubiti sempre?", "dubito"
    )
    assert parse_tokio("ma dici sessantadue?", Phase.CLAIM, CLASSICO) == AskBack(
        SayRoll(Roll(6, 2)), "ma dici sessantadue?", "sessantadue"
    )
    # a question that is only the answer is the answer; a harmless command is never asked back
    assert parse_tokio("dubito?", Phase.RESPONSE, CLASSICO) == DoubtIt()
    assert type(parse_tokio("scusa, puoi ripetere?", Phase.RESPONSE, CLASSICO)).__name__ == "Repeat"


@pytest.mark.parametrize(
    ("text", "phase", "expected"),
    [
        ("dubbito", Phase.RESPONSE, DoubtIt()),
        ("cinqunatatré", Phase.CLAIM, SayRoll(Roll(5, 3))),
        ("confremo", Phase.CONFIRM, Yes()),
    ],
)
def test_typed_typos_near_one_legal_word_are_forgiven(text: str, phase: Phase, expected: object) -> None:
    assert parse_tokio(text, phase, CLASSICO) == expected


def test_a_typo_between_two_legal_words_is_asked() -> None:
    tie = parse_tokio("scopra", Phase.RESPONSE, CLASSICO)  # one edit from "scopri" and from "scopro"
    assert isinstance(tie, Conflict) and set(tie.said) == {"scopri", "scopro"}


def test_a_word_of_another_phase_is_no_typo() -> None:
    # "passo" is one edit from "asso" and "posso", but it is a word of the response: not corrected
    result = parse_tokio("passo", Phase.CLAIM, CLASSICO)
    assert type(result) is NotUnderstood and str(result.reason) == "not_now"
    assert parse_tokio("passo", Phase.RESPONSE, CLASSICO, can_take_penalty=True) == TakeThePenalty()


@pytest.mark.parametrize(
    ("text", "dice"),
    [
        ("tris di quattro più un due e un cinque", (4, 4, 4, 2, 5)),
        ("full di tre e due", (3, 3, 3, 2, 2)),
        ("scala da uno a cinque", (1, 2, 3, 4, 5)),
        ("scala da sei a due", (6, 5, 4, 3, 2)),
        ("poker di sei e un due", (6, 6, 6, 6, 2)),
        ("yatzi di due!", (2, 2, 2, 2, 2)),
        ("ho fatto tutti sei", (6, 6, 6, 6, 6)),
        # groups of any kind in a row, and a pattern named after the dice it fits
        ("una coppia di quattro e un tris di due", (4, 4, 2, 2, 2)),
        ("due assi e un tris di cinque", (1, 1, 5, 5, 5)),
        ("tutti quattro, yatzi!", (4, 4, 4, 4, 4)),
        ("scala da due a sei, scala!", (2, 3, 4, 5, 6)),
    ],
)
def test_yatzi_dice_described_by_pattern_are_five_dice(text: str, dice: tuple[int, ...]) -> None:
    assert parse_yatzi(text, "dice") == SayDice(dice)


@pytest.mark.parametrize(
    "text",
    [
        "poker di sei", "tris di quattro e un due", "full di tre e tre", "scala da uno a quattro",
        "yatzi di due e un tre", "una coppia di tre", "tris di due, un cinque e un sei, yatzi!",
        "full di quattro e tre, scala",
    ],
)
def test_what_cannot_be_five_dice_is_refused_never_completed(text: str) -> None:
    result = parse_yatzi(text, "dice")
    assert isinstance(result, NotUnderstood) and str(result.reason) == "wrong_dice_count"
    # "scala grande" is 1-5 or 2-6: a box name here, never five dice guessed
    assert type(parse_yatzi("scala grande", "dice")) is NotUnderstood


@pytest.mark.parametrize(
    ("text", "phase", "expected"),
    [
        ("ci metto il poker", "box", ChooseBox("poker")),
        ("lo sacrifico sul yatzi", "box", ChooseBox("yatzi")),
        ("tengo solo i sei", "virtual", KeepDice((), (6,))),
        ("rilancio tutto tranne il cinque", "virtual", KeepDice((5,))),
        ("tengo tutto tranne l'uno", "virtual", RerollDice((1,))),
        ("tira di nuovo l'asso", "virtual", RerollDice((1,))),
    ],
)
def test_yatzi_boxes_and_keeps_said_loosely(text: str, phase: str, expected: object) -> None:
    assert parse_yatzi(text, phase) == expected


# Found when the sealed half of the corpus was opened at the end (issue 28): the figure reported
# is the one before these fixes. The wordings here are new ones of the same two kinds.
@pytest.mark.parametrize(("text", "expected"), [
    ("figurati, voglio vedere", DoubtIt()),           # an exclamation of disbelief, then a doubt
    ("ma figurati, alza il bicchiere", DoubtIt()),
    ("figurati se ti credo", DoubtIt()),              # "figurati se" negates what follows
    ("figurati se dubito", BelieveIt()),
])
def test_figurati_negates_only_as_figurati_se(text: str, expected: object) -> None:
    assert parse_tokio(text, Phase.RESPONSE, preset("classico")) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("scusa, che devo dire adesso?", "Help"),  # a polite opening, then the request
        ("scusa, chi sta vincendo?", "Standings"),
        ("scusa?", "Repeat"),  # alone, the opener is the request
        ("cancella quella mossa", "Undo"),
    ],
)
def test_a_polite_opener_before_a_request_is_no_request_of_its_own(text: str, expected: str) -> None:
    assert type(parse_tokio(text, Phase.RESPONSE, CLASSICO)).__name__ == expected


def test_a_move_not_allowed_beside_an_answer_is_refused_with_its_reason_not_offered_as_a_choice() -> None:
    # "tokio" with d8 is no claim: the host says why (and what may be said), never "which of the two?"
    d8 = preset("classico", sides=8)
    refused = parse_tokio("sessantadue, anzi tokio!", Phase.CLAIM, d8)
    assert isinstance(refused, NotUnderstood) and str(refused.reason) == "name_not_in_play"
    assert parse_tokio("sessantadue, anzi tokio!", Phase.CLAIM, CLASSICO) == Conflict(
        "sessantadue, anzi tokio!", parse_tokio("sessantadue o tokio", Phase.CLAIM, CLASSICO).reason,
        ("sessantadue", "tokio"),
    )
