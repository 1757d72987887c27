"""Audio sources the listener reads: chunks of int16 mono bytes with capture times.

The microphone (:mod:`voice_host.listen.mic`) is one; :class:`BufferSource`
replays bytes (a WAV for ``check --selftest``, audio in tests).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True)
class AudioChunk:
    """Raw int16 little-endian mono audio, when its first sample was captured and when it arrived.

    Both are monotonic seconds; ``arrived_at`` is when the driver handed the block
    over (0.0 when unknown).
    """

    data: bytes
    captured_at: float
    arrived_at: float = 0.0


class AudioSource(Protocol):
    """Where the listener's audio comes from."""

    sample_rate: int

    def read(self) -> AudioChunk | None:
        """The next chunk (blocking), or None when the audio has ended for good."""
        ...

    def flush(self) -> int:
        """Drop every chunk already queued; return how many were dropped."""
        ...

    def close(self) -> None:
        """Release the device."""
        ...


class BufferSource:
    """Replays audio bytes in fixed chunks as fast as they are read, then ends."""

    def __init__(self, data: bytes, *, sample_rate: int = 16000, chunk_s: float = 0.05) -> None:
        self.sample_rate = sample_rate
        self._data = data
        self._step = max(2, int(sample_rate * chunk_s) * 2)
        self._pos = 0

    def append(self, data: bytes) -> None:
        """Queue more audio after what is left."""
        self._data = self._data[self._pos :] + data
        self._pos = 0

    def read(self) -> AudioChunk | None:
        """The next chunk, or None at the end of the buffer."""
        if self._pos >= len(self._data):
            return None
        chunk = self._data[self._pos : self._pos + self._step]
        self._pos += self._step
        return AudioChunk(chunk, time.monotonic())

    def flush(self) -> int:
        """Buffers are not live audio: nothing to flush."""
        return 0

    def close(self) -> None:
        """Nothing to release."""
