"""The echo path's delay, measured while the host speaks: where the far end's reference must be cut from.

An adaptive filter of a fixed length (speexdsp's: 256 ms) spends on the bulk delay
(the output's buffering, the distance to the microphone) the taps it would need
for the room's reverberation, and a reference that slips against the microphone
(an output that underran: PulseAudio played silence the host never wrote) sends
it back to converging. :class:`DelayTracker` finds the delay by GCC-PHAT (the
cross-spectrum of microphone and reference, whitened, so the direct path stands
out as one sharp peak however coloured the room) over windows of about a second
while the host speaks, and moves the reference so that the direct path falls
``margin`` samples into the filter. It moves it only when two windows of the last
three agree on a new place: a player talking over the host, or one window of
silence, never moves it.

The delay is *confirmed* (:attr:`DelayTracker.confirmed`) once two windows agree.
After :meth:`DelayTracker.restart` (the output stream started again, and its
timing with it) the windows are half as long until then, and two that agree to
the sample or two move the reference onto the delay, however small the move: through PulseAudio each start of
the output lands the reference 1.5-7 ms off the last one's, under the tolerance as
often as not, and a filter whose taps are that far off the echo adds echo instead
of taking it out.
"""

from __future__ import annotations

from collections import deque

import numpy as np

#: The band the correlation is read in: the loudspeaker's (a laptop's passes little under 250 Hz) and speech's.
BAND_HZ = (300.0, 5000.0)


def gcc_phat(near: np.ndarray, far: np.ndarray, max_lag: int, rate: int) -> tuple[int, float]:
    """(lag, strength): ``near`` is most like ``far`` delayed by ``lag`` samples (``|lag| <= max_lag``); the
    strength is the peak over the correlation's spread (a clean echo path gives tens, no relation about 4-5).

    >>> rng = np.random.default_rng(1)
    >>> far = rng.standard_normal(16000)
    >>> near = np.concatenate([np.zeros(300), far[:-300]]) * 0.3 + rng.standard_normal(16000) * 0.1
    >>> lag, strength = gcc_phat(near, far, 800, 16000)
    >>> lag, strength > 20
    (300, True)
    """
    size = 1 << int(np.ceil(np.log2(len(near) + len(far))))
    cross = np.fft.rfft(near.astype(np.float64), size) * np.conj(np.fft.rfft(far.astype(np.float64), size))
    freqs = np.fft.rfftfreq(size, 1 / rate)
    cross[(freqs < BAND_HZ[0]) | (freqs > BAND_HZ[1])] = 0
    cross /= np.maximum(np.abs(cross), 1e-12)
    corr = np.fft.irfft(cross, size)
    window = np.abs(np.concatenate([corr[-max_lag:], corr[: max_lag + 1]]))
    peak = int(np.argmax(window))
    spread = float(np.std(window)) or 1e-12
    return peak - max_lag, float(window[peak] / spread)


def flatness(samples: np.ndarray, rate: int) -> float:
    """The spectral flatness of ``samples`` in :data:`BAND_HZ`: the geometric over the arithmetic mean of the power
    spectrum, 1 for white noise, near 0 for a tone.

    >>> rng = np.random.default_rng(3)
    >>> round(flatness(rng.standard_normal(16000), 16000), 1), flatness(np.sin(np.arange(16000) * 0.3), 16000) < 0.01
    (0.6, True)
    """
    power = np.abs(np.fft.rfft(np.asarray(samples, dtype=np.float64))) ** 2
    freqs = np.fft.rfftfreq(len(samples), 1 / rate)
    band = power[(freqs >= BAND_HZ[0]) & (freqs <= BAND_HZ[1])] + 1e-9
    return float(np.exp(np.mean(np.log(band))) / np.mean(band)) if len(band) else 0.0


#: How closely two windows must agree to confirm the delay (samples): GCC-PHAT's peak on one echo path is the same
#: sample from window to window (on the rig and through the null sink); a window that holds some of the audio
#: before the output started again lands a few samples off, and the mean of the two would miss both.
CONFIRM_SAMPLES = 2
#: A window whose far end is less flat than this in :data:`BAND_HZ` is not measured (spectral flatness: a second of
#: espeak-ng's speech 0.026-0.13, of the rig's speech-like noise 0.1-0.16, a second ending in a fifth of a second of
#: a tone 0.012, the tone alone 0). On a tone (the cue) GCC-PHAT's peak is as clear as the echo's but anywhere:
#: lag 0 at strength 51-55 where the echo's was 80 at 30, on the rig and through the sink.
LEAST_FLATNESS = 0.015
#: How often the last window is measured between the windows of an agreed delay (seconds): an output that slips
#: is seen within about a second (2.4 ms each time: three FFTs of 32768 points; ``bench/barge_in.py`` counts 2-2.6 %
#: of a core more while the host speaks).
WATCH_HOP_S = 0.25


