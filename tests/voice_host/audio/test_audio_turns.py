"""A turn of sentences on the real stack: no dead air, prompt listening, captions (pyttsx3, null sink).

What the speaker plays is recorded from the sink's monitor with the mic adapter
(ungated) and cut into 10 ms frames; a frame is speech when its RMS is above 150.
Before the speaker kept one stream open and trimmed espeak's silence, about
300 ms of silence separated two sentences (bench/pace.py), and the gate
opened about 400 ms after the last one.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from audio_helpers import loud_span
from sink_recorder import SinkRecorder

from voice_host.audio.half_duplex import HalfDuplexGate
from voice_host.speak.speaker import SENTENCE_PAUSE_S, Pyttsx3Speaker
from voice_host.terminal.captions import CaptionedSpeaker

pytestmark = pytest.mark.audio

REPO = Path(__file__).resolve().parents[3]
#: Sentences without commas or colons: any silence inside the turn longer than a
#: word break is a pause between sentences.
TURN = ["Anna dichiara cinquantatré.", "Bruno dubita.", "Anna alza il bicchiere."]
FRAME_S = 0.01
LOUD = 150.0


def _frames(recorder: SinkRecorder, *, sample_clock: bool = False) -> list[tuple[float, bool]]:
    """Stop ``recorder``; (start time, is speech) of every 10 ms frame it heard.

    The times are the monotonic clock's, from each chunk's capture time, which jitters by the
    callback's scheduling; with ``sample_clock`` they count samples from the first one instead,
    exact for durations within the recording.
    """
    chunks = recorder.stop()
    if sample_clock:
        chunks = [(0.0, b"".join(data for _, data in chunks))]
    size = int(recorder.source.sample_rate * FRAME_S)
    frames = []
    for captured_at, data in chunks:
        samples = np.frombuffer(data, "<i2").astype(np.float64)
        for i in range(len(samples) // size):
            level = float(np.sqrt(np.mean(samples[i * size : (i + 1) * size] ** 2)))
            frames.append((captured_at + i * FRAME_S, level > LOUD))
    return sorted(frames)


def _speech_span(frames: list[tuple[float, bool]]) -> tuple[float, float]:
    loud = [t for t, is_loud in frames if is_loud]
    assert loud, "nothing was heard on the sink"
    return loud[0], loud[-1] + FRAME_S


def _longest_silence(frames: list[tuple[float, bool]], start: float, end: float) -> float:
    longest = run = 0.0
    for t, is_loud in frames:
        if start <= t < end:
            run = 0.0 if is_loud else run + FRAME_S
            longest = max(longest, run)
    return longest


@pytest.fixture
def speaker(pulse: str, espeak: str) -> Any:
    gate = HalfDuplexGate()
    voice = Pyttsx3Speaker(voice="it", gate=gate)
    assert not voice.printing
    yield voice, gate
    voice.close()


def test_a_turn_is_heard_back_to_back_with_only_short_pauses(speaker: Any) -> None:
    voice, _ = speaker
    # the speech in each sentence, as espeak-ng makes it (its own silence around it excluded)
    spans = [loud_span(voice.synthesize(text).samples, 22050, block_s=FRAME_S, threshold=LOUD) for text in TURN]
    speech_s = sum(span[1] - span[0] for span in spans if span is not None)
    assert all(spans)
    tape = SinkRecorder()
    time.sleep(0.2)
    voice.say_all(TURN)
    frames = _frames(tape, sample_clock=True)
    start, end = _speech_span(frames)
    assert len(voice.last_playbacks) == len(TURN)
    # every sentence was heard, nothing else: the turn lasts its speech plus two short pauses
    # (espeak's speed varies by a few percent from one synthesis to the next under load)
    assert 0.95 * speech_s - 0.1 <= end - start <= 1.1 * speech_s + 2 * 0.25, (end - start, speech_s)
    # no dead air: no silence inside the turn as long as the 300 ms between two sentences before
    assert _longest_silence(frames, start, end) < 0.25
    assert _longest_silence(frames, start, end) >= SENTENCE_PAUSE_S - 0.02  # the sentences are not run together


def test_the_gate_opens_promptly_after_the_last_sentence_and_not_before(speaker: Any) -> None:
    voice, gate = speaker
    tape = SinkRecorder()
    time.sleep(0.2)
    voice.say_all(TURN[:2])
    returned = time.monotonic()
    frames = _frames(tape)
    _, end = _speech_span(frames)
    opened = gate.deaf_until()
    # closed while any of the host's sound was captured, open within 0.2 s of its end
    assert end < opened < end + 0.2, (opened - end)
    assert not gate.hears(end - FRAME_S) and gate.hears(opened)
    assert returned < end + 0.2  # say_all returned once the last sentence had been heard


class _ClockedScreen(io.StringIO):
    """A screen that notes when each line arrived."""

    def __init__(self) -> None:
        super().__init__()
        self.times: list[float] = []

    def write(self, text: str) -> int:
        self.times.extend(time.monotonic() for _ in range(text.count("\n")))
        return super().write(text)


def test_captions_are_on_screen_before_each_sentence_is_heard_in_the_same_order(speaker: Any) -> None:
    voice, _ = speaker
    screen = _ClockedScreen()
    CaptionedSpeaker(voice, screen).say_all(TURN)
    assert screen.getvalue().splitlines() == TURN
    played = voice.last_playbacks
    assert len(played) == len(TURN)
    assert all(shown <= heard.first_sample_at for shown, heard in zip(screen.times, played))
    assert [p.first_sample_at for p in played] == sorted(p.first_sample_at for p in played)


def test_a_voice_without_output_under_captions_prints_each_sentence_once(
    capsys: pytest.CaptureFixture[str], espeak: str
) -> None:
    from voice_host.speak.playback import PlaybackFailed

    def broken(clip: Any) -> Any:
        raise PlaybackFailed("no device")

    voice = Pyttsx3Speaker(voice="it", player=broken, print_fallback=False)
    try:
        CaptionedSpeaker(voice).say_all(TURN[:2])
        CaptionedSpeaker(voice).say(TURN[2])
    finally:
        voice.close()
    out, err = capsys.readouterr()
    assert out.splitlines() == TURN
    assert err.count("attenzione") == 1


def test_the_command_line_with_the_real_voice_captions_what_it_says(pulse: str, espeak: str, tmp_path: Path) -> None:
    script = tmp_path / "game.txt"
    script.write_text("cinquantatré\ndubito\ncinque e tre\n", encoding="utf-8")
    base = [sys.executable, "-m", "voice_host", "play", "--game", "tokio", "--players", "Anna,Bruno", "--limit", "1",
            "--input", f"script:{script}", "--journal", str(tmp_path / "j.jsonl")]
    env = dict(os.environ, PYTHONPATH=str(REPO))
    voiced = subprocess.run([*base, "--tts", "pyttsx3"], capture_output=True, text=True, timeout=120, env=env)
    (tmp_path / "j.jsonl").unlink()
    silent = subprocess.run([*base, "--tts", "none"], capture_output=True, text=True, timeout=60, env=env)
    assert voiced.returncode == silent.returncode == 0, voiced.stderr[-2000:]
    assert "attenzione" not in voiced.stderr  # the voice really played
    assert voiced.stdout == silent.stdout and voiced.stdout.count("\n") >= 8
