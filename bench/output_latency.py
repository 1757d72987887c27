"""The output latency the speaker asks PortAudio for, against a busy host process.

The stream's callback is Python: it needs the interpreter lock, which another
busy thread holds for up to ``sys.getswitchinterval()`` (5 ms) at a time. In a
game the host synthesizes the next sentence, decodes the microphone and runs the
game while it speaks. This bench plays a tone through the PulseAudio null sink
(the stream the speaker opens: :class:`~voice_host.speak.playback.OutputStream`)
at each latency, side by side in one run, round after round, while ``--busy``
threads spin in the same process, and counts:

- underflows: callbacks PortAudio flagged as output underflow (each one a gap
  in the voice, and a slip of the output against the echo canceller's reference);
- stretch: how much longer the tone lasted, recorded from the sink's monitor (as the
  host's microphone hears the table), than it is: silence let into it;
- silence: the time within the tone's span that was not loud (a hole in the voice);
- stalled: tones not heard in full within their length plus 5 s (the speaker
  then gives the voice up and prints the game).

Run: ``flock /tmp/vh-audio.lock python bench/output_latency.py [--rounds 5 --busy 1]``.
The last line is ``output_latency`` then, per latency asked (``low`` is PortAudio's
default low latency), ``<latency>_underflows=N <latency>_stretch_p95_ms=X <latency>_silence_p95_ms=X
<latency>_stalled=N``.
"""

from __future__ import annotations

import argparse
import sys
import threading
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from sink import ensure_pulse

from voice_host.audio.wav import Clip
from voice_host.listen.mic import MicSource
from voice_host.speak.playback import OutputStream, PlaybackFailed

RATE = 22050
TONE_S = 2.0
LATENCIES: tuple[float | str, ...] = ("low", 0.02, 0.05)


class _Underflows:
    """Stands in for the echo canceller's reference at the stream's tap: counts the blocks flagged as underflow."""

    def __init__(self) -> None:
        self.count = 0

    def played(self, block: Any, rate: int, *, at: float, underflow: bool) -> None:
        self.count += underflow

    def new_run(self) -> None:
        pass


def _tone() -> Clip:
    t = np.arange(int(RATE * TONE_S)) / RATE
    return Clip((np.sin(2 * np.pi * 440 * t) * 8000).astype(np.int16), RATE)


def _spin(stop: threading.Event) -> None:
    while not stop.is_set():
        sum(range(2000))


class _Tape:
    """Records the sink's monitor (as the host's microphone would hear the table) on a thread of its own."""

    def __init__(self) -> None:
        self.source = MicSource()
        self.chunks: list[bytes] = []
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while (chunk := self.source.read()) is not None:
            self.chunks.append(chunk.data)

    def loud(self) -> tuple[float, float]:
        """Stop; the span from the first to the last loud 10 ms frame, and the loud time within it (seconds)."""
        time.sleep(0.3)
        self.source.close()
        self._thread.join(timeout=5)
        samples = np.frombuffer(b"".join(self.chunks), dtype="<i2")
        frames = samples[: samples.size // 160 * 160].reshape(-1, 160).astype(np.float64)
        loud = np.nonzero(np.sqrt(np.mean(frames**2, axis=1)) > 1000)[0]
        if loud.size == 0:
            return 0.0, 0.0
        return (loud[-1] - loud[0] + 1) * 0.01, loud.size * 0.01


def trial(latency: float | str, busy: int) -> tuple[int, float | None, float]:
    """One tone at ``latency`` beside ``busy`` spinning threads, recorded from the sink's monitor.

    Returns the underflows, the stretch (ms; None when the tone was not played in time) and the silence heard
    within the tone (ms)."""
    tape = _Tape()
    output = OutputStream(sample_rate=RATE, latency=latency)
    counter = _Underflows()
    try:
        output.warm_up(Clip(np.zeros(441, dtype=np.int16), RATE)).wait()
        until = time.monotonic() + 5.0  # warm: stopped once the blip was heard, as before a game's first sentence
        while output.stops == 0 and time.monotonic() < until:
            time.sleep(0.01)
        output.tap = counter  # type: ignore[assignment]  # a counter at the port, not a canceller
        stop = threading.Event()
        spinners = [threading.Thread(target=_spin, args=(stop,), daemon=True) for _ in range(busy)]
        for spinner in spinners:
            spinner.start()
        try:
            output.play(_tone())
            played = True
        except PlaybackFailed:
            played = False
        finally:
            stop.set()
            for spinner in spinners:
                spinner.join()
    finally:
        output.close()
    span, loud = tape.loud()
    return counter.count, (span - TONE_S) * 1000 if played else None, (span - loud) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--busy", type=int, default=1, help="spinning Python threads beside the stream")
    args = parser.parse_args()
    ensure_pulse()
    results: dict[str, list[tuple[int, float | None, float]]] = {str(latency): [] for latency in LATENCIES}
    for round_ in range(args.rounds):
        for latency in LATENCIES:
            underflows, stretch, holes = trial(latency, args.busy)
            results[str(latency)].append((underflows, stretch, holes))
            shown = "stalled" if stretch is None else f"{stretch:.0f} ms"
            print(f"round {round_ + 1} latency={latency}: underflows={underflows} stretch={shown} "
                  f"silence_within={holes:.0f} ms", flush=True)
    figures = []
    for name, runs in results.items():
        stretches = [s for _, s, _ in runs if s is not None]
        p95 = f"{np.percentile(stretches, 95):.0f}" if stretches else "nan"
        stalled = sum(s is None for _, s, _ in runs)
        underflows = sum(u for u, _, _ in runs)
        silence = f"{np.percentile([h for _, _, h in runs], 95):.0f}"
        figures.append(f"{name}_underflows={underflows} {name}_stretch_p95_ms={p95} {name}_silence_p95_ms={silence} "
                       f"{name}_stalled={stalled}")
    print("output_latency " + " ".join(figures))


if __name__ == "__main__":
    main()
