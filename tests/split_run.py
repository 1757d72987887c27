"""Run pytest as one process per core, each over its own share of the test files: ``./run test --fast``.

    python tests/split_run.py JOBS [pytest options...]

pytest-xdist sends every test's report from its worker to the controller, about 3 ms of a core
per test on a slow machine: 10 s of the fast tier's 3,300 tests, on two cores a third of its
time. Here each process collects and runs its own files and reports once, at its end. The
files are shared out by the seconds each took at the last run (``.pytest_cache/voice-host/
file-seconds.json``, each process's times, from the plugin ``file_seconds.py``, merged into it at
the end; a file never timed counts as one second), the longest first, each to the process with
the least so far.

What is split: every module below ``tests/`` (the helpers' for their doctests) and the three
packages (theirs), as a plain run collects them.
Each process's output is printed once all have ended, in order; the exit status is the
first failing one's (5, no test collected, only when no process collected any).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "grammars", "voice_host")
TIMES = REPO / ".pytest_cache" / "voice-host" / "file-seconds.json"


def targets() -> list[str]:
    """What a plain run collects, as paths relative to the repository: test files and package folders."""
    tests = sorted(str(path.relative_to(REPO)) for path in (REPO / "tests").rglob("*.py")
                   if path.name not in ("conftest.py", "__init__.py"))
    return [*tests, *PACKAGES]


def shares(paths: list[str], seconds: dict[str, float], jobs: int) -> list[list[str]]:
    """``paths`` in ``jobs`` groups of about equal seconds (longest first, each to the lightest group).

    >>> shares(["a", "b", "c", "d"], {"a": 5.0, "b": 3.0, "c": 2.0}, 2)
    [['a', 'd'], ['b', 'c']]
    """
    groups: list[list[str]] = [[] for _ in range(jobs)]
    load = [0.0] * jobs
    for path in sorted(paths, key=lambda p: (-seconds.get(p, 1.0), p)):
        lightest = load.index(min(load))
        groups[lightest].append(path)
        load[lightest] += seconds.get(path, 1.0)
    return [group for group in groups if group]


def seconds_per_target(paths: list[str]) -> dict[str, float]:
    """The last run's seconds per target (a package's are its modules' summed)."""
    try:
        per_file = {str(k): float(v) for k, v in json.loads(TIMES.read_text(encoding="utf-8")).items()}
    except (OSError, ValueError, AttributeError):
        return {}
    found: dict[str, float] = {}
    for path in paths:
        found[path] = sum(v for k, v in per_file.items() if k == path or k.startswith(path + "/"))
    return {k: v for k, v in found.items() if v > 0.0}


def remember(written: list[Path]) -> None:
    """Merge the processes' seconds per file into the record the next run shares by."""
    try:
        known = json.loads(TIMES.read_text(encoding="utf-8"))
        if not isinstance(known, dict):
            known = {}
    except (OSError, ValueError):
        known = {}
    for path in written:
        try:
            known.update(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError):
            continue  # a process that ended before its session finished: its files keep their old times
    TIMES.parent.mkdir(parents=True, exist_ok=True)
    TIMES.write_text(json.dumps(known, indent=0, sort_keys=True), encoding="utf-8")


def combined(statuses: list[int]) -> int:
    """One exit status for the processes: the first failure's; 5 only when every process collected nothing.

    >>> combined([0, 5]), combined([5, 5]), combined([0, 1]), combined([2, 1])
    (0, 5, 1, 2)
    """
    if all(status == 5 for status in statuses):
        return 5
    return next((status for status in statuses if status not in (0, 5)), 0)


def main(argv: list[str]) -> int:
    jobs, options = max(1, int(argv[0])), argv[1:]
    paths = targets()
    groups = shares(paths, seconds_per_target(paths), jobs)
    started = time.monotonic()
    print(f"split_run: {len(groups)} pytest processes over {len(paths)} files and packages; their outputs follow "
          "once all have ended", flush=True)
    path = os.pathsep.join([str(REPO / "tests"), *filter(None, [os.environ.get("PYTHONPATH")])])
    with tempfile.TemporaryDirectory(prefix="vh-split-") as folder:
        runs = []
        for index, group in enumerate(groups):
            out = (Path(folder) / f"{index}.txt").open("w+", encoding="utf-8")
            env = dict(os.environ, PYTHONPATH=path, VOICE_HOST_FILE_SECONDS=str(Path(folder) / f"{index}.json"))
            command = [sys.executable, "-m", "pytest", "-p", "no:xdist", "-p", "file_seconds", *options, *group]
            runs.append((subprocess.Popen(command, cwd=REPO, stdout=out, stderr=subprocess.STDOUT, env=env), out))
        statuses = []
        for process, out in runs:
            statuses.append(process.wait())
            out.seek(0)
            sys.stdout.write(out.read())
            out.close()
        remember([Path(folder) / f"{index}.json" for index in range(len(groups))])
    print(f"split_run: {len(groups)} processes ended in {time.monotonic() - started:.1f}s")
    return combined(statuses)


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except KeyboardInterrupt:  # Ctrl-C reached the pytest processes too (one process group): they stop themselves
        sys.exit(130)
