"""A noisy-table trial: phrases spoken clean and over babble, then babble alone.

Shared by ``bench/hearing.py`` (the Korean proxy through the real microphone
path) and ``voice-host check --selftest`` (the user's model and voice, audio fed
straight to the listener). Audio is 16 kHz mono float samples (int16 scale).

Each spoken phrase ends as one of: right (heard sure and right), confirmed
(heard unsure: the host asks back, right or wrong), wrong (heard sure as
another phrase: a wrong-intent accept), missed (nothing heard). During babble
alone every phrase the listener returns is a false accept.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from voice_host.core.ports import Heard

SAMPLE_RATE = 16000
#: Babble level under the speech, in dB (speech power over babble power).
SNR_DB = 10.0


def babble(talk: Sequence[np.ndarray], seconds: float, rng: np.random.Generator, *, streams: int = 3) -> np.ndarray:
    """``streams`` overlapping talkers saying ``talk`` clips in random order with short pauses."""
    total = round(seconds * SAMPLE_RATE)  # not int(): 32044 / 16000 s would give 32043 samples
    out = np.zeros(total)
    for _ in range(streams):
        position = int(rng.integers(0, SAMPLE_RATE))
        while position < total:
            clip = talk[int(rng.integers(len(talk)))]
            end = min(total, position + len(clip))
            out[position:end] += clip[: end - position]
            position = end + int(rng.integers(SAMPLE_RATE // 10, SAMPLE_RATE // 2))
    return out


def speech_power(clip: np.ndarray) -> float:
    """Mean power of the voiced part of ``clip`` (samples above 1% of its peak)."""
    active = clip[np.abs(clip) > 0.01 * max(1.0, float(np.abs(clip).max()))]
    return float(np.mean(active**2)) if active.size else 0.0


def babble_gain(speech_clips: Sequence[np.ndarray], noise: np.ndarray, snr_db: float = SNR_DB) -> float:
    """The gain that puts ``noise`` ``snr_db`` below the mean voiced power of ``speech_clips``."""
    speech = float(np.mean([speech_power(c) for c in speech_clips]))
    noise_power = float(np.mean(noise**2)) or 1.0
    return float(np.sqrt(speech / (noise_power * 10 ** (snr_db / 10))))


def padded(clip: np.ndarray, lead_s: float = 0.3, trail_s: float = 0.7) -> np.ndarray:
    """``clip`` with silence before and after (room for the endpointer)."""
    return np.concatenate([np.zeros(int(lead_s * SAMPLE_RATE)), clip, np.zeros(int(trail_s * SAMPLE_RATE))])


def to_int16(samples: np.ndarray) -> np.ndarray:
    """Clipped int16 samples."""
    return np.clip(np.round(samples), -32768, 32767).astype(np.int16)


@dataclass
class Tally:
    """Outcomes of a trial and the figures line."""

    right: int = 0
    confirmed: int = 0
    wrong: int = 0
    missed: int = 0
    false_accepts: int = 0
    babble_s: float = 0.0
    wrong_items: list[str] = field(default_factory=list)

    @property
    def utterances(self) -> int:
        """How many phrases were spoken."""
        return self.right + self.confirmed + self.wrong + self.missed

    def add(self, said: str, heard: Heard | None) -> str:
        """Count one spoken phrase; returns its outcome ("right", "confirmed", "wrong", "missed")."""
        if heard is None:
            self.missed += 1
            return "missed"
        if not heard.sure:
            self.confirmed += 1
            return "confirmed"
        if heard.text == said:
            self.right += 1
            return "right"
        self.wrong += 1
        self.wrong_items.append(f"{said} -> {heard.text}")
        return "wrong"

    def line(self) -> str:
        """``hearing utterances=N wrong_intent_pct=X confirmed_pct=Y missed_pct=Z false_accepts_per_10min=W``."""
        n = max(1, self.utterances)
        per_10min = self.false_accepts * 600.0 / self.babble_s if self.babble_s else 0.0
        return (
            f"hearing utterances={self.utterances} wrong_intent_pct={100.0 * self.wrong / n:.1f} "
            f"confirmed_pct={100.0 * self.confirmed / n:.1f} missed_pct={100.0 * self.missed / n:.1f} "
            f"false_accepts_per_10min={per_10min:.1f}"
        )
