"""Tokio's facts for the history: each seat's figures, read off the engine's events of a replayed game.

The host sees a cup only when it is doubted, so of a claim that was believed it
never knows whether it was true: ``bluffs_passed`` counts the claims the receiver
believed (true or not), ``bluffs_caught`` the doubted claims the cup did not hold.
Penalties "given" are those another player took because of this one: a wrong
doubt is given by the claimant, a caught bluff by the doubter, a penalty taken or
a Tokio accepted blind by the one who declared it; a claim lower than allowed is
given by nobody.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.tokio import actions as ta
from grammars.it import history as words
from voice_host.games.facts import GameFacts, HistorySpec, PlayerFacts, StatField, Summary

#: Every fact a Tokio seat has, in the order the tables show them.
FACTS = (
    "rounds", "penalties_taken", "penalties_given", "doubts_right", "doubts_wrong",
    "bluffs_caught", "bluffs_passed", "tokio_declared", "out_first",
)


def extract(dialog: Any) -> GameFacts:
    """The facts of a replayed Tokio dialog (``TokioDialog``: its rules, seats and engine events)."""
    from voice_host.games.tokio.dialog import TokioDialog

    if not isinstance(dialog, TokioDialog):
        raise TypeError(f"not a Tokio dialog: {type(dialog).__name__}")
    names = [p.name for p in dialog.engine.players]
    counts: dict[str, Counter[str]] = {name: Counter(dict.fromkeys(FACTS, 0)) for name in names}
    out: set[str] = set()
    rounds = 0
    claimant = doubter = ""
    top = dialog.rules.ranking.top
    for event in dialog.events:
        if isinstance(event, ta.RoundStarted):
            rounds += 1
            for name in names:
                if name not in out:
                    counts[name]["rounds"] += 1
        elif isinstance(event, ta.Claimed):
            claimant = event.player
            if event.roll == top:
                counts[event.player]["tokio_declared"] += 1
        elif isinstance(event, ta.Believed):
            counts[event.claimant]["bluffs_passed"] += 1
        elif isinstance(event, ta.Doubted):
            doubter, claimant = event.player, event.claimant
        elif isinstance(event, ta.Revealed):
            counts[doubter]["doubts_wrong" if event.holds else "doubts_right"] += 1
            if not event.holds:
                counts[event.claimant]["bluffs_caught"] += 1
        elif isinstance(event, ta.Penalised):
            counts[event.player]["penalties_taken"] += event.amount
            giver = _giver(event.reason, claimant, doubter)
            if giver is not None and giver != event.player:
                counts[giver]["penalties_given"] += event.amount
        elif isinstance(event, ta.Eliminated):
            if not out:
                counts[event.player]["out_first"] = 1
            out.add(event.player)
    finished = dialog.engine.is_over
    return GameFacts(
        rules=dialog.rules.name,
        players=tuple(
            PlayerFacts(name, dialog.computers.plays(name), None, {k: float(v) for k, v in counts[name].items()})
            for name in names
        ),
        finished=finished,
        winner=dialog.engine.winner if finished else None,
        turns=rounds,
    )


def _giver(reason: ta.PenaltyReason, claimant: str, doubter: str) -> str | None:
    """Who made the penalised player take a penalty of ``reason`` (None: their own doing)."""
    if reason is ta.PenaltyReason.BLUFF_CAUGHT:
        return doubter
    if reason is ta.PenaltyReason.LOWER_CLAIM:
        return None
    return claimant  # a wrong doubt, a penalty taken, a Tokio accepted blind


SPEC = HistorySpec(
    extract=extract,
    fields=tuple(StatField(name, name, Summary.SUM, words.LABELS[name]) for name in FACTS),
    bluffs=("bluffs_passed", "bluffs_caught"),
    headline="penalties_taken",
)
