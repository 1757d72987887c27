"""Pace of the host on the real stack: how long the table waits for it, and how much it says.

A fixed classico game and a fixed lizumo game (three players, d6, the opening
and five rounds: two believe steps and three doubt rounds each) are played by
the real ``Session`` and ``TokioDialog`` through the real pyttsx3 speaker into
the PulseAudio null sink ``table``. The players' answers are scripted (a
confirmation question, if any, is answered "sì"); each answer is given the
moment a gated microphone (the sink monitor, the same gate as the speaker)
first hears audio again, which is when a real listener would start listening.
A second, ungated recorder on the monitor captures everything; speech and
silence are told apart on it by energy (10 ms frames).

Figures, medians over both games:

* ``believe_words`` / ``doubt_words``: the host's words after each answer of a
  step (the claim, then "ci credo" / "dubito" and the reveal) up to the next answer;
* ``believe_s`` / ``doubt_round_s``: seconds from each answer of the step to the
  end of the host's last sentence before the next answer, summed over the step
  (the players' own time is not counted);
* ``gap_p50_ms``: the median silence heard between two consecutive sentences
  and between the end of a prompt and the listener being ready. A sentence
  boundary is located with the speaker's reported playback times; its length
  is measured on the recording.

Run (the sink is shared): ``flock /tmp/vh-audio.lock python bench/pace.py``.
The last line is
``pace believe_words=N doubt_words=N believe_s=N doubt_round_s=N gap_p50_ms=N``.

``python bench/pace.py --lobby`` (no sink) measures the evening's lobby instead, from
``voice-host serata`` to the first claim (``bench/pace_lobby.py`` says how); last line
``lobby exchanges=N host_words=N player_words=N host_s=N ...``.
"""

from __future__ import annotations

import argparse
import queue
import statistics
import sys
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from sink import ensure_pulse

from engine.tokio.rules import preset
from grammars.tokio.grammar import Phase
from voice_host.audio.half_duplex import HalfDuplexGate
from voice_host.core.ports import Heard, ListenRequest
from voice_host.core.session import Session
from voice_host.games.tokio.dialog import TokioDialog
from voice_host.listen.mic import MicSource
from voice_host.listen.sources import AudioChunk
from voice_host.speak.speaker import Pyttsx3Speaker

PLAYERS = ["Anna", "Bruno", "Carla"]
#: Round by round: claim, believe, claim, doubt + reveal (holds), claim, believe,
#: claim, doubt + reveal (bluff), claim, doubt + reveal (holds).
SCRIPT = [
    "cinquantatré", "ci credo",
    "sessantuno", "dubito", "sei e due",
    "quarantadue", "ci credo",
    "cinquantadue", "dubito", "cinque e uno",
    "trentuno", "dubito", "tre e uno",
]
GAMES = {"classico": 2, "lizumo": 3}  # preset -> penalties / lives, so nobody leaves the table
BELIEVE, DOUBT = "ci credo", "dubito"

FRAME_S = 0.01
#: RMS (int16) above which a 10 ms frame of the recording is speech.
LOUD = 150.0
#: How far from the speaker's reported boundary the silence between two sentences is looked for.
SEARCH_S = 0.12


# ---------------------------------------------------------------- the table


@dataclass
class Sentence:
    """One sentence the host said, with the playback times the speaker reported."""

    text: str
    first_at: float
    ended_at: float


@dataclass
class Segment:
    """What happened after one answer (or the start) until the listener was ready again."""

    answer: str | None
    phase: str | None
    answered_at: float
    sentences: list[Sentence] = field(default_factory=list)
    ready_at: float = 0.0


class Log:
    """The game as the bench saw it: one segment per answer."""

    def __init__(self) -> None:
        self.segments = [Segment(None, None, time.monotonic())]

    @property
    def current(self) -> Segment:
        return self.segments[-1]


class TimedSpeaker:
    """The real speaker, logging every sentence with its playback times.

    Works with a speaker that says one sentence per call (``last_playback``) and
    with one that also says a batch (``say_all`` and ``last_playbacks``).
    """

    def __init__(self, inner: Pyttsx3Speaker, log: Log) -> None:
        self.inner = inner
        self.log = log

    def say(self, text: str) -> None:
        self.say_all([text])

    def say_all(self, sentences: Sequence[str]) -> None:
        sentences = [s for s in sentences if s.strip()]
        inner: Any = self.inner
        if hasattr(inner, "say_all"):
            inner.say_all(sentences)
            times = list(inner.last_playbacks)
        else:
            times = []
            for text in sentences:
                inner.say(text)
                times.append(inner.last_playback)
        if len(times) != len(sentences) or inner.printing:
            raise SystemExit("pace: the speaker did not play every sentence")
        for text, played in zip(sentences, times):
            self.log.current.sentences.append(Sentence(text, played.first_sample_at, played.ended_at))

    def close(self) -> None:
        self.inner.close()


