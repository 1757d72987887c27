"""A whole Tokio game through the real mic/speaker stack, with a scripted ear.

The Italian vosk model is not available here, so the recognizer is a *scripted
ear*: a ``Listener`` that reads real audio from the real microphone adapter (the
null sink's monitor), honours the same half-duplex gate as the real pyttsx3
speaker, waits for a voiced utterance (speech energy, then quiet), and only then
returns the next line of the script. The players are a thread that, each time
the ear starts listening, plays the matching Italian line (espeak-ng, ``it``)
into the sink. The host is the real ``Session`` + ``TokioDialog`` speaking
through ``open_speaker``; a second, ungated mic records everything as a control.

Game (RULES.md 1.2, classico, d6, limit 1, Anna and Bruno): Anna declares 53,
Bruno doubts, the cup shows 53: the declaration holds, Bruno doubted wrongly,
takes 1 penalty and is out; Anna wins.
"""

from __future__ import annotations

import contextlib
import logging
import queue
import subprocess
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pytest
from audio_helpers import play_into_sink, speech

from engine.tokio.rules import TokioRules, preset
from voice_host.audio.half_duplex import HalfDuplexGate
from voice_host.cli.voice_adapters import open_speaker
from voice_host.core.ports import Heard as PortHeard
from voice_host.core.ports import ListenRequest
from voice_host.core.session import Outcome, Session
from voice_host.games.tokio.dialog import TokioDialog
from voice_host.listen.early_end import EnergyTracker, rms
from voice_host.listen.mic import MicSource
from voice_host.listen.sources import AudioChunk
from voice_host.speak.playback import PlaybackTimes
from voice_host.speak.speaker import Pyttsx3Speaker

pytestmark = [pytest.mark.audio]

logger = logging.getLogger(__name__)

SCRIPT = ["cinquantatré", "dubito", "cinque e tre"]
PHASES = ["claim", "response", "reveal"]

#: Quiet after the last voiced chunk that ends an utterance.
QUIET_S = 0.4
#: Voiced audio an utterance needs (shorter bursts are clicks, not words).
MIN_VOICED_S = 0.15
#: The ear gives up (returns None) after this long without a whole utterance.
GIVE_UP_S = 20.0
#: Pause between the end of the host's prompt and the player's answer.
ANSWER_DELAY_S = 0.3
#: Host speech rate (words per minute): brisk, to keep the game short.
HOST_RATE = 210


@dataclass
class Heard:
    """One utterance the ear acted on: the voiced chunks' capture times and the prompt before it."""

    line: str
    phase: str
    listen_started_at: float
    prompt: PlaybackTimes | None
    voiced: list[tuple[float, float]] = field(default_factory=list)  # (captured_at, captured_at + duration)
    returned_at: float = 0.0


class ScriptedEar:
    """Implements ``Listener``: real audio in, the next scripted line out once a voiced utterance ended.

    Mirrors the vosk listener's half duplex: chunks the gate does not hear are
    skipped, and when the host has spoken since the last call the queue is
    flushed. A reader thread moves the mic's chunks to the ear's own queue so
    ``listen`` can time out even if the device stalls.
    """

    def __init__(
        self,
        source: MicSource,
        gate: HalfDuplexGate,
        lines: list[str],
        *,
        cue: Callable[[int], None],
        prompt_times: Callable[[], PlaybackTimes | None],
        give_up_s: float = GIVE_UP_S,
    ) -> None:
        self.mic = source
        self._gate = gate
        self._lines = list(lines)
        self._cue = cue
        self._prompt_times = prompt_times
        self._give_up_s = give_up_s
        self._generation = gate.generation
        self._energy = EnergyTracker()
        self._chunks: queue.Queue[AudioChunk | None] = queue.Queue()
        self.heard: list[Heard] = []
        self.voiced_seen: list[tuple[float, float]] = []  # every voiced chunk, kept or not
        self.requests: list[ListenRequest] = []
        self.gave_up = False
        self._reader = threading.Thread(target=self._read, name="ear-reader", daemon=True)
        self._reader.start()

    def _read(self) -> None:
        while (chunk := self.mic.read()) is not None:
            self._chunks.put(chunk)
        self._chunks.put(None)

    def _flush(self) -> None:
        self.mic.flush()
        while True:
            try:
                self._chunks.get_nowait()
            except queue.Empty:
                return

    def _sync_with_gate(self) -> None:
        if self._gate.generation != self._generation:
            self._generation = self._gate.generation
            self._flush()

    def listen(self, request: ListenRequest) -> PortHeard | None:
        """Wait for one voiced utterance, then return the next scripted line (None: script over or gave up)."""
        self.requests.append(request)
        index = len(self.heard)
        if index >= len(self._lines):
            return None
        self._sync_with_gate()
        started = time.monotonic()
        heard = Heard(self._lines[index], request.phase, started, self._prompt_times())
        self._cue(index)
        quiet = 0.0
        deadline = started + self._give_up_s
        while time.monotonic() < deadline:
            try:
                chunk = self._chunks.get(timeout=0.2)
            except queue.Empty:
                continue
            if chunk is None:
                return None
            if self._gate.generation != self._generation:
                self._sync_with_gate()
                heard.voiced.clear()
                quiet = 0.0
                continue
            if not self._gate.hears(chunk.captured_at):
                continue
            seconds = len(chunk.data) / (2.0 * self.mic.sample_rate)
            if self._energy.feed(chunk.data):
                heard.voiced.append((chunk.captured_at, chunk.captured_at + seconds))
                self.voiced_seen.append(heard.voiced[-1])
                quiet = 0.0
                continue
            if not heard.voiced:
                continue
            quiet += seconds
            if quiet < QUIET_S - 1e-6:
                continue
            if sum(end - start for start, end in heard.voiced) >= MIN_VOICED_S - 1e-6:
                heard.returned_at = time.monotonic()
                self.heard.append(heard)
                return PortHeard(heard.line)
            heard.voiced.clear()  # a click, not an utterance
            quiet = 0.0
        self.gave_up = True
        return None

    def close(self) -> None:
        """Stop the microphone (the reader thread ends with it)."""
        self.mic.close()
        self._reader.join(timeout=5)


