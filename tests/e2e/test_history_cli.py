"""The history through the command line: a played game enters it, a crash before the record is caught up,
and ``storico``/``statistiche`` print the contract's fields."""

from __future__ import annotations

import json
import os
import sqlite3
import sys
from pathlib import Path

import pytest

GAMES = Path(__file__).parent / "games"
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "voice_host" / "history"))


@pytest.mark.slow  # the host started as a process for a whole game or more: the full tier
def test_a_played_game_enters_the_history_and_the_contract_holds(voice_host, tmp_path: Path) -> None:
    # the Tokio game of classico_d10.txt, worked by hand in test_tokio_scripted_games: Anna wins
    script = GAMES / "classico_d10.txt"
    run = voice_host("play", "--game", "tokio", "--rules", "classico", "--dice", "10", "--limit", "2",
                     "--players", "Anna,Bruno,Carla", "--tts", "print", "--input", f"script:{script}")
    assert run.code == 0, run.stderr
    winner = run.summary["winner"] if run.summary else None
    games = voice_host("storico", "--json")
    assert games.code == 0, games.stderr
    listed = json.loads(games.stdout)["games"]
    assert len(listed) == 1
    assert (listed[0]["game"], listed[0]["players"], listed[0]["winner"]) == (
        "tokio", ["Anna", "Bruno", "Carla"], winner)
    assert Path(listed[0]["journal"]).parent == tmp_path / "state" / "voice-host"
    stats = json.loads(voice_host("statistiche", "--json").stdout)
    by_name = {p["name"]: p for p in stats["players"]}
    assert set(by_name) == {"Anna", "Bruno", "Carla"}
    assert sum(p["wins"] for p in by_name.values()) == 1 and by_name[winner]["wins"] == 1
    assert all(p["games"] == 1 for p in by_name.values())
    # penalties taken add up to what the summary says each player took
    assert {n: p["tokio"]["penalties_taken"] for n, p in by_name.items()} == {
        p["name"]: p["penalties"] for p in run.summary["players"]}
    assert {"doubts_right", "doubts_wrong"} <= set(by_name["Anna"]["tokio"])
    assert os.stat(tmp_path / "state" / "voice-host" / "history.sqlite3").st_size > 0


@pytest.mark.slow  # a real process: the full tier (the fast tier keeps one of each kind)
def test_a_crash_between_the_journals_end_and_the_record_is_caught_up(voice_host, tmp_path: Path) -> None:
    from history_journals import write_journal_set  # the hand-worked set of tests/voice_host/history

    folder = tmp_path / "state" / "voice-host"
    folder.mkdir(parents=True)
    write_journal_set(folder)  # six ended journals, as a host killed before its record leaves them
    assert not (folder / "history.sqlite3").exists()
    stats = voice_host("statistiche", "--json")
    assert stats.code == 0, stats.stderr
    figures = {p["name"]: p for p in json.loads(stats.stdout)["players"]}
    assert (figures["Anna"]["games"], figures["Anna"]["wins"]) == (5, 3)
    assert figures["Bruno"]["yatzi"]["average"] == 150.5 and figures["Bruno"]["yatzi"]["best"] == 283
    assert figures["Carla"]["tokio"]["penalties_taken"] == 2 and figures["Anna"]["tokio"]["doubts_right"] == 2
    newest = json.loads(voice_host("storico", "--json").stdout)["games"]
    assert [g["game"] for g in newest] == ["yatzi"] * 3 + ["tokio"] * 3


@pytest.mark.slow  # a real process: the full tier (the fast tier keeps one of each kind)
def test_a_history_that_cannot_be_written_never_stops_the_game(voice_host, tmp_path: Path) -> None:
    folder = tmp_path / "state" / "voice-host"
    folder.mkdir(parents=True)
    (folder / "history.sqlite3").mkdir()  # the history's name is taken by a folder: no database can be had
    script = GAMES / "classico_d10.txt"
    run = voice_host("play", "--game", "tokio", "--rules", "classico", "--dice", "10", "--limit", "2",
                     "--players", "Anna,Bruno,Carla", "--tts", "print", "--input", f"script:{script}",
                     "--journal", str(tmp_path / "game.jsonl"))
    assert run.code == 0, run.stderr
    assert run.summary is not None and run.summary["finished"] is True
    assert "lo storico non è disponibile" in run.stderr
    bad = voice_host("statistiche")
    assert bad.code == 4 and bad.stderr.count("\n") == 1 and "Traceback" not in bad.stderr


@pytest.mark.slow  # a real process: the full tier (the fast tier keeps one of each kind)
def test_a_damaged_history_is_set_aside_with_one_line(voice_host, tmp_path: Path) -> None:
    folder = tmp_path / "state" / "voice-host"
    folder.mkdir(parents=True)
    (folder / "history.sqlite3").write_bytes(b"\x00garbage" * 512)
    run = voice_host("storico", "--json")
    assert run.code == 0 and json.loads(run.stdout) == {"games": []}
    assert run.stderr.count("\n") == 1 and "rovinato" in run.stderr
    assert sqlite3.connect(folder / "history.sqlite3").execute("PRAGMA user_version").fetchone() == (3,)
