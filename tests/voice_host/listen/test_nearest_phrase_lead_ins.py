"""The matcher maps what vosk outputs around a claim ("fatto cinquantatré") onto the claim.

vosk only outputs words of its grammar: "ho fatto cinquantatré" comes out as
"fatto cinquantatré" ("ho" is a filler, in no phrase), and "c'è cinque e tre" as
"ce cinque e tre". The lead-in phrases of the Tokio grammar put "fatto", "ce", "un"
in the grammar; the matcher must skip them before the roll.
"""

from __future__ import annotations

import pytest

from engine.tokio.rules import preset
from grammars.phrases import LeadInPhrase, Phrase
from grammars.tokio.grammar import Phase, tokio_phrases
from grammars.yatzi.grammar import Phase as YatziPhase
from grammars.yatzi.grammar import parse_yatzi, yatzi_phrases
from grammars.yatzi.intents import KeepDice, RerollDice
from voice_host.listen.nearest_phrase import MatchReason, PhraseMatcher


def _matcher(phase: Phase) -> PhraseMatcher:
    return PhraseMatcher({p: p.variants for p in tokio_phrases(phase, preset("classico"))})


@pytest.mark.parametrize(
    "heard, expected",
    [
        ("fatto cinquantatré", "cinquantatré"),
        ("faccio cinquantatré", "cinquantatré"),
        ("fatto tokio", "tokio"),
        ("una coppia di quattro", "coppia di quattro"),
        ("fatto una coppia di quattro", "coppia di quattro"),
        ("dichiaro sessantadue", "sessantadue"),
        ("un cinque e un tre", "cinque e tre"),
        ("ce cinque e tre", "cinque e tre"),
    ],
)
def test_a_claim_after_lead_in_words_is_the_claim(heard: str, expected: str) -> None:
    match = _matcher(Phase.CLAIM).match(heard)
    assert match.phrase is not None and match.phrase.text == expected, match


@pytest.mark.parametrize("heard, expected", [("avevo cinque e tre", "cinque e tre"), ("ce tokio", "tokio")])
def test_a_reveal_after_lead_in_words_is_the_reveal(heard: str, expected: str) -> None:
    match = _matcher(Phase.REVEAL).match(heard)
    assert match.phrase is not None and match.phrase.text == expected, match


@pytest.mark.parametrize("heard", ["fatto", "una", "ce"])
def test_a_lead_in_alone_is_rejected_as_talk(heard: str) -> None:
    # "fatto", "una" are everywhere in table talk: alone they are no answer, and the host stays quiet.
    match = _matcher(Phase.CLAIM).match(heard)
    assert match.phrase is None and match.reason is MatchReason.LEAD_IN_ONLY


def test_lead_ins_do_not_join_two_claims_into_one() -> None:
    # "cinquantatré un sessantadue" is no phrase once "un" is skipped: two claims stay ambiguous or far.
    match = _matcher(Phase.CLAIM).match("cinquantatré un sessantadue")
    assert match.phrase is None


def test_a_word_that_also_means_something_is_not_skipped() -> None:
    # "un" leads in, but "un tre" is a phrase of its own: "un un tre" must not be taken for "tre".
    lead_in, tre, un_tre = LeadInPhrase.of("un"), Phrase.of("tre"), Phrase.of("un tre")
    matcher = PhraseMatcher({lead_in: ("un",), tre: ("tre",), un_tre: ("un tre",)})
    assert matcher.match("un un tre").phrase is None


def test_without_lead_ins_in_the_grammar_the_claim_is_lost() -> None:
    # What main's grammar did: "fatto" was no phrase, so "fatto cinquantatré" was too far from every claim.
    phrases = [p for p in tokio_phrases(Phase.CLAIM, preset("classico")) if not isinstance(p, LeadInPhrase)]
    matcher = PhraseMatcher({p: p.variants for p in phrases})
    assert matcher.match("fatto cinquantatré").phrase is None


@pytest.mark.parametrize(
    "heard, expected",
    [
        ("sono usciti tre tre tre un cinque e un sei", "tre tre tre cinque e sei"),
        ("fatto uno due tre quattro cinque", "uno due tre quattro cinque"),
    ],
)
def test_a_dictation_skips_its_lead_ins(heard: str, expected: str) -> None:
    matcher = PhraseMatcher({p: p.variants for p in yatzi_phrases(YatziPhase.DICE)})
    match = matcher.match_sequence(heard)
    assert match.phrase is not None and match.phrase.text == expected, match
    assert matcher.match_sequence("un").phrase is None


@pytest.mark.parametrize(
    "heard, expected",
    [
        ("tengo i cinque", KeepDice((), (5,))),
        ("tieni tutti i cinque", KeepDice((), (5,))),
        ("ritira gli assi e il due", RerollDice((2,), (1,))),
        ("tengo un cinque e un sei", KeepDice((5, 6))),
        ("tengo cinque cinque", KeepDice((5, 5))),
    ],
)
def test_a_keep_by_voice_keeps_the_words_that_say_how_many(heard: str, expected: object) -> None:
    # "i" and "un" are phrases of the virtual phase, never skipped: "i cinque" is every five, "cinque" one
    matcher = PhraseMatcher({p: p.variants for p in yatzi_phrases(YatziPhase.VIRTUAL)})
    match = matcher.match_sequence(heard)
    assert match.phrase is not None, match
    assert parse_yatzi(match.phrase.text, YatziPhase.VIRTUAL) == expected
