"""Each player's figures across the history: games, wins, and each game's own fields.

The fields and how each is summed up come from the games' entries
(:class:`~voice_host.games.facts.HistorySpec`); this module only runs the store's
queries and arranges the answer. ``voice-host statistiche --json`` prints
:func:`as_json`: ``{"players": [{"name", "games", "wins", <game>: {"games", "wins",
<field>...}}]}``, the players by wins, then games, then name; a game's figure is
null where the player has no game that counts for it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from voice_host.games import GAMES
from voice_host.games.facts import HistorySpec, Summary
from voice_host.history.store import Store


@dataclass
class GameStats:
    """One player's figures in one game."""

    games: int = 0
    wins: int = 0
    figures: dict[str, float | None] = field(default_factory=dict)


@dataclass
class PlayerStats:
    """One player's figures: every game together, then each game."""

    name: str
    games: int = 0
    wins: int = 0
    by_game: dict[str, GameStats] = field(default_factory=dict)


def specs() -> Mapping[str, HistorySpec]:
    """The games that keep a history, by name, in the registry's order."""
    return {name: entry.history for name, entry in GAMES.items() if entry.history is not None}


def statistics(store: Store) -> list[PlayerStats]:
    """Every player's figures, most wins first."""
    players: dict[int, PlayerStats] = {}
    for player, name, game, games, wins in store.totals():
        stats = players.setdefault(player, PlayerStats(name))
        stats.games += games
        stats.wins += wins
        stats.by_game[game] = GameStats(games, wins)
    for game, spec in specs().items():
        for finished_only in (False, True):
            wanted = [f for f in spec.fields if f.finished_only == finished_only]
            if not wanted:
                continue
            values = {(player, fact): row for player, fact, *row in store.summaries(game, finished_only=finished_only)}
            for player, stats in players.items():
                if game not in stats.by_game:
                    continue
                for stat in wanted:
                    row = values.get((player, stat.fact))
                    value = None if row is None else row[(Summary.SUM, Summary.MEAN, Summary.MAX).index(stat.summary)]
                    stats.by_game[game].figures[stat.name] = None if value is None else round(value, stat.digits)
    return sorted(players.values(), key=lambda p: (-p.wins, -p.games, p.name.casefold()))


def as_json(players: list[PlayerStats]) -> dict[str, Any]:
    """The document of ``statistiche --json``."""
    return {
        "players": [
            {
                "name": p.name, "games": p.games, "wins": p.wins,
                **{
                    game: {"games": s.games, "wins": s.wins, **{k: _number(v) for k, v in s.figures.items()}}
                    for game, s in p.by_game.items()
                },
            }
            for p in players
        ]
    }


def _number(value: float | None) -> float | int | None:
    """Whole figures as integers in JSON (3, not 3.0)."""
    if value is None:
        return None
    return int(value) if float(value).is_integer() else value
