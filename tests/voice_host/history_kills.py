"""kill -9 during a history import: the helper of tests/voice_host/history/test_kills.py and bench/kill_history.py.

A child process opens the history of a folder of journals (the catch-up of a start) and
is killed with SIGKILL, with its whole process group (its worker processes), a chosen
time after it says it is about to import. The next start's catch-up, in this process,
must then give exactly the figures of a clean rebuild: the same statistics, the same
games, an intact database, and every journal marked as seen.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]

#: The child: open the history (which catches up the folder's journals), saying when it starts and ends.
CHILD = (
    "import sys\n"
    "from pathlib import Path\n"
    "from voice_host.history.database import open_history\n"
    "print('go', flush=True)\n"
    "open_history(Path(sys.argv[1]), say=lambda line: None).close()\n"
    "print('done', flush=True)\n"
)


def write_journals(folder: Path, copies: int) -> int:
    """``copies`` copies of the hand-worked set of six journals (tests/voice_host/history/conftest.py) in ``folder``."""
    path = REPO / "tests" / "voice_host" / "history" / "conftest.py"
    spec = importlib.util.spec_from_file_location("history_journal_set", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    source = folder.parent / (folder.name + "-set")
    source.mkdir(parents=True, exist_ok=True)
    journals = list(module.write_journal_set(source).values())
    folder.mkdir(parents=True, exist_ok=True)
    for number in range(copies * len(journals)):
        original = journals[number % len(journals)]
        shutil.copy2(original, folder / f"{original.stem[:-6]}{number:06d}.jsonl")
    return copies * len(journals)


def figures(folder: Path) -> dict[str, Any]:
    """The history of ``folder`` as a start finds it after its catch-up: statistics, games, integrity, seen marks."""
    from voice_host.history import report
    from voice_host.history.database import open_history
    from voice_host.history.stats import as_json, statistics

    store = open_history(folder, say=lambda line: None)
    try:
        return {
            "statistics": as_json(statistics(store)),
            "games": report.games_json(store.list_games()),
            "integrity": store.db.execute("PRAGMA integrity_check").fetchall(),
            "seen": store.db.execute("SELECT state, COUNT(*) FROM seen GROUP BY state").fetchall(),
        }
    finally:
        store.close()


def remove_history(folder: Path) -> None:
    """Delete the history's files (the database and its WAL): the next start rebuilds it."""
    for path in folder.glob("history.sqlite3*"):
        path.unlink()


def start_import(folder: Path) -> subprocess.Popen[str]:
    """The child, in its own process group, once it has said it is about to import."""
    env = dict(os.environ, PYTHONPATH=str(REPO))
    proc = subprocess.Popen([sys.executable, "-c", CHILD, str(folder)], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True, env=env, start_new_session=True)
    assert proc.stdout is not None
    assert proc.stdout.readline() == "go\n"
    return proc


def timed_import(folder: Path) -> float:
    """Seconds from "go" to "done" of an import left to finish (the window the kills fall in)."""
    proc = start_import(folder)
    began = time.monotonic()
    assert proc.stdout is not None
    assert proc.stdout.readline() == "done\n"
    took = time.monotonic() - began
    proc.wait()
    return took


def kill_during_import(folder: Path, delay: float) -> bool:
    """Start an import and SIGKILL it (its group) ``delay`` seconds later; True if it had not finished."""
    proc = start_import(folder)
    time.sleep(delay)
    finished = proc.poll() is not None
    if not finished:
        with contextlib.suppress(ProcessLookupError):  # the group ended between the two lines
            os.killpg(proc.pid, signal.SIGKILL)  # the group this child leads: it and its worker processes
    proc.wait()
    assert proc.stdout is not None
    out = proc.stdout.read()
    return not finished and "done" not in out


def database_opens(folder: Path) -> bool:
    """The database a kill left behind opens and passes SQLite's integrity check (before any catch-up)."""
    path = folder / "history.sqlite3"
    if not path.exists():
        return True
    db = sqlite3.connect(path)
    try:
        return db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    finally:
        db.close()
