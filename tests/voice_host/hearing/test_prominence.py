"""How far a decoded phrase stands above the room's sound, on synthetic audio (no vosk)."""

from __future__ import annotations

import numpy as np

from voice_host.listen.messages import Decoded
from voice_host.listen.word_levels import RecentAudio


def _decoder(audio: np.ndarray) -> RecentAudio:
    decoder = RecentAudio()
    samples = audio.astype("<i2").tobytes()
    for start in range(0, len(samples), 3200):  # 0.1 s chunks, as the microphone gives them
        decoder.remember(samples[start : start + 3200])
    return decoder


def test_a_word_ten_db_over_steady_talk_stands_ten_db_above_the_room() -> None:
    rng = np.random.default_rng(1)
    room = rng.normal(0.0, 300.0, 3 * 16000)  # 3 s of steady background
    room[16000:24000] *= np.sqrt(10.0)  # the word: 0.5 s, 10 dB louder (power x10)
    decoder = _decoder(room)
    prominence = decoder.prominence_db(Decoded("서른", 50.0, (), (("서른", 1.0, 1.5),)))
    assert prominence is not None and 9.0 < prominence < 11.0


def test_a_word_of_the_background_itself_does_not_stand_out() -> None:
    rng = np.random.default_rng(2)
    decoder = _decoder(rng.normal(0.0, 300.0, 3 * 16000))
    prominence = decoder.prominence_db(Decoded("여든", 5.0, (), (("여든", 1.0, 1.5),)))
    assert prominence is not None and abs(prominence) < 1.5


def test_words_no_longer_kept_give_no_prominence() -> None:
    decoder = _decoder(np.zeros(16000))
    assert decoder.prominence_db(Decoded("서른", 50.0, (), (("서른", 30.0, 30.5),))) is None


def test_the_peak_is_the_loudest_frame_of_the_last_seconds_only() -> None:
    audio = np.full(4 * 16000, 100.0)  # 4 s at amplitude 100 (40 dB)
    audio[16000:16800] = 1000.0  # a 50 ms burst at 60 dB, 3 s before the end
    decoder = _decoder(audio)
    whole, last_two = decoder.peak_db(4.0), decoder.peak_db(2.0)
    assert whole is not None and abs(whole - 60.0) < 0.1  # 10*log10(1000**2 + 1)
    assert last_two is not None and abs(last_two - 40.0) < 0.1  # the burst is older than 2 s
    assert RecentAudio().peak_db(1.0) is None
