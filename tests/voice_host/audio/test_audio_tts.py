"""pyttsx3 synthesis under load: every sentence complete, in every process (real espeak-ng).

pyttsx3 2.99's espeak driver can return from ``runAndWait`` before the WAV is
written, and now and then loses the rate setting: in a fresh process with a busy
CPU, sentences came out empty (0 s) or slower, about one process in three,
before ``Pyttsx3Engine`` waited for the driver and re-applied its settings.
"""

from __future__ import annotations

import glob
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.audio

REPO = Path(__file__).resolve().parents[3]
SENTENCES = ["Si gioca a Tokio, regole classiche, dadi da 6.", "Nuovo giro: apre Anna.", "Anna, tira e dichiara."]
PROGRAM = """
import multiprocessing, sys, time

def busy():
    end = time.monotonic() + 20
    while time.monotonic() < end:
        pass

if __name__ == "__main__":
    load = multiprocessing.Process(target=busy, daemon=True)
    load.start()
    from voice_host.speak.speaker import Pyttsx3Speaker
    speaker = Pyttsx3Speaker(voice="it", rate=210)
    print(" ".join(f"{speaker.synthesize(s).seconds:.3f}" for s in sys.argv[1:]))
    speaker.close()
    load.terminate()
"""


def _stray_files() -> set[str]:
    return set(glob.glob(os.path.join(tempfile.gettempdir(), "voice-host-*.wav")))


def test_every_sentence_is_synthesized_in_full_in_every_fresh_process(espeak: str) -> None:
    before = _stray_files()
    env = dict(os.environ, PYTHONPATH=str(REPO))
    runs = []
    for _ in range(6):
        done = subprocess.run([sys.executable, "-c", PROGRAM, *SENTENCES], capture_output=True, text=True,
                              timeout=60, env=env, check=False)
        assert done.returncode == 0, done.stderr[-2000:]
        runs.append([float(x) for x in done.stdout.split()])
    for i, sentence in enumerate(SENTENCES):
        lengths = [run[i] for run in runs]
        # the same sentence at the same rate always lasts the same: none empty, cut or slowed
        assert min(lengths) > 0.8 and max(lengths) - min(lengths) < 0.05, (sentence, lengths)
    assert _stray_files() <= before  # a late write after a racing synthesis would leave one
