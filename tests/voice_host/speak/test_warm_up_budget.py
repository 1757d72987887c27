"""The warm-up's wait bears a slow fresh stream: a stub sounddevice (the port) whose stream starts late."""

from __future__ import annotations

import sys
import threading
import time
import types
from typing import Any

import numpy as np
import pytest

from voice_host.speak.playback import OutputStream, PlaybackFailed
from voice_host.speak.trim import silence

pytestmark = pytest.mark.slow  # real seconds: the stream's late start is waited out

#: The fresh stream's first callback comes this late: later than the 5 s a clip's wait allows.
LATE_S = 5.6


class _LateStream:
    """An output stream whose first callback comes ``LATE_S`` after its first start, then every 10 ms."""

    def __init__(self, *, samplerate: int, callback: Any, **_: Any) -> None:
        self.samplerate = samplerate
        self._callback = callback
        self.stopped = True
        self.active = False
        self._started_once = False
        self._running = threading.Event()

    def start(self) -> None:
        delay = 0.0 if self._started_once else LATE_S
        self._started_once = True
        self.stopped, self.active = False, True
        self._running.set()
        threading.Thread(target=self._run, args=(delay,), daemon=True).start()

    def _run(self, delay: float) -> None:
        time.sleep(delay)
        while self._running.is_set():
            out = np.zeros((441, 1), dtype=np.int16)
            now = time.monotonic()
            self._callback(out, 441, types.SimpleNamespace(outputBufferDacTime=now, currentTime=now), None)
            time.sleep(0.01)

    def stop(self) -> None:
        self._running.clear()
        self.stopped, self.active = True, False

    abort = stop

    def close(self) -> None:
        self.stop()


@pytest.fixture
def late_sounddevice(monkeypatch: pytest.MonkeyPatch) -> None:
    module = types.ModuleType("sounddevice")
    module.OutputStream = _LateStream  # type: ignore[attr-defined]
    module.PortAudioError = type("PortAudioError", (Exception,), {})  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "sounddevice", module)


def test_a_fresh_stream_late_beyond_a_clips_wait_still_warms_up(late_sounddevice: None) -> None:
    output = OutputStream(sample_rate=22050, idle_stop_s=None)
    try:
        blip = output.warm_up(silence(0.02, 22050))
        times = blip.wait()  # a clip's own wait would have given up at 5.02 s
        assert times.first_sample_at - time.monotonic() < 1.0
    finally:
        output.close()


def test_a_clip_on_a_stream_that_never_plays_still_fails_after_its_own_wait(
    late_sounddevice: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys.modules[__name__], "LATE_S", 3600.0)
    output = OutputStream(sample_rate=22050, idle_stop_s=None)
    try:
        started = time.monotonic()
        with pytest.raises(PlaybackFailed):
            output.enqueue(silence(0.02, 22050)).wait()
        assert 4.9 < time.monotonic() - started < 6.0  # a sentence is not held for the warm-up's long wait
    finally:
        output.close()
