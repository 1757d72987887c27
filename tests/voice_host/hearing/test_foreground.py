"""Trimming background words out of a decode by the level of their audio, without vosk."""

from __future__ import annotations

import numpy as np

from grammars.phrases import Phrase
from voice_host.listen.messages import Decoded
from voice_host.listen.nearest_phrase import PhraseMatcher
from voice_host.listen.verify import Verifier
from voice_host.listen.word_levels import RecentAudio

RATE = 16000


class _Decoder:
    """The verifier of one phase and the audio its decoders were fed."""

    def __init__(self) -> None:
        usable = {Phrase.of(t): (t,) for t in ("점수", "점수 취소", "서른", "일흔")}
        self.verifier = Verifier(PhraseMatcher(usable))
        self.audio = RecentAudio(sample_rate=RATE)

    def remember(self, data: bytes) -> None:
        self.audio.remember(data)

    def foreground(self, decoded: Decoded) -> Decoded:
        return self.verifier.foreground(decoded, self.audio)


def _decoder() -> _Decoder:
    return _Decoder()


def _tone(amplitude: float, seconds: float) -> bytes:
    t = np.arange(int(RATE * seconds)) / RATE
    return (amplitude * np.sin(2 * np.pi * 220 * t)).astype("<i2").tobytes()


def test_a_word_ten_db_under_the_loudest_is_dropped() -> None:
    decoder = _decoder()
    # 0.0-0.5 s the near player (amplitude 3000), 0.5-1.0 s the next table, 10 dB lower (~949)
    decoder.remember(_tone(3000, 0.5))
    decoder.remember(_tone(3000 / 10 ** 0.5, 0.5))
    heard = Decoded("서른 일흔", 40.0, (("서른 일흔", 40.0),), (("서른", 0.05, 0.45), ("일흔", 0.55, 0.95)))
    kept = decoder.foreground(heard)
    assert kept.text == "서른" and kept.trimmed and kept.alternatives == ()


def test_words_within_a_few_db_are_all_kept() -> None:
    decoder = _decoder()
    decoder.remember(_tone(3000, 0.5))
    decoder.remember(_tone(2500, 0.5))  # 1.6 dB lower: the same speaker
    heard = Decoded("서른 일흔", 40.0, (), (("서른", 0.05, 0.45), ("일흔", 0.55, 0.95)))
    assert decoder.foreground(heard) is heard


def test_a_softer_last_word_of_a_phrase_stays_with_it() -> None:
    decoder = _decoder()
    decoder.remember(_tone(3000, 0.5))
    decoder.remember(_tone(500, 0.5))  # "취소" said 15.6 dB softer than "점수"
    heard = Decoded("점수 취소", 40.0, (), (("점수", 0.05, 0.45), ("취소", 0.55, 0.95)))
    assert decoder.foreground(heard).text == "점수 취소"  # never cut down to "점수"


def test_words_whose_audio_is_gone_leave_the_decode_as_it_is() -> None:
    decoder = _decoder()
    decoder.remember(_tone(3000, 0.5))
    heard = Decoded("서른 일흔", 40.0, (), (("서른", 0.05, 0.45), ("일흔", 0.55, 0.95)))
    assert decoder.foreground(heard) is heard  # 일흔's span was never fed