class Players:
    """The people at the table: on each cue, say the matching line into the sink."""

    def __init__(self, lines: list[str]) -> None:
        self._clips = [speech(line, "it") for line in lines]  # synthesized up front
        self._cues: queue.Queue[int | None] = queue.Queue()
        self.spoken: list[tuple[int, float, float]] = []  # (index, cue time, paplay exit time)
        self.errors: list[str] = []
        self._thread = threading.Thread(target=self._run, name="players", daemon=True)
        self._thread.start()

    def cue(self, index: int) -> None:
        """The ear has started listening for line ``index``."""
        self._cues.put(index)

    def _run(self) -> None:
        while (index := self._cues.get()) is not None:
            cued = time.monotonic()
            player = play_into_sink(self._clips[index], delay=ANSWER_DELAY_S)
            try:
                code = player.wait(timeout=20)
            except subprocess.TimeoutExpired:
                player.kill()
                self.errors.append(f"paplay of {index} did not finish")
                continue
            if code != 0:
                self.errors.append(f"paplay of {index} exited {code}")
            self.spoken.append((index, cued, time.monotonic()))

    def close(self) -> None:
        self._cues.put(None)
        self._thread.join(timeout=25)


class TimedSpeaker:
    """The real speaker, keeping each sentence with the playback times it reported."""

    def __init__(self, inner: Pyttsx3Speaker) -> None:
        self.inner = inner
        self.said: list[tuple[str, PlaybackTimes | None]] = []

    def say(self, text: str) -> None:
        self.say_all([text])

    def say_all(self, sentences: Sequence[str]) -> None:
        self.inner.say_all(sentences)
        played: list[PlaybackTimes | None] = list(self.inner.last_playbacks)
        if len(played) != len(sentences):  # printed, not played
            played = [None] * len(sentences)
        self.said.extend(zip(sentences, played))

    def last_playback(self) -> PlaybackTimes | None:
        return self.said[-1][1] if self.said else None

    def close(self) -> None:
        self.inner.close()


