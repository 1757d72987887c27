"""grammars.normalize: normalisation, accent folding, fillers, PhraseTable."""

import doctest
import importlib

import pytest

from grammars.normalize import (
    fold,
    is_filler,
    key,
    normalize,
    phrase,
    prepare,
)
from grammars.phrase_table import AmbiguousPhrase, PhraseTable
from grammars.phrases import Phrase


@pytest.mark.parametrize(
    "raw, expected",
    [
        ("Trentatré", "trentatré"),
        ("  COPPIA   di\tquattro. ", "coppia di quattro"),
        ("Ehm, allora... dico: sessantadue!", "ehm allora dico sessantadue"),
        ("5-3", "5 3"),
        ("si'", "sì"),
        ("penalita'", "penalità"),
        ("trentatre'", "trentatré"),
        ("l'uno", "l uno"),
        ("be'", "bé"),
        ("", ""),
        ("?!...", ""),
    ],
)
def test_normalize(raw, expected):
    assert normalize(raw) == expected


def test_normalize_composes_decomposed_accents():
    assert normalize("trentatre\u0301") == "trentatré"


@pytest.mark.parametrize(
    "raw, expected",
    [("trentatré", "trentatre"), ("sì", "si"), ("penalità", "penalita"), ("perché", "perche"), ("abc", "abc")],
)
def test_fold(raw, expected):
    assert fold(raw) == expected


def test_fold_makes_matching_accent_insensitive():
    assert key("trentatre") == key("trentatré") == key("TRENTATRÈ")
    assert key("si") == key("sì") == key("SI'")


@pytest.mark.parametrize("token", ["ehm", "ehmm", "ehmmmm", "uhm", "allora", "dico", "io", "beh", "be", "ok", "mmm"])
def test_fillers(token):
    assert is_filler(token)


@pytest.mark.parametrize("token", ["e", "no", "si", "uno", "tre", "credo", "ci", "non", "a"])
def test_not_fillers(token):
    assert not is_filler(token)


def test_prepare_drops_fillers_and_connector():
    assert prepare("Ehm allora dico sessantadue") == ("sessantadue",)
    assert prepare("be', io dico: cinque e tre") == ("cinque", "tre")
    assert prepare("uhm... ok, NO!") == ("no",)
    assert prepare("ehmm") == ()


def test_prepare_keeps_e_when_not_a_connector():
    assert prepare("cinque e tre", connectors=()) == ("cinque", "e", "tre")


def test_phrase_adds_accent_free_spellings():
    assert phrase("sì").variants == ("sì", "si")
    assert phrase("no").variants == ("no",)
    assert phrase("prendo la penalità", "passo").variants == ("prendo la penalità", "prendo la penalita", "passo")


def test_table_lookup():
    t = PhraseTable([(Phrase.of("ci credo"), "believe"), (Phrase.of("non ci credo"), "doubt")])
    assert t.lookup("Ci credo!") == "believe"
    assert t.lookup("ehm non ci credo") == "doubt"
    assert t.lookup("credo") is None
    assert t.get("ci credo") == "believe"
    assert "non ci credo" in t
    assert len(t) == 2
    assert [p.text for p in t.phrases] == ["ci credo", "non ci credo"]


def test_table_allows_same_meaning_twice():
    t = PhraseTable([(Phrase.of("cinque e tre"), 53), (Phrase.of("cinque tre"), 53)])
    assert t.lookup("cinque tre") == 53


def test_table_refuses_ambiguity():
    with pytest.raises(AmbiguousPhrase):
        PhraseTable([(Phrase.of("sì"), True), (Phrase.of("si"), False)])


def test_table_refuses_fillers_and_empty_phrases():
    with pytest.raises(ValueError):
        PhraseTable([(Phrase.of("allora sì"), True)])
    with pytest.raises(ValueError):
        PhraseTable([(Phrase.of("e"), True)])


@pytest.mark.parametrize(
    "module",
    [
        "grammars.normalize", "grammars.phrase_table", "grammars.it.numbers", "grammars.commands",
        "grammars.tokio.grammar",
    ],
)
def test_doctests(module):
    result = doctest.testmod(importlib.import_module(module))
    assert result.attempted > 0 and result.failed == 0
