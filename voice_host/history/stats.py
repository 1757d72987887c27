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


def statistics(store: Store, player: int | None = None) -> list[PlayerStats]:
    """Every player's figures (or only those of player id ``player``), most wins first.

    Two reads: the games and wins by player and game, and every fact's count, sum and
    maximum by player, game and result (one pass over a covering index).
    """
    players: dict[int, PlayerStats] = {}
    for pid, name, game, games, wins in store.totals(player):
        stats = players.setdefault(pid, PlayerStats(name))
        stats.games += games
        stats.wins += wins
        stats.by_game[game] = GameStats(games, wins)
    sums: dict[tuple[int, str, str, bool], tuple[int, float, float]] = {}
    for pid, game, fact, finished, count, total, most in store.fact_sums(player):
        sums[(pid, game, fact, finished)] = (count, total, most)
    for game, spec in specs().items():
        for pid, stats in players.items():
            if game not in stats.by_game:
                continue
            for stat in spec.fields:
                parts = [sums[key] for key in ((pid, game, stat.fact, True), (pid, game, stat.fact, False))
                         if key in sums and (key[3] or not stat.finished_only)]
                stats.by_game[game].figures[stat.name] = None if not parts else round(_summed(stat.summary, parts),
                                                                                       stat.digits)
    return sorted(players.values(), key=lambda p: (-p.wins, -p.games, p.name.casefold()))


def _summed(summary: Summary, parts: list[tuple[int, float, float]]) -> float:
    """A figure from the (count, sum, max) of the games it counts over."""
    count = sum(part[0] for part in parts)
    total = sum(part[1] for part in parts)
    if summary is Summary.SUM:
        return total
    if summary is Summary.MEAN:
        return total / count
    return max(part[2] for part in parts)


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
