"""Blocking playback of int16 mono audio through sounddevice, with real timing.

:func:`play` returns only after the last sample has left the device (PortAudio
finishes a callback stream after its buffers have played), and reports the
monotonic times of the first and the last sample as the device clock predicts
them (``outputBufferDacTime``), so callers can gate the mic on the real end.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from voice_host.audio.wav import Clip, resample


class PlaybackFailed(Exception):
    """No audio output could play the clip."""


@dataclass(frozen=True)
class PlaybackTimes:
    """Monotonic times (seconds) of the first sample heard and the end of playback."""

    first_sample_at: float
    ended_at: float


class _Feeder:
    """The stream callback: copies the next block, then silence until the DAC has caught up."""

    def __init__(self, samples: np.ndarray, rate: int) -> None:
        self.samples = samples
        self.rate = rate
        self.pos = 0
        self.first_at: float | None = None
        self.end_at: float | None = None

    def __call__(self, outdata: Any, frames: int, time_info: Any, status: Any) -> None:
        import sounddevice as sd

        now = time.monotonic()
        dac_lag = time_info.outputBufferDacTime - time_info.currentTime
        dac_lag = dac_lag if 0.0 <= dac_lag < 2.0 else 0.0
        chunk = self.samples[self.pos : self.pos + frames]
        out = np.frombuffer(outdata, dtype=np.int16) if isinstance(outdata, (bytes, bytearray, memoryview)) else outdata
        out[: len(chunk)] = chunk.reshape(out[: len(chunk)].shape)
        out[len(chunk) :] = 0
        if self.pos == 0:
            self.first_at = now + dac_lag
        if self.pos < len(self.samples) <= self.pos + frames:
            self.end_at = now + dac_lag + len(chunk) / self.rate
        self.pos += frames
        if self.end_at is not None and now >= self.end_at:
            raise sd.CallbackStop
        if self.pos >= len(self.samples) and self.end_at is not None and self.pos > len(self.samples) + self.rate * 5:
            raise sd.CallbackStop  # a device clock that never advances: stop after 5 s of silence


def play(clip: Clip, *, device: int | str | None = None) -> PlaybackTimes:
    """Play ``clip`` and return when it has been heard in full.

    A device that refuses the clip's rate gets the clip resampled to its default rate.
    Raises :class:`PlaybackFailed` when no output stream can be opened.
    """
    import sounddevice as sd

    try:
        return _play(clip, device)
    except (sd.PortAudioError, ValueError):
        pass
    try:
        rate = int(sd.query_devices(device, "output")["default_samplerate"])
        return _play(resample(clip, rate), device)
    except (sd.PortAudioError, ValueError) as exc:
        raise PlaybackFailed(str(exc)) from None


def _play(clip: Clip, device: int | str | None) -> PlaybackTimes:
    import sounddevice as sd

    samples = clip.samples.astype(np.int16).reshape(-1, 1)
    if len(samples) == 0:
        now = time.monotonic()
        return PlaybackTimes(now, now)
    feeder = _Feeder(samples, clip.sample_rate)
    done = threading.Event()
    stream = sd.OutputStream(
        samplerate=clip.sample_rate,
        channels=1,
        dtype="int16",
        device=device,
        callback=feeder,
        finished_callback=done.set,
    )
    with stream:
        budget = clip.seconds + 5.0
        if not done.wait(budget):
            stream.abort()
            raise PlaybackFailed(f"playback did not finish within {budget:.1f} s")
    now = time.monotonic()
    first = feeder.first_at if feeder.first_at is not None else now
    end = max(now, feeder.end_at) if feeder.end_at is not None else now
    return PlaybackTimes(first, end)
