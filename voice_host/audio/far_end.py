"""The far end: what the host plays, with its timing, for the echo canceller and barge-in.

The output stream hands every block it gives the device to a :class:`FarEnd`
with the monotonic time its first sample reaches the DAC; the listener asks it
for what was played over the span of a microphone chunk (by capture time, at the
microphone's rate), which is the reference the canceller subtracts. It also
carries the few signals the speaker and the listener share while the host
speaks over an open microphone (:class:`TalkOver`).
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable

import numpy as np

#: How much of the past the reference keeps (the microphone is read well within this).
KEEP_S = 3.0


class SteadyClock:
    """Device times of consecutive blocks, counted in samples: each block follows the last one exactly.

    Stamps from the audio callbacks jitter (10 ms standard deviation through PulseAudio on a busy machine),
    and a reference that shifts by even one sample from block to block keeps an adaptive filter from
    converging (speexdsp's linear filter: 20 dB of echo taken out on the rig, 8 dB with +-1 sample of
    jitter, 3 dB with +-4). So the stamps are only looked at for what they agree on: the median of the
    last ``window`` stamps' distance from the count moving by a block or more means blocks were lost (the
    count moves on by as many whole blocks); a stamp more than ``restart_s`` off means the stream started
    again (the stamp is taken as it is, and :attr:`starts` counts it).

    >>> clock = SteadyClock(100)
    >>> [round(clock.place(t, 10), 3) for t in (5.0, 5.13, 5.17, 5.3)]   # 10 samples = 0.1 s: jitter only
    [5.0, 5.1, 5.2, 5.3]
    >>> [round(clock.place(t, 10), 3) for t in (5.51, 5.6, 5.72, 5.8, 9.0)]   # a block lost: seen by the third
    [5.4, 5.5, 5.7, 5.8, 9.0]
    """

    def __init__(self, rate: int, *, window: int = 5, restart_s: float = 0.5) -> None:
        self.rate = rate
        self._restart_s = restart_s
        self._errors: deque[float] = deque(maxlen=window)
        self._next: float | None = None
        self.starts = 0
        """How many times a stamp was taken as it is (the first block, and each time the stream started again)."""

    def place(self, stamp: float, count: int) -> float:
        """The start time of a block of ``count`` samples stamped ``stamp``, counted from the blocks before."""
        span = count / self.rate
        if self._next is None or abs(stamp - self._next) > self._restart_s or span <= 0:
            self._errors.clear()
            at = stamp
            self.starts += 1
        else:
            at = self._next
            self._errors.append(stamp - at)
            median = sorted(self._errors)[len(self._errors) // 2]
            if len(self._errors) == self._errors.maxlen and abs(median) >= 0.75 * span:  # blocks were lost
                shift = round(median / span) * span
                at += shift
                self._errors = deque((error - shift for error in self._errors), maxlen=self._errors.maxlen)
        self._next = at + span
        return at


class FarEnd:
    """What the host played, by device time; thread-safe (the output callback writes, the listener reads).

    Each start of the output stream is a new *run* (:attr:`run`): within a run the blocks are counted on from
    its first stamp, but that stamp's error differs from one start to the next (PortAudio's DAC time through
    PulseAudio: 1.5-7 ms between runs through the null sink), so the echo path's delay must be measured again.

    >>> far = FarEnd()
    >>> far.played(np.full(100, 1000, dtype=np.int16), 1000, at=10.0)   # 0.1 s at 1 kHz from t=10
    >>> far.reference(10.05, 4, 100).tolist()     # 4 samples at 100 Hz from t=10.05
    [1000, 1000, 1000, 1000]
    >>> far.reference(10.08, 4, 100).tolist()     # past the end: silence
    [1000, 1000, 0, 0]
    >>> far.sounding(10.05), far.sounding(10.5)
    (True, False)
    """

    def __init__(self, *, keep_s: float = KEEP_S) -> None:
        self._lock = threading.Lock()
        self._blocks: deque[tuple[float, int, np.ndarray]] = deque()
        self._keep_s = keep_s
        self._loud_until = float("-inf")
        self._clock: SteadyClock | None = None
        self._run = (0, float("-inf"))
        self._underflows: deque[float] = deque(maxlen=16)

    @property
    def run(self) -> tuple[int, float]:
        """(how many runs so far, the device time the last one began): a run begins when the output stream
        starts (again), or when its stamps jump (a stream stopped and started behind the far end's back).

        >>> far = FarEnd()
        >>> far.played(np.zeros(10, dtype=np.int16), 100, at=5.0); far.played(np.zeros(10, dtype=np.int16), 100, at=5.1)
        >>> far.run
        (1, 5.0)
        >>> far.new_run(); far.played(np.zeros(10, dtype=np.int16), 100, at=5.23); far.run
        (2, 5.23)
        """
        with self._lock:
            return self._run

    def new_run(self) -> None:
        """The output stream starts again: its next block's stamp is taken as it is, and begins a new run."""
        with self._lock:
            self._clock = None

    def played(self, samples: np.ndarray, rate: int, *, at: float, underflow: bool = False) -> None:
        """``samples`` (int16 mono at ``rate``) reach the DAC from monotonic time ``at`` (a copy is kept);
        ``underflow``: the output stream said the device ran out of samples before this block (PortAudio's flag)."""
        block = np.array(samples, dtype=np.int16).reshape(-1)
        with self._lock:
            if underflow:
                self._underflows.append(at)
            if self._clock is None or self._clock.rate != rate:
                self._clock = SteadyClock(rate)
            starts = self._clock.starts
            at = self._clock.place(at, len(block))
            if self._clock.starts != starts:
                self._run = (self._run[0] + 1, at)
            end = at + len(block) / rate
            self._blocks.append((at, rate, block))
            if len(block) and np.any(block):
                self._loud_until = max(self._loud_until, end)
            while self._blocks and self._blocks[0][0] < end - self._keep_s:
                self._blocks.popleft()

    def underflow_before(self, at: float, *, within_s: float = 1.0) -> float | None:
        """How long before time ``at`` the output last said it underflowed (within ``within_s``), or None: what
        the echo stage tells of a slip it found (through the sink, slips and ALSA's underruns came together).

        >>> far = FarEnd()
        >>> far.played(np.zeros(10, dtype=np.int16), 100, at=5.0, underflow=True)
        >>> far.underflow_before(5.3), far.underflow_before(7.0)
        (0.3, None)
        """
        with self._lock:
            earlier = [stamp for stamp in self._underflows if at - within_s <= stamp <= at]
        return round(at - max(earlier), 6) if earlier else None

    def sounding(self, at: float, *, tail_s: float = 0.0) -> bool:
        """True when the host was making sound at time ``at`` (or within ``tail_s`` before: the room's echo)."""
        with self._lock:
            return at <= self._loud_until + tail_s and bool(self._blocks) and at >= self._blocks[0][0]

    def reference(self, start: float, count: int, rate: int) -> np.ndarray:
        """What was played over ``count`` samples at ``rate`` from time ``start`` (int16; silence where nothing was)."""
        times = start + np.arange(count) / rate
        out = np.zeros(count)
        with self._lock:
            blocks = list(self._blocks)
        for at, block_rate, block in blocks:
            end = at + len(block) / block_rate
            inside = (times >= at) & (times < end)
            if not np.any(inside) or not len(block):
                continue
            positions = (times[inside] - at) * block_rate
            out[inside] = np.interp(positions, np.arange(len(block)), block.astype(np.float64))
        return out.astype(np.int16)


class TalkOver:
    """What the speaker and the listener share when a player may talk over the host.

    The speaker sets :attr:`speaking` and :attr:`in_question` as its turn plays and
    binds its cut with :meth:`bind`; the listener calls :meth:`stop` on a stop word
    (the speaker cuts and says the question alone) and :meth:`interrupt` on an answer
    heard over the question (the rest stops).
    """

    def __init__(self, far: FarEnd | None = None) -> None:
        self.far = far if far is not None else FarEnd()
        self.speaking = False
        """True from the first sentence of a listening turn queued until its last sample was heard (or cut)."""
        self.in_question = False
        """True once the turn's question (its last sentence) has started playing."""
        self.listening = False
        """Set by the listener that cleans the microphone with :attr:`far`: until then the speaker stays half duplex."""
        self._cut: Callable[[bool], None] = lambda question_alone: None
        self.cuts = 0
        """How many times a player's voice cut the host (for tests and the bench)."""

    def bind(self, cut: Callable[[bool], None]) -> None:
        """The speaker's cut: drops what is queued; ``question_alone`` then says the turn's question by itself."""
        self._cut = cut

    def stop(self) -> None:
        """A stop word: cut what the host is saying; the question follows alone unless it had started."""
        self.cuts += 1
        self._cut(not self.in_question)

    def interrupt(self) -> None:
        """A player's answer over the question: the rest of it stops."""
        self.cuts += 1
        self._cut(False)
