"""The board's state: the game's own part (from its dialog) and what the host is saying, as one JSON document.

``GET /state`` returns it and ``/events`` streams it (one ``data:`` line per
change). Every game gives these fields:

- ``game``: the game's name (``"tokio"``, ``"yatzi"``); ``rules``: the rules in
  force as data, ``rules_text``: the same as short Italian lines;
- ``players``: one object per seat in play order, with ``name`` and ``to_act``
  (true for the player in hand), and the game's own counts;
- ``turn``: ``{"player", "phase", ...}`` while the game goes on, else null;
- ``finished`` (bool: over by the rules, or stopped), ``stopped`` (bool: the
  players ended it with "fine partita"; then ``turn`` is null and ``winner`` too,
  the standings are those of the moment), ``winner`` (a name, or null: not over,
  stopped, or a tie);
- ``standings``: ``[{"name", "value", ...}]`` best first;
- ``said``: the sentences the host is saying now (the caption), the question last;
- ``outcome``: the sentences of the last thing that happened (a step the host
  does not comment on, such as a claim, keeps the one before); ``outcome_number``
  grows with every new outcome (the page announces each one once);
- ``seq``: grows with every published state.

Tokio adds to each player ``penalties``, ``lives``, ``out``, and gives ``claim``
(``{"name", "dice": [high, low], "by"}``: the claim to beat, or null; never a
hidden roll). Yatzi adds to each player ``computer``, ``scores`` (box key to
points, null while free), ``upper``, ``bonus``, ``bonus_missing``, ``lower``,
``yatzi_bonus``, ``total``, and gives ``boxes`` (``{"key", "name", "upper"}`` in
card order), ``dice`` (the five on the table, or null), ``roll`` and ``rolls``
(roll made and rolls a turn), ``choosing_start``.
"""

from __future__ import annotations

import logging
from typing import Any

from voice_host.board.hub import StateHub
from voice_host.core.session import SpokenTurn

logger = logging.getLogger(__name__)


def board_state(turn: SpokenTurn) -> dict[str, Any]:
    """The whole state for ``turn``: the dialog's ``board_state()`` and what the host says."""
    game = turn.dialog.board_state()
    if turn.stopped and not game.get("finished"):
        game.update(finished=True, winner=None, turn=None, claim=None, dice=None, choosing_start=False)
        for player in game.get("players", []):
            player["to_act"] = False
    return {
        **game,
        "stopped": turn.stopped and not turn.dialog.is_over(),
        "said": list(turn.said),
        "outcome": list(turn.outcome),
        "outcome_number": turn.outcome_number,
    }


class BoardPublisher:
    """The session's observer: builds each turn's state and puts it in the hub, never waiting for a client.

    It keeps the last outcome that said something: a claim or a roll, which the
    host does not comment on, leaves the last penalty or score on the board.
    """

    def __init__(self, hub: StateHub) -> None:
        self.hub = hub
        self._outcome: tuple[str, ...] = ()
        self._number = 0

    def __call__(self, turn: SpokenTurn) -> None:
        """Publish ``turn``; a failure of the board is logged and never stops the game."""
        if turn.outcome and turn.outcome_number != self._number:
            self._outcome, self._number = turn.outcome, turn.outcome_number
        shown = SpokenTurn(turn.dialog, turn.said, self._outcome, self._number, turn.stopped)
        try:
            self.hub.publish(board_state(shown))
        except Exception:  # the board only shows the game: its own bug must not end it
            logger.exception("the board could not publish the state")
