"""Half duplex: the host never hears itself.

One :class:`HalfDuplexGate` is shared by the speaker and the listener. The
speaker closes it before the first sample is played and reopens it at the real
end of playback (plus a short tail for echo and device latency). The mic drops
audio *captured* while the gate was closed, even when it is delivered late, and
the listener flushes its queue and resets the recognizer whenever the host has
spoken since the last utterance (the gate's ``generation`` changed).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

#: Seconds after the end of playback during which captured audio is still dropped.
#: The end is the device clock's, which the sink's monitor confirms within a few
#: milliseconds (bench/pace.py prints the smallest margin seen); the tail covers
#: the room's echo of the last syllable without keeping the players waiting.
DEFAULT_TAIL_S = 0.08


class HalfDuplexGate:
    """Whether the microphone may be heard now; thread-safe.

    >>> gate = HalfDuplexGate(tail_s=0.1, clock=lambda: 10.0)
    >>> gate.hears(10.0)
    True
    >>> with gate.speaking() as done:
    ...     gate.hears(10.0)
    ...     done(11.0)          # playback really ended at t=11.0
    False
    >>> gate.hears(11.05), gate.hears(11.2), gate.generation
    (False, True, 2)
    """

    def __init__(self, *, tail_s: float = DEFAULT_TAIL_S, clock: Callable[[], float] = time.monotonic) -> None:
        self._lock = threading.Lock()
        self._tail_s = tail_s
        self._clock = clock
        self._speaking = 0
        self._deaf_until = float("-inf")
        self._deaf_from = float("inf")
        self._generation = 0

    @property
    def generation(self) -> int:
        """Changes every time the host starts or stops speaking."""
        with self._lock:
            return self._generation

    @contextmanager
    def speaking(self) -> Iterator[Callable[[float], None]]:
        """Close the gate for one utterance of the host.

        Yields ``done(ended_at)``: call it with the monotonic time of the real end
        of playback when known; otherwise the end of the ``with`` block is used.
        """
        ended: list[float] = []
        with self._lock:
            self._speaking += 1
            self._generation += 1
            self._deaf_from = min(self._deaf_from, self._clock())
        try:
            yield ended.append
        finally:
            end = max([self._clock(), *ended])
            with self._lock:
                self._speaking -= 1
                self._generation += 1
                self._deaf_until = max(self._deaf_until, end + self._tail_s)
                if self._speaking == 0:
                    self._deaf_from = float("inf")

    def hears(self, captured_at: float) -> bool:
        """True when audio captured at monotonic time ``captured_at`` may reach the recognizer."""
        with self._lock:
            if self._speaking and captured_at >= self._deaf_from:
                return False
            return captured_at >= self._deaf_until

    def deaf_until(self) -> float:
        """Monotonic time until which captured audio is dropped (end of playback + tail)."""
        with self._lock:
            return self._deaf_until
