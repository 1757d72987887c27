"""The speaker's warm-up: a blip not heard in time is tried once more on a fresh stream (the output a fake at its
port, the voice real: espeak-ng through pyttsx3; no sink)."""

from __future__ import annotations

import io
from typing import Any, ClassVar

import numpy as np
import pytest

from voice_host.audio.wav import Clip
from voice_host.speak import speaker as speaker_module
from voice_host.speak.playback import Pending, PlaybackTimes
from voice_host.speak.speaker import Pyttsx3Speaker


class _Output:
    """An output stream whose first ``dead`` instances never get to their clips; the others play at once."""

    dead: ClassVar[int] = 0
    opened: ClassVar[list[_Output]] = []

    def __init__(self, *, sample_rate: int, device: Any = None, latency: Any = "low") -> None:
        self.sample_rate = sample_rate
        self.alive = len(_Output.opened) >= _Output.dead
        self.idle_stop_s: float | None = None
        self.tap: Any = None
        self.played: list[Clip] = []
        self.closed = False
        _Output.opened.append(self)

    def warm_up(self, clip: Clip) -> Pending:
        return self.enqueue(clip, budget_s=0.2)

    def enqueue(self, clip: Clip, budget_s: float = 5.0) -> Pending:
        pending = Pending(np.zeros(1, np.int16), budget_s)
        if self.alive:
            self.played.append(clip)
            pending.first_at = pending.end_at = 0.0
            pending.scheduled.set()
        return pending

    def play(self, clip: Clip) -> PlaybackTimes:
        return self.enqueue(clip).wait()

    def cut(self) -> int:
        return 0

    def close(self) -> None:
        self.closed = True


@pytest.mark.parametrize("dead", [1, 2, 3])
def test_a_blip_not_heard_in_time_is_tried_again_on_a_fresh_stream(
    monkeypatch: pytest.MonkeyPatch, espeak: str, dead: int
) -> None:
    monkeypatch.setattr(_Output, "dead", dead)
    monkeypatch.setattr(_Output, "opened", [])
    monkeypatch.setattr(speaker_module, "OutputStream", _Output)
    warn = io.StringIO()
    voice = Pyttsx3Speaker(voice="it", warn=warn, print_fallback=False)
    try:
        voice.say("Tocca ad Anna.")
    finally:
        voice.close()
    opened = min(dead + 1, 3)  # each late stream given up for a fresh one, three streams at most
    assert len(_Output.opened) == opened and all(o.closed for o in _Output.opened[:dead])
    if dead < 3:  # a fresh stream plays: the sentence is spoken, nothing is said of the output
        assert len(_Output.opened[-1].played) == 2 and warn.getvalue() == ""
    else:  # dead three times: the voice is given up once, in Italian
        assert _Output.opened[-1].played == [] and warn.getvalue().count("attenzione") == 1
