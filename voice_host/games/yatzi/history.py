"""Yatzi's facts for the history: each seat's score, yatzis, upper bonus and points lost to optimal play.

The points lost are the coach's analysis of the journal (``engine.yatzi.analysis``),
priced only when the solved table of the game's rules is already in the cache:
importing a journal never starts the minutes-long solve, and a game priced later
(``storico --ricostruisci`` once the table is there) gains the figure then.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.yatzi.score import RULE_SETS, YatziRules
from grammars.it import history as words
from voice_host.games.facts import GameFacts, HistorySpec, PlayerFacts, StatField, Summary

#: The box that holds a yatzi (it scores only for five of a kind).
YATZI_BOX = "yatzi"


def extract(dialog: Any) -> GameFacts:
    """The facts of a replayed Yatzi dialog (``YatziDialog``)."""
    from voice_host.games.yatzi.dialog import YatziDialog

    if not isinstance(dialog, YatziDialog):
        raise TypeError(f"not a Yatzi dialog: {type(dialog).__name__}")
    game = dialog.engine
    lost = _points_lost(dialog)
    seats = []
    for name in dialog.listed:
        card = game.scorecard(name)
        facts = {
            "yatzi_made": float(((card[YATZI_BOX] or 0) > 0) + game.yatzi_bonuses(name)),
            "upper_bonus": float(card.bonus > 0),
        }
        if name in lost:
            facts["points_lost"] = lost[name]
        seats.append(PlayerFacts(name, name in dialog.computers, card.total, facts))
    finished = game.is_over
    return GameFacts(
        rules=next((name for name, known in RULE_SETS.items() if known == dialog.rules), "personalizzate"),
        players=tuple(seats),
        finished=finished,
        winner=game.winner if finished else None,
        turns=sum(len(game.scorecard(name).boxes) - len(game.scorecard(name).free) for name in dialog.listed),
    )


def _points_lost(dialog: Any) -> dict[str, float]:
    """Each human's expected points lost against optimal play, when the table is cached; else nothing."""
    advisor = _advisor(dialog.rules)
    if advisor is None or not dialog.engine.history:
        return {}
    from engine.yatzi.analysis import analyse  # numpy: only with a table to price against

    game = dialog.engine
    reports = analyse(advisor, game.players, game.players[0], game.history, dialog.virtual, dialog.humans)
    return {name: round(report.lost, 2) for name, report in reports.items()}


@lru_cache(maxsize=4)
def _advisor(rules: YatziRules) -> Any:
    """The coach's advisor over the cached table of ``rules``; None when it is not cached."""
    from engine.yatzi.advice import Advisor
    from voice_host.games.yatzi.table_cache import read_table, table_path

    table = read_table(rules, table_path(rules))
    return None if table is None else Advisor(table)


SPEC = HistorySpec(
    extract=extract,
    fields=(
        StatField("average", "score", Summary.MEAN, words.LABELS["average"], finished_only=True, digits=1),
        StatField("best", "score", Summary.MAX, words.LABELS["best"], finished_only=True),
        StatField("yatzi_made", "yatzi_made", Summary.SUM, words.LABELS["yatzi_made"]),
        StatField("upper_bonus_rate", "upper_bonus", Summary.MEAN, words.LABELS["upper_bonus_rate"],
                  finished_only=True, digits=2),
        StatField("points_lost", "points_lost", Summary.MEAN, words.LABELS["points_lost"],
                  finished_only=True, digits=1),
    ),
    record="best",
    headline="average",
)
