"""Which echo canceller: WebRTC's AEC3 (livekit's wheels) or speexdsp's (pyaec's wheels)?

Issue 33 asked to compare the maintained libraries that ship wheels for Linux,
Windows and macOS on the same recordings. speexdsp's own Python bindings
(``speexdsp`` on PyPI) are a source package that needs the system's
libspeexdsp and a compiler: no wheels, so they are not a candidate for a host
installed with pip on three systems; ``pyaec`` ships speexdsp's canceller built
for all three.

The recordings (made here, deterministic): the host's sentences and its
listening cue (espeak-ng's Italian voice, the one pyttsx3 drives, 16 kHz) played
through the three rooms of :mod:`voice_host.audio.echo_rig` (20, 60 and 120 ms
of delay, reverberation, a laptop speaker's colouring and mild nonlinearity);
in the second half a player's Korean phrase (espeak-ng, as the other audio tests)
is said over the host every 3 s, 6 dB under the echo's level (a player across the
table, the loudspeaker at full volume on it).

Figures per canceller, over the three rooms:

- ``erle_db``: echo return loss enhancement over the echo alone, after the
  first 2 s (the filters' convergence, also shown: ``erle_first2s_db``);
- ``near_sdr_db``: while the player speaks over the host, the player's speech
  against what is left of the echo and the distortion (output minus the player's
  clean speech), in dB: what the recognizer gets;
- ``double_talk_kept_db``: the level of what comes out while the player speaks over
  the host, against the player's own level (0: the player passes whole; WebRTC's
  residual echo suppressor, which livekit does not let us tune, ducks it);
- ``cpu_pct``: CPU per second of audio, as % of a core (``time.process_time``,
  the library's own threads included);
- ``latency_ms``: how much later a click in the near end comes out;
- ``install_mb``: the installed size of the package and the dependencies it
  brings that voice-host does not already have.

Run: ``.venv/bin/python bench/echo_compare.py`` with livekit and pyaec
installed (``pip install livekit pyaec``). Last line:
``echo-compare erle_db=A/B/.. near_sdr_db=A/B/.. double_talk_kept_db=A/B/..
cpu_pct=A/B/.. latency_ms=A/B/.. install_mb=A/B/..``, one figure per configuration of
``echo_cancel.BACKENDS`` in the order the line before it names.
"""

from __future__ import annotations

import functools
import importlib.metadata
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from voice_host.audio.echo_cancel import BACKENDS, CancellerUnavailable, erle_db, open_canceller
from voice_host.audio.echo_rig import ROOMS, level_db, mix
from voice_host.audio.wav import read_wav, resample
from voice_host.speak.earcon import earcon

RATE = 16000
HOST = [
    "Tocca a Bruno. Quanto dichiari?",
    "Marco dichiara sessantadue. Bruno, ci credi?",
    "Dubiti? Scopriamo i dadi: cinque e tre, cinquantatré. Marco perde un gettone.",
    "Classifica: Anna tre gettoni, Bruno due, Marco uno.",
    "Hai tirato tre, tre, cinque, sei e uno. Quali dadi tieni?",
    "Puoi dire, per esempio: tengo i tre, oppure ritira tutto.",
]
PLAYER = ["다시 시작", "점수 취소", "여덟", "아니요 다섯"]
#: The installed distributions each candidate brings (voice-host already has numpy).
DISTRIBUTIONS = {"webrtc": ("livekit", "protobuf", "types-protobuf", "aiofiles"), "speex": ("pyaec",), "block": ()}


@functools.cache
def espeak(text: str, voice: str) -> np.ndarray:
    """espeak-ng's rendering of ``text`` (``voice``), 16 kHz int16."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "s.wav"
        subprocess.run(["espeak-ng", "-v", voice, "-w", str(path), text], check=True, capture_output=True)
        return resample(read_wav(path), RATE).samples.astype(np.int16)


def host_audio() -> np.ndarray:
    """The host's sentences, each followed by a short pause and the cue every other one (about 20 s)."""
    cue = resample(earcon(22050), RATE).samples.astype(np.int16)
    parts: list[np.ndarray] = []
    for index, text in enumerate(HOST * 2):
        parts.append(espeak(text, "it"))
        parts.append(np.zeros(int(0.08 * RATE), np.int16))
        if index % 2:
            parts.extend([cue, np.zeros(int(0.3 * RATE), np.int16)])
    return np.concatenate(parts)


def player_track(length: int, echo: np.ndarray, start: int) -> tuple[np.ndarray, list[tuple[int, int]]]:
    """The player's phrases from ``start``, one every 3 s, 6 dB under the echo's level; and their spans."""
    track = np.zeros(length)
    spans = []
    target = level_db(echo[np.abs(echo) > 1]) - 6.0
    at, index = start, 0
    while True:
        phrase = espeak(PLAYER[index % len(PLAYER)], "ko").astype(np.float64)
        if at + len(phrase) > length:
            break
        gain = 10 ** ((target - level_db(phrase)) / 20)
        track[at : at + len(phrase)] += phrase * gain
        spans.append((at, at + len(phrase)))
        at, index = at + 3 * RATE, index + 1
    return track, spans


