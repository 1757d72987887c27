"""The output stream stops when idle and starts again for the next clip, heard in full (real PulseAudio sink)."""

from __future__ import annotations

import threading
import time

import numpy as np
import pytest
from sink_recorder import SinkRecorder

from voice_host.audio.wav import Clip
from voice_host.speak.playback import OUTPUT_LATENCY_S, TALK_OVER_IDLE_STOP_S, OutputStream

pytestmark = pytest.mark.audio

RATE = 22050


def tone(seconds: float) -> Clip:
    t = np.arange(int(seconds * RATE)) / RATE
    return Clip((8000 * np.sin(2 * np.pi * 440 * t)).astype(np.int16), RATE)


def loud_s(samples: np.ndarray) -> float:
    """Seconds of recorded 16 kHz audio in 10 ms frames louder than the room."""
    frames = samples[: samples.size // 160 * 160].reshape(-1, 160).astype(np.float64)
    return float(np.sum(np.sqrt(np.mean(frames**2, axis=1)) > 1000)) * 0.01


def loud_runs(samples: np.ndarray) -> list[float]:
    """The seconds of each run of loud 10 ms frames (gaps under 0.1 s joined) in recorded 16 kHz audio."""
    frames = samples[: samples.size // 160 * 160].reshape(-1, 160).astype(np.float64)
    loud = np.sqrt(np.mean(frames**2, axis=1)) > 1000
    runs: list[list[int]] = []
    for index in np.nonzero(loud)[0]:
        if runs and index - runs[-1][1] <= 10:
            runs[-1][1] = int(index)
        else:
            runs.append([int(index), int(index)])
    return [(last - first + 1) * 0.01 for first, last in runs]


def test_an_idle_stream_stops_and_the_next_clip_starts_it_and_is_heard_whole(pulse: str) -> None:
    from voice_host.speak.trim import silence

    tape = SinkRecorder()
    output = OutputStream(sample_rate=RATE, idle_stop_s=0.3)
    try:
        output.warm_up(silence(0.02, RATE)).wait()  # as the speaker opens it
        plays = []
        for restart in (1, 2):
            time.sleep(0.8)  # idle: stopped by now, no callbacks
            # (a fresh stream's stop plays out the 1.9 s the null sink buffers ahead of its first samples)
            until = time.monotonic() + 3.0
            while output.stops < restart and time.monotonic() < until:
                time.sleep(0.02)
            assert output.stops == restart and output._stream.stopped
            asked = time.monotonic()
            times = output.play(tone(1.0))
            assert times.first_sample_at >= asked and abs(times.ended_at - times.first_sample_at - 1.0) < 0.1
            plays.append(times)
        time.sleep(0.8)
        assert output.stops == 3  # idle again after it
    finally:
        output.close()
    heard = loud_runs(tape.samples())
    assert len(heard) == 2 and all(0.9 <= run <= 1.1 for run in heard), heard  # each tone whole, at both ends


def test_a_stream_told_to_stay_open_plays_silence_on(pulse: str) -> None:
    output = OutputStream(sample_rate=RATE, idle_stop_s=None)
    try:
        output.play(tone(0.1))
        time.sleep(1.5)
        assert output.stops == 0 and output._stream.active
    finally:
        output.close()


def test_a_warmed_up_stream_stops_once_its_blip_is_heard_and_the_first_sentence_then_comes_at_once(
    pulse: str,
) -> None:
    from voice_host.speak.trim import silence

    output = OutputStream(sample_rate=RATE)  # the speaker's: idle stop after 2 s
    try:
        blip = output.warm_up(silence(0.02, RATE))
        time.sleep(2.5)  # the model loads meanwhile
        assert blip.scheduled.is_set() and output.stops == 1 and output._stream.stopped  # not left idle running
        tape = SinkRecorder()
        time.sleep(0.3)
        asked = time.monotonic()
        times = output.play(tone(0.6))
        # restarted, not queued behind the silence an idle fresh stream buffers (about 2 s)
        assert times.first_sample_at - asked < 0.3, times.first_sample_at - asked
        assert 0.5 <= loud_s(tape.samples()) <= 0.75
    finally:
        output.close()


def test_a_cut_silences_barge_ins_stream_within_300_ms_and_it_runs_on_for_the_next_clip(pulse: str) -> None:
    from voice_host.audio.far_end import FarEnd

    output = OutputStream(sample_rate=RATE, idle_stop_s=TALK_OVER_IDLE_STOP_S)
    far = FarEnd()
    output.tap = far
    try:
        output.play(tone(0.05))  # warm
        tape = SinkRecorder()
        time.sleep(0.3)
        output.enqueue(tone(3.0))
        time.sleep(1.0)
        run = far.run
        cut_at = time.monotonic()
        assert output.cut() == 1
        time.sleep(1.0)
        after = output.play(tone(0.4))  # the question alone
        chunks = tape.stop()
        # the stream ran on: its timing, and so the canceller's measured delay, did not start over
        assert output.stops == 0 and far.run == run
    finally:
        output.close()
    loud = [
        at for at, data in chunks
        if np.sqrt(np.mean(np.frombuffer(data, dtype="<i2").astype(np.float64) ** 2)) > 1000
    ]
    before_next = [at for at in loud if at < after.first_sample_at - 0.1]
    assert before_next and cut_at - 0.5 < max(before_next), "the tone played up to the cut"
    assert max(before_next) - cut_at <= 0.3, max(before_next) - cut_at  # silent within 300 ms of the cut
    assert any(at >= after.first_sample_at - 0.1 for at in loud)  # and the next clip was heard
    # the canceller's reference: the tone up to the cut, then what the device held, then nothing
    assert np.any(far.reference(cut_at - 0.1, 1600, 16000))
    assert not np.any(far.reference(cut_at + 2 * OUTPUT_LATENCY_S, 1600, 16000))


def test_a_tone_is_heard_whole_and_on_time_while_another_thread_keeps_the_interpreter_busy(pulse: str) -> None:
    """The stream's callback is Python: a busy thread of the host (synthesis, decoding, the game) holds the
    interpreter lock up to 5 ms at a time. At PortAudio's "low" latency (9 ms) such a thread stalled the
    output (a real game through the sink gave its voice up); the speaker's latency rides it out."""
    from voice_host.speak.trim import silence

    stop = threading.Event()

    def spin() -> None:
        while not stop.is_set():
            sum(range(2000))

    output = OutputStream(sample_rate=RATE)  # the speaker's
    spinner = threading.Thread(target=spin, daemon=True)
    try:
        output.warm_up(silence(0.02, RATE)).wait()
        tape = SinkRecorder()
        spinner.start()
        times = output.play(tone(1.0))
    finally:
        stop.set()
        spinner.join()
        output.close()
    heard = loud_runs(tape.samples())
    assert abs(times.ended_at - times.first_sample_at - 1.0) < 0.1, times
    assert len(heard) == 1 and 0.9 <= heard[0] <= 1.1, heard  # one tone, whole, no silence let into it
