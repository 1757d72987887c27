"""What the live board shows between the games of an evening: the evening's standings and the next question.

The board (``serata --board``) shows each game as ``play --board`` does; between games the
evening publishes this state instead. It has no ``game`` (the page tells the two apart by
that) and an ``evening`` object:

- ``games``: the games in order, ``{"n", "game", "winner", "finished"}`` (``winner`` null when
  nobody won: a tie, or a game the players stopped);
- ``columns``: the games that have a winner column, in the order first finished;
- ``standings``: ``{"name", "wins", "by_game"}`` a player, most wins first (as ``--summary``);
- ``question``: the question the host asks now;

and, as every state, ``said`` (what the host says now, the question last).

>>> from voice_host.evening.state import Played
>>> games = [Played(1, "tokio", {}, ["Anna", "Bruno"], 0, None, "Bruno", True, "Anna", True)]
>>> state = evening_board_state(games, ["Un'altra?"], "Un'altra?")
>>> state["evening"]["standings"][0], state["evening"]["columns"], "game" in state
({'name': 'Bruno', 'wins': 1, 'by_game': {'tokio': 1}}, ['tokio'], False)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from voice_host.evening.standings import standings, wins_by_game
from voice_host.evening.state import Played


def evening_board_state(games: Sequence[Played], said: Sequence[str], question: str) -> dict[str, Any]:
    """The board's state between games (see the module's docstring)."""
    return {
        "evening": {
            "games": [{"n": g.n, "game": g.game, "winner": g.winner, "finished": g.finished}
                      for g in games if g.done],
            "columns": list(wins_by_game(games)),
            "standings": standings(games),
            "question": question,
        },
        "said": list(said),
        "outcome": [],
        "outcome_number": 0,
    }
