"""The statistics of the hand-worked journal set (see conftest.py) equal the figures worked by hand."""

from __future__ import annotations

from pathlib import Path

from voice_host.history.database import open_history
from voice_host.history.stats import as_json, statistics

#: Worked by hand from the comments of conftest.write_journal_set (RULES.md 1 for Tokio, 2 for Yatzi).
TOKIO = {
    "Anna": {"games": 3, "wins": 2, "rounds": 7, "penalties_taken": 0, "penalties_given": 5, "doubts_right": 2,
             "doubts_wrong": 0, "bluffs_caught": 0, "bluffs_passed": 2, "tokio_declared": 1, "out_first": 0},
    "Bruno": {"games": 2, "wins": 0, "rounds": 6, "penalties_taken": 3, "penalties_given": 1, "doubts_right": 0,
              "doubts_wrong": 1, "bluffs_caught": 1, "bluffs_passed": 1, "tokio_declared": 0, "out_first": 0},
    "Carla": {"games": 1, "wins": 0, "rounds": 2, "penalties_taken": 2, "penalties_given": 0, "doubts_right": 0,
              "doubts_wrong": 1, "bluffs_caught": 1, "bluffs_passed": 0, "tokio_declared": 0, "out_first": 1},
    "NICOLO": {"games": 1, "wins": 0, "rounds": 1, "penalties_taken": 1, "penalties_given": 0, "doubts_right": 0,
               "doubts_wrong": 1, "bluffs_caught": 0, "bluffs_passed": 1, "tokio_declared": 0, "out_first": 1},
}
#: Y3 was ended by request: it counts as a game, but its partial scores count for no average, best or bonus.
YATZI = {
    "Anna": {"games": 2, "wins": 1, "average": 283, "best": 283, "yatzi_made": 1, "upper_bonus_rate": 1,
             "points_lost": None},
    "Bruno": {"games": 3, "wins": 1, "average": 150.5, "best": 283, "yatzi_made": 1, "upper_bonus_rate": 0.5,
              "points_lost": None},
    "NICOLO": {"games": 1, "wins": 0, "average": 152, "best": 152, "yatzi_made": 1, "upper_bonus_rate": 0,
               "points_lost": None},
}


def test_the_hand_worked_set_gives_the_hand_worked_figures(journal_set: tuple[Path, dict[str, Path]]) -> None:
    folder, _ = journal_set
    store = open_history(folder, say=print)
    players = {p["name"]: p for p in as_json(statistics(store))["players"]}
    # NICOLO (Tokio) and Nicolò (Yatzi) are one player, named as first seen
    assert sorted(players) == ["Anna", "Bruno", "Carla", "NICOLO"]
    assert [(p["name"], p["games"], p["wins"]) for p in as_json(statistics(store))["players"]] == [
        ("Anna", 5, 3), ("Bruno", 5, 1), ("NICOLO", 2, 0), ("Carla", 1, 0)]
    for name, figures in TOKIO.items():
        assert players[name]["tokio"] == figures, name
    for name, figures in YATZI.items():
        assert players[name]["yatzi"] == figures, name
    assert "yatzi" not in players["Carla"]


def test_games_are_listed_newest_first_with_winner_and_result(journal_set: tuple[Path, dict[str, Path]]) -> None:
    folder, paths = journal_set
    store = open_history(folder, say=print)
    listed = store.list_games()
    assert [g.game.journal for g in listed] == [str(paths[k]) for k in ("Y3", "Y2", "Y1", "T3", "T2", "T1")]
    assert [g.winner for g in listed] == [None, "Bruno", "Anna", "Anna", None, "Anna"]
    assert [g.game.result for g in listed] == ["stopped", "finished", "finished", "finished", "stopped", "finished"]
    assert listed[1].scores == (152, 283) and listed[2].scores == (283, 18)
    # T1: started 21:00 (its name), ended 21:20 (its last write); four rounds
    assert (listed[5].game.started, listed[5].game.ended, listed[5].game.seconds, listed[5].game.turns) == (
        "2024-03-05T21:00:00", "2024-03-05T21:20:00", 1200, 4)


def test_filters_by_player_game_and_date(journal_set: tuple[Path, dict[str, Path]]) -> None:
    folder, _ = journal_set
    store = open_history(folder, say=print)
    carla = store.find_player("carla")
    assert carla is not None
    assert [g.game.game for g in store.list_games(player=carla[0])] == ["tokio"]
    assert len(store.list_games(game="yatzi")) == 3
    assert len(store.list_games(since="2024-03-06", until="2024-03-08")) == 2  # T3 and Y1