class ScriptedTable:
    """Implements ``Listener``: answers the script the moment the gated mic hears again."""

    def __init__(self, source: MicSource, gate: HalfDuplexGate, script: list[str], log: Log) -> None:
        self.source = source
        self.gate = gate
        self.script = list(script)
        self.log = log
        self._generation = gate.generation

    def listen(self, request: ListenRequest) -> Heard | None:
        if self.gate.generation != self._generation:  # as the vosk listener does
            self._generation = self.gate.generation
            self.source.flush()
        chunk = self._first_heard_chunk()
        self.log.current.ready_at = chunk.captured_at
        if request.phase == Phase.CONFIRM:
            line: str | None = "sì"
        else:
            line = self.script.pop(0) if self.script else None
        if line is not None:
            self.log.segments.append(Segment(line, request.phase, time.monotonic()))
        return None if line is None else Heard(line)

    def _first_heard_chunk(self) -> AudioChunk:
        while True:
            chunk = self.source.read()
            if chunk is None:
                raise SystemExit("pace: the microphone closed")
            if self.gate.hears(chunk.captured_at):
                return chunk

    def close(self) -> None:
        self.source.close()


class Recorder:
    """The ungated sink monitor, kept whole with capture times."""

    def __init__(self) -> None:
        self.source = MicSource()
        self.chunks: queue.Queue[AudioChunk] = queue.Queue()
        self._thread = threading.Thread(target=self._run, name="recorder", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while (chunk := self.source.read()) is not None:
            self.chunks.put(chunk)

    def frames(self) -> tuple[np.ndarray, np.ndarray]:
        """(start times, loud flags) of every 10 ms frame recorded so far."""
        starts: list[np.ndarray] = []
        loud: list[np.ndarray] = []
        rate = self.source.sample_rate
        size = int(rate * FRAME_S)
        while not self.chunks.empty():
            chunk = self.chunks.get_nowait()
            samples = np.frombuffer(chunk.data, dtype="<i2").astype(np.float64)
            count = len(samples) // size
            if count == 0:
                continue
            levels = np.sqrt(np.mean(samples[: count * size].reshape(count, size) ** 2, axis=1))
            starts.append(chunk.captured_at + np.arange(count) * FRAME_S)
            loud.append(levels > LOUD)
        return np.concatenate(starts), np.concatenate(loud)

    def close(self) -> None:
        self.source.close()
        self._thread.join(timeout=5)


def play_game(name: str, limit: int, gate: HalfDuplexGate, speaker: Pyttsx3Speaker) -> Log:
    """Play the fixed game ``name``; return its log."""
    log = Log()
    table = ScriptedTable(MicSource(gate=gate), gate, SCRIPT, log)
    timed = TimedSpeaker(speaker, log)
    rules = preset(name, sides=6, limit=limit)
    try:
        Session(lambda: TokioDialog(rules, PLAYERS), table, timed).run()  # type: ignore[arg-type]
    finally:
        table.close()
    if table.script:
        raise SystemExit(f"pace: the {name} game did not take the whole script")
    return log


# ---------------------------------------------------------------- measuring


class Tape:
    """Speech and silence on the recording."""

    def __init__(self, starts: np.ndarray, loud: np.ndarray) -> None:
        order = np.argsort(starts)
        self.starts = starts[order]
        self.loud = loud[order]

    def speech_end_before(self, t: float) -> float:
        """End of the last loud frame that started before ``t``."""
        index = np.nonzero(self.loud & (self.starts < t))[0]
        if index.size == 0:
            raise SystemExit("pace: no speech recorded before a listening point")
        return float(self.starts[index[-1]] + FRAME_S)

    def silence_at(self, t: float) -> float:
        """Length of the silent run containing ``t``, else the nearest one within SEARCH_S (0.0: none)."""
        window = (self.starts > t - SEARCH_S - 3.0) & (self.starts < t + SEARCH_S + 3.0)
        starts, loud = self.starts[window], self.loud[window]
        runs: list[tuple[float, float]] = []
        run_start: float | None = None
        for start, is_loud in zip(starts, loud):
            if not is_loud and run_start is None:
                run_start = float(start)
            elif is_loud and run_start is not None:
                runs.append((run_start, float(start)))
                run_start = None
        best: tuple[float, float] | None = None
        for begin, end in runs:
            distance = 0.0 if begin <= t <= end else min(abs(begin - t), abs(end - t))
            if distance <= SEARCH_S and (best is None or distance < best[0]):
                best = (distance, end - begin)
        return best[1] if best is not None else 0.0


def words(sentences: Sequence[Sentence]) -> int:
    return sum(len(s.text.split()) for s in sentences)


@dataclass
class Step:
    kind: str
    words: int
    seconds: float


def steps_of(log: Log, tape: Tape) -> list[Step]:
    """Believe steps and doubt rounds: from a claim answer to the next claim answer."""
    groups: list[list[Segment]] = []
    for segment in log.segments[1:]:
        if segment.phase == "claim":
            groups.append([])
        if groups:
            groups[-1].append(segment)
    out = []
    for group in groups:
        answers = [s.answer for s in group]
        kind = "believe" if BELIEVE in answers else "doubt" if DOUBT in answers else ""
        if not kind:
            continue
        seconds = sum(tape.speech_end_before(s.ready_at) - s.answered_at for s in group)
        out.append(Step(kind, sum(words(s.sentences) for s in group), seconds))
    return out


def gaps_of(log: Log, tape: Tape) -> tuple[list[float], list[float]]:
    """(between sentences, from a prompt's end to listening) in seconds."""
    between, to_listen = [], []
    for segment in log.segments:
        for before, after in zip(segment.sentences, segment.sentences[1:]):
            between.append(tape.silence_at((before.ended_at + after.first_at) / 2))
        if segment.sentences and segment.ready_at:
            to_listen.append(segment.ready_at - tape.speech_end_before(segment.ready_at))
    return between, to_listen


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rate", type=int, help="speech rate (default: the speaker's)")
    parser.add_argument("--lobby", action="store_true", help="the evening's lobby, synthesized to files (no sink)")
    args = parser.parse_args(argv)
    if args.lobby:
        from pace_lobby import report

        print(report())
        return 0
    ensure_pulse()
    gate = HalfDuplexGate()
    speaker = Pyttsx3Speaker(voice="it", rate=args.rate, gate=gate)
    if speaker.printing:
        print("pace: no audio output", file=sys.stderr)
        return 1
    recorder = Recorder()
    logs = []
    began = time.monotonic()
    try:
        time.sleep(0.3)
        for name, limit in GAMES.items():
            logs.append(play_game(name, limit, gate, speaker))
        time.sleep(0.5)
    finally:
        speaker.close()
        recorder.close()
    tape = Tape(*recorder.frames())
    steps = [step for log in logs for step in steps_of(log, tape)]
    between, to_listen = [], []
    for log in logs:
        b, t = gaps_of(log, tape)
        between += b
        to_listen += t
    believe = [s for s in steps if s.kind == "believe"]
    doubt = [s for s in steps if s.kind == "doubt"]
    for name, log in zip(GAMES, logs):
        for step in steps_of(log, tape):
            print(f"{name:9} {step.kind:8} {step.words:3d} words {step.seconds:5.2f} s")
    print(
        f"sentence gaps ms: p50={statistics.median(between) * 1000:.0f} max={max(between) * 1000:.0f} n={len(between)}"
    )
    # a negative minimum would mean the listener was open while the host still spoke
    print(f"prompt->listening ms: p50={statistics.median(to_listen) * 1000:.0f} min={min(to_listen) * 1000:.0f}"
          f" max={max(to_listen) * 1000:.0f} n={len(to_listen)}")
    to_listen = [max(0.0, gap) for gap in to_listen]
    print(f"took {time.monotonic() - began:.0f} s")
    print(
        f"pace believe_words={statistics.median(s.words for s in believe):.0f}"
        f" doubt_words={statistics.median(s.words for s in doubt):.0f}"
        f" believe_s={statistics.median(s.seconds for s in believe):.1f}"
        f" doubt_round_s={statistics.median(s.seconds for s in doubt):.1f}"
        f" gap_p50_ms={statistics.median(between + to_listen) * 1000:.0f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
