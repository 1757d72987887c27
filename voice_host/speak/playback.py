"""Playback of int16 mono audio through sounddevice, with real timing.

:class:`OutputStream` keeps one stream open and plays queued clips back to back
(the speaker's way: no silence between sentences beyond their own).
:func:`play` opens a stream for one clip and returns only after the last
sample has left the device (PortAudio finishes a callback stream after its
buffers have played). Both report the monotonic times of the first and the last sample as the device clock predicts
them (``outputBufferDacTime``), so callers can gate the mic on the real end.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from dataclasses import dataclass
from typing import Any

import numpy as np

from voice_host.audio.far_end import FarEnd
from voice_host.audio.wav import Clip, resample


class PlaybackFailed(Exception):
    """No audio output could play the clip."""


@dataclass(frozen=True)
class PlaybackTimes:
    """Monotonic times (seconds) of the first sample heard and the end of playback."""

    first_sample_at: float
    ended_at: float


class _Feeder:
    """The stream callback: copies the next block, then silence until the DAC has caught up."""

    def __init__(self, samples: np.ndarray, rate: int) -> None:
        self.samples = samples
        self.rate = rate
        self.pos = 0
        self.first_at: float | None = None
        self.end_at: float | None = None

    def __call__(self, outdata: Any, frames: int, time_info: Any, status: Any) -> None:
        import sounddevice as sd

        now = time.monotonic()
        dac_lag = time_info.outputBufferDacTime - time_info.currentTime
        dac_lag = dac_lag if 0.0 <= dac_lag < 2.0 else 0.0
        chunk = self.samples[self.pos : self.pos + frames]
        out = np.frombuffer(outdata, dtype=np.int16) if isinstance(outdata, (bytes, bytearray, memoryview)) else outdata
        out[: len(chunk)] = chunk.reshape(out[: len(chunk)].shape)
        out[len(chunk) :] = 0
        if self.pos == 0:
            self.first_at = now + dac_lag
        if self.pos < len(self.samples) <= self.pos + frames:
            self.end_at = now + dac_lag + len(chunk) / self.rate
        self.pos += frames
        if self.end_at is not None and now >= self.end_at:
            raise sd.CallbackStop
        if self.pos >= len(self.samples) and self.end_at is not None and self.pos > len(self.samples) + self.rate * 5:
            raise sd.CallbackStop  # a device clock that never advances: stop after 5 s of silence


def play(clip: Clip, *, device: int | str | None = None) -> PlaybackTimes:
    """Play ``clip`` and return when it has been heard in full.

    A device that refuses the clip's rate gets the clip resampled to its default rate.
    Raises :class:`PlaybackFailed` when no output stream can be opened.
    """
    import sounddevice as sd

    try:
        return _play(clip, device)
    except (sd.PortAudioError, ValueError):
        pass
    try:
        rate = int(sd.query_devices(device, "output")["default_samplerate"])
        return _play(resample(clip, rate), device)
    except (sd.PortAudioError, ValueError) as exc:
        raise PlaybackFailed(str(exc)) from None


def _play(clip: Clip, device: int | str | None) -> PlaybackTimes:
    import sounddevice as sd

    samples = clip.samples.astype(np.int16).reshape(-1, 1)
    if len(samples) == 0:
        now = time.monotonic()
        return PlaybackTimes(now, now)
    feeder = _Feeder(samples, clip.sample_rate)
    done = threading.Event()
    stream = sd.OutputStream(
        samplerate=clip.sample_rate,
        channels=1,
        dtype="int16",
        device=device,
        callback=feeder,
        finished_callback=done.set,
    )
    with stream:
        budget = clip.seconds + 5.0
        if not done.wait(budget):
            stream.abort()
            raise PlaybackFailed(f"playback did not finish within {budget:.1f} s")
    now = time.monotonic()
    first = feeder.first_at if feeder.first_at is not None else now
    end = max(now, feeder.end_at) if feeder.end_at is not None else now
    return PlaybackTimes(first, end)


class Pending:
    """A clip queued on an :class:`OutputStream`: ``wait`` returns once it has been heard."""

    def __init__(self, samples: np.ndarray, budget_s: float) -> None:
        self.samples = samples
        self.budget_s = budget_s
        self.pos = 0
        self.first_at: float | None = None
        self.end_at: float | None = None
        self.failed = False
        self.scheduled = threading.Event()
        """Set by the stream callback once the last sample has been handed to the device (or on close)."""
        self.cut = False
        """True when :meth:`OutputStream.cut` dropped the clip before its end."""

    def wait(self) -> PlaybackTimes:
        """Block until the last sample has been played (device clock); return its times.

        Raises :class:`PlaybackFailed` when the stream does not get to the clip in time.
        """
        if not self.scheduled.wait(self.budget_s):
            raise PlaybackFailed(f"playback did not finish within {self.budget_s:.1f} s")
        if self.failed:
            raise PlaybackFailed("the output stream was closed")
        if self.cut:
            now = time.monotonic()
            return PlaybackTimes(self.first_at if self.first_at is not None else now, now)
        assert self.first_at is not None and self.end_at is not None
        delay = self.end_at - time.monotonic()
        if delay > 0:
            time.sleep(delay)
        return PlaybackTimes(self.first_at, self.end_at)


#: An output stream idle this long (after its last sample was heard) is stopped: running, it plays
#: silence at over a thousand callbacks a second (3-4 % of a core, and 2-3 % more in PulseAudio).
IDLE_STOP_S = 2.0

#: The output latency the speaker asks PortAudio for, in seconds, listening over it or not. The stream's
#: callback is Python and waits for the interpreter lock, which a busy thread of the host (synthesis of the
#: next sentence, the decoder, the game) holds up to 5 ms at a time. At PortAudio's "low" (9 ms through
#: PulseAudio) one spinning thread let 1.5-3.5 s of silence into a 2 s tone (340 underflows in 5 tones,
#: recorded from the sink's monitor, ``bench/output_latency.py``), and a real game through the sink gave its
#: voice up 5 times in 7; at 20 ms it still underran (6 underflows, 0.1 s of silence). Its "high" (35 ms)
#: underran at every start of the stream: PortAudio ran the callback a few hundred times at once, flagged as
#: underflow, and what it took was not all played (a 2 s tone after a stop came out as 0 to 1.9 s through the
#: null sink; 2229 ALSA underruns in one ``bench/turn_gap.py --barge-in``). 50 ms asked explicitly: every
#: tone whole and on time, at most one underflow in 5 tones.
#: Underruns also slip the output against the echo canceller's reference (barge-in).
OUTPUT_LATENCY_S = 0.05
#: Barge-in keeps its output stream running this long after the last clip (a table's turns come sooner):
#: each start of the stream lands the output a few milliseconds off where the last one did, and the echo
#: canceller must then measure the delay again (about 1.5 s of the host's speech in which nobody can cut in).
#: Running idle at :data:`OUTPUT_LATENCY_S` costs about 2.5 % of a core (1.1 here, 1.4 in PulseAudio).
TALK_OVER_IDLE_STOP_S = 60.0


class OutputStream:
    """One output stream for the life of the speaker; queued clips play back to back.

    Opening a stream per sentence costs a few hundred milliseconds of silence;
    this one is opened once. A clip's first sample follows the previous clip's
    last sample directly, so the pause between two sentences is exactly the
    silence they carry. Times are the device clock's (``outputBufferDacTime``),
    as for :func:`play`. Once nothing has been queued for ``idle_stop_s`` after
    the last clip was heard the stream is stopped (no callbacks, no wake-ups)
    and the next clip starts it again; ``idle_stop_s=None`` keeps it running,
    playing silence, all the time (the attribute may be changed later).
    """

    def __init__(
        self,
        *,
        sample_rate: int = 22050,
        device: int | str | None = None,
        latency: float | str = OUTPUT_LATENCY_S,
        idle_stop_s: float | None = IDLE_STOP_S,
    ) -> None:
        """Open the stream (at ``sample_rate``, else at the device's default rate).

        Raises :class:`PlaybackFailed` when no output stream can be opened.
        """
        import sounddevice as sd

        self._sd = sd
        self._lock = threading.Lock()
        self._queue: deque[Pending] = deque()
        self.idle_stop_s = idle_stop_s
        self._life = threading.Condition()  # starting and stopping; never held by the callback
        self._heard_until = time.monotonic()  # the end of the last clip handed to the device
        self._closed = False
        self._stop_when_heard = False  # the warm-up: stop as soon as the queue has been heard
        self.stops = 0
        """How many times the idle stream was stopped (for tests and benchmarks)."""
        self.tap: FarEnd | None = None
        """Given every block played, with its device time: the echo canceller's reference (barge-in)."""
        try:
            self._stream = self._open(sample_rate, device, latency)
        except (sd.PortAudioError, ValueError):
            try:
                rate = int(sd.query_devices(device, "output")["default_samplerate"])
                self._stream = self._open(rate, device, latency)
            except (sd.PortAudioError, ValueError) as exc:
                raise PlaybackFailed(str(exc)) from None
        self.sample_rate = int(self._stream.samplerate)
        self._stream.start()
        threading.Thread(target=self._stop_when_idle, name="output-idle", daemon=True).start()

    def _open(self, rate: int, device: int | str | None, latency: float | str) -> Any:
        return self._sd.OutputStream(
            samplerate=rate, channels=1, dtype="int16", device=device, latency=latency, callback=self._callback
        )

    def enqueue(self, clip: Clip) -> Pending:
        """Queue ``clip`` after whatever is queued (starting the stream if it was idle); returns at once."""
        if clip.sample_rate != self.sample_rate:
            clip = resample(clip, self.sample_rate)
        with self._life:
            if self._closed:
                raise PlaybackFailed("the output stream was closed")
            if self._stream.stopped:
                if self.tap is not None:  # its first block is stamped afresh: the reference's timing starts over
                    self.tap.new_run()
                try:
                    self._stream.start()
                except self._sd.PortAudioError as exc:
                    raise PlaybackFailed(str(exc)) from None
            if not self._stream.active:
                raise PlaybackFailed("the output stream has stopped")
            with self._lock:
                ahead = sum(len(p.samples) - p.pos for p in self._queue) / self.sample_rate
                pending = Pending(clip.samples.astype(np.int16), ahead + clip.seconds + 5.0)
                self._queue.append(pending)
            self._life.notify_all()
        return pending

    def warm_up(self, clip: Clip) -> Pending:
        """Queue ``clip`` (a blip of silence) and stop the stream as soon as it has been heard; returns at once.

        A fresh stream's first samples come late (1.9 s through PulseAudio on the
        build machine), and left running idle it keeps as much silence buffered
        ahead of the next clip: the first sentence, queued while the stream ran idle
        after the blip, came about 2 s late in 8 runs of 15. Stopped once warm, the
        stream starts again for the next clip within a few milliseconds (5 runs of 5).
        At :data:`OUTPUT_LATENCY_S` the callback takes the blip at once, and it is the
        stop that waits, playing out what the sink buffered (about 1.9 s through the null
        sink): a clip queued meanwhile waits for it, then starts the warm stream.
        """
        with self._life:
            self._stop_when_heard = True
        return self.enqueue(clip)

    def _stop_when_idle(self) -> None:
        """The stream's keeper: stops it once it has been idle for ``idle_stop_s``; sleeps while stopped."""
        with self._life:
            while not self._closed:
                idle = 0.0 if self._stop_when_heard else self.idle_stop_s
                if self._stream.stopped or idle is None:
                    self._life.wait(None if self._stream.stopped else 1.0)
                    continue
                with self._lock:
                    busy = bool(self._queue)
                    left = self._heard_until + idle - time.monotonic()
                if busy or left > 0:
                    self._life.wait(max(left, 0.05) if not busy else max(idle, 0.05))
                    continue
                try:
                    self._stream.stop()  # plays out what the device holds; the callback is not called after
                    self.stops += 1
                    self._stop_when_heard = False
                except self._sd.PortAudioError:
                    return

    def play(self, clip: Clip) -> PlaybackTimes:
        """Queue ``clip`` and return when it has been heard in full."""
        return self.enqueue(clip).wait()

    def _callback(self, outdata: Any, frames: int, time_info: Any, status: Any) -> None:
        # Runs on PortAudio's thread: copy samples, note times, no allocation beyond slicing.
        now = time.monotonic()
        dac_lag = time_info.outputBufferDacTime - time_info.currentTime
        dac_lag = dac_lag if 0.0 <= dac_lag < 2.0 else 0.0
        out = outdata.reshape(-1)
        filled = 0
        with self._lock:
            while filled < frames and self._queue:
                pending = self._queue[0]
                take = min(frames - filled, len(pending.samples) - pending.pos)
                if pending.pos == 0:
                    pending.first_at = now + dac_lag + filled / self.sample_rate
                out[filled : filled + take] = pending.samples[pending.pos : pending.pos + take]
                pending.pos += take
                filled += take
                if pending.pos >= len(pending.samples):
                    if pending.first_at is None:  # an empty clip
                        pending.first_at = now + dac_lag + filled / self.sample_rate
                    pending.end_at = now + dac_lag + filled / self.sample_rate
                    self._heard_until = pending.end_at
                    self._queue.popleft()
                    pending.scheduled.set()
        out[filled:] = 0
        if self.tap is not None:
            underflow = bool(getattr(status, "output_underflow", False))
            self.tap.played(out, self.sample_rate, at=now + dac_lag, underflow=underflow)

    def cut(self) -> int:
        """Drop every clip still queued, the one playing included (its rest is not played); how many were dropped.

        The stream goes on running (playing silence): what the device already holds,
        at most its latency (:data:`OUTPUT_LATENCY_S`; barge-in's is the one stream
        that is cut), plays out and was given to the tap when it was handed over, so
        the echo canceller's reference stays exact and the stream's timing does not
        start over.
        """
        with self._lock:
            dropped = list(self._queue)
            self._queue.clear()
        for pending in dropped:
            pending.cut = True
            pending.scheduled.set()
        return len(dropped)

    def close(self) -> None:
        """Stop and close the stream; clips still queued are dropped."""
        with self._life:
            self._closed = True
            self._life.notify_all()
        try:
            self._stream.abort()
            self._stream.close()
        except self._sd.PortAudioError:
            pass
        with self._lock:
            for pending in self._queue:
                pending.failed = True
                pending.scheduled.set()
            self._queue.clear()
