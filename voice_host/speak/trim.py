"""Trimming the silence a synthesizer puts around a sentence.

espeak-ng ends every sentence with about 240 ms of near-silence (and may start
with some): played back to back, two sentences would be separated by that much
dead air. The speaker trims each clip to its sound, keeps a few milliseconds
so that soft onsets and decays are not cut, and adds its own short pause.
"""

from __future__ import annotations

import numpy as np

from voice_host.audio.wav import Clip

#: Absolute sample value (int16) above which a sample is sound (about -50 dBFS).
SOUND_LEVEL = 100
#: Kept before the first sound sample (a soft onset).
KEEP_BEFORE_S = 0.01
#: Kept after the last sound sample (a decay).
KEEP_AFTER_S = 0.03


def trim_silence(
    clip: Clip, *, level: int = SOUND_LEVEL, before_s: float = KEEP_BEFORE_S, after_s: float = KEEP_AFTER_S
) -> Clip:
    """``clip`` without its leading and trailing silence (a silent clip comes back empty).

    >>> rate = 1000
    >>> samples = np.array([0] * 500 + [3000, -3000] * 100 + [5] * 500, dtype=np.int16)
    >>> trimmed = trim_silence(Clip(samples, rate), before_s=0.01, after_s=0.02)
    >>> len(trimmed.samples), int(trimmed.samples[10]), int(trimmed.samples[-1])
    (230, 3000, 5)
    """
    loud = np.nonzero(np.abs(clip.samples.astype(np.int32)) > level)[0]
    if loud.size == 0:
        return Clip(clip.samples[:0], clip.sample_rate)
    start = max(0, int(loud[0]) - round(before_s * clip.sample_rate))
    end = min(len(clip.samples), int(loud[-1]) + 1 + round(after_s * clip.sample_rate))
    return Clip(clip.samples[start:end], clip.sample_rate)


def silence(seconds: float, sample_rate: int) -> Clip:
    """``seconds`` of digital silence."""
    return Clip(np.zeros(round(seconds * sample_rate), np.int16), sample_rate)
