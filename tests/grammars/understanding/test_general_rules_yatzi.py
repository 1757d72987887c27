"""The general rules of how Yatzi's answers are made (issue 28), each tested differentially.

Answers of our own: each must mean exactly what its canonical phrase means in the same phase.
"""

from __future__ import annotations

import pytest

from grammars.intents import NotUnderstood
from grammars.yatzi.grammar import Phase, parse_yatzi


def _same(natural: str, canonical: str, phase: Phase) -> None:
    expected = parse_yatzi(canonical, phase)
    assert not isinstance(expected, NotUnderstood), canonical
    assert parse_yatzi(natural, phase) == expected


@pytest.mark.parametrize(
    ("natural", "canonical"),
    [
        ("tre volte due e una coppia di quattro", "due due due quattro quattro"),
        ("due volte sei, tre volte uno", "sei sei uno uno uno"),
        ("scala dall'uno al cinque", "uno due tre quattro cinque"),
        ("ho una scala dal sei al due", "sei cinque quattro tre due"),
        ("tutti e cinque i dadi sono due", "due due due due due"),
        ("tutti e cinque mostrano il sei", "sei sei sei sei sei"),
        ("full, coppia di due e tris di tre", "due due tre tre tre"),
        ("poker: quattro volte cinque, più un tre", "cinque cinque cinque cinque tre"),
    ],
)
def test_dice_described_by_pattern_are_the_five_dice(natural: str, canonical: str) -> None:
    _same(natural, canonical, Phase.DICE)


@pytest.mark.parametrize(
    "natural",
    ["full: tris di due e coppia di due", "tre volte quattro e un due", "scala dal due al cinque", "full: tris di sei"],
)
def test_what_cannot_be_five_dice_is_refused_never_completed(natural: str) -> None:
    said = parse_yatzi(natural, Phase.DICE)
    assert isinstance(said, NotUnderstood), said


@pytest.mark.parametrize(
    ("natural", "canonical"),
    [
        ("vediamo... il due, il cinque, il cinque, un sei e l'asso", "due cinque cinque sei uno"),
        ("usciti: un quattro, un quattro, un tre, un due e un uno, uffa", "quattro quattro tre due uno"),
        ("allora, guarda qui: sei sei sei due due", "sei sei sei due due"),
    ],
)
def test_a_dictation_among_other_words_is_the_dice(natural: str, canonical: str) -> None:
    _same(natural, canonical, Phase.DICE)


@pytest.mark.parametrize(
    "natural",
    [
        "sei sei sei due due, anzi no",  # corrected: nothing to apply
        "tre tre tre, non due due",  # denied
        "sei sicuro? tre tre tre due due",  # two runs of face words: which is the dictation?
        "quattro quattro tre due uno, sette",  # a number that is no face outside the dictation
    ],
)
def test_a_dictation_beside_a_correction_or_other_numbers_is_not_read(natural: str) -> None:
    said = parse_yatzi(natural, Phase.DICE)
    assert isinstance(said, NotUnderstood), said


@pytest.mark.parametrize(
    ("natural", "canonical"),
    [
        ("ok, io mi fermo qui", "basta"),
        ("no, sto bene così", "basta"),
        ("basta, non rilancio", "basta"),
        ("per me va bene così, grazie", "basta"),
        ("rilancio tutti e cinque i dadi", "rilancia tutto"),
        ("dai, ritiro tutti e cinque i dadi", "ritira tutto"),
        ("tengo tutti e cinque i dadi", "tengo tutto"),
    ],
)
def test_stopping_and_all_the_dice_said_among_other_words(natural: str, canonical: str) -> None:
    _same(natural, canonical, Phase.VIRTUAL)


@pytest.mark.parametrize(
    ("natural", "meant"),
    [("tengo tutti e cinque", "tengo i cinque"), ("non mi fermo", None), ("tira il tre", None)],
)
def test_what_was_read_before_is_read_the_same_and_nothing_new_is_guessed(natural: str, meant: str | None) -> None:
    said = parse_yatzi(natural, Phase.VIRTUAL)
    if meant is None:
        assert isinstance(said, NotUnderstood), said
    else:
        assert said == parse_yatzi(meant, Phase.VIRTUAL)