class DelayTracker:
    """The shift to apply to the reference (samples, later = positive), learnt from near and far as they go by.

    Feed it every chunk: the microphone as captured and the reference as the canceller
    got it (already moved by :attr:`shift`). Only windows where the host spoke count.

    >>> rng = np.random.default_rng(2)
    >>> far = rng.standard_normal(16000 * 4) * 3000
    >>> near = np.concatenate([np.zeros(1920), far[:-1920]]) * 0.5       # the echo 120 ms late
    >>> tracker = DelayTracker(16000)
    >>> for i in range(0, len(far), 800):   # the reference moved as the tracker says
    ...     moved = np.concatenate([np.zeros(tracker.shift), far])[i : i + 800]
    ...     tracker.feed(near[i : i + 800], moved)
    >>> tracker.shift, tracker.moves
    (1840, 1)
    """

    def __init__(
        self,
        rate: int,
        *,
        window_s: float = 1.0,
        first_window_s: float = 0.5,
        max_lag_s: float = 0.25,
        margin_s: float = 0.005,
        tolerance_s: float = 0.003,
        least_strength: float = 8.0,
        loud_dbfs: float = -45.0,
    ) -> None:
        self.rate = rate
        self._steady_window = int(window_s * rate)
        self._first_window = int(first_window_s * rate)
        self._max_lag = int(max_lag_s * rate)
        self.margin = int(margin_s * rate)
        """Where the reference is put so that the echo's direct path falls (samples into the filter)."""
        self._tolerance = int(tolerance_s * rate)
        self._least = least_strength
        self._loud = 32768.0 * 10 ** (loud_dbfs / 20)
        self._near: list[np.ndarray] = []
        self._far: list[np.ndarray] = []
        self._count = 0
        self._found: deque[int] = deque(maxlen=3)
        self.shift = 0
        """Samples the reference is moved later by (the echo path's bulk delay less the margin)."""
        self.moves = 0
        """How many times the shift changed (each one sends the filter back to converging)."""
        self.last: tuple[int, float] | None = None
        """The last window's (lag, strength), for diagnostics."""
        self.confirmed = False
        """True once two windows have agreed on the delay since the tracker began or last :meth:`restart`."""
        self.taps_move = 0
        """How far an adaptive filter's taps must move with the last change of :attr:`shift` (as the reference
        does, later = positive): the change itself the first time (the filter learnt the echo where the reference
        came), none when a delay had been agreed (the filter's taps hold the direct path where that placement put
        it, and the reference is moved back onto them: an output that slipped, or started again)."""
        self.doubted = False
        """True from two measurements in a row that put the echo at one same place off the agreed one (an output
        that slipped; see :meth:`_judge`) until one puts it back there or the reference is moved: until then a
        canceller fed this reference adds echo."""
        self._placed: int | None = None  # where the echo's direct path is in the moved reference, as last agreed
        self._placed_before: int | None = None  # the same in the run before the restart: where the taps put it
        self._restarted = False
        self._recent: deque[tuple[np.ndarray, np.ndarray]] = deque()  # the last window, watched for a slip
        self._watched: int | None = None  # the last watch's lag, when it put the echo off the agreed place
        self._recent_count = 0
        self._since_watch = 0
        self._watch_hop = int(WATCH_HOP_S * rate)

    @property
    def suspect(self) -> bool:
        """True while the last clear measurement put the echo off the agreed delay and the next has not yet said
        whether it slipped (:attr:`doubted`) or not: through the sink the host's echo, left by a filter off its
        taps, was spotted as the stop word between the first measurement off and the second."""
        return self._watched is not None

    @property
    def _remeasuring(self) -> bool:
        """True after a :meth:`restart`, until the delay is confirmed: half windows, exact agreement and moves."""
        return self._restarted and not self.confirmed

    @property
    def _window(self) -> int:
        return self._first_window if self._remeasuring else self._steady_window

    def restart(self) -> None:
        """The reference's timing started over (a new run of the output stream): the delay is measured again.

        What was gathered before is dropped (it was measured against the old timing), and until two windows
        agree the reference is not :attr:`confirmed`; then it is moved onto their delay even by a sample.
        """
        self._near, self._far, self._count = [], [], 0
        self._found.clear()
        if self.confirmed:
            self._placed_before = self._placed
        self._placed = None
        self.confirmed = False
        self.doubted = False
        self._watched = None
        self._restarted = True

    def moved_back(self, samples: int) -> None:
        """The reference was moved ``samples`` later (earlier if negative) by another measure, back onto the
        agreed place (the filter's own taps found where the echo slipped to: :mod:`voice_host.audio.slip_search`):
        the agreed delay stands, and what was gathered across the slip is dropped."""
        self.shift += samples
        self.moves += 1
        self.taps_move = 0
        self._near, self._far, self._count = [], [], 0
        self._found.clear()
        self._recent.clear()
        self._recent_count = self._since_watch = 0
        self.doubted = False
        self._watched = None

    def shown_in_place(self) -> None:
        """The filter's own taps take the echo out clearly best where the reference is now placed (another measure:
        :func:`voice_host.audio.slip_search.clear_shift`): what put it off the agreed place was no slip. The doubt,
        or the measurement off it not yet judged, is dropped, and so are the windows found off it (two of them
        agreeing would move the reference off the taps)."""
        self.doubted = False
        self._watched = None
        placed = self._placed
        if placed is not None:
            kept = [lag for lag in self._found if abs(lag - placed) <= self._tolerance]
            self._found.clear()
            self._found.extend(kept)

    def feed(self, near: np.ndarray, far: np.ndarray) -> None:
        """One chunk of the microphone and of the reference the canceller got with it."""
        near = np.asarray(near, dtype=np.float64)
        far = np.asarray(far, dtype=np.float64)
        self._near.append(near)
        self._far.append(far)
        self._count += len(near)
        self._watch(near, far)
        if self._count < self._window:
            return
        near_all, far_all = np.concatenate(self._near), np.concatenate(self._far)
        self._near, self._far, self._count = [], [], 0
        found = self._measure(near_all, far_all)
        if found is None:
            return
        lag = found
        self._judge(lag)
        self._found.append(lag)
        # to confirm a delay the windows must agree to the sample or two: a move under the tolerance must be exact
        within = CONFIRM_SAMPLES if self._remeasuring else self._tolerance
        agreeing = [other for other in self._found if abs(other - lag) <= within]
        if len(agreeing) < 2:
            return
        placed = int(np.median(agreeing))
        move = placed - self.margin
        if abs(move) > self._tolerance or (self._remeasuring and move != 0):
            self.shift += move
            self.moves += 1
            self._found.clear()
            # a filter learnt on an agreed delay has its direct path where that placement put it (in this run, or
            # in the run before a restart): the move only undoes the output's slip or the new run's error, and the
            # taps go from there to the margin. Nothing agreed yet: the taps follow the reference's whole move
            before = self._placed_before if self._placed_before is not None else self._placed
            self.taps_move = move if before is None else before - self.margin
            placed = self.margin
            self.doubted = False
            self._watched = None
        self._placed_before = None
        self._placed = placed
        self.confirmed = True

    def _measure(self, near: np.ndarray, far: np.ndarray) -> int | None:
        """The lag of one window, or None when the host was mostly quiet or the peak is not clear."""
        if float(np.sqrt(np.mean(far**2))) < self._loud:  # the host mostly quiet: nothing to learn
            return None
        if flatness(far, self.rate) < LEAST_FLATNESS:  # mostly a tone (the cue): its peaks repeat at every period
            return None
        lag, strength = gcc_phat(near, far, self._max_lag, self.rate)
        self.last = (lag, strength)
        return lag if strength >= self._least else None

    def _watch(self, near: np.ndarray, far: np.ndarray) -> None:
        """Between the windows of an agreed delay, every :data:`WATCH_HOP_S` the last whole window is measured
        too (:meth:`_judge`). An output that slipped is seen within about a second instead of two or three; the move
        still waits for two of the windows to agree. One watch is not enough, nor half a window: through the
        sink the host's voiced sounds and its cue (a tone) put a half window's peak a pitch period or two off
        the echo's (lags 200-600 samples off, strengths as clear as the echo's)."""
        if not self.confirmed or self._remeasuring or self.doubted or self._placed is None:
            self._recent.clear()
            self._recent_count = self._since_watch = 0
            return
        self._recent.append((near, far))
        self._recent_count += len(near)
        self._since_watch += len(near)
        while self._recent_count - len(self._recent[0][0]) >= self._steady_window:
            self._recent_count -= len(self._recent.popleft()[0])
        if self._recent_count < self._steady_window or self._since_watch < self._watch_hop:
            return
        self._since_watch = 0
        lag = self._measure(np.concatenate([n for n, _ in self._recent]), np.concatenate([f for _, f in self._recent]))
        if lag is not None:
            self._judge(lag)

    def _judge(self, lag: int) -> None:
        """A clear measurement (a window's, or a watch's) against the agreed delay: two in a row at one same place
        off it make it :attr:`doubted`; one at it clears the doubt (what was seen was no slip).

        The watch and the windows start together once a delay is agreed, so at each window's end the watch has
        just measured that same second: it is judged twice, and one clear window off the agreed place doubts on
        its own (two of the rig's three slips in test_echo.py are doubted that way). Between windows,
        two watches must agree."""
        if not self.confirmed or self._placed is None:
            return
        off = abs(lag - self._placed) > self._tolerance
        if off and self._watched is not None and abs(lag - self._watched) <= CONFIRM_SAMPLES:
            self.doubted = True
        elif not off:
            self.doubted = False
        self._watched = lag if off else None
