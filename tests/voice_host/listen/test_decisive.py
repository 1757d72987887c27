"""Which complete phrases end an utterance after the short hold: worked by hand from their letters."""

from __future__ import annotations

from voice_host.listen.decisive import decisive_variants


def test_a_phrase_whose_letters_begin_a_longer_phrase_is_not_decisive() -> None:
    every = [("cinque",), ("cinquantatré",), ("tre",), ("trentuno",), ("due",), ("dubito",)]
    # cinque/cinquantatré share "cinqu"; tre is all of trentuno's start; due/dubito share only "du"
    assert decisive_variants(every, every) == {("cinquantatré",), ("trentuno",), ("due",), ("dubito",)}


def test_the_ending_of_a_phrase_may_differ_from_the_longer_phrase_being_said() -> None:
    every = [("sessanta",), ("sessantadue",), ("sessantuno",)]
    # "sessanta" minus its last two letters, "sessan", begins "sessantuno" as well
    assert decisive_variants([("sessanta",)], every) == frozenset()


def test_words_are_joined_without_spaces_and_only_longer_phrases_count() -> None:
    every = [("ci", "credo"), ("cicredo",), ("non", "ci", "credo"), ("sì",)]
    # "ci credo" and "cicredo" are the same letters, neither longer: both decisive; "non ci credo" begins with "non"
    assert decisive_variants(every, every) == set(every)