class Tape:
    """An ungated mic recording everything on the table (the control)."""

    def __init__(self) -> None:
        self.source = MicSource()
        self.chunks: list[AudioChunk] = []
        self._thread = threading.Thread(target=self._run, name="tape", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while (chunk := self.source.read()) is not None:
            self.chunks.append(chunk)

    def loudest(self, start: float, end: float) -> float:
        """Highest chunk RMS captured within [start, end]."""
        return max((rms(c.data) for c in list(self.chunks) if start <= c.captured_at <= end), default=0.0)

    def close(self) -> None:
        self.source.close()
        self._thread.join(timeout=5)


class _Typed:
    """The same game typed: the lines in order, and every sentence the host says."""

    def __init__(self) -> None:
        self.lines = list(SCRIPT)
        self.said: list[str] = []

    def listen(self, request: ListenRequest) -> PortHeard | None:
        return PortHeard(self.lines.pop(0)) if self.lines else None

    def say(self, text: str) -> None:
        self.said.append(text)

    def say_all(self, sentences: Sequence[str]) -> None:
        self.said.extend(sentences)

    def close(self) -> None:
        pass


def _sentences_of_the_typed_game(rules: TokioRules) -> list[str]:
    typed = _Typed()
    assert Session(lambda: TokioDialog(rules, ["Anna", "Bruno"]), typed, typed).run() is Outcome.FINISHED
    return typed.said


def _played(times: PlaybackTimes | None) -> bool:
    """Whether the speaker really played a sentence (at least 0.3 s of audio)."""
    return times is not None and times.ended_at - times.first_sample_at > 0.3


def _overlaps(start: float, end: float, playback: PlaybackTimes) -> bool:
    return start <= playback.ended_at and end >= playback.first_sample_at


def test_a_whole_tokio_game_through_the_real_mic_and_speaker(pulse: str, espeak: str) -> None:
    gate = HalfDuplexGate()
    rules = preset("classico", sides=6, limit=1)
    outcome: list[Outcome | BaseException] = []
    with contextlib.ExitStack() as stack:
        players = Players(SCRIPT)
        stack.callback(players.close)
        raw = open_speaker("pyttsx3", voice="it", rate=HOST_RATE, gate=gate)
        stack.callback(raw.close)
        assert isinstance(raw, Pyttsx3Speaker) and not raw.printing, "the real pyttsx3 speaker did not start"
        speaker = TimedSpeaker(raw)
        tape = Tape()
        stack.callback(tape.close)
        ear = ScriptedEar(MicSource(gate=gate), gate, SCRIPT, cue=players.cue, prompt_times=speaker.last_playback)
        stack.callback(ear.close)  # closed first: players then get no more cues
        session = Session(lambda: TokioDialog(rules, ["Anna", "Bruno"]), ear, speaker)

        def play() -> None:
            try:
                outcome.append(session.run())
            except BaseException as exc:  # surfaced by the assertion below
                outcome.append(exc)

        began = time.monotonic()
        game = threading.Thread(target=play, name="game", daemon=True)
        game.start()
        game.join(timeout=120)
        assert not game.is_alive(), "the game hung"
    took = time.monotonic() - began


    # The game itself.
    assert outcome == [Outcome.FINISHED], (outcome, ear.gave_up, [h.line for h in ear.heard], players.errors)
    summary = session.dialog.summary()
    assert summary["winner"] == "Anna"
    assert {p["name"]: p["out"] for p in summary["players"]} == {"Anna": False, "Bruno": True}
    assert [p["penalties"] for p in summary["players"]] == [0, 1]
    assert session.actions == [{"type": "claim", "dice": [5, 3]}, {"type": "doubt"}, {"type": "reveal", "dice": [5, 3]}]

    # The ear returned exactly the script, in order, once per phase, each after a real utterance.
    assert not ear.gave_up and not players.errors
    assert [h.line for h in ear.heard] == SCRIPT
    assert [r.phase for r in ear.requests] == PHASES
    assert [index for index, _, _ in players.spoken] == [0, 1, 2]

    # The host said, and really played, what the same game typed says; each sentence was
    # audible on the table (ungated control mic).
    assert [text for text, _ in speaker.said] == _sentences_of_the_typed_game(rules)
    assert all(_played(times) for _, times in speaker.said), [(t, p) for t, p in speaker.said if not _played(p)]
    playbacks = [times for _, times in speaker.said if times is not None]
    for text, times in speaker.said:
        assert times is not None and tape.loudest(times.first_sample_at, times.ended_at) > 500, (text, times)

    # The host never triggered the ear: no voiced audio it saw overlaps the host's playback.
    assert ear.voiced_seen
    for start, end in ear.voiced_seen:
        assert not any(_overlaps(start, end, p) for p in playbacks), (start, end)
    # Each answer was heard after its prompt had ended, while its player was speaking.
    for heard, (_, cued, finished) in zip(ear.heard, players.spoken):
        assert heard.prompt is not None and _played(heard.prompt), heard
        assert heard.voiced, heard
        first, last = heard.voiced[0][0], heard.voiced[-1][1]
        assert first > heard.prompt.ended_at, (heard.line, first, heard.prompt)
        assert cued - 0.05 <= first and last <= finished + 0.5, (heard.line, cued, first, last, finished)
        assert heard.returned_at < finished + 2.0

    assert ear.mic.dropped > 0  # the gated mic did drop audio while the host spoke
    assert took < 90, took
    for heard in ear.heard:
        assert heard.prompt is not None
        logger.info(
            "%s: voiced from +%.2f s to +%.2f s after the prompt, returned at +%.2f s",
            heard.line,
            heard.voiced[0][0] - heard.prompt.ended_at,
            heard.voiced[-1][1] - heard.prompt.ended_at,
            heard.returned_at - heard.prompt.ended_at,
        )
    logger.info(
        "game took %.1f s; host said %d sentences; mic dropped %d chunks", took, len(speaker.said), ear.mic.dropped
    )
