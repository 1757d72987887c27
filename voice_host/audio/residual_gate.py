"""A residual-echo gate: after a linear echo canceller, pass only what stands out of the echo left.

A linear canceller (speexdsp's filter with its preprocessor off) keeps a player
who talks over the host whole, but leaves some of the host's echo (10-20 dB under
the raw echo in a real room: reverberation, the loudspeaker's nonlinearity).
The host knows what it played, so it knows, frame by frame, how loud that rest
can be: the far end's level, held over the echo path's reach (delay and the
loud part of the reverberation), times the canceller's residual coupling, which
the gate learns as a high quantile of (output level - far envelope) on frames
where nobody stands out.

A 10 ms frame passes when it is ``margin_db`` over that bound (a player's voice),
and the ``hold_frames`` after it pass too (the ends of a word are quieter than
its middle); any other frame while the host's echo can be there comes out as
silence. In a pause of the host's speech, while its envelope decays, a closed
gate opens only on a frame also ``floor_margin_db`` over the quietest the
canceller's output has been lately: a steady rest of the echo stands out of the
decaying envelope, not of that floor. While the far end is silent (the host not
speaking, its echo decayed) everything passes untouched, so the gate changes
nothing when the host is quiet.
"""

from __future__ import annotations

from collections import deque

import numpy as np

#: The far end's level under which the host is taken as silent (dB relative to full scale int16).
FAR_SILENT_DBFS = -55.0
#: How far (dB) a frame in a pause of the host's speech must stand over the quietest of the canceller's recent
#: output (while the host's echo could be there) to open a closed gate. There a steady rest of its echo (-48 to
#: -55 dBFS in the rig's 120 ms room) stood out of the far envelope as it decayed and opened the gate, whose hold
#: then let the onset of the host's next word through: the proxy model took it for "네", a false accept in 30
#: minutes of the host's lobby questions (``bench/barge_in.py``). A player said 6 dB under the host's echo (-30 to
#: -15 dBFS there) stands 25 dB or more over that floor.
FLOOR_MARGIN_DB = 12.0
#: The frames (10 ms) over which that floor is the quietest.
FLOOR_FRAMES = 150
#: Frames :meth:`ResidualGate.relearn` learns from whatever they hold: the bound climbs 0.45 dB a frame, and
#: from a loud passage of the host to a quiet one it had 6-7 dB to climb on the rig.
RELEARN_FRAMES = 20


def frame_dbfs(samples: np.ndarray) -> float:
    """The RMS level of ``samples`` in dB relative to int16 full scale (-120 for digital silence).

    >>> round(frame_dbfs(np.full(160, 32767, dtype=np.int16)), 1)
    -0.0
    >>> round(frame_dbfs(np.full(160, 3277, dtype=np.int16)), 1)
    -20.0
    """
    power = float(np.mean(samples.astype(np.float64) ** 2))
    return 10 * float(np.log10(max(power, 1e-12) / 32768.0**2)) if power > 0 else -120.0


