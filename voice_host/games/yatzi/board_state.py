"""Yatzi's part of the board state: every player's card, the dice on the table, whose turn and which roll."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from engine.yatzi.game import YatziGame
from engine.yatzi.score import BOXES, MAX_ROLLS, RULE_SETS, UPPER_BOXES, YatziRules
from grammars.phases import ListeningPhase
from grammars.yatzi import sentences as yatzi_say
from grammars.yatzi.grammar import Phase, box_name


class YatziTable(Protocol):
    """What the board reads of a Yatzi dialog: the game, its rules and seats, and the phase."""

    @property
    def game(self) -> str: ...
    @property
    def engine(self) -> YatziGame: ...
    @property
    def rules(self) -> YatziRules: ...
    @property
    def listed(self) -> Sequence[str]: ...
    @property
    def computers(self) -> Sequence[str]: ...
    @property
    def virtual(self) -> bool: ...
    def phase(self) -> ListeningPhase: ...


def yatzi_board(dialog: YatziTable) -> dict[str, Any]:
    """The documented Yatzi fields of ``/state`` (see :mod:`voice_host.board.state`)."""
    game, rules = dialog.engine, dialog.rules
    name = next((key for key, value in RULE_SETS.items() if value == rules), "")
    choosing = dialog.phase() is Phase.START
    over = game.is_over
    players = []
    for player in dialog.listed:
        card = game.scorecard(player)
        players.append({
            "name": player, "computer": player in dialog.computers, "to_act": not choosing and player == game.to_act,
            "scores": {box: card[box] for box in BOXES}, "upper": card.upper, "bonus": card.bonus,
            "bonus_missing": max(0, rules.bonus_threshold - card.upper), "lower": card.lower,
            "yatzi_bonus": card.yatzi_bonus, "total": card.total,
        })
    return {
        "game": dialog.game,
        "rules": {
            "name": name, "bonus_threshold": rules.bonus_threshold, "bonus_value": rules.bonus_value,
            "yatzi_bonus": rules.yatzi_bonus, "virtual_dice": dialog.virtual,
        },
        "rules_text": list(
            yatzi_say.board_yatzi_rules(name, rules.bonus_value, rules.bonus_threshold, rules.yatzi_bonus)
        ),
        "boxes": [{"key": box, "name": box_name(box), "upper": box in UPPER_BOXES} for box in BOXES],
        "players": players,
        "turn": None if over or choosing else {
            "player": game.to_act, "round": game.turn, "rounds": len(BOXES), "phase": game.phase.value,
        },
        "choosing_start": choosing,
        "dice": None if over or game.dice is None else list(game.dice),
        "roll": game.rolls_made,
        "rolls": MAX_ROLLS,
        "finished": over,
        "winner": game.winner,
        "standings": [{"name": s.player, "value": s.total, "rank": s.rank} for s in game.standings()],
    }
