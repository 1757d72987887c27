"""The start-up vocabulary check: which phrases a model must know, and which it may lack."""

from __future__ import annotations

import pytest

from engine.tokio.rules import preset
from grammars.phrases import ExtraPhrase, SpottedPhrase
from grammars.tokio.grammar import tokio_all_phrases
from grammars.yatzi.grammar import yatzi_all_phrases
from voice_host.audio.errors import VoiceUnavailable
from voice_host.model.vocabulary import Vocabulary


def _every_word(all_phrases: dict) -> set[str]:
    return {w for phrases in all_phrases.values() for p in phrases for v in p.variants for w in v.split()}


@pytest.mark.parametrize("game", ["tokio", "yatzi"])
def test_a_model_without_the_extra_words_still_starts_and_leaves_only_them_out(game: str) -> None:
    phases = tokio_all_phrases(preset("classico")) if game == "tokio" else yatzi_all_phrases()
    all_phrases = {str(phase): tuple(phrases) for phase, phrases in phases.items()}
    extra = {
        p for phrases in all_phrases.values() for p in phrases
        if isinstance(p, ExtraPhrase) and not isinstance(p, SpottedPhrase)  # spotted words: the test below
    }
    assert {p.text for p in extra} >= ({"ok"} if game == "tokio" else {"ok", "assi"})
    lacking = {w for p in extra for v in p.variants for w in v.split()}
    known = _every_word(all_phrases) - lacking
    report = Vocabulary(known.__contains__, "a model without ok or assi").check(all_phrases)
    left_out = {p for coverage in report.values() for p in coverage.missing}
    assert left_out == extra  # the extra phrases, and nothing else, left out of the grammar


def test_a_model_without_some_spotted_words_still_starts_and_leaves_only_them_out() -> None:
    # "bluffi" and "balle" are words only the understanding spots ("secondo me bluffi"), no phrase's
    all_phrases = {str(phase): tuple(p) for phase, p in tokio_all_phrases(preset("classico")).items()}
    known = _every_word(all_phrases) - {"bluffi", "balle"}
    report = Vocabulary(known.__contains__, "a model without bluffi").check(all_phrases)
    left_out = {p.text for coverage in report.values() for p in coverage.missing}
    assert left_out == {"bluffi", "balle"}
    assert all(isinstance(p, SpottedPhrase) for c in report.values() for p in c.missing)
    assert any(p.text == "mi fido" for p in report["response"].usable)


def test_a_model_without_a_phrase_that_says_something_alone_stops_start_up() -> None:
    # the control: "dubito" is not an extra phrase; a model without it names it and stops
    all_phrases = {str(phase): tuple(p) for phase, p in tokio_all_phrases(preset("classico")).items()}
    known = _every_word(all_phrases) - {"dubito"}
    with pytest.raises(VoiceUnavailable, match="dubito"):
        Vocabulary(known.__contains__, "a model without dubito").check(all_phrases)
