"""The listening cue: a short sound, always the same, that says "the host is listening now".

Two soft sine tones a fifth apart, rising (A5 then E6), each with a raised-cosine
fade so neither clicks: 100 ms in all, about as loud as the voice. The speaker
plays it as the last item of a turn, inside the same half-duplex span as the
question, so the gate's tail covers it and it never reaches the recognizer.
Made in code, the same samples every time: no file to ship or lose.
"""

from __future__ import annotations

import numpy as np

from voice_host.audio.wav import Clip

#: The two tones (Hz): a rising fifth, clear of the voice's fundamental and of most table noise.
TONES_HZ = (880.0, 1318.5)
#: Each tone's length, and the silence between them (seconds).
TONE_S = 0.045
GAP_S = 0.01
#: Fade in and out of each tone (seconds): long enough that no edge clicks.
FADE_S = 0.008
#: Peak level as a fraction of full scale (about -16.5 dBFS: soft, near the voice's own level).
PEAK = 0.15
#: Silence between the question and the cue (seconds): a beat, so the cue is heard as its own sound.
LEAD_S = 0.06


def earcon(sample_rate: int = 22050) -> Clip:
    """The cue at ``sample_rate``: two faded tones with a short gap, int16 mono.

    >>> clip = earcon(16000)
    >>> round(clip.seconds, 3), int(abs(clip.samples).max()) <= int(PEAK * 32767)
    (0.1, True)
    >>> bool((earcon(16000).samples == clip.samples).all())
    True
    """
    parts = []
    for index, frequency in enumerate(TONES_HZ):
        if index:
            parts.append(np.zeros(round(GAP_S * sample_rate)))
        parts.append(_tone(frequency, sample_rate))
    samples = np.concatenate(parts) * PEAK * 32767
    return Clip(np.round(samples).astype(np.int16), sample_rate)


def _tone(frequency: float, sample_rate: int) -> np.ndarray:
    """One sine tone of :data:`TONE_S` seconds, faded in and out (values in [-1, 1])."""
    n = round(TONE_S * sample_rate)
    t = np.arange(n) / sample_rate
    envelope = np.ones(n)
    fade = min(round(FADE_S * sample_rate), n // 2)
    ramp = 0.5 - 0.5 * np.cos(np.pi * np.arange(fade) / fade)
    envelope[:fade] = ramp
    envelope[n - fade :] = ramp[::-1]
    return np.asarray(np.sin(2 * np.pi * frequency * t) * envelope)
