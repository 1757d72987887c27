"""A linear echo canceller that stops learning while a player talks over the host, and follows a moved reference.

speexdsp's filter adapts on every frame: a player's voice over the host pulls it
off the echo path (its own double-talk control slows that, does not stop it), so
while the player speaks the host's echo comes back louder under the player's
words. :class:`BlockFilter` is the textbook alternative written out in numpy: a
partitioned-block frequency-domain NLMS filter (overlap-save, gradient
constrained, normalised per frequency bin), whose caller decides after each
frame whether it learns from it (:meth:`BlockFilter.cancel`, then
:meth:`BlockFilter.learn` or not): the residual-echo gate knows when a voice
stands out of the echo left, and that is when the filter must not learn.

Because its taps are its own, a reference moved onto a newly measured delay
(:class:`~voice_host.audio.delay_tracker.DelayTracker`) moves the taps with it
(:meth:`BlockFilter.move`): the filter stays converged instead of starting over.

One 10 ms frame of microphone and far end in, the microphone less the echo
estimate out, for the same frame (no added latency).
"""

from __future__ import annotations

import numpy as np

#: A frame's error over this many times the usual error is learnt from as if it were that many times (robust
#: NLMS, after Gänsler, Gay, Sondhi & Benesty, "Double-talk robust fast converging algorithms for network echo
#: cancellation", IEEE Trans. Speech Audio Process. 8(6), 2000): the frames of a player's voice before the gate
#: opens, or between its syllables, no longer pull the filter off the echo path.
ROBUST_CLIP = 4.0
#: How slowly the usual error follows the errors learnt from (per 10 ms frame).
SCALE_SMOOTHING = 0.95
#: Under this RMS (int16 scale, -55 dBFS: the residual-echo gate's silent far end) the far end in the filter's
#: span is taken as silence, and nothing is learnt: the microphone holds the room or a player, not the echo.
FAR_ACTIVE_RMS = 58.0
#: Each frequency bin's step is normalised by its far-end power, but never by less than this share of the
#: average bin's: at the onset of a sentence after silence some bins hold almost nothing yet, and an error there
#: (the room, a player) made a step that moved the taps by 14 % in one frame.
REGULARIZATION = 0.01


