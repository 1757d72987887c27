"""The board page's figures read from the hand-worked set of six journals (conftest.py) equal the hand-worked ones."""

from __future__ import annotations

from pathlib import Path

from voice_host.board.history_page import Table
from voice_host.history.board_view import history_view
from voice_host.history.database import history_path, open_history


def test_the_page_shows_the_hand_worked_wins_scores_and_tables(journal_set: tuple[Path, dict[str, Path]]) -> None:
    folder, _ = journal_set
    open_history(folder, say=print).close()
    view = history_view(folder)
    # wins over both games: Anna T1, T3, Y1; Bruno Y2; NICOLO/Nicolò and Carla none
    assert view.wins == (("Anna", 5, 3), ("Bruno", 5, 1), ("NICOLO", 2, 0), ("Carla", 1, 0))
    # Yatzi scores of the finished games only (Y3 was ended by request), each player's oldest first;
    # Bruno played three Yatzi games, Anna two, Nicolò one. Y1 ended 7 March 21:30, Y2 8 March 21:25.
    assert [chart.game for chart in view.scores] == ["Yatzi"]
    assert [(s.name, s.points) for s in view.scores[0].series] == [
        ("Bruno", (("2024-03-07T21:30:00", 18), ("2024-03-08T21:25:00", 283))),
        ("Anna", (("2024-03-07T21:30:00", 283),)),
        ("NICOLO", (("2024-03-08T21:25:00", 152),)),
    ]
    tables = {table.title: table for table in view.tables}
    assert list(tables) == ["Statistiche di Tokio", "Statistiche di Yatzi"]
    tokio = _by_name(tables["Statistiche di Tokio"])
    assert list(tokio) == ["Anna", "Bruno", "NICOLO", "Carla"]
    assert (tokio["Carla"]["penalità prese"], tokio["Anna"]["dubbi giusti"], tokio["Anna"]["penalità date"]) == (
        "2", "2", "5")
    yatzi = _by_name(tables["Statistiche di Yatzi"])
    assert list(yatzi) == ["Anna", "Bruno", "NICOLO"]  # Carla never played Yatzi
    assert (yatzi["Bruno"]["media"], yatzi["Bruno"]["migliore"], yatzi["NICOLO"]["media"]) == ("150.5", "283", "152")
    assert [row[:2] for row in view.games.rows] == [
        ("2024-03-09 21:05", "Yatzi"), ("2024-03-08 21:25", "Yatzi"), ("2024-03-07 21:30", "Yatzi"),
        ("2024-03-06 21:10", "Tokio"), ("2024-03-05 21:35", "Tokio"), ("2024-03-05 21:20", "Tokio")]


def _by_name(table: Table) -> dict[str, dict[str, str]]:
    return {row[0]: dict(zip(table.header, row)) for row in table.rows}


def test_no_history_yet_is_an_empty_page_and_no_database_is_made(tmp_path: Path) -> None:
    view = history_view(tmp_path)
    assert view.wins == () and view.scores == ()
    assert not history_path(tmp_path).exists()
