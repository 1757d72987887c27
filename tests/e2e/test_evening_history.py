"""Every game an evening ends enters the history, as a game of ``play`` does (test_evening.py's evening)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from command import host_command
from test_evening import _env, evening_script, run_evening


@pytest.mark.slow
def test_the_games_of_an_evening_are_in_the_history_when_it_ends(tmp_path: Path) -> None:
    # the evening's journals are kept outside the state folder: no catch-up would find them
    (tmp_path / "altrove").mkdir()
    run = run_evening(tmp_path, evening_script(), journal=tmp_path / "altrove" / "serata.jsonl")
    assert run.returncode == 0, run.stderr + run.stdout[-3000:]

    def history(*args: str) -> dict:
        done = subprocess.run([*host_command(), *args, "--json"], capture_output=True, text=True, timeout=60,
                              env=_env(tmp_path), cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)

    games = history("storico")["games"]
    # newest first: Yatzi (Anna alone, 283), the rematch stopped at once, the first Tokio game (Anna wins)
    assert [(g["game"], g["players"], g["winner"], g["result"]) for g in games] == [
        ("yatzi", ["Anna"], "Anna", "finished"),
        ("tokio", ["Anna", "Bruno", "Carla"], None, "stopped"),
        ("tokio", ["Anna", "Bruno", "Carla"], "Anna", "finished"),
    ]
    assert all(Path(g["journal"]).parent == tmp_path / "altrove" for g in games)
    players = {p["name"]: p for p in history("statistiche")["players"]}
    assert {name: (p["games"], p["wins"]) for name, p in players.items()} == {
        "Anna": (3, 2), "Bruno": (2, 0), "Carla": (2, 0)}
    assert (players["Anna"]["yatzi"]["best"], players["Anna"]["yatzi"]["average"]) == (283, 283)
