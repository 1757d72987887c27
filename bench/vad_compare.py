"""Which voice-activity check should gate the decoders: the host's level-and-spectrum check, or silero's VAD?

Issue 19 asked to measure both. Each check decides, chunk by chunk (50 ms, as
the microphone delivers them), whether a chunk is voiced; the host's
:class:`~voice_host.listen.voice_activity.SpeechGate` (pre-roll, the 12 dB rule,
hangover) then decides what the decoders get. Three checks, on the same audio:

- ``energy``: :class:`~voice_host.listen.early_end.EnergyTracker` (what the host uses);
- ``silero``: silero VAD v5 (its ONNX model, run with onnxruntime), speech
  probability of 0.5 or more in any of the chunk's 32 ms windows, with the same gate;
- ``silero_only``: silero's verdict alone opening the gate (no 12 dB rule).

Audio (espeak-ng's Korean voices, as ``bench/hearing.py``): a quiet room (a
low noise floor) for 60 s; three talkers of babble alone for 60 s; and the
bench's players' phrases said over the same babble at 10 dB SNR, one every 4 s.
Figures: the share of audio each gate passes in the quiet room and over babble
(what decoding costs), the share of phrases passed whole (every chunk of the
phrase reached the decoders: a phrase cut is a phrase misheard), and the check's
own CPU per second of audio, as % of a core.

Run: ``.venv/bin/python bench/vad_compare.py`` with ``onnxruntime`` importable
and silero's model: ``pip install onnxruntime`` and ``pip install --no-deps silero-vad``
(its wheel holds the ONNX file; torch is not needed), or ``--silero FILE``.
They are not voice-host's dependencies: this bench is how the choice was made.
Last line: ``vad quiet_pass_pct=E/S/O babble_pass_pct=E/S/O phrases_whole_pct=E/S/O check_cpu_pct=E/S``
(E energy, S silero with the gate, O silero alone).
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hearing import BABBLE_VOICES, CLEAN_VOICES, NOISY_VOICES, speak

from voice_host.hearing import korean
from voice_host.hearing.trial import SAMPLE_RATE, babble, babble_gain, to_int16
from voice_host.listen.early_end import EnergyTracker
from voice_host.listen.voice_activity import SpeechGate

CHUNK = 800  # 50 ms at 16 kHz, the microphone's block
WINDOW = 512  # silero's window at 16 kHz
CONTEXT = 64  # samples of the previous window silero v5 expects before each one
PHRASE_EVERY_S = 4.0


class Silero:
    """silero VAD v5 through onnxruntime: a speech probability per 32 ms window."""

    def __init__(self, path: Path) -> None:
        import onnxruntime  # type: ignore[import-not-found]

        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = 1
        options.inter_op_num_threads = 1
        self._session = onnxruntime.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
        self._state = np.zeros((2, 1, 128), np.float32)
        self._context = np.zeros((1, CONTEXT), np.float32)
        self._pending = np.zeros(0, np.float32)
        self._sr = np.array(SAMPLE_RATE, np.int64)

    def voiced(self, chunk: bytes, threshold: float = 0.5) -> bool:
        """True when any window completed by this chunk is speech with probability >= ``threshold``."""
        samples = np.frombuffer(chunk, "<i2").astype(np.float32) / 32768.0
        self._pending = np.concatenate([self._pending, samples])
        best = 0.0
        while len(self._pending) >= WINDOW:
            window, self._pending = self._pending[:WINDOW], self._pending[WINDOW:]
            x = np.concatenate([self._context, window[None, :]], axis=1)
            out, self._state = self._session.run(None, {"input": x, "state": self._state, "sr": self._sr})
            self._context = window[None, -CONTEXT:]
            best = max(best, float(out[0][0]))
        return best >= threshold


def silero_model(given: str | None) -> Path:
    if given:
        return Path(given)
    spec = importlib.util.find_spec("silero_vad")  # found, not imported: the package imports torch
    if spec is None or spec.origin is None:
        sys.exit("vad_compare: needs silero's model: pip install --no-deps silero-vad, or --silero FILE")
    return Path(spec.origin).parent / "data" / "silero_vad.onnx"


def chunks(samples: np.ndarray) -> list[bytes]:
    data = to_int16(samples)
    return [data[i : i + CHUNK].tobytes() for i in range(0, len(data) - CHUNK + 1, CHUNK)]


def run_gate(parts: list[bytes], voiced: Callable[[bytes], bool], open_db: float) -> tuple[np.ndarray, float]:
    """Which chunks the gate passes (a mask) and the check's CPU seconds."""
    gate = SpeechGate(open_db=open_db)
    index = {id(c): i for i, c in enumerate(parts)}
    passed = np.zeros(len(parts), bool)
    cpu = 0.0
    for chunk in parts:
        start = time.process_time()
        is_voiced = voiced(chunk)
        cpu += time.process_time() - start
        for out in gate.push(chunk, is_voiced):
            passed[index[id(out)]] = True
    return passed, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--silero", help="silero_vad.onnx (default: from the silero-vad package)")
    parser.add_argument("--seconds", type=float, default=60.0, help="length of each condition (60)")
    args = parser.parse_args()
    model = silero_model(args.silero)
    rng = np.random.default_rng(19)
    talk = [speak(t, v, r) for t in korean.TALK for v, r in BABBLE_VOICES]
    phrases = [speak(t, v, r) for own in korean.OWN.values() for t in own for v, r in (*CLEAN_VOICES, *NOISY_VOICES)]
    gain = babble_gain(phrases, babble(talk, 30.0, rng))
    quiet = rng.normal(0.0, 30.0, int(args.seconds * SAMPLE_RATE))
    alone = gain * babble(talk, args.seconds, rng)
    # phrases over babble: one every PHRASE_EVERY_S, their chunk spans kept
    count = int(args.seconds // PHRASE_EVERY_S)
    over = gain * babble(talk, count * PHRASE_EVERY_S, rng)
    spans: list[tuple[int, int]] = []
    for k in range(count):
        clip = phrases[int(rng.integers(len(phrases)))]
        start = int((k * PHRASE_EVERY_S + 1.0) * SAMPLE_RATE)
        over[start : start + len(clip)] += clip
        spans.append((start // CHUNK, (start + len(clip) - 1) // CHUNK))
    conditions = {"quiet": chunks(quiet), "babble": chunks(alone), "phrases": chunks(over)}
    checks: dict[str, tuple[Callable[[], Callable[[bytes], bool]], float]] = {
        "energy": (lambda: EnergyTracker().feed, 12.0),
        "silero": (lambda: Silero(model).voiced, 12.0),
        "silero_only": (lambda: Silero(model).voiced, -1000.0),
    }
    results: dict[str, dict[str, Any]] = {name: {} for name in checks}
    for name, (make, open_db) in checks.items():
        cpu_s = 0.0
        audio_s = 0.0
        for condition, parts in conditions.items():
            passed, cpu = run_gate(parts, make(), open_db)
            cpu_s += cpu
            audio_s += len(parts) * CHUNK / SAMPLE_RATE
            if condition == "phrases":
                whole = sum(bool(passed[a : b + 1].all()) for a, b in spans)
                results[name]["whole"] = 100.0 * whole / len(spans)
            else:
                results[name][condition] = 100.0 * float(passed.mean())
        results[name]["cpu"] = 100.0 * cpu_s / audio_s
        r = results[name]
        print(f"{name:12} quiet passed {r['quiet']:5.1f} %  babble passed {r['babble']:5.1f} %  "
              f"phrases whole {r['whole']:5.1f} % of {len(spans)}  check {r['cpu']:.2f} % of a core", flush=True)
    e, s, o = (results[n] for n in ("energy", "silero", "silero_only"))
    print(f"vad quiet_pass_pct={e['quiet']:.1f}/{s['quiet']:.1f}/{o['quiet']:.1f} "
          f"babble_pass_pct={e['babble']:.1f}/{s['babble']:.1f}/{o['babble']:.1f} "
          f"phrases_whole_pct={e['whole']:.1f}/{s['whole']:.1f}/{o['whole']:.1f} "
          f"check_cpu_pct={e['cpu']:.2f}/{s['cpu']:.2f}")


if __name__ == "__main__":
    main()
