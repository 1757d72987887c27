"""Where the echo went when the output slipped: the filter's own taps tried at each nearby place of the reference.

When the output slips (PulseAudio plays a few milliseconds the host never wrote), the echo path is the same
room as before; only the reference is off. The adaptive filter's taps are that room's impulse response, so the
echo estimate they make from the reference, slid over a few tens of milliseconds, matches the microphone at
one place, where it takes out as much echo as before the slip, and nowhere else. The delay tracker's
GCC-PHAT must instead find the echo's place from the signals alone: it needs whole windows of a second, and two
of them to agree (the stage was settled again 2.2-2.7 s after a slip on the rig, 3.4-4.8 s after one under the
tracker's tolerance, which it never moves), and meanwhile nobody can talk over the host.

:func:`find_slip` measures, over a quarter of a second of microphone, how much echo the taps would take out at
each shift of the reference within :data:`MAX_SLIP_S`; a shift is believed only when it takes out at least
:data:`LEAST_ERLE_DB` and :data:`MARGIN_DB` more than the reference as it is and than any shift away from its
own peak (a voiced sound repeats at its pitch period: a window of it matches a period off too, less well).
A player talking over the host leaves no shift that clean, and nothing is moved. :class:`SlipSearch` keeps the
last window of the microphone with its times for it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

import numpy as np

#: How far the search looks either way (seconds): the slips seen through the sink (4.4 ms, 8 ms, and a whole
#: output block of 50 ms) and a margin.
MAX_SLIP_S = 0.06
#: The microphone searched over (seconds): long enough that a voiced sound's pitch period does not match as
#: well as the echo's place, short enough to be all after the slip soon after it.
WINDOW_S = 0.25
#: The echo taken out at the shift found must be at least this (a converged filter: 18-31 dB on the rig,
#: 34-61 dB through the sink; at a wrong shift it adds echo).
LEAST_ERLE_DB = 10.0
#: ... and this much more than at the reference's present place and at any shift off the found one's peak.
MARGIN_DB = 6.0
#: Shifts within this of the best (seconds) are its own peak: the echo's direct path is a few samples wide.
PEAK_S = 0.001


def erle_by_shift(near: np.ndarray, reference: np.ndarray, taps: np.ndarray, max_slip: int) -> np.ndarray:
    """The echo taken out of ``near`` (dB) by the filter ``taps`` fed the reference slid by each shift from
    ``-max_slip`` to ``max_slip`` samples (later = positive: the echo came later than the reference said).

    ``reference`` is the far end as now placed, from ``len(taps) - 1 + max_slip`` samples before ``near``'s first
    to ``max_slip`` after its last (``len(near) + len(taps) - 1 + 2 * max_slip`` samples).

    >>> rng = np.random.default_rng(6)
    >>> far = rng.standard_normal(6000)
    >>> taps = np.zeros(64); taps[[3, 20]] = [0.8, -0.3]
    >>> echo = np.convolve(far, taps)[: len(far)]
    >>> near = echo[1000 + 63 + 100 - 40 : 1000 + 63 + 100 - 40 + 3000]   # the echo 40 samples later
    >>> erle = erle_by_shift(near, far[1000 : 1000 + 3000 + 63 + 200], taps, 100)
    >>> int(np.argmax(erle)) - 100, bool(erle.max() > 100), bool(erle[100] < 1)
    (40, True, True)
    """
    width = len(near)
    near = np.asarray(near, dtype=np.float64)
    estimate = _estimate(width, reference, taps, max_slip)
    size = 1 << int(np.ceil(np.log2(len(estimate) + width)))
    cross = np.fft.irfft(np.fft.rfft(estimate, size) * np.conj(np.fft.rfft(near, size)), size)[: 2 * max_slip + 1]
    energy = np.concatenate([[0.0], np.cumsum(estimate**2)])
    sliding = energy[width : width + 2 * max_slip + 1] - energy[: 2 * max_slip + 1]
    near_power = float(np.sum(near**2))
    residual = np.maximum(near_power - 2 * cross + sliding, 1e-9)
    by_offset = 10 * np.log10(max(near_power, 1e-9) / residual)  # offset u = max_slip - shift
    return np.asarray(by_offset[::-1])  # by shift, from -max_slip


def _estimate(width: int, reference: np.ndarray, taps: np.ndarray, max_slip: int) -> np.ndarray:
    """The echo estimate of ``taps`` fed ``reference`` (as :func:`erle_by_shift` takes it), wherever every tap is
    fed: ``width + 2 * max_slip`` samples; shifted by ``s``, the microphone's sample ``i`` faces
    ``estimate[i + max_slip - s]``."""
    expected = width + len(taps) - 1 + 2 * max_slip
    if len(reference) != expected:
        raise ValueError(f"the reference must hold {expected} samples, not {len(reference)}")
    size = 1 << int(np.ceil(np.log2(len(reference) + len(taps))))
    estimate = np.fft.irfft(np.fft.rfft(reference, size) * np.fft.rfft(taps, size), size)
    return np.asarray(estimate[len(taps) - 1 : len(taps) - 1 + width + 2 * max_slip])


def slip_start(near: np.ndarray, reference: np.ndarray, taps: np.ndarray, max_slip: int, shift: int, frame: int) -> int:
    """Where in ``near`` the echo began to come ``shift`` samples off its old place (the index of the first
    sample of the ``frame`` from which the shifted estimate explains it better, as one boundary: before it the
    estimate at the old place, after it the shifted one, with the least residue in all).

    >>> rng = np.random.default_rng(6)
    >>> far = rng.standard_normal(8000)
    >>> taps = np.zeros(64); taps[[3, 20]] = [0.8, -0.3]
    >>> played = np.concatenate([far[:3000], np.zeros(40), far[3000:]])   # 40 samples of silence from 3000
    >>> echo = np.convolve(played, taps)[:8000]
    >>> start = slip_start(echo[1163 : 1163 + 4000], far[1000 : 1000 + 4000 + 63 + 200], taps, 100, 40, 160)
    >>> start % 160, abs(start - (3003 - 1163)) < 160      # the echo changed at 1840 (the first tap: 3)
    (0, True)
    """
    width = len(near)
    near = np.asarray(near, dtype=np.float64)
    estimate = _estimate(width, reference, taps, max_slip)
    before = (near - estimate[max_slip : max_slip + width]) ** 2
    after = (near - estimate[max_slip - shift : max_slip - shift + width]) ** 2
    frames = width // frame
    before_frames = before[: frames * frame].reshape(frames, frame).sum(axis=1)
    after_frames = after[: frames * frame].reshape(frames, frame).sum(axis=1)
    # the residue with the boundary at each frame: the old place before it, the shifted one from it
    cost = np.concatenate([[0.0], np.cumsum(before_frames)]) + np.concatenate(
        [np.cumsum(after_frames[::-1])[::-1], [0.0]]
    )
    return int(np.argmin(cost)) * frame


def find_slip(near: np.ndarray, reference: np.ndarray, taps: np.ndarray, max_slip: int, rate: int) -> int | None:
    """The shift (samples, later = positive) that puts the reference back where ``taps`` take the echo out of
    ``near``, or None when the reference is where it should be or no shift is clearly right (see
    :func:`erle_by_shift` for the arguments).

    >>> rng = np.random.default_rng(6)
    >>> far = rng.standard_normal(8000)
    >>> taps = np.zeros(64); taps[[3, 20]] = [0.8, -0.3]
    >>> echo = np.convolve(far, taps)[: len(far)]
    >>> ref = far[1000 : 1000 + 4000 + 63 + 200]
    >>> find_slip(echo[1163 - 40 : 1163 - 40 + 4000], ref, taps, 100, 16000)           # the echo 40 later
    40
    >>> find_slip(echo[1163 : 1163 + 4000], ref, taps, 100, 16000) is None             # where it should be
    True
    >>> voice = rng.standard_normal(4000) * 3                                           # a player over it
    >>> find_slip(echo[1163 - 40 : 1163 - 40 + 4000] + voice, ref, taps, 100, 16000) is None
    True
    """
    return slip_of(erle_by_shift(near, reference, taps, max_slip), max_slip, rate)


def clear_shift(erle: np.ndarray, max_slip: int, rate: int) -> int | None:
    """The shift at which the taps clearly take the echo out (``erle`` by shift, as :func:`erle_by_shift` gives
    it): at least :data:`LEAST_ERLE_DB`, and :data:`MARGIN_DB` more than at any shift off its own peak; 0 when
    that is where the reference is. None when no shift is that clear (a player over the host, a filter not yet
    converged).

    >>> erle = np.array([1.0, 2.0, 3.0, 18.0, 17.0, 2.0, 1.0])    # shifts -3 .. 3
    >>> clear_shift(erle, 3, 1000), clear_shift(erle[::-1], 3, 1000), clear_shift(erle - 9.0, 3, 1000)
    (0, 0, None)
    >>> clear_shift(np.array([1.0, 15.0, 2.0, 12.0, 1.0]), 2, 1000) is None  # a pitch period off matches nearly as well
    True
    """
    best = int(np.argmax(erle))
    peak = max(1, int(PEAK_S * rate))
    away = np.abs(np.arange(len(erle)) - best) > peak
    runner_up = float(erle[away].max()) if np.any(away) else -np.inf
    if erle[best] < LEAST_ERLE_DB or erle[best] - runner_up < MARGIN_DB:
        return None
    return best - max_slip


def slip_of(erle: np.ndarray, max_slip: int, rate: int) -> int | None:
    """The slip that ``erle`` (by shift) shows: the clear shift (:func:`clear_shift`) when it is not 0 and takes
    out :data:`MARGIN_DB` more than the reference where it is; None otherwise.

    >>> slip_of(np.array([1.0, 2.0, 3.0, 4.0, 5.0, 18.0, 1.0]), 3, 1000), slip_of(np.array([1.0, 18.0, 1.0]), 1, 1000)
    (2, None)
    """
    shift = clear_shift(erle, max_slip, rate)
    if shift is None or shift == 0 or erle[shift + max_slip] - erle[max_slip] < MARGIN_DB:
        return None
    return shift


class SlipSearch:
    """The last :data:`WINDOW_S` of the microphone, by time, and the search for a slip over it.

    Feed it every chunk as the echo stage placed it; :meth:`find` then reads the far end as now placed
    (``reference(start, count)``: the far end from ``start`` for ``count`` samples, moved as the canceller gets
    it) and tries the filter's taps on it.
    """

    def __init__(self, rate: int, *, window_s: float = WINDOW_S, max_slip_s: float = MAX_SLIP_S) -> None:
        self.rate = rate
        self._width = int(window_s * rate)
        self.max_slip = int(max_slip_s * rate)
        self._chunks: deque[np.ndarray] = deque()
        self._count = 0
        self._end: float | None = None  # the time just after the last sample kept

    def feed(self, near: np.ndarray, start: float) -> None:
        """One chunk of the microphone, its first sample captured at ``start`` (steadied: chunks follow on)."""
        if self._end is not None and abs(start - self._end) > 0.5 / self.rate:  # not the next chunk: start over
            self.clear()
        self._chunks.append(np.asarray(near, dtype=np.float64))
        self._count += len(near)
        self._end = start + len(near) / self.rate
        while self._chunks and self._count - len(self._chunks[0]) >= self._width:
            self._count -= len(self._chunks.popleft())

    def clear(self) -> None:
        """Forget the window (the microphone's timing started again)."""
        self._chunks.clear()
        self._count = 0
        self._end = None

    def find(self, taps: np.ndarray, reference: Callable[[float, int], np.ndarray]) -> int | None:
        """The slip over the last window (:func:`find_slip`), or None (no whole window yet, or no clear one)."""
        erle = self.erle(taps, reference)
        return None if erle is None else slip_of(erle, self.max_slip, self.rate)

    def erle(self, taps: np.ndarray, reference: Callable[[float, int], np.ndarray]) -> np.ndarray | None:
        """The echo ``taps`` take out of the last window at each shift (:func:`erle_by_shift`), or None (no whole
        window yet, or the host silent over it)."""
        window = self._window(taps, reference)
        if window is None:
            return None
        near, far = window
        return erle_by_shift(near, far, taps, self.max_slip) if np.any(far) else None

    def started(self, taps: np.ndarray, reference: Callable[[float, int], np.ndarray], shift: int) -> float | None:
        """When the echo began to come ``shift`` samples off (microphone time, to a 10 ms frame; the start of the
        window when it was so all through it): :func:`slip_start` over the last window."""
        window = self._window(taps, reference)
        if window is None or self._end is None:
            return None
        near, far = window
        at = slip_start(near, far, taps, self.max_slip, shift, self.rate // 100)
        return self._end - (self._width - at) / self.rate

    def _window(
        self, taps: np.ndarray, reference: Callable[[float, int], np.ndarray]
    ) -> tuple[np.ndarray, np.ndarray] | None:
        """The last window of the microphone and the far end as now placed around it (see :func:`erle_by_shift`)."""
        if self._end is None or self._count < self._width:
            return None
        near = np.concatenate(self._chunks)[-self._width :]
        start = self._end - self._width / self.rate
        before = len(taps) - 1 + self.max_slip
        far = reference(start - before / self.rate, self._width + before + self.max_slip).astype(np.float64)
        return near, far
