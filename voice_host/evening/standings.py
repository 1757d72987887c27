"""The evening's standings: games won by each player, per game; and who came last in a game.

>>> from voice_host.evening.state import Played
>>> games = [Played(1, "tokio", {}, ["Anna", "Bruno"], 0, None, "Anna", True, "Bruno", True),
...          Played(2, "tokio", {}, ["Anna", "Bruno"], 0, "Bruno", "Bruno", True, "Anna", True),
...          Played(3, "yatzi", {}, ["Anna", "Bruno"], 0, None, None, False, None, True)]
>>> wins_by_game(games)
{'tokio': {'Anna': 1, 'Bruno': 1}}
>>> standings(games)
[{'name': 'Anna', 'wins': 1, 'by_game': {'tokio': 1}}, {'name': 'Bruno', 'wins': 1, 'by_game': {'tokio': 1}}]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from voice_host.evening.state import Played


def wins_by_game(games: Sequence[Played]) -> dict[str, dict[str, int]]:
    """game -> player -> games won, for the games finished by their rules, in the order first played."""
    found: dict[str, dict[str, int]] = {}
    for played in games:
        if not (played.done and played.finished):
            continue
        table = found.setdefault(played.game, {})
        for name in played.players:
            table.setdefault(name, 0)
        if played.winner is not None:
            table[played.winner] = table.get(played.winner, 0) + 1
    return found


def standings(games: Sequence[Played]) -> list[dict[str, Any]]:
    """Every player of the evening with their wins (all games and per game), most wins first, then in seat order."""
    names: list[str] = []
    for played in games:
        names += [name for name in played.players if name not in names]
    by_game = wins_by_game(games)
    rows = [
        {"name": name, "wins": sum(t.get(name, 0) for t in by_game.values()),
         "by_game": {game: t[name] for game, t in by_game.items() if name in t}}
        for name in names
    ]
    return sorted(rows, key=lambda row: -int(row["wins"]))


def table_text(games: Sequence[Played], title: str) -> str:
    """The full table, printed at the end of the evening: a row a player, a column a game."""
    by_game = wins_by_game(games)
    columns = list(by_game)
    rows = standings(games)
    width = max([len(title), *(len(str(row["name"])) for row in rows)]) + 2
    lines = [title.ljust(width) + "".join(game.capitalize().rjust(8) for game in columns) + "  Totale".rjust(8)]
    for row in rows:
        cells = "".join(str(row["by_game"].get(game, 0)).rjust(8) for game in columns)
        lines.append(str(row["name"]).ljust(width) + cells + str(row["wins"]).rjust(8))
    return "\n".join(lines)


def last_place(summary: dict[str, Any]) -> str | None:
    """Who came last in a game's ``--summary``: the seat that is out, else the most penalties, else the lowest total.

    The rematch is opened by the last game's loser, as a pub table does (and as Tokio's own
    rule gives the next round to the penalised player).

    >>> last_place({"players": [{"name": "A", "penalties": 3, "out": False}, {"name": "B", "penalties": 10,
    ...             "out": True}]})
    'B'
    >>> last_place({"players": [{"name": "A", "total": 200}, {"name": "B", "total": 150}]})
    'B'
    """
    players = [p for p in summary.get("players", []) if isinstance(p, dict) and "name" in p]
    if not players:
        return None
    out = [p for p in players if p.get("out")]
    if out:
        return str(out[0]["name"])
    if all("penalties" in p for p in players):
        return str(max(players, key=lambda p: int(p["penalties"]))["name"])
    if all("total" in p for p in players):
        return str(min(players, key=lambda p: int(p["total"]))["name"])
    return None
