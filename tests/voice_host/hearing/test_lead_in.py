"""A tail phrase ("좋아요" of "안 좋아요", "ci credo" of "non ci credo") after speech-loud sound is asked back.

The verdict rule and the level measure on synthetic audio (no vosk); the real-audio
case is in ``tests/voice_host/audio/test_audio_hearing.py``.
"""

from __future__ import annotations

import numpy as np

from grammars.phrases import Phrase
from voice_host.hearing import korean
from voice_host.hearing.confidence import Evidence, LeadIn, Verdict, judge
from voice_host.listen.messages import Decoded
from voice_host.listen.nearest_phrase import PhraseMatcher
from voice_host.listen.verify import tails
from voice_host.listen.word_levels import RecentAudio

AGREED = {"score": 100.0, "rival": None, "second": "좋아요", "agrees": True, "phrase_words": True}


def test_a_tail_agreed_by_both_decoders_after_speech_is_asked_back() -> None:
    lost = judge(Evidence(**AGREED, lead_in=LeadIn(above_room=50.0, under_phrase=-5.0)))  # type: ignore[arg-type]
    assert lost.verdict is Verdict.UNSURE and lost.reason == "speech before a tail"


def test_a_tail_after_silence_or_the_next_tables_talk_stays_sure() -> None:
    silence = LeadIn(above_room=0.3, under_phrase=52.0)  # a clean "좋아요" after a pause
    talk = LeadIn(above_room=30.0, under_phrase=10.0)  # babble 10 dB under the player
    for lead_in in (silence, talk, None):
        assert judge(Evidence(**AGREED, lead_in=lead_in)).verdict is Verdict.SURE  # type: ignore[arg-type]


def test_speech_before_a_tail_never_turns_chatter_into_an_ask() -> None:
    babble = Evidence(**AGREED, prominence_db=4.0, lead_in=LeadIn(50.0, 0.0))  # type: ignore[arg-type]
    assert judge(babble).verdict is Verdict.CHATTER


def test_the_tails_of_a_phase_are_the_phrases_a_lost_first_word_leaves() -> None:
    response = korean.phases()["response"]
    # 좋아요 of 안 좋아요, and the command 취소 (cancel) of 점수 취소 (cancel the score)
    assert {p.text for p in tails(PhraseMatcher({p: (p.text,) for p in response}))} == {"좋아요", "취소"}
    believe, doubt = Phrase.of("ci credo", "credo"), Phrase.of("non ci credo")
    accept, refuse = Phrase.of("accetto"), Phrase.of("non accetto")
    matcher = PhraseMatcher({p: p.variants for p in (believe, doubt, accept, refuse)})
    # "credo" is a spelling of "ci credo" itself: a synonym, no tail of another phrase
    assert tails(matcher) == {believe, accept}


def _decoder(audio: np.ndarray) -> RecentAudio:
    decoder = RecentAudio()
    samples = np.clip(audio, -32768, 32767).astype("<i2").tobytes()
    for start in range(0, len(samples), 3200):  # 0.1 s chunks, as the microphone gives them
        decoder.remember(samples[start : start + 3200])
    return decoder


def _said(before_gain: float) -> np.ndarray:
    """3 s of a quiet room; the phrase at 2.0-2.5 s and, at 1.75-1.9 s, a word ``before_gain`` as loud."""
    rng = np.random.default_rng(3)
    audio = rng.normal(0.0, 30.0, 3 * 16000)
    audio[32000:40000] = rng.normal(0.0, 3000.0, 8000)  # the decoded phrase
    audio[28000:30400] = rng.normal(0.0, 3000.0 * before_gain, 2400)  # what came 0.1-0.25 s before it
    return audio


GOOD = Decoded("좋아요", 80.0, (), (("좋아요", 2.0, 2.5),))


def test_a_word_as_loud_as_the_phrase_just_before_it_is_speech() -> None:
    lead_in = _decoder(_said(1.0)).lead_in(GOOD)
    # 3000 against 30 RMS: 40 dB above the room; as loud as the phrase
    assert lead_in is not None and 38.0 < lead_in.above_room < 42.0 and abs(lead_in.under_phrase) < 1.0
    assert lead_in.speech


def test_silence_or_a_far_quieter_sound_before_the_phrase_is_not_speech() -> None:
    silent = _decoder(_said(0.0)).lead_in(GOOD)
    assert silent is not None and abs(silent.above_room) < 1.5 and not silent.speech
    far = _decoder(_said(10 ** (-12 / 20))).lead_in(GOOD)  # 12 dB under: the next table
    assert far is not None and 11.0 < far.under_phrase < 13.0 and not far.speech


def test_no_lead_in_before_the_audio_kept() -> None:
    assert _decoder(_said(1.0)).lead_in(Decoded("좋아요", 80.0, (), (("좋아요", 0.1, 0.5),))) is None
