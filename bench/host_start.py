"""Benchmark: what one start of the host costs, from the command to the end of a one-answer Tokio game.

    python bench/host_start.py [--runs N] [--before DIR]

Each run is a fresh ``python -m voice_host play`` of Tokio for two players at the
keyboard's pace: a script of one claim, the printed voice off, no journal, no
computer seat and no board (the start every end-to-end test and every evening's
game pays). ``--before DIR`` (e.g. a ``git archive`` copy of main) runs the same
command on that tree, run by run alternating with this one, so that both columns
share the machine's moods. Prints the median CPU (user + system, the interpreter's
threads included) and wall milliseconds of each tree; the last line is
``host_start cpu_ms=X wall_ms=X`` (this tree), preceded by ``before_cpu_ms=X
before_wall_ms=X`` on the same line when ``--before`` is given. Asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
ARGS = ("play", "--game", "tokio", "--players", "Anna,Bruno", "--tts", "none", "--no-journal")


def one_start(tree: Path, script: Path, folder: Path) -> tuple[float, float]:
    """CPU and wall seconds of one start of the host in ``tree``."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # cached bytecode, as an installed host has (pip compiles it)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "voice_host", *ARGS, "--input", f"script:{script}"],
                          capture_output=True, text=True, env=env, cwd=folder, timeout=120)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if "Anna, tira e dichiara." not in proc.stdout:
        raise SystemExit(f"host_start: {tree} did not start a game: {proc.stderr[-500:]}")
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, wall


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=20, help="starts of each tree")
    parser.add_argument("--before", type=Path, help="another tree (e.g. a git archive of main), run alternately")
    args = parser.parse_args()
    trees = [*([args.before.resolve()] if args.before else []), REPO]
    runs: dict[Path, list[tuple[float, float]]] = {tree: [] for tree in trees}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        script = folder / "answers.txt"
        script.write_text("cinquantatré\n", encoding="utf-8")
        for tree in trees:
            one_start(tree, script, folder)  # writes the tree's bytecode: not a start a player waits for
        for _ in range(args.runs):
            for tree in trees:
                runs[tree].append(one_start(tree, script, folder))
    figures = []
    for tree in trees:
        cpu = statistics.median(c for c, _ in runs[tree]) * 1000
        wall = statistics.median(w for _, w in runs[tree]) * 1000
        name = "before_" if tree != REPO else ""
        print(f"{tree}: median cpu {cpu:.0f} ms, wall {wall:.0f} ms over {args.runs} starts")
        figures.append(f"{name}cpu_ms={cpu:.0f} {name}wall_ms={wall:.0f}")
    print("host_start " + " ".join(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
