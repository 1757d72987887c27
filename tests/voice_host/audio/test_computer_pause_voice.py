"""Issue 22, item 1, on the real stack: the voice leaves the computer's pause before its move, and only there.

The turn is played by pyttsx3/espeak-ng on the PulseAudio null sink and recorded
from its monitor (as in test_audio_turns.py): the longest silence inside the turn
is the pause between its two sentences.
"""

from __future__ import annotations

import time

import pytest
from sink_recorder import SinkRecorder
from test_audio_turns import _frames, _longest_silence, _speech_span

from voice_host.audio.half_duplex import HalfDuplexGate
from voice_host.core.computer_pause import AfterPause
from voice_host.speak.speaker import Pyttsx3Speaker

pytestmark = pytest.mark.audio

PAUSE_S = 1.2


def _longest_pause(voice: Pyttsx3Speaker, turn: list[str]) -> float:
    tape = SinkRecorder()
    time.sleep(0.2)
    voice.say_all(turn)
    frames = _frames(tape)
    start, end = _speech_span(frames)
    return _longest_silence(frames, start, end)


def test_the_voice_pauses_before_the_computers_move_and_nowhere_else(pulse: str, espeak: str) -> None:
    voice = Pyttsx3Speaker(voice="it", gate=HalfDuplexGate(), think_pause_s=PAUSE_S)
    try:
        assert not voice.printing
        paused = _longest_pause(voice, ["Anna dichiara cinquantatré.", AfterPause("Bruno dubita.")])
        plain = _longest_pause(voice, ["Anna dichiara cinquantatré.", "Bruno dubita."])
    finally:
        voice.close()
    assert PAUSE_S - 0.05 <= paused <= PAUSE_S + 0.25, paused
    assert plain < 0.25, plain  # a host's sentences stay back to back


def test_no_pause_is_heard_when_none_is_asked(pulse: str, espeak: str) -> None:
    voice = Pyttsx3Speaker(voice="it", gate=HalfDuplexGate())  # the default: a script's, a tool's
    try:
        assert _longest_pause(voice, ["Anna dichiara cinquantatré.", AfterPause("Bruno dubita.")]) < 0.25
    finally:
        voice.close()