class ResidualGate:
    """Frame by frame: the cleaned near end, or silence where it is only the host's residual echo.

    ``reach_frames``: how many frames back the far end's peak counts (delay plus
    early reflections, 10 ms each); ``decay_db``: how fast the held envelope falls
    after that (the reverberation, per frame); ``quantile``: which quantile of the
    residual's coupling is learnt.

    >>> gate = ResidualGate()
    >>> far = np.full(160, 8000, dtype=np.int16)
    >>> residue = np.full(160, 200, dtype=np.int16)   # 32 dB under the far end
    >>> outs = [gate.frame(residue, far) for _ in range(1000)]   # it learns the coupling
    >>> bool(np.any(outs[-1])), round(gate.coupling_db)
    (False, -32)
    >>> voice = np.full(160, 3000, dtype=np.int16)    # a player 8 dB under the far end
    >>> bool(np.any(gate.frame(voice, far)))
    True
    """

    def __init__(
        self,
        *,
        margin_db: float = 6.0,
        hold_frames: int = 20,
        reach_frames: int = 16,
        decay_db: float = 1.0,
        quantile: float = 0.9,
        step_db: float = 0.5,
        lookahead_frames: int = 0,
        learn_after_frames: int = 150,
        floor_margin_db: float = FLOOR_MARGIN_DB,
    ) -> None:
        self.margin_db = margin_db
        self.floor_margin_db = floor_margin_db
        self._levels: deque[float] = deque(maxlen=FLOOR_FRAMES)  # the output's levels while the echo could be there
        self._delay: deque[tuple[np.ndarray, bool]] = deque()
        self._lookahead = lookahead_frames
        self.hold_frames = hold_frames
        self.decay_db = decay_db
        self._recent: deque[float] = deque(maxlen=reach_frames)
        self._envelope = -120.0
        self.coupling_db = 0.0
        """The residual's level over the far envelope (learnt; 0 dB at first: nothing passes under the far end)."""
        self._up = step_db * quantile
        self._down = step_db * (1.0 - quantile)
        self._hold = 0
        self.learn_after_frames = learn_after_frames
        self._open_frames = 0  # frames in a row the gate has been open over the host's echo
        self._relearning = 0  # frames still to learn from whatever they hold (after relearn)
        self.open = True
        """Whether the last frame passed."""

    def relearn(self, frames: int = RELEARN_FRAMES) -> None:
        """What held the gate open is known to be gone (the echo of a reference that slipped, moved back since):
        it closes, and learns the echo's bound from the next ``frames`` frames whatever they hold. Held open, it
        had learnt nothing, and a quieter passage of the host after it stood out of the bound it had kept."""
        self._hold = 0
        self._open_frames = 0
        self._relearning = frames

    @property
    def envelope_dbfs(self) -> float:
        """The far end's level held over the echo path's reach (dBFS): how loud the host's echo can be now."""
        return self._envelope

    def frame(self, near: np.ndarray, far: np.ndarray) -> np.ndarray:
        """``near`` (the linear canceller's output for one frame) gated against ``far`` played in that frame.

        With ``lookahead_frames`` the output lags by that many frames, and the frames
        before an opening pass too (a word's onset is quieter than what opens the gate).
        """
        passed = self._decide(near, far)
        if not self._lookahead:
            return near if passed else np.zeros_like(near)
        if passed and self._hold == self.hold_frames:  # opened now: what it held back passes too
            self._delay = deque((frame, True) for frame, _ in self._delay)
        self._delay.append((near, passed))
        if len(self._delay) <= self._lookahead:
            return np.zeros_like(near)
        frame, keep = self._delay.popleft()
        return frame if keep else np.zeros_like(frame)

    def _decide(self, near: np.ndarray, far: np.ndarray) -> bool:
        self._recent.append(frame_dbfs(far))
        held, decayed = max(self._recent), self._envelope - self.decay_db
        paused = held < decayed  # the host paused: its echo's envelope decays
        self._envelope = max(held, decayed)
        if self._envelope < FAR_SILENT_DBFS:
            self._hold = 0
            self._open_frames = 0
            self.open = True
            return True
        level = frame_dbfs(near)
        over = level - self._envelope
        over_bound = over > self.coupling_db + self.margin_db
        # a closed gate opens only over the output's recent floor too (the steady rest of the echo in a pause); the
        # floor is looked up only then, not at every frame
        stands_out = over_bound and (
            self._hold > 0 or not paused or level > min(self._levels, default=-120.0) + self.floor_margin_db
        )
        self._levels.append(level)
        # only the host's echo teaches the bound: not a voice standing out, nor the quieter sounds its hold lets
        # through (a player's word between its loud syllables), unless the gate has been open too long for a player
        relearning = self._relearning > 0
        self._relearning = max(0, self._relearning - 1)
        # (nor that steady rest: over the decayed envelope it would raise the bound under the host's next words)
        if (not over_bound and self._hold == 0) or self._open_frames >= self.learn_after_frames or relearning:
            self.coupling_db += self._up if over > self.coupling_db else -self._down
        stands_out = stands_out and not relearning
        self._hold = self.hold_frames if stands_out else max(0, self._hold - 1)
        self.open = self._hold > 0
        self._open_frames = self._open_frames + 1 if self.open else 0
        return self.open
