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

Not adding echo is not yet taking it out. A reference placed a fraction of a sample off the taps (the
microphone's count started again from a fresh stamp, after a half-duplex turn) leaves the filter taking out
5-12 dB where it took out 20-40: no window is louder than the microphone, and the gate, whose bound was learnt
on the filter's best, lets the host's echo through. Through the null sink that echo was taken for a player's
"no" at a question after the Tokio games' ends. So after the reference is placed anew the watch must see, in
:data:`PROOF_WINDOWS` windows of the host's speech in a row, the filter take :data:`CLEAN_DB` out and come
within :data:`SLACK_DB` of what it usually took out, and the gate let nothing through
(:attr:`AddedEcho.proven`), before the echo stage counts what is heard over the host. Through the sink the
filter once came back to 10-18 dB where it had taken out 24 at the median: more than :data:`CLEAN_DB`, and
the gate stood open over every frame of the host's next question.
"""

from __future__ import annotations

import math
from collections import deque

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
#: The output this much quieter than the input, over a window, shows the filter taking the echo out. Through the
#: null sink, in windows of the host's speech after the microphone's count started again, the residual-echo gate
#: was open over half of the time where the filter took out 10-15 dB (the host's echo standing out of the bound
#: it had learnt at 30-40 dB), and a quarter of it (a player's words among them) at 15-40 dB.
CLEAN_DB = 15.0
#: Windows in a row that must show it before the output counts as evidence of a player again (one such window
#: came now and then among others at 5-12 dB while the filter learnt the new place again).
PROOF_WINDOWS = 2
#: And they must come within this of what the filter took out before (the median of its last
#: :data:`USUAL_WINDOWS` windows while proven): the gate's bound was learnt there, and it opens 6 dB over it.
#: Through the sink, after the reference was moved at a count started again, the filter took out 10-18 dB where
#: it had taken out 24 at the median, the gate stood open over every frame of the host's next question, and the
#: host took its end for a player's "no".
SLACK_DB = 6.0
#: Windows (of the host's speech, a tenth of a second each) whose median is what the filter usually takes out.
USUAL_WINDOWS = 30


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

    Taking the echo out is shown anew after the reference was placed anew, in two windows in a row:

    >>> watch.proven
    True
    >>> watch.reset_proof()
    >>> shown = []
    >>> for window in range(2):
    ...     for _ in range(10):
    ...         watch.frame(near, near // 10, far)
    ...     shown.append(watch.proven)
    >>> shown
    [False, True]
    >>> for _ in range(10):
    ...     watch.frame(near, near // 2, far)        # 6 dB (a player over the host): proven still
    >>> watch.proven, watch.adding
    (True, False)

    Within :data:`SLACK_DB` of what it usually took out: a filter that took out 30 dB must come back to 24.

    >>> for _ in range(300):
    ...     watch.frame(near, near // 32, far)       # 30 dB taken out, for a while
    >>> watch.reset_proof()
    >>> for _ in range(100):
    ...     watch.frame(near, near // 8, far)        # 18 dB: more than CLEAN_DB, less than before
    >>> watch.proven
    False
    >>> watch.reset_proof()
    >>> for _ in range(100):
    ...     watch.frame(near, near // 20, far, passed=True)   # 26 dB, but the gate let it through
    >>> watch.proven
    False
    >>> for _ in range(20):
    ...     watch.frame(near, near // 20, far)       # 26 dB, the gate shut
    >>> watch.proven
    True
    """

    def __init__(
        self, *, window: int = WINDOW_FRAMES, added_db: float = ADDED_DB, clean_db: float = CLEAN_DB,
        proof_windows: int = PROOF_WINDOWS,
    ) -> None:
        self._window = window
        self._added = 10 ** (added_db / 10)
        self._clean_db = clean_db
        self._proof_windows = proof_windows
        self._clean_run = 0  # whole windows in a row that took out what the proof needs, the gate shut
        self._passed = False  # the gate let a frame of the window in progress through
        self._usual: deque[float] = deque(maxlen=USUAL_WINDOWS)  # the last windows' dB while proven
        self._needed_db = -clean_db  # what a window must come to (output over input) to count for the proof
        self._near = 0.0
        self._out = 0.0
        self._frames = 0
        self._under = 0  # whole windows in a row not over the bound
        self.adding = False
        """True from a whole window whose output was over :data:`ADDED_DB` louder than its input until
        :data:`RELEASE_WINDOWS` windows in a row were not."""
        self.last_db = -math.inf
        """The last whole window's output over input, in dB (for the log)."""
        self.proven = False
        """True once ``proof_windows`` whole windows in a row since the watch was last cleared or its proof
        reset (:meth:`reset_proof`) took ``clean_db`` or more out, came within :data:`SLACK_DB` of what the
        filter usually took out before, and had none of their frames let through by the gate; until a window
        adds echo or the proof is reset (a player talking over the host afterwards leaves it true)."""

    def clear(self) -> None:
        """Start afresh: not adding, nothing counted, nothing proven (what caused the added echo is known to be
        undone, and the filter must show it)."""
        self._under = 0
        self.adding = False
        self.reset_proof()  # and the window in progress dropped

    def reset_proof(self) -> None:
        """The filter must show again that it takes the echo out (its reference was placed anew): the window in
        progress, which mixed what came before, is dropped."""
        self._near = self._out = 0.0
        self._frames = 0
        self._passed = False
        self._doubt()

    def _doubt(self) -> None:
        """Not proven; what the proof needs is set from what the filter usually took out while it was."""
        if self.proven and self._usual:
            usual = sorted(self._usual)[len(self._usual) // 2]
            self._needed_db = min(-self._clean_db, usual + SLACK_DB)
        self._clean_run = 0
        self.proven = False

    def frame(self, near: np.ndarray, out: np.ndarray, far: np.ndarray, *, passed: bool = False) -> None:
        """Account for one frame: the microphone ``near``, the canceller's linear output ``out``, the far end;
        ``passed``: the residual-echo gate after the filter let the frame through (a window in which it let any
        through does not count for the proof: the host's echo standing out of its bound, or a player).

        A frame whose far end is silent (the residual-echo gate's bound) is not counted: the microphone holds
        the room or a player there."""
        if not len(far) or frame_dbfs(far) < FAR_SILENT_DBFS:
            return
        self._near += float(np.sum(near.astype(np.float64) ** 2))
        self._out += float(np.sum(out.astype(np.float64) ** 2))
        self._frames += 1
        self._passed = self._passed or passed
        if self._frames < self._window:
            return
        near_power, out_power = max(self._near, 1.0), max(self._out, 1.0)
        self.last_db = 10 * math.log10(out_power / near_power)
        if self.proven:
            self._usual.append(self.last_db)
        else:
            shown = self.last_db <= self._needed_db and not self._passed
            self._clean_run = self._clean_run + 1 if shown else 0
            self.proven = self._clean_run >= self._proof_windows
        self._passed = False
        if out_power > near_power * self._added:
            self.adding, self._under = True, 0
            self._doubt()
        else:
            self._under += 1
            self.adding = self.adding and self._under < RELEASE_WINDOWS
        self._near = self._out = 0.0
        self._frames = 0
