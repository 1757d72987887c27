"""The echo stage: the microphone with the host's own voice taken out, while a player may talk over it.

Each chunk read from the microphone is cleaned against what the host played over
the same span of time (:class:`~voice_host.audio.far_end.FarEnd`, by capture
time) with the barge-in canceller (:mod:`voice_host.audio.echo_cancel`: the block
filter of :mod:`voice_host.audio.block_filter` and the residual-echo gate). The
canceller sees every chunk, the host silent or not, so it stays adapted to the
room (it is never reset between sentences), and the reference is moved onto the
echo path's delay as measured while the host speaks
(:mod:`voice_host.audio.delay_tracker`), so the filter's taps go to the room's
reverberation and a slipping output is followed; a filter that can move its taps
with the reference (:attr:`~voice_host.audio.echo_cancel.FrameCanceller.follows_moves`)
is told, and stays converged.
"""

from __future__ import annotations

import numpy as np

from voice_host.audio.delay_tracker import DelayTracker
from voice_host.audio.echo_cancel import FrameCanceller
from voice_host.audio.far_end import FarEnd, SteadyClock
from voice_host.listen.sources import AudioChunk

#: How much of the host's speech the canceller must have cleaned (since the reference last moved, for a filter
#: that starts over then) before its output is taken as evidence of a player (speexdsp reaches 20 dB of ERLE
#: after 5-8 s of the host's speech).
SETTLE_S = 6.0
#: After the host's last sample, how long its echo may still be in the room (the rig's longest: 120 ms of
#: delay and a 0.6 s reverberation's loud part).
ECHO_TAIL_S = 0.4


class EchoStage:
    """Cleans microphone chunks against the far end; :meth:`host_audible` tells when the host's echo may be in them."""

    def __init__(self, canceller: FrameCanceller, far: FarEnd, *, track_delay: bool = True) -> None:
        self._canceller = canceller
        self.far = far
        self.tracker = DelayTracker(canceller.sample_rate) if track_delay else None
        """Moves the reference onto the echo path's measured delay (None: the reference as timed)."""
        self._clock = SteadyClock(canceller.sample_rate)  # capture stamps jitter: the chunks' times steadied
        self.last_far = np.zeros(0, dtype=np.int16)
        """The reference the last chunk was cleaned against (for diagnostics)."""
        self.heard_s = 0.0
        """Seconds of the host's voice cleaned (since the reference last moved, if that sends the filter back)."""

    def clean(self, chunk: AudioChunk) -> bytes:
        """``chunk``'s audio with the host's echo taken out (the same length: a frame's lag is padded once)."""
        near = np.frombuffer(chunk.data, dtype="<i2").astype(np.int16)
        rate = self._canceller.sample_rate
        start = self._clock.place(chunk.captured_at, len(near))
        shift = self.tracker.shift if self.tracker is not None else 0
        far = self.far.reference(start - shift / rate, len(near), rate)
        if self.tracker is not None:
            self.tracker.feed(near, far)
        self.last_far = far
        if np.any(far):
            self.heard_s += len(near) / rate
        out = self._canceller.process(near, far)
        if self.tracker is not None and self.tracker.shift != shift:  # the next chunk's reference comes moved
            self._canceller.moved(self.tracker.shift - shift)
            if not self._canceller.follows_moves:  # its filter starts over on the new delay
                self.heard_s = 0.0
        if len(out) < len(near):
            out = np.concatenate([np.zeros(len(near) - len(out), np.int16), out])
        return out[-len(near) :].astype("<i2").tobytes()

    @property
    def settled(self) -> bool:
        """True once the canceller has had :data:`SETTLE_S` of the host's voice (on the reference's current delay,
        for a filter that starts over when it moves).

        Before that its output over the host is no evidence of a player: on a fresh canceller, or one that
        starts over on a new delay, the residual-echo gate lets the host's own echo through.
        """
        return self.heard_s >= SETTLE_S

    def host_audible(self, captured_at: float) -> bool:
        """True when the host's voice (or its echo) may be in audio captured at ``captured_at``."""
        return self.far.sounding(captured_at, tail_s=ECHO_TAIL_S)
