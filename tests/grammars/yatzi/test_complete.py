"""When a Yatzi dictation is a whole answer (issue 33: the turn gap), worked by hand from the rules.

Five dice make a roll (rules: five dice); a keep names dice on the table; "tira", "basta" are whole
commands. A dictation that could still go on must never be called complete: the listener would cut it.
"""

from __future__ import annotations

import pytest

from grammars.yatzi.complete import answer_complete
from grammars.yatzi.grammar import Phase

TABLE = (2, 5, 5, 5, 6)


@pytest.mark.parametrize(
    "text",
    [
        "tre tre tre cinque sei",
        "tre, tre, tre, cinque e sei",
        "sono usciti tre tre tre un cinque e un sei",  # the dice one by one, "un" before two of them
        "due cinque, due sei e un tre",  # counts, "un" marking them: 5 5 6 6 3
        "tre assi e due sei",  # counts with a plural face: 1 1 1 6 6
        "asso asso due due sei",
    ],
)
def test_five_dice_said_are_a_whole_roll(text: str) -> None:
    assert answer_complete(text, Phase.DICE)


@pytest.mark.parametrize(
    "text",
    [
        "tre tre tre cinque",  # four dice: "e sei" may follow
        "tre tre tre cinque e",
        "tre",
        "sono usciti",
        "due cinque due sei uno",  # five faces one by one, or counts 2+2+1 whose last face ("tre") is to come
        "tre sei e due quattro",  # counts, or four dice of a dictation cut short: the parser asks to check
        "tre tre tre cinque sei sei",  # six dice: wrong, let the long pause pass
        "consiglio",
    ],
)
def test_a_roll_that_may_go_on_is_not_whole(text: str) -> None:
    assert not answer_complete(text, Phase.DICE)


@pytest.mark.parametrize(
    "text", ["tira", "tira i dadi", "lancia", "basta", "basta così", "tengo tutto", "ritira tutto", "mi fermo"]
)
def test_a_roll_or_a_stop_alone_is_whole(text: str) -> None:
    assert answer_complete(text, Phase.VIRTUAL, dice=TABLE)


@pytest.mark.parametrize(
    "text",
    [
        "tengo",
        "tengo cinque",  # "e sei" may follow: the table has a six
        "tengo cinque cinque",
        "tengo i cinque",  # every five: "e il sei" may follow
        "tengo cinque cinque cinque e sei",  # the two is still on the table
        "tengo tutti",  # "tengo tutti i cinque"
        "ritira tutti",  # "ritira tutti i cinque"
        "ritira il due",
        "tengo il",
    ],
)
def test_a_keep_that_leaves_dice_to_name_is_not_whole(text: str) -> None:
    assert not answer_complete(text, Phase.VIRTUAL, dice=TABLE)


def test_a_keep_or_reroll_naming_every_die_on_the_table_is_whole() -> None:
    assert answer_complete("tengo due cinque cinque cinque e sei", Phase.VIRTUAL, dice=TABLE)
    assert answer_complete("tengo i cinque, il due e il sei", Phase.VIRTUAL, dice=TABLE)
    assert answer_complete("ritira sei due e i cinque", Phase.VIRTUAL, dice=TABLE)
    # the same words with another die on the table leave one to name
    assert not answer_complete("tengo i cinque, il due e il sei", Phase.VIRTUAL, dice=(2, 5, 5, 6, 6))
    assert not answer_complete("tengo due cinque cinque cinque e sei", Phase.VIRTUAL, dice=())


def test_a_box_named_whole_after_a_roll_is_whole_and_a_beginning_of_one_is_not() -> None:
    assert answer_complete("full", Phase.VIRTUAL, dice=TABLE, boxes=True)
    assert answer_complete("segno la scala minima", Phase.VIRTUAL, dice=TABLE, boxes=True)
    assert not answer_complete("scala", Phase.VIRTUAL, dice=TABLE, boxes=True)  # minima or massima
    assert not answer_complete("segno la", Phase.VIRTUAL, dice=TABLE, boxes=True)
    assert not answer_complete("full", Phase.VIRTUAL, dice=TABLE)  # no box before the first roll


def test_phases_of_whole_phrases_are_never_called_complete_here() -> None:
    assert not answer_complete("tre", Phase.START)
    assert not answer_complete("full", Phase.BOX)
    assert not answer_complete("sì", Phase.CONFIRM)


@pytest.mark.parametrize(
    ("text", "whole"),
    [
        ("tutti e cinque", False),  # "all five dice": their face is still to come
        ("tutti e cinque i dadi fanno", False),
        ("tutti e cinque i dadi fanno quattro", True),
        ("quattro volte sei e un", False),  # a description with four dice so far
        ("quattro volte sei e un asso", True),
    ],
)
def test_a_description_is_whole_only_with_its_five_dice(text: str, whole: bool) -> None:
    assert answer_complete(text, Phase.DICE) is whole
