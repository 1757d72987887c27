"""The history as documents and tables: ``storico`` and ``statistiche`` as text, JSON and CSV.

``storico --json``: ``{"games": [...]}`` newest first, each game with ``game``, ``rules``,
``players`` (names in seat order), ``scores`` (the same order; null where the game has no
score), ``winner`` (null: a tie or a game the players ended), ``result`` (``finished``
or ``stopped``), ``started`` and ``ended`` (local time, ISO 8601; ``started`` null when
the journal's name does not carry it), ``seconds``, ``turns`` and ``journal`` (its
absolute path). ``statistiche --json``: see :mod:`voice_host.history.stats`.
"""

from __future__ import annotations

import csv
import io
from typing import Any

from grammars.it import history as words
from voice_host.history.stats import PlayerStats, as_json, specs
from voice_host.history.store import ListedGame


def games_json(games: list[ListedGame]) -> dict[str, Any]:
    """The document of ``storico --json``."""
    return {
        "games": [
            {
                "game": g.game.game, "rules": g.game.rules, "players": list(g.players), "scores": list(g.scores),
                "winner": g.winner, "result": g.game.result, "started": g.game.started, "ended": g.game.ended,
                "seconds": g.game.seconds, "turns": g.game.turns, "journal": g.game.journal,
            }
            for g in games
        ]
    }


def game_rows(games: list[ListedGame]) -> list[list[str]]:
    """One row of :data:`grammars.it.history.GAME_COLUMNS` per game."""
    return [
        [
            g.game.ended.replace("T", " ")[:16], g.game.game.capitalize(), g.game.rules,
            ", ".join(name if score is None else f"{name} {score}" for name, score in zip(g.players, g.scores)),
            g.winner or "-", words.RESULTS.get(g.game.result, g.game.result), words.hours_minutes(g.game.seconds),
            g.game.journal,
        ]
        for g in games
    ]


def stats_header() -> list[str]:
    """The columns of ``statistiche`` as a table: name, games, wins, then each game's fields."""
    header = ["nome", words.LABELS["games"], words.LABELS["wins"]]
    for game, spec in specs().items():
        header += [f"{game.capitalize()} {words.LABELS['games']}", f"{game.capitalize()} {words.LABELS['wins']}"]
        header += [f"{game.capitalize()} {field.label}" for field in spec.fields]
    return header


def stats_keys() -> list[str]:
    """The CSV columns of ``statistiche --csv`` (the JSON's names, a game's fields as ``game.field``)."""
    keys = ["name", "games", "wins"]
    for game, spec in specs().items():
        keys += [f"{game}.games", f"{game}.wins", *(f"{game}.{field.name}" for field in spec.fields)]
    return keys


def stats_rows(players: list[PlayerStats]) -> list[list[str]]:
    """One row a player, in :func:`stats_keys` order ("" where a figure is missing)."""
    rows = []
    for player in as_json(players)["players"]:
        row = [player["name"], str(player["games"]), str(player["wins"])]
        for game, spec in specs().items():
            figures = player.get(game, {})
            row += [cell(figures.get(key)) for key in ("games", "wins", *(f.name for f in spec.fields))]
        rows.append(row)
    return rows


def as_csv(header: list[str], rows: list[list[str]]) -> str:
    """A CSV document (comma separated, quoted where needed)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue()


def as_text(header: list[str], rows: list[list[str]]) -> str:
    """A plain table with aligned columns, for the terminal."""
    widths = [max(len(cell) for cell in column) for column in zip(header, *rows)]
    return "\n".join(
        "  ".join(cell.ljust(width) for cell, width in zip(line, widths)).rstrip() for line in [header, *rows]
    )


def cell(value: Any) -> str:
    """A figure as a table shows it (3, not 3.0; empty when missing)."""
    if value is None:
        return ""
    return str(int(value)) if isinstance(value, float) and value.is_integer() else str(value)
