"""The history at 10,000 games: import time, each statistics query's time, the database's size.

Writes N journals (copies of the hand-worked set of tests/voice_host/history, under
new names: each one is read, checked and replayed through its engine like any other),
imports them into a fresh database, then times every query the host makes. No solved
Yatzi table is cached, so the coach's pricing is left out of the import time.

    .venv/bin/python bench/history.py [--games 10000]

The import is timed twice on the same journals: one game a transaction in one process
(``serial_import_s``, the first version) and the catch-up as it is (``import_s``).
The last line: ``import_s=... serial_import_s=... per_game_ms=... load=...
stats_ms=... storico_ms=... record_ms=... player_ms=... db_kb=...``.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "voice_host" / "history"))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10_000)
    count = parser.parse_args().games
    with tempfile.TemporaryDirectory() as temporary:
        os.environ["XDG_CACHE_HOME"] = str(Path(temporary) / "cache")
        from conftest import write_journal_set

        from grammars.history_questions import HistoryQuestion
        from voice_host.history.database import history_path, open_history
        from voice_host.history.stats import statistics
        from voice_host.history.voice import answer

        source = Path(temporary) / "set"
        source.mkdir()
        journals = list(write_journal_set(source).values())
        folder = Path(temporary) / "voice-host"
        folder.mkdir()
        for number in range(count):
            original = journals[number % len(journals)]
            shutil.copy2(original, folder / f"{original.stem[:-6]}{number:06d}.jsonl")
        from voice_host.history import journals

        # side by side on the same journals: the first version's way (one game a transaction, one process),
        # then the catch-up as it is (batches of journals.BATCH games, worker processes)
        batch, parallel = journals.BATCH, journals.PARALLEL_FROM
        journals.BATCH, journals.PARALLEL_FROM = 1, count + 1
        start = time.perf_counter()
        open_history(folder, say=print).close()
        serial = time.perf_counter() - start
        journals.BATCH, journals.PARALLEL_FROM = batch, parallel
        for stale in folder.glob(history_path(folder).name + "*"):
            stale.unlink()
        start = time.perf_counter()
        store = open_history(folder, say=print)
        imported = time.perf_counter() - start
        assert store.counts()[0] == count, store.counts()

        def timed(run: object) -> float:
            best = float("inf")
            for _ in range(5):
                began = time.perf_counter()
                run()  # type: ignore[operator]
                best = min(best, time.perf_counter() - began)
            return best * 1000

        stats_ms = timed(lambda: statistics(store))
        storico_ms = timed(lambda: store.list_games(limit=50))
        record_ms = timed(lambda: answer(store, HistoryQuestion("record", "yatzi")))
        player_ms = timed(lambda: answer(store, HistoryQuestion("player", "Anna")))
        store.close()
        size = sum(p.stat().st_size for p in folder.glob(history_path(folder).name + "*"))
        print(f"games={count} import_s={imported:.2f} serial_import_s={serial:.2f}"
              f" per_game_ms={imported / count * 1000:.2f} load={os.getloadavg()[0]:.1f}"
              f" stats_ms={stats_ms:.1f} storico_ms={storico_ms:.1f} record_ms={record_ms:.1f}"
              f" player_ms={player_ms:.1f} db_kb={size // 1024}")


if __name__ == "__main__":
    main()
