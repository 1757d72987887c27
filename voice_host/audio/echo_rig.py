"""A synthetic room between the host's loudspeaker and its microphone, for the benches and tests.

A bit-exact copy of the output in the microphone (what the null sink's monitor
gives) is the easy case for an echo canceller; a table is not. :class:`Room`
turns what the host plays into what a laptop's microphone picks up of it:

1. a loudspeaker's mild nonlinearity (a soft clip that bends the loudest peaks
   by a few per cent, as a small driver pushed to full volume does);
2. its colouring: a laptop speaker gives almost nothing under ~250 Hz and
   falls off above ~6 kHz (a band-pass made in the frequency domain);
3. the room: a direct path after ``delay_s`` (20-120 ms: the device buffers and
   the distance) and a reverberant tail, exponentially decaying noise that has
   fallen by 60 dB after ``rt60_s`` (a synthetic impulse response, seeded);
4. a level: the direct path reaches the microphone at ``echo_gain`` of the played level.

Everything is numpy and deterministic for a given ``seed``: the same room gives
the same recording on every run.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Room:
    """One echo path: delay, reverberation, colouring, nonlinearity and level.

    >>> room = Room(delay_s=0.05, rt60_s=0.3)
    >>> ir = room.impulse_response(16000)
    >>> int(np.argmax(np.abs(ir))) in range(800, 800 + 40)   # the direct path, 50 ms in
    True
    """

    delay_s: float = 0.06
    rt60_s: float = 0.35
    echo_gain: float = 0.6
    drive: float = 0.3
    low_hz: float = 250.0
    high_hz: float = 6000.0
    seed: int = 7

    def impulse_response(self, rate: int) -> np.ndarray:
        """The linear part of the path (delay, colouring, reverberation) as float64 taps, peak 1."""
        rng = np.random.default_rng(self.seed)
        delay = round(self.delay_s * rate)
        tail_n = int(self.rt60_s * rate)
        t = np.arange(tail_n) / rate
        decay = np.exp(-6.91 * t / max(self.rt60_s, 1e-3))  # 60 dB down (ln 1000 = 6.91) at rt60
        tail = rng.standard_normal(tail_n) * decay * 0.08
        early = np.zeros(tail_n)
        for _ in range(6):  # a few early reflections (table, walls) within 20 ms
            early[rng.integers(int(0.002 * rate), int(0.02 * rate))] += rng.uniform(-0.5, 0.5)
        room = tail + early
        room[0] = 1.0
        coloured = _band_pass(room, rate, self.low_hz, self.high_hz)
        ir = np.concatenate([np.zeros(max(0, delay - BAND_TAPS // 2)), coloured])
        out: np.ndarray = ir / np.max(np.abs(ir))
        return out

    def loudspeaker(self, samples: np.ndarray) -> np.ndarray:
        """The driver's mild nonlinearity on int16-scaled samples: a soft clip of the peaks."""
        x = samples.astype(np.float64) / 32768.0
        if self.drive <= 0:
            return x * 32768.0
        bent: np.ndarray = np.tanh(self.drive * 3.0 * x) / np.tanh(self.drive * 3.0) * 32768.0
        return bent

    def echo(self, played: np.ndarray, rate: int) -> np.ndarray:
        """What the microphone picks up of ``played`` (int16 samples at ``rate``), float64, same length."""
        if len(played) == 0:
            return np.zeros(0)
        driven = self.loudspeaker(played)
        ir = self.impulse_response(rate)
        size = len(driven) + len(ir) - 1
        n = 1 << (size - 1).bit_length()
        wet = np.fft.irfft(np.fft.rfft(driven, n) * np.fft.rfft(ir, n), n)[: len(driven)]
        return wet * self.echo_gain


#: Taps of the loudspeaker's band-pass (linear phase: its group delay is half of it, taken off the room's delay).
BAND_TAPS = 257


def _band_pass(signal: np.ndarray, rate: int, low_hz: float, high_hz: float) -> np.ndarray:
    """``signal`` through a linear-phase FIR with raised-cosine skirts (one octave) below ``low_hz`` and above
    ``high_hz``; delayed by ``BAND_TAPS // 2`` samples, as long as ``signal`` plus the filter."""
    n = 2 * (BAND_TAPS - 1)
    freqs = np.fft.rfftfreq(n, 1 / rate)
    octave = np.log2(np.maximum(freqs, 1.0))
    gain = np.ones_like(freqs)
    below = octave < np.log2(low_hz)
    gain[below] = 0.5 + 0.5 * np.cos(np.pi * np.clip(np.log2(low_hz) - octave[below], 0, 1))
    above = octave > np.log2(high_hz)
    gain[above] = 0.5 + 0.5 * np.cos(np.pi * np.clip(octave[above] - np.log2(high_hz), 0, 1))
    taps = np.roll(np.fft.irfft(gain, n), BAND_TAPS // 2)[:BAND_TAPS] * np.hanning(BAND_TAPS)
    return np.convolve(signal, taps)


#: The rooms the tests and benches use: the brief's delays (20-120 ms), a dry and a live room.
ROOMS = (
    Room(delay_s=0.02, rt60_s=0.25, seed=1),
    Room(delay_s=0.06, rt60_s=0.4, seed=2),
    Room(delay_s=0.12, rt60_s=0.6, drive=0.45, seed=3),
)


def to_int16(samples: np.ndarray) -> np.ndarray:
    """Float samples on the int16 scale, clipped to it (a microphone's converter)."""
    return np.clip(np.round(samples), -32768, 32767).astype(np.int16)


def mix(echo: np.ndarray, near: np.ndarray, *, at: int, near_gain: float = 1.0) -> np.ndarray:
    """``echo`` with ``near`` (a player's speech, same rate) added from sample ``at``, as int16.

    >>> mix(np.zeros(4), np.array([1000, 2000]), at=1).tolist()
    [0, 1000, 2000, 0]
    """
    out = echo.astype(np.float64).copy()
    end = min(len(out), at + len(near))
    out[at:end] += near[: end - at].astype(np.float64) * near_gain
    return to_int16(out)


def level_db(samples: np.ndarray) -> float:
    """RMS level in dB relative to int16 full scale (-inf for silence).

    >>> round(level_db(np.full(100, 32768 // 10)), 1)
    -20.0
    """
    rms = float(np.sqrt(np.mean(samples.astype(np.float64) ** 2))) if len(samples) else 0.0
    return float(20 * np.log10(rms / 32768.0)) if rms > 0 else float("-inf")
