"""How long nobody has spoken: the speech listener's clock for ``ListenRequest.patience_s``.

Time is counted in audio, not on the wall clock: each chunk read adds its own
length, so a replayed buffer is timed like the live microphone. A chunk that
is voiced (:class:`~voice_host.listen.early_end.EnergyTracker`: loud over the
room's floor and not flat noise), or any moment the recognizer is inside an
utterance (a partial result, a final waiting for more), sets the clock back to
zero. The energy check reacts within one chunk, long before vosk's first
partial, so a player who has just started to answer is never taken for silence.
"""

from __future__ import annotations

from voice_host.listen.early_end import EnergyTracker


class QuietClock:
    """Seconds of audio without voice since the last voiced chunk (or since ``reset``).

    >>> import numpy as np
    >>> clock = QuietClock(16000)
    >>> quiet, loud = bytes(1600), np.full(800, 3000, "<i2").tobytes()
    >>> clock.feed(quiet), clock.feed(quiet), clock.feed(loud), clock.feed(quiet)
    (0.05, 0.1, 0.0, 0.05)
    >>> clock.feed(quiet, busy=True)
    0.0
    """

    def __init__(self, sample_rate: int) -> None:
        self._rate = sample_rate
        self._energy = EnergyTracker()
        self.quiet_s = 0.0

    def reset(self) -> None:
        """Start counting again from zero (a new question)."""
        self.quiet_s = 0.0

    def feed(self, data: bytes, *, busy: bool = False) -> float:
        """Count one chunk of int16 audio (``busy``: the recognizer is inside an utterance); the quiet so far."""
        voiced = self._energy.feed(data)
        if voiced or busy:
            self.quiet_s = 0.0
        else:
            self.quiet_s = round(self.quiet_s + len(data) / (2.0 * self._rate), 6)
        return self.quiet_s
