"""The live board under hostile loopback clients: a viewer's latency and the peak memory, before and after.

Starts ``voice-host play --board 0`` (Tokio, typed input, printed speech: the
game waits for its first claim, as a table does while the board is watched),
once from the commit before the board was hardened (``--before``, extracted
with ``git archive``) and once from this tree, side by side in one run. Against
each it lets loose ``--hostile`` clients (``tests/e2e/board_load.py``: slowloris
head lines, the largest heads the standard library accepts, event streams that
never read), then times a viewer getting the page and ``/state`` ``--views``
times (a refusal is retried; after 5 s it counts as 5000 ms and a failure) and
reads the server process's peak resident memory (``VmHWM``).

Run: ``nice -n 10 python bench/board_load.py [--hostile 200] [--views 40] [--before REV]``.
The last line is ``board_load hostile=N before_p95_ms=N before_failures=N before_peak_mb=N
after_p95_ms=N after_failures=N after_peak_mb=N`` (one line).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

from board_game import BoardGame  # noqa: E402
from board_load import Load, run  # noqa: E402

#: main just before issue 30's board work (the threaded http.server board, 32 slots).
BEFORE = "9f4ea26"
GAME = ["--game", "tokio", "--players", "Anna,Bruno,Carla", "--rules", "milella"]


def measure(repo: Path, work: Path, hostile: int, views: int) -> Load:
    """Run one board from ``repo`` under ``hostile`` clients."""
    game = BoardGame(GAME, work, repo=repo)
    try:
        port = int(game.url.rstrip("/").rsplit(":", 1)[1])
        return run(port, game.proc.pid, hostile, views)
    finally:
        game.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hostile", type=int, default=200)
    parser.add_argument("--views", type=int, default=40)
    parser.add_argument("--before", default=BEFORE, help="the commit to compare with (default: %(default)s)")
    args = parser.parse_args()
    results = {}
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        before = work / "before"
        before.mkdir()
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", args.before], check=True, capture_output=True)
        subprocess.run(["tar", "-x", "-C", str(before)], input=archive.stdout, check=True)
        for name, repo in (("before", before), ("after", ROOT)):
            load = measure(repo, work, args.hostile, args.views)
            results[name] = load
            print(f"{name}: viewer p95 {load.p95():.0f} ms, {load.failures}/{len(load.viewer_ms)} gave up, "
                  f"peak {load.peak_rss_kb / 1024:.0f} MB, {load.hostile_connects} hostile connections", flush=True)
    b, a = results["before"], results["after"]
    print(f"board_load hostile={args.hostile} before_p95_ms={b.p95():.0f} before_failures={b.failures} "
          f"before_peak_mb={b.peak_rss_kb / 1024:.0f} after_p95_ms={a.p95():.0f} after_failures={a.failures} "
          f"after_peak_mb={a.peak_rss_kb / 1024:.0f}")


if __name__ == "__main__":
    main()