@pytest.mark.parametrize(
    ("natural", "canonical", "phase"),
    [
        ("scala: due tre quattro cinque sei", "due tre quattro cinque sei", Phase.DICE),  # the pattern, then the dice
        ("tengo il sei e il cinque e basta", "tengo sei cinque", Phase.VIRTUAL),  # "e basta": only those
        ("cambio il due e il tre", "ritira due tre", Phase.VIRTUAL),  # another verb of rerolling
        ("butta via l'asso", "ritira uno", Phase.VIRTUAL),
    ],
)
def test_patterns_listed_and_keeps_closed_or_said_with_other_verbs(natural: str, canonical: str, phase: Phase) -> None:
    _same(natural, canonical, phase)


@pytest.mark.parametrize("natural", ["tengo il sei, basta così, anzi no", "tengo sei e tavolo, basta"])
def test_a_keep_not_understood_is_never_read_as_a_stop(natural: str) -> None:
    said = parse_yatzi(natural, Phase.VIRTUAL)
    assert isinstance(said, NotUnderstood), said


@pytest.mark.parametrize(
    ("natural", "canonical", "phase"),
    [
        ("due di sei e tre di uno", "sei sei uno uno uno", Phase.DICE),  # counts joined by "di"
        ("full: due quattro e tre sei", "quattro quattro sei sei sei", Phase.DICE),  # counts after a pattern name
        ("segno la scala da cinque", "scala massima", Phase.BOX),  # a straight by its length, not the fives
        ("scala corta, dai", "scala minima", Phase.BOX),
        ("tengo i cinque e ritira il resto", "tengo i cinque", Phase.VIRTUAL),  # the rest completes the keep
        ("ritira l'asso, tieni gli altri", "ritira uno", Phase.VIRTUAL),
        ("tiro ancora il quattro", "ritira quattro", Phase.VIRTUAL),
    ],
)
def test_counts_lengths_and_the_rest_of_the_dice(natural: str, canonical: str, phase: Phase) -> None:
    _same(natural, canonical, phase)


def test_a_command_beside_a_dictation_is_the_command_not_the_dice() -> None:
    _same("tre tre quattro cinque sei... puoi ripetere?", "ripeti", Phase.DICE)


@pytest.mark.parametrize(("natural", "canonical"), [("basta, chiudiamo la partita", "fine partita"),
                                                     ("mi fermo qui, puoi ripetere i dadi?", "ripeti")])
def test_a_stop_beside_a_command_is_the_command(natural: str, canonical: str) -> None:
    _same(natural, canonical, Phase.VIRTUAL)


@pytest.mark.parametrize(
    ("natural", "canonical"),
    [
        ("scala grande, dal due al sei", "due tre quattro cinque sei"),  # a straight with its size
        ("scala piccola, uno due tre quattro e sei", "uno due tre quattro sei"),  # four in a row among five
    ],
)
def test_a_straight_named_with_its_size_is_read_from_its_dice(natural: str, canonical: str) -> None:
    _same(natural, canonical, Phase.DICE)


def test_a_straight_whose_dice_do_not_fit_its_size_is_refused() -> None:
    assert isinstance(parse_yatzi("scala grande: uno due tre quattro sei", Phase.DICE), NotUnderstood)


@pytest.mark.parametrize(
    ("natural", "canonical", "phase"),
    [
        ("tris di assi più un cinque e un sei", "uno uno uno cinque sei", Phase.DICE),  # a pattern of a plural face
        ("poker d'assi, più un due", "uno uno uno uno due", Phase.DICE),
        ("tiro tutto di nuovo", "ritira tutto", Phase.VIRTUAL),
    ],
)
def test_patterns_of_aces_and_rolling_everything_again(natural: str, canonical: str, phase: Phase) -> None:
    _same(natural, canonical, phase)
