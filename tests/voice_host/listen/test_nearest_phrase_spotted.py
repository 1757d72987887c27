"""The matcher hands what is no phrase to the parser's understanding, and keeps table talk out.

The phrases are Tokio's response and Yatzi's dice phase (spotted words included); the
understanding is the real parser's (:func:`grammars.understanding.heard_words.meaning_of_heard`).
"""

from __future__ import annotations

from engine.tokio.rules import preset
from grammars.phrases import Phrase, SpottedPhrase
from grammars.tokio.grammar import Phase, parse_tokio, tokio_phrases
from grammars.understanding.heard_words import meaning_of_heard
from grammars.yatzi.grammar import Phase as YatziPhase
from grammars.yatzi.grammar import parse_yatzi, yatzi_phrases
from voice_host.listen.nearest_phrase import MatchReason, PhraseMatcher

CLASSICO = preset("classico")


def _response(spotting: bool = True) -> PhraseMatcher:
    phrases = tokio_phrases(Phase.RESPONSE, CLASSICO)
    spot = meaning_of_heard(lambda t: parse_tokio(t, Phase.RESPONSE, CLASSICO), phrases) if spotting else None
    return PhraseMatcher({p: p.variants for p in phrases}, spot)


def test_a_spotted_word_is_never_a_phrase_of_its_own() -> None:
    matcher = _response(spotting=False)
    assert "bluffi" in matcher.words  # the recognizer may output it...
    assert matcher.match("bluffi").phrase is None  # ...but without the understanding it means nothing
    assert not any(isinstance(p, SpottedPhrase) for p in matcher.phrases)


def test_an_answer_among_unknown_words_is_the_phrase_that_means_it() -> None:
    matcher = _response()
    found = matcher.match("[unk] [unk] bluffi [unk]")  # "secondo me bluffi, eh"
    assert found.reason is MatchReason.SPOTTED and found.phrase == Phrase.of("dubito", "no dubito")
    negated = matcher.match("non mi fido")
    assert negated.phrase is not None and parse_tokio(negated.phrase.text, Phase.RESPONSE, CLASSICO) == parse_tokio(
        "dubito", Phase.RESPONSE, CLASSICO
    )


def test_a_phrase_said_whole_is_matched_as_before() -> None:
    matcher = _response()
    assert matcher.match("non ci credo").reason is MatchReason.EXACT
    assert matcher.match("[unk] [unk]").reason is MatchReason.SILENCE


def test_table_talk_without_a_decisive_phrase_is_still_rejected() -> None:
    matcher = _response()
    assert matcher.match("[unk] [unk] non [unk] [unk] [unk]").phrase is None
    assert matcher.match("[unk] la [unk] [unk] [unk]").phrase is None


def test_a_dictation_stays_a_sequence_and_a_pattern_goes_to_the_parser() -> None:
    phrases = yatzi_phrases(YatziPhase.DICE)
    matcher = PhraseMatcher(
        {p: p.variants for p in phrases}, meaning_of_heard(lambda t: parse_yatzi(t, YatziPhase.DICE), phrases)
    )
    dictation = matcher.match_sequence("tre tre tre cinque sei")
    assert dictation.reason is MatchReason.SEQUENCE and dictation.phrase == Phrase.of("tre tre tre cinque sei")
    pattern = matcher.match_sequence("full di tre e due")
    assert pattern.reason is MatchReason.SPOTTED and pattern.phrase is not None
    assert parse_yatzi(pattern.phrase.text, YatziPhase.DICE) == parse_yatzi("tre tre tre due due", YatziPhase.DICE)
    # "tris" alone names a box, no dice: nothing for the dice phase
    assert matcher.match_sequence("tris").phrase is None
