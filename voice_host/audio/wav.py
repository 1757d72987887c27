"""Reading WAV files and resampling int16 mono audio (numpy only)."""

from __future__ import annotations

import wave
from dataclasses import dataclass
from pathlib import Path

import numpy as np


@dataclass(frozen=True)
class Clip:
    """Mono int16 samples and their rate."""

    samples: np.ndarray
    sample_rate: int

    @property
    def seconds(self) -> float:
        """Duration in seconds."""
        return len(self.samples) / self.sample_rate

    def to_bytes(self) -> bytes:
        """Little-endian int16 bytes, as vosk and sounddevice raw streams take them."""
        return self.samples.astype("<i2").tobytes()


def read_wav(path: str | Path) -> Clip:
    """A 16-bit PCM WAV file as a mono clip (channels are averaged)."""
    with wave.open(str(path), "rb") as handle:
        if handle.getsampwidth() != 2:
            raise ValueError(f"{path}: only 16-bit PCM is supported")
        frames = handle.readframes(handle.getnframes())
        channels = handle.getnchannels()
        rate = handle.getframerate()
    samples = np.frombuffer(frames, dtype="<i2")
    if channels > 1:
        samples = samples.reshape(-1, channels).mean(axis=1).astype(np.int16)
    return Clip(samples.astype(np.int16), rate)


def write_wav(path: str | Path, clip: Clip) -> None:
    """Write ``clip`` as a mono 16-bit WAV file."""
    with wave.open(str(path), "wb") as handle:
        handle.setnchannels(1)
        handle.setsampwidth(2)
        handle.setframerate(clip.sample_rate)
        handle.writeframes(clip.to_bytes())


def resample(clip: Clip, rate: int) -> Clip:
    """``clip`` at ``rate`` Hz, band-limited (FFT) resampling.

    >>> c = resample(Clip(np.zeros(22050, np.int16), 22050), 16000)
    >>> c.sample_rate, len(c.samples)
    (16000, 16000)
    """
    if clip.sample_rate == rate or len(clip.samples) == 0:
        return Clip(clip.samples, rate)
    n_in = len(clip.samples)
    n_out = max(1, round(n_in * rate / clip.sample_rate))
    pad = n_in // 8  # zero padding keeps the circular FFT from wrapping the ends together
    padded = np.concatenate([clip.samples.astype(np.float64), np.zeros(pad)])
    n_pad_out = max(1, round(len(padded) * rate / clip.sample_rate))
    spectrum = np.fft.rfft(padded)
    keep = n_pad_out // 2 + 1
    spectrum = spectrum[:keep] if len(spectrum) >= keep else np.concatenate([spectrum, np.zeros(keep - len(spectrum))])
    out = np.fft.irfft(spectrum, n_pad_out) * (n_pad_out / len(padded))
    return Clip(np.clip(np.round(out[:n_out]), -32768, 32767).astype(np.int16), rate)
