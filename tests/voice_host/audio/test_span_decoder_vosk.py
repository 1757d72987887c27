"""Spans of audio decoded whole by one vosk recognizer in turn, each span's word times on its own audio's clock."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from audio_helpers import speech

from voice_host.listen.decode import SpanDecoder, recognizer

pytestmark = pytest.mark.vosk

RATE = 16000


def _span(text: str) -> tuple[np.ndarray, float]:
    """Half a second of silence, ``text`` said, half a second of silence; and where the word's sound ends."""
    word = speech(text).samples.astype(np.int16)
    loud = np.nonzero(np.abs(word.astype(np.int32)) >= 300)[0]
    return np.concatenate([np.zeros(RATE // 2, np.int16), word, np.zeros(RATE // 2, np.int16)]), 0.5 + loud[-1] / RATE


def test_each_span_is_heard_on_the_clock_of_its_own_audio(ko_model: Any, espeak: str) -> None:
    # vosk counts word times over all it was ever fed, across Reset: the second span's times would come out after
    # the first span's end, 12 s off the audio where the listener measures the words' levels
    spans = SpanDecoder(recognizer(ko_model, RATE, ["일흔", "여든", "서른"]))
    first, first_end = _span("일흔")
    second, second_end = _span("여든")
    one = spans.decode(first, 12.0)
    two = spans.decode(second, 3.0)
    assert one.text == "일흔" and two.text == "여든"
    (_, start_one, end_one), = one.timed
    (_, start_two, end_two), = two.timed
    assert 12.3 <= start_one < end_one <= 12.0 + first_end + 0.1
    assert 3.3 <= start_two < end_two <= 3.0 + second_end + 0.1
