"""Tokio's part of the board state, from the dialog's engine: what the table may see, nothing hidden.

The players with their penalties (or lives), who is out, whose turn it is and
the claim to beat are public at the table; a roll is shown only once revealed,
and then only in the host's own sentences.
"""

from __future__ import annotations

from typing import Any, Protocol

from engine.tokio.actions import PlayerState
from engine.tokio.game import TokioGame
from engine.tokio.rules import Counting, RaiseRule, TokioRules, TruthTest
from grammars.tokio import sentences as tokio_say
from grammars.tokio.grammar import roll_name


class TokioTable(Protocol):
    """What the board reads of a Tokio dialog: the game's name, its engine and its rules."""

    @property
    def game(self) -> str: ...
    @property
    def engine(self) -> TokioGame: ...
    @property
    def rules(self) -> TokioRules: ...



def tokio_board(dialog: TokioTable) -> dict[str, Any]:
    """The documented Tokio fields of ``/state`` (see :mod:`voice_host.board.state`)."""
    game, rules = dialog.engine, dialog.rules
    lives = rules.counting is Counting.LIVES
    claim = game.claim
    over = game.is_over
    players = [
        {"name": p.name, "penalties": p.penalties, "lives": p.lives, "out": p.out, "to_act": p.name == game.to_act}
        for p in game.players
    ]
    ranked = ranked_players(game)
    return {
        "game": dialog.game,
        "rules": {
            "name": rules.name, "dice": rules.sides, "limit": rules.limit, "counting": rules.counting.value,
            "truth": rules.truth_test.value, "raise": rules.raise_rule.value, "flow": rules.flow.value,
        },
        "rules_text": list(tokio_say.board_tokio_rules(
            rules.name, rules.sides, rules.limit, lives,
            rules.truth_test is TruthTest.EXACT, rules.raise_rule is RaiseRule.STRICTLY_HIGHER,
        )),
        "players": players,
        "turn": None if over else {"player": game.to_act, "phase": game.phase.value},
        "claim": None if claim is None or over else {
            "name": roll_name(claim, rules), "dice": [claim.high, claim.low], "by": game.claimant,
        },
        "finished": over,
        "winner": game.winner,
        "standings": [{"name": p.name, "value": p.lives if lives else p.penalties, "out": p.out} for p in ranked],
    }


def ranked_players(game: TokioGame) -> list[PlayerState]:
    """The players best first: those still in by fewest penalties, then those out, the last to go out first.

    The last one standing wins and the first out is last, whatever the penalties
    (a doubled penalty can take a later player past the limit by more).
    """
    seats = {p.name: p for p in game.players}
    still_in = sorted((p for p in game.players if not p.out), key=lambda p: p.penalties)
    return still_in + [seats[name] for name in reversed(game.out_order)]
