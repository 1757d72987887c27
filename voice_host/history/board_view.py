"""The history as the board's page shows it: a :class:`~voice_host.board.history_page.HistoryView` read from the store.

The board may not read the database (it sits below the history); ``play --board`` gives it
:func:`history_view` to call on each request of ``/storico``. Reading never creates a
database: with no history file yet the page says the history is empty.
"""

from __future__ import annotations

from pathlib import Path

from grammars.it import history as words
from voice_host.board.history_page import MAX_POINTS, HistoryView, ScoreChart, Series, Table
from voice_host.history import report
from voice_host.history.database import history_path, open_history, state_folder
from voice_host.history.stats import PlayerStats, specs, statistics
from voice_host.history.store import Store

#: The latest games the page lists.
LATEST_GAMES = 20
#: The columns of the latest games on the page (the journal's path stays on the command line).
_GAME_COLUMNS = (0, 1, 3, 4, 5)


def history_view(folder: Path | None = None) -> HistoryView:
    """The page's figures from the history of ``folder`` (default: the state folder), read now."""
    folder = folder or state_folder()
    if not history_path(folder).exists():
        return _empty()
    store = open_history(folder, say=lambda line: None, catch_up_now=False)
    try:
        return view_of(store)
    finally:
        store.close()


def view_of(store: Store) -> HistoryView:
    """The page's figures from an open store."""
    players = statistics(store)
    if not players:
        return _empty()
    header = tuple(words.GAME_COLUMNS[i] for i in _GAME_COLUMNS)
    games = Table(words.page_word("games_title"), header, tuple(
        tuple(row[i] for i in _GAME_COLUMNS) for row in report.game_rows(store.list_games(limit=LATEST_GAMES))
    ))
    return HistoryView(
        wins=tuple((p.name, p.games, p.wins) for p in players),
        scores=tuple(chart for chart in (_scores(store, game, players) for game in specs()) if chart.series),
        tables=tuple(_game_table(game, players) for game in specs() if any(game in p.by_game for p in players)),
        games=games,
    )


def _empty() -> HistoryView:
    return HistoryView((), (), (), Table("", (), ()))


def _scores(store: Store, game: str, players: list[PlayerStats]) -> ScoreChart:
    """Each player's latest scores of ``game``, the players who played it most first."""
    points: dict[str, list[tuple[str, int]]] = {}
    for _, name, ended, score in store.score_series(game, MAX_POINTS):
        points.setdefault(name, []).append((ended, score))
    order = {p.name: (-(p.by_game[game].games if game in p.by_game else 0), i) for i, p in enumerate(players)}
    names = sorted(points, key=lambda name: order.get(name, (0, len(order))))
    return ScoreChart(game.capitalize(), tuple(Series(name, tuple(points[name])) for name in names))


def _game_table(game: str, players: list[PlayerStats]) -> Table:
    """One game's statistics: a row a player who played it, the game's own fields after games and wins."""
    spec = specs()[game]
    header = ("nome", words.LABELS["games"], words.LABELS["wins"], *(f.label for f in spec.fields))
    rows = tuple(
        (p.name, str(p.by_game[game].games), str(p.by_game[game].wins),
         *(report.cell(p.by_game[game].figures.get(f.name)) or "–" for f in spec.fields))
        for p in players if game in p.by_game
    )
    return Table(words.page_word("stats_title", game=game.capitalize()), header, rows)