def run(name: str, far: np.ndarray, mic: np.ndarray) -> tuple[np.ndarray, float]:
    """The canceller's output on ``mic`` with ``far`` as reference, and its CPU per second of audio (% of a core)."""
    canceller = open_canceller(name, sample_rate=RATE)
    started = time.process_time()
    out = np.concatenate([canceller.process(mic[i : i + 800], far[i : i + 800]) for i in range(0, len(mic), 800)])
    cpu = time.process_time() - started
    return np.pad(out, (0, len(mic) - len(out))), 100 * cpu / (len(mic) / RATE)


def latency_ms(name: str) -> float:
    """How much later a click said into the near end (no far end) comes out, in ms (after 1 s of noise)."""
    rng = np.random.default_rng(3)
    near = (rng.standard_normal(2 * RATE) * 300).astype(np.int16)
    near[RATE : RATE + 80] = 12000
    out, _ = run(name, np.zeros_like(near), near)
    around = slice(RATE - 400, RATE + 1200)
    lag = np.argmax(np.correlate(out[around].astype(float), near[around].astype(float), "full"))
    return max(0.0, (lag - (1600 - 1)) * 1000 / RATE)


def install_mb(name: str) -> float:
    """Installed size of ``name``'s distributions, MB."""
    total = 0
    for dist_name in DISTRIBUTIONS[name.split("-")[0]]:
        try:
            dist = importlib.metadata.distribution(dist_name)
        except importlib.metadata.PackageNotFoundError:
            continue
        for file in dist.files or []:
            path = Path(str(dist.locate_file(file)))
            total += path.stat().st_size if path.is_file() else 0
    return total / 1e6


def main() -> int:
    names = list(BACKENDS)
    far = host_audio()
    half = len(far) // 2
    keys = ("erle", "erle2", "sdr", "cpu", "kept")
    figures: dict[str, dict[str, list[float]]] = {n: {k: [] for k in keys} for n in names}
    for room in ROOMS:
        echo = room.echo(far, RATE)
        near, spans = player_track(len(far), echo, half)
        mic = mix(echo, near, at=0)
        print(f"room delay={room.delay_s * 1000:.0f}ms rt60={room.rt60_s:.2f}s drive={room.drive} "
              f"echo={level_db(echo):.1f}dBFS player_phrases={len(spans)}")
        for name in names:
            try:
                out, cpu = run(name, far, mic)
            except CancellerUnavailable as exc:
                print(f"  {name}: unavailable ({exc})")
                continue
            single = slice(2 * RATE, half)
            figures[name]["erle"].append(erle_db(mic[single], out[single]))
            figures[name]["erle2"].append(erle_db(mic[: 2 * RATE], out[: 2 * RATE]))
            err = np.concatenate([out[a:b].astype(float) - near[a:b] for a, b in spans])
            clean = np.concatenate([near[a:b] for a, b in spans])
            raw_err = np.concatenate([mic[a:b].astype(float) - near[a:b] for a, b in spans])
            sdr = 10 * np.log10(np.mean(clean**2) / max(np.mean(err**2), 1e-6))
            raw = 10 * np.log10(np.mean(clean**2) / max(np.mean(raw_err**2), 1e-6))
            figures[name]["sdr"].append(sdr)
            kept = level_db(np.concatenate([out[a:b] for a, b in spans])) - level_db(clean)
            figures[name]["kept"].append(kept)
            figures[name]["cpu"].append(cpu)
            print(f"  {name:7s} erle_db={figures[name]['erle'][-1]:5.1f} "
                  f"erle_first2s_db={figures[name]['erle2'][-1]:5.1f} near_sdr_db={sdr:5.1f} "
                  f"(uncancelled {raw:5.1f}) double_talk_kept_db={kept:5.1f} cpu_pct={cpu:4.2f}")
    summary = {}
    for name in names:
        f = figures[name]
        if not f["erle"]:
            summary[name] = ("-", "-", "-", "-", "-", "-")
            continue
        summary[name] = (
            f"{np.mean(f['erle']):.1f}", f"{np.mean(f['sdr']):.1f}", f"{np.mean(f['kept']):.1f}",
            f"{np.mean(f['cpu']):.2f}",
            f"{latency_ms(name):.0f}", f"{install_mb(name):.1f}",
        )
    print("order " + "/".join(names))
    names_out = ("erle_db", "near_sdr_db", "double_talk_kept_db", "cpu_pct", "latency_ms", "install_mb")
    print("echo-compare " + " ".join(f"{k}={'/'.join(summary[n][i] for n in names)}" for i, k in enumerate(names_out)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
