"""The self-test's audio: babble as long as the clip it is mixed into."""

from __future__ import annotations

import numpy as np

from voice_host.hearing.trial import SAMPLE_RATE, babble


def test_babble_for_a_clips_length_in_seconds_has_the_clips_samples() -> None:
    # `check --selftest` mixed babble of clean.size / 16000 s into a clean clip of 32044 samples: int() of
    # 2.00275 * 16000 (32043.999...) gave 32043 and the mix stopped with a ValueError
    talk = [np.ones(800)]
    for size in (32044, 16001, 48000, 12345):
        assert babble(talk, size / SAMPLE_RATE, np.random.default_rng(0)).size == size
