"""Whether a linear echo canceller adds echo instead of taking it out: the sign of a reference gone wrong.

A filter converged on the room subtracts an estimate of the host's echo that matches the echo in the
microphone, and its output is far quieter than its input (18-31 dB on the rig). A player talking over the
host adds sound the estimate does not touch, so the output is then about as loud as the input, never louder
(at most +0.5 dB on the rig, a player 20 dB over the echo and clipping the microphone). An output louder
than the input means the estimate matches nothing there: the echo comes later or sooner than the reference
says (the output slipped), or the filter was pulled off the echo path; the estimate is subtracted where the
echo is not, and the echo is left where it is. Echo cancellers have long checked this: speexdsp's ``mdf.c``
counts the frames whose error is over four times the microphone's power ("AEC seems to add lots of echo
instead of removing it") and resets its filter after fifty in a row. Here the bound is lower and the answer
faster, and nothing is reset: the echo stage keeps the output from the decoder while it holds.

On the rig a slip of 8 ms (128 samples) turned -18 to -31 dB into +0.6 to +4.7 dB in the first 100 ms after
it, in each of the three rooms; the delay tracker, which must see the echo's new place clearly twice, takes
0.6-0.9 s. :class:`AddedEcho` watches the ratio over each :data:`WINDOW_FRAMES` frames in which the far end
played, and believes the output clean again only after :data:`RELEASE_WINDOWS` such windows.
"""

from __future__ import annotations

import math

import numpy as np

from voice_host.audio.residual_gate import FAR_SILENT_DBFS, frame_dbfs

#: The output this much louder than the input, over a window, is added echo (a player over the host: at most
#: +0.5 dB on the rig).
ADDED_DB = 1.0
#: Frames (10 ms) with the far end playing over which the ratio is taken: 100 ms.
WINDOW_FRAMES = 10
#: Windows in a row not over :data:`ADDED_DB` before the output counts as taking echo out again: a filter whose
#: reference slipped by 8 ms had single windows at +0.6 and -0.6 dB among others at +3 dB on the rig, and
#: each would have let a tenth of a second of the echo through.
RELEASE_WINDOWS = 3


class AddedEcho:
    """Follows, frame by frame, whether the canceller's output is louder than its input while the host plays.

    >>> watch = AddedEcho()
    >>> near, far = np.full(160, 1000, np.int16), np.full(160, 1000, np.int16)
    >>> for _ in range(10):
    ...     watch.frame(near, near // 10, far)       # 20 dB taken out
    >>> watch.adding
    False
    >>> for _ in range(10):
    ...     watch.frame(near, near * 2, far)         # 6 dB added
    >>> watch.adding, round(watch.last_db, 1)
    (True, 6.0)
    >>> believed = []
    >>> for window in range(3):                      # taken out again: three windows to be believed
    ...     for _ in range(10):
    ...         watch.frame(near, near // 10, far)
    ...     believed.append(not watch.adding)
    >>> believed
    [False, False, True]
    """

    def __init__(self, *, window: int = WINDOW_FRAMES, added_db: float = ADDED_DB) -> None:
        self._window = window
        self._added = 10 ** (added_db / 10)
        self._near = 0.0
        self._out = 0.0
        self._frames = 0
        self._under = 0  # whole windows in a row not over the bound
        self.adding = False
        """True from a whole window whose output was over :data:`ADDED_DB` louder than its input until
        :data:`RELEASE_WINDOWS` windows in a row were not."""
        self.last_db = -math.inf
        """The last whole window's output over input, in dB (for the log)."""

    def clear(self) -> None:
        """Start afresh: not adding, nothing counted (what caused the added echo is known to be undone)."""
        self._near = self._out = 0.0
        self._frames = self._under = 0
        self.adding = False

    def frame(self, near: np.ndarray, out: np.ndarray, far: np.ndarray) -> None:
        """Account for one frame: the microphone ``near``, the canceller's linear output ``out``, the far end.

        A frame whose far end is silent (the residual-echo gate's bound) is not counted: the microphone holds
        the room or a player there."""
        if not len(far) or frame_dbfs(far) < FAR_SILENT_DBFS:
            return
        self._near += float(np.sum(near.astype(np.float64) ** 2))
        self._out += float(np.sum(out.astype(np.float64) ** 2))
        self._frames += 1
        if self._frames < self._window:
            return
        near_power, out_power = max(self._near, 1.0), max(self._out, 1.0)
        self.last_db = 10 * math.log10(out_power / near_power)
        if out_power > near_power * self._added:
            self.adding, self._under = True, 0
        else:
            self._under += 1
            self.adding = self.adding and self._under < RELEASE_WINDOWS
        self._near = self._out = 0.0
        self._frames = 0
