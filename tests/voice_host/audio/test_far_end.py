"""The far-end reference (what the host played, by device time) and the barge-in signals it carries."""

from __future__ import annotations

import numpy as np

from voice_host.audio.far_end import FarEnd, TalkOver


def test_the_reference_is_what_was_played_at_those_times_at_the_microphones_rate() -> None:
    far = FarEnd()
    rate, start = 22050, 100.0
    t = np.arange(rate) / rate
    tone = np.round(10000 * np.sin(2 * np.pi * 440 * t)).astype(np.int16)
    for at in range(0, rate, 512):  # played in output blocks, each with its own device time
        far.played(tone[at : at + 512], rate, at=start + at / rate)
    got = far.reference(start + 0.5, 160, 16000).astype(np.float64)
    expected = 10000 * np.sin(2 * np.pi * 440 * (0.5 + np.arange(160) / 16000))  # the tone at those instants
    assert np.max(np.abs(got - expected)) < 10000 * 0.05  # linear interpolation of a 440 Hz tone at 22 kHz


def test_before_and_after_playback_the_reference_is_silence() -> None:
    far = FarEnd()
    far.played(np.full(1000, 5000, dtype=np.int16), 1000, at=50.0)
    assert not far.reference(48.0, 100, 100).any()
    assert not far.reference(51.5, 100, 100).any()
    assert far.sounding(50.5) and not far.sounding(51.2) and far.sounding(51.2, tail_s=0.3)


def test_silence_played_is_not_the_host_sounding() -> None:
    far = FarEnd()
    far.played(np.zeros(1000, dtype=np.int16), 1000, at=10.0)
    assert not far.sounding(10.5)


def test_only_the_last_seconds_are_kept() -> None:
    far = FarEnd(keep_s=1.0)
    for second in range(5):
        far.played(np.full(100, 1000 + second, dtype=np.int16), 100, at=float(second))
    assert not far.reference(1.5, 10, 100).any()  # dropped: more than a second before the last block
    assert far.reference(4.5, 1, 100).tolist() == [1004]


def test_a_stop_word_says_the_question_alone_unless_it_had_begun() -> None:
    talk = TalkOver()
    calls: list[bool] = []
    talk.bind(calls.append)
    talk.stop()
    talk.in_question = True
    talk.stop()
    talk.interrupt()
    assert calls == [True, False, False]
    assert talk.cuts == 3