class BlockFilter:
    """Partitioned-block frequency-domain adaptive filter over ``tail_s`` of echo path, ``frame_size`` at a time.

    ``step`` is the NLMS step (0-2; 1 converges fastest on speech here), ``smoothing`` the far end's power
    average per bin that normalises it (never less than the power actually in the filter's span).

    >>> rng = np.random.default_rng(4)
    >>> far = rng.standard_normal(16000 * 4) * 3000
    >>> path = np.zeros(800); path[[40, 300, 700]] = [0.6, -0.3, 0.1]
    >>> mic = np.convolve(far, path)[: len(far)]
    >>> f = BlockFilter(160, tail_s=0.06)
    >>> out = np.concatenate([f.frame(mic[i : i + 160], far[i : i + 160]) for i in range(0, len(far), 160)])
    >>> late = slice(16000 * 3, None)
    >>> bool(np.mean(out[late].astype(float) ** 2) < np.mean(mic[late] ** 2) / 1000)   # 30 dB of it taken out
    True
    """

    def __init__(
        self,
        frame_size: int,
        *,
        rate: int = 16000,
        tail_s: float = 0.4,
        step: float = 1.0,
        smoothing: float = 0.9,
        clip: float = ROBUST_CLIP,
    ) -> None:
        self._n = frame_size
        self._parts = max(1, int(np.ceil(tail_s * rate / frame_size)))
        bins = frame_size + 1
        self._weights = np.zeros((self._parts, bins), dtype=np.complex128)
        self._history = np.zeros((self._parts, bins), dtype=np.complex128)
        self._line = np.zeros((self._parts + 1) * frame_size)  # the far end the history was made of, oldest first
        self._power = np.full(bins, 1e6)
        self._span = np.zeros(bins)
        self._error = np.zeros(frame_size)
        self.last_estimate = np.zeros(frame_size)
        """The echo estimate :meth:`cancel` last took out (float, one frame)."""
        self._step = step
        self._smoothing = smoothing
        self._clip = clip
        self._scale = 0.0  # the usual error, relative to the far end over the filter's span (0: none seen yet)
        self.adapt = True
        """Whether :meth:`frame` learns from each frame."""

    def frame(self, near: np.ndarray, far: np.ndarray) -> np.ndarray:
        """``near`` less the echo of ``far`` (one frame each, int16 scale), as int16; learns from it when
        :attr:`adapt` is set."""
        out = self.cancel(near, far)
        if self.adapt:
            self.learn()
        return out

    def cancel(self, near: np.ndarray, far: np.ndarray) -> np.ndarray:
        """``near`` less the echo of ``far`` (one frame each, int16 scale), as int16, without learning from it."""
        n = self._n
        if not self._line.any() and not np.any(far):  # the host long silent: no echo, nothing to transform
            return self._silent(near)
        self._line = np.concatenate([self._line[n:], np.asarray(far, dtype=np.float64)])
        spectrum = np.fft.rfft(self._line[-2 * n :])
        self._history = np.roll(self._history, 1, axis=0)
        self._history[0] = spectrum
        estimate = np.fft.irfft(np.sum(self._weights * self._history, axis=0), 2 * n)[n:]
        self.last_estimate = estimate
        self._error = np.asarray(near, dtype=np.float64) - estimate
        self._power = self._smoothing * self._power + (1 - self._smoothing) * np.abs(spectrum) ** 2
        self._span = np.sum(np.abs(self._history) ** 2, axis=0)
        return np.clip(np.round(self._error), -32768, 32767).astype(np.int16)

    def _silent(self, near: np.ndarray) -> np.ndarray:
        """What :meth:`cancel` computes when the far end held for the whole span is silence, without the
        transforms: no estimate, the near end as it is, the far end's power average decaying (a waiting host
        costs next to nothing)."""
        self._history[:] = 0.0
        self.last_estimate = np.zeros(self._n)
        self._error = np.asarray(near, dtype=np.float64).copy()
        self._power = self._smoothing * self._power
        self._span = np.zeros_like(self._span)
        return np.clip(np.round(self._error), -32768, 32767).astype(np.int16)

    def learn(self) -> None:
        """Adapt on the frame :meth:`cancel` last took (an NLMS step, normalised per frequency bin)."""
        n = self._n
        reference = float(np.sqrt(np.mean(self._line**2)))  # the far end every partition's window holds
        if reference < FAR_ACTIVE_RMS:  # no far end in the span: nothing to learn from
            return
        error = np.fft.rfft(np.concatenate([np.zeros(n), self._error * self._robust_weight(reference)]))
        power = np.maximum(self._power * self._parts, self._span)
        normalised = error / (np.maximum(power, REGULARIZATION * float(np.mean(power))) + 1e3)
        gradient = np.fft.irfft(np.conj(self._history) * normalised, 2 * n, axis=1)
        gradient[:, n:] = 0.0  # the constraint: each partition stays a linear convolution, not a circular one
        self._weights += self._step * np.fft.rfft(gradient, axis=1)

    def _robust_weight(self, reference: float) -> float:
        """How much of this frame's error to learn from: all of it, unless it is over ``clip`` times the usual
        error (relative to the far end), as when a player talks over the host and the gate has not opened yet;
        then only ``clip`` times the usual (a Huber weight). The usual error follows the errors learnt from, each
        bounded the same way, so a lasting change of the echo path is still learnt, a few dB a second.
        ``reference``: the far end's RMS over the filter's span."""
        if self._clip <= 0:
            return 1.0
        relative = float(np.sqrt(np.mean(self._error**2))) / reference
        if self._scale <= 0.0:
            self._scale = max(relative, 1e-4)
        bound = self._clip * self._scale
        self._scale = SCALE_SMOOTHING * self._scale + (1 - SCALE_SMOOTHING) * min(relative, bound)
        return 1.0 if relative <= bound else bound / relative

    def move(self, samples: int, *, taps: int | None = None) -> None:
        """The reference now comes ``samples`` later (earlier if negative): the far end held for the filter's span
        is moved with it, and the echo path's taps move the other way by ``taps`` (by default as much: the same
        echo path, so nothing is relearnt; none when the move brings a slipped echo back onto the taps).

        >>> f = BlockFilter(4, tail_s=0.002, rate=8000)   # four partitions of four taps
        >>> f.set_taps(np.arange(1.0, 17.0))
        >>> f.move(3); f.taps().round(6).tolist()
        [4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 0.0, 0.0, 0.0]
        >>> f.move(-1); f.taps().round(6)[:3].tolist()
        [0.0, 4.0, 5.0]
        >>> f.move(5, taps=0); f.taps().round(6)[:3].tolist()
        [0.0, 4.0, 5.0]
        """
        taps_by = samples if taps is None else taps
        if taps_by:
            self.set_taps(_shifted(self.taps(), -taps_by))
        if not samples:
            return
        self._line = _shifted(self._line, samples)
        self._transform_line()

    @property
    def span(self) -> int:
        """How many samples of the far end the filter holds (its taps' span and a frame): what :meth:`refill` takes."""
        return len(self._line)

    def refill(self, line: np.ndarray) -> None:
        """Replace the far end the filter holds with ``line`` (:attr:`span` samples, oldest first, ending with the
        last frame taken): the reference as now placed, after a move that :meth:`move` could only pad with
        silence (a move earlier leaves the newest samples unknown to it).

        >>> f = BlockFilter(4, tail_s=0.002, rate=8000)
        >>> f.set_taps(np.eye(16)[6])     # the echo: the far end 6 samples later
        >>> f.refill(np.arange(20.0)); f.cancel(np.zeros(4), np.array([20, 21, 22, 23])).tolist()
        [-14, -15, -16, -17]
        """
        values = np.asarray(line, dtype=np.float64)
        if len(values) != len(self._line):
            raise ValueError(f"the filter holds {len(self._line)} samples of the far end, not {len(values)}")
        self._line = values.copy()
        self._transform_line()

    def _transform_line(self) -> None:
        """The partitions' spectra made again from the far end held (after it was moved or read again)."""
        line, n = self._line, self._n
        blocks = [line[len(line) - 2 * n - k * n : len(line) - k * n] for k in range(self._parts)]
        self._history = np.fft.rfft(np.array(blocks), axis=1)

    def path_energy(self, at: int, *, span: int = 4) -> float:
        """How much of the echo path the taps hold within ``span`` taps of tap ``at`` (the direct path learnt there
        holds most of it).

        >>> f = BlockFilter(4, tail_s=0.002, rate=8000)
        >>> f.set_taps(np.eye(16)[9] * 0.5)
        >>> round(f.path_energy(9, span=1), 6), round(f.path_energy(2, span=1), 6), f.path_energy(40, span=1)
        (0.25, 0.0, 0.0)
        """
        taps = self.taps()
        low, high = max(0, at - span), min(len(taps), at + span + 1)
        return float(np.sum(taps[low:high] ** 2)) if low < high else 0.0

    def taps(self) -> np.ndarray:
        """The filter's impulse response (``frame_size`` taps per partition, the direct path first)."""
        return np.concatenate([np.fft.irfft(w, 2 * self._n)[: self._n] for w in self._weights])

    def set_taps(self, taps: np.ndarray) -> None:
        """Set the impulse response (as :meth:`taps` gives it)."""
        n = self._n
        parts = np.asarray(taps, dtype=np.float64).reshape(self._parts, n)
        self._weights = np.fft.rfft(np.concatenate([parts, np.zeros_like(parts)], axis=1), axis=1)


def _shifted(values: np.ndarray, by: int) -> np.ndarray:
    """``values`` moved ``by`` places later (earlier if negative), zeros coming in, the length kept.

    >>> _shifted(np.array([1.0, 2.0, 3.0]), 1).tolist(), _shifted(np.array([1.0, 2.0, 3.0]), -2).tolist()
    ([0.0, 1.0, 2.0], [3.0, 0.0, 0.0])
    """
    if by >= 0:
        return np.concatenate([np.zeros(min(by, len(values))), values[: max(0, len(values) - by)]])
    return np.concatenate([values[-by:], np.zeros(min(-by, len(values)))])[: len(values)]
