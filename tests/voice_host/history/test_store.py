"""The history's database: idempotent imports, migrations from version 1, a damaged file, the catch-up."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from voice_host.history import store as st
from voice_host.history.database import history_path, open_history
from voice_host.history.journals import import_journal, rebuild
from voice_host.history.stats import as_json, statistics


def snapshot(db_path: Path) -> list[tuple[object, ...]]:
    """Every row of the game tables, in a fixed order (ids included: a re-import must not renumber)."""
    db = sqlite3.connect(db_path)
    try:
        return [row for table in ("players", "aliases", "games", "seats", "facts")
                for row in db.execute(f"SELECT * FROM {table} ORDER BY 1, 2")]
    finally:
        db.close()


def test_importing_the_same_journal_twice_changes_nothing(journal_set: tuple[Path, dict[str, Path]]) -> None:
    folder, paths = journal_set
    store = open_history(folder, say=print)
    before = snapshot(history_path(folder))
    assert len(before) > 20
    for path in paths.values():
        assert import_journal(store, str(path)) is False
    store.close()
    store = open_history(folder, say=print)  # the catch-up at a new start: nothing new
    assert snapshot(history_path(folder)) == before


def test_a_rebuild_gives_the_same_statistics(journal_set: tuple[Path, dict[str, Path]]) -> None:
    folder, _ = journal_set
    store = open_history(folder, say=print)
    figures = as_json(statistics(store))
    assert rebuild(store, [folder]) == 6
    assert as_json(statistics(store)) == figures


def test_a_game_not_over_stays_out_until_it_ends(journal_set: tuple[Path, dict[str, Path]]) -> None:
    from voice_host.storage.journal import Journal

    folder, _ = journal_set
    store = open_history(folder, say=print)
    path = folder / "tokio-20240310-210000-000007.jsonl"
    journal = Journal.create(str(path), "tokio", {"rules": "classico", "players": ["Anna", "Bruno"], "first": "Anna"})
    journal.append({"type": "claim", "dice": [4, 2]})
    assert import_journal(store, str(path)) is False
    assert store.counts()[0] == 6
    # the players end it; the host crashes before the history is written: the next start catches it up
    journal.append_end()
    journal.close()
    store.close()
    store = open_history(folder, say=print)
    assert store.counts()[0] == 7
    assert store.list_games()[0].game.journal == str(path) and store.list_games()[0].game.result == "stopped"


def test_a_merge_makes_two_names_one_player_and_survives_a_rebuild(journal_set: tuple[Path, dict[str, Path]]) -> None:
    folder, _ = journal_set
    store = open_history(folder, say=print)
    anna, carla = store.find_player("anna"), store.find_player("carla")
    assert anna is not None and carla is not None
    store.merge(anna[0], carla[0])
    rebuild(store, [folder])
    players = {p["name"]: p for p in as_json(statistics(store))["players"]}
    assert "Carla" not in players
    assert (players["Anna"]["games"], players["Anna"]["tokio"]["games"]) == (6, 4)  # T1 counts once per seat
    assert players["Anna"]["tokio"]["penalties_taken"] == 2  # Carla's two in T1


def test_a_damaged_file_is_set_aside_with_one_line_and_rebuilt(journal_set: tuple[Path, dict[str, Path]]) -> None:
    folder, _ = journal_set
    history_path(folder).write_bytes(b"this is no database, just a file that happens to be here\n" * 100)
    said: list[str] = []
    store = open_history(folder, say=said.append)
    assert len(said) == 1 and "rovinato" in said[0] and "ricostruisco dai giornali" in said[0]
    assert store.counts() == (6, 4)
    assert len(list(folder.glob("history.sqlite3.rotto-*"))) == 1


def test_a_truncated_database_is_set_aside_and_rebuilt(journal_set: tuple[Path, dict[str, Path]]) -> None:
    folder, _ = journal_set
    open_history(folder, say=print).close()
    data = history_path(folder).read_bytes()
    history_path(folder).write_bytes(data[:100] + b"\xff" * (len(data) - 100))  # the header survives, the rest not
    said: list[str] = []
    store = open_history(folder, say=said.append)
    assert len(said) == 1 and store.counts() == (6, 4)


def test_a_foreign_sqlite_file_is_not_taken_for_ours(journal_set: tuple[Path, dict[str, Path]]) -> None:
    folder, _ = journal_set
    db = sqlite3.connect(history_path(folder))
    db.execute("CREATE TABLE recipes (name TEXT)")
    db.commit()
    db.close()
    said: list[str] = []
    store = open_history(folder, say=said.append)
    assert len(said) == 1 and store.counts() == (6, 4)
    aside = next(folder.glob("history.sqlite3.rotto-*"))
    assert sqlite3.connect(aside).execute("SELECT name FROM sqlite_master").fetchall() == [("recipes",)]


def test_a_version_1_database_is_migrated_keeping_its_games(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    db = sqlite3.connect(path)
    for statement in st.MIGRATIONS[1].split(";"):
        db.execute(statement)
    db.execute(f"PRAGMA application_id = {st.APPLICATION_ID}")
    db.execute("PRAGMA user_version = 1")
    db.execute("INSERT INTO players (id, name) VALUES (1, 'Anna')")
    db.execute("INSERT INTO aliases VALUES ('anna', 1)")
    db.execute("INSERT INTO games VALUES (1, '/j.jsonl', 'x', 'tokio', 'classico', NULL, '2024-01-01T21:00:00',"
               " NULL, 3, 'finished')")
    db.execute("INSERT INTO seats VALUES (1, 0, 1, 0, NULL, 1)")
    db.execute("INSERT INTO facts VALUES (1, 0, 'penalties_given', 2)")
    db.commit()
    db.close()
    store = st.open_store(path)
    assert st.schema_version(store.db) == st.SCHEMA_VERSION == 3
    assert store.counts() == (1, 1)
    assert store.seen("/j.jsonl") is None  # the table version 2 adds is there
    # version 3 copies the fact's player, game and result into it: Anna's one finished Tokio game
    assert store.fact_sums() == [(1, "tokio", "penalties_given", True, 1, 2.0, 2.0)]
    assert store.list_games()[0].winner == "Anna"


def test_a_newer_schema_is_refused_not_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    st.open_store(path).close()
    db = sqlite3.connect(path)
    db.execute("PRAGMA user_version = 99")
    db.commit()
    db.close()
    with pytest.raises(st.NewerHistory):
        st.open_store(path)


@pytest.mark.slow  # seconds of simulation or processes: the full tier
def test_a_catch_up_in_worker_processes_and_small_batches_gives_the_hand_worked_figures(
    journal_set: tuple[Path, dict[str, Path]], monkeypatch: pytest.MonkeyPatch,
) -> None:
    from voice_host.history import journals

    folder, _ = journal_set
    (folder / "broken.jsonl").write_text("not a journal\n", encoding="utf-8")
    monkeypatch.setattr(journals, "PARALLEL_FROM", 1)  # replayed in worker processes
    monkeypatch.setattr(journals, "BATCH", 4)  # six games and a bad file in two transactions
    errors: list[str] = []
    store = st.open_store(history_path(folder))
    assert journals.catch_up(store, folder, lambda path, why: errors.append(Path(path).name)) == 6
    assert errors == ["broken.jsonl"]
    players = {p["name"]: p for p in as_json(statistics(store))["players"]}
    assert [(p["name"], p["games"], p["wins"]) for p in players.values()] == [
        ("Anna", 5, 3), ("Bruno", 5, 1), ("NICOLO", 2, 0), ("Carla", 1, 0)]
    # the hand-worked figures of conftest.py (test_stats.py checks them all)
    assert (players["Bruno"]["yatzi"]["average"], players["Bruno"]["yatzi"]["best"]) == (150.5, 283)
    assert (players["Carla"]["tokio"]["penalties_taken"], players["Anna"]["tokio"]["doubts_right"]) == (2, 2)
    assert journals.catch_up(store, folder) == 0  # every file, the bad one too, is remembered as seen
