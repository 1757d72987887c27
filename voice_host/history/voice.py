"""The history by voice: "statistiche", "chi ha vinto di più?", "il record di Yatzi?", "come va Anna?",
"chi bluffa meglio?" answered in one breath (at most 20 words), the full table shown in the captions.

:class:`HistoryAsides` is the session's :class:`~voice_host.core.asides.Asides`: the
question's phrases come from :mod:`grammars.history_questions`, the figures from
the store, read afresh for each question (another table's game may have ended).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from pathlib import Path

from grammars.history_questions import HistoryQuestion, question_phrases, question_table
from grammars.it import history as words
from grammars.phrases import Phrase
from voice_host.history import names, report
from voice_host.history.database import open_history
from voice_host.history.stats import PlayerStats, specs, statistics
from voice_host.history.store import NewerHistory, Store


class HistoryAsides:
    """Answers the history's questions; ``show`` puts the full table in the captions (one call a line)."""

    def __init__(self, show: Callable[[str], None], folder: Path | None = None) -> None:
        self._show = show
        self._folder = folder

    def phrases(self, players: Sequence[str]) -> tuple[Phrase, ...]:
        """The questions' phrases for a table with ``players``."""
        return question_phrases(tuple(specs()), tuple(players))

    def answer(self, text: str, players: Sequence[str]) -> list[str] | None:
        """The spoken answer to ``text`` if it asks about the history, else None."""
        question = question_table(tuple(specs()), tuple(players)).lookup(text)
        if question is None:
            return None
        try:
            store = open_history(self._folder, say=self._show, catch_up_now=False)
            try:
                spoken, table = answer(store, question)
            finally:
                store.close()
        except (sqlite3.Error, OSError, NewerHistory) as exc:
            return [words.unavailable(str(exc)[:60]).capitalize()]
        for line in table:
            self._show(line)
        return [spoken]


def answer(store: Store, question: HistoryQuestion) -> tuple[str, list[str]]:
    """(the sentence said, the caption lines) for ``question``; each question reads only what it needs."""
    games, count = store.counts()
    if not games:
        return words.empty(), []
    if question.kind == "most_wins":
        players = _wins(store)
        top = players[0].wins
        leaders = [(p.name, p.wins) for p in players if p.wins == top]
        short = words.caption_table(words.stats_title(), ["nome", words.LABELS["games"], words.LABELS["wins"]],
                                    [[p.name, str(p.games), str(p.wins)] for p in players])
        return words.most_wins(leaders, games), short
    if question.kind == "record":
        return _record(store, question.subject)
    if question.kind == "player":
        return _player(store, question.subject or "")
    players = statistics(store)
    if question.kind == "overview":
        full = words.caption_table(words.stats_title(), report.stats_header(), report.stats_rows(players))
        leader = players[0] if players[0].wins else None
        return words.overview(games, count, leader.name if leader else None, leader.wins if leader else 0), full
    return _bluffs(players)


def _wins(store: Store) -> list[PlayerStats]:
    """Every player's games and wins (no game's own figures), most wins first, as :func:`statistics` orders them."""
    players: dict[int, PlayerStats] = {}
    for pid, name, _, games, wins in store.totals():
        stats = players.setdefault(pid, PlayerStats(name))
        stats.games += games
        stats.wins += wins
    return sorted(players.values(), key=lambda p: (-p.wins, -p.games, p.name.casefold()))


def _record(store: Store, game: str | None) -> tuple[str, list[str]]:
    keeping = [name for name, spec in specs().items() if spec.record is not None]
    if game is None:
        if len(keeping) != 1:
            return words.no_record_game(), []
        game = keeping[0]
    spec = specs().get(game)
    field = next((f for f in spec.fields if f.name == spec.record), None) if spec else None
    if field is None:
        return words.no_record(game), []
    best = store.best(game, field.fact)
    if best is None:
        return words.no_record(game), []
    return words.record(game, best[0], int(best[1]), field.label), []


def _player(store: Store, name: str) -> tuple[str, list[str]]:
    found = store.find_player(names.key(name))
    stats = next(iter(statistics(store, found[0])), None) if found is not None else None
    if stats is None:
        return words.unknown_player(name), []
    extra = ""
    if stats.by_game:
        game = max(stats.by_game, key=lambda g: stats.by_game[g].games)
        spec = specs().get(game)
        field = next((f for f in spec.fields if f.name == spec.headline), None) if spec else None
        value = stats.by_game[game].figures.get(field.name) if field else None
        if field is not None and value is not None:
            extra = words.figure(field.label, report.cell(value))
    table = words.caption_table(words.player_title(stats.name), report.stats_header(), report.stats_rows([stats]))
    return words.player_line(stats.name, stats.games, stats.wins, extra), table


def _bluffs(players: list[PlayerStats]) -> tuple[str, list[str]]:
    rows: list[tuple[str, int, int]] = []
    for game, spec in specs().items():
        if spec.bluffs is None:
            continue
        passed_field, caught_field = spec.bluffs
        for p in players:
            figures = p.by_game.get(game)
            if figures is not None:
                rows.append((p.name, int(figures.figures.get(passed_field) or 0),
                             int(figures.figures.get(caught_field) or 0)))
    rows = [row for row in rows if row[1] + row[2] > 0]
    if not rows:
        return words.no_bluffs(), []
    name, passed, caught = max(rows, key=lambda r: (r[1] / (r[1] + r[2]), r[1]))
    header = ["nome", words.LABELS["bluffs_passed"], words.LABELS["bluffs_caught"]]
    table = words.caption_table(words.stats_title(), header, [[n, str(a), str(b)] for n, a, b in rows])
    return words.best_bluffer(name, passed, caught), table
