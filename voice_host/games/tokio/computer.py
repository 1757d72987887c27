"""The computer seats of one Tokio game: their secret virtual dice, their claims and answers.

Every human keeps their physical dice; a computer seat's dice are virtual and
secret. They follow from the game's seed (journaled in the header before the first
claim) and the number of actions played so far, so replaying the journal (a resume,
``annulla``) gives the same dice and the same decisions: a claim can never be
changed after it was spoken, and undoing a human step that led to a computer move
replays that move rather than deciding again. The cup is lifted, and the dice told,
only when a claim of the seat is doubted.

The decisions come from :class:`engine.tokio.table_seat.TableSeat` at the table's
level (``forte`` plays the round's equilibrium where it is exact, see
:mod:`engine.tokio.solver`, solved once per rules and kept on disk by
:mod:`voice_host.games.tokio.strategy_cache`; at a chain of three or more it reads
each player's habits, counted from the actions noted here, so a resume and
``annulla``, which replay the journal's actions, rebuild the same habits).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from engine.rolls import Roll
from engine.tokio import actions as ta
from engine.tokio.cup import roll
from engine.tokio.game import TokioGame
from engine.tokio.level import Level
from engine.tokio.rules import TokioRules

if TYPE_CHECKING:
    from engine.tokio.solver import TokioStrategy
    from engine.tokio.table_seat import TableSeat


class TokioComputers:
    """The computer seats of one game; the dialog tells it every action before applying it."""

    def __init__(
        self, rules: TokioRules, names: Sequence[str], level: Level, seed: int,
        strategies: Callable[[TokioRules], TokioStrategy] | None = None,
    ) -> None:
        """``strategies`` gives the ``forte`` strategy of the rules (None: solved once, cached on disk)."""
        self.names = tuple(names)
        self.level = level
        self._seed = seed
        self._seat = self._table_seat(rules, level, strategies) if names else None
        self._steps = 0  # actions applied so far in this game, human or computer
        self._to_beat: Roll | None = None  # the claim the standing claim raised
        self._cups: dict[str, Roll] = {}  # each computer seat's dice under its cup

    @staticmethod
    def _table_seat(rules: TokioRules, level: Level, strategies: Callable[[TokioRules], TokioStrategy] | None
                    ) -> TableSeat:
        """The seats' decisions. Imported here: the seats bring numpy, a tenth of a second of every start, and
        most games have no computer seat."""
        from engine.tokio.seat import Seat
        from engine.tokio.table_seat import TableSeat
        from voice_host.games.tokio.strategy_cache import forte

        equilibrium = Seat((strategies or forte)(rules)) if level is Level.FORTE else None
        return TableSeat(rules, level, equilibrium)

    def plays(self, name: str | None) -> bool:
        """True when ``name`` is a computer seat."""
        return name in self.names

    def note(self, game: TokioGame, action: ta.Action) -> None:
        """Remember what the decisions need, just before ``action`` is applied to ``game``."""
        self._steps += 1
        if self._seat is not None:
            self._seat.observe(game, action)  # every action, replayed too: resume and annulla rebuild the habits
        if isinstance(action, ta.Claim):
            self._to_beat = game.claim

    def decide(self, game: TokioGame) -> ta.Action:
        """The action of the computer seat to act in ``game`` (rolling its dice first when it must claim)."""
        player = game.to_act
        assert self._seat is not None and player in self.names
        if game.phase is ta.Phase.CLAIM:
            self._cups[player] = roll(game, self._random("dice"))
            return ta.Claim(self._seat.claim(game, self._cups[player], self._random("claim")))
        if game.phase is ta.Phase.REVEAL:
            return ta.Reveal(self._cups[player])
        answer = self._seat.answer(game, self._to_beat, self._random("answer"))
        if isinstance(answer, ta.TakePenalty) and not game.can_take_penalty:
            return ta.Doubt()
        return answer

    def _random(self, purpose: str) -> random.Random:
        """A generator fixed by the seed, the step of the game and what it decides."""
        return random.Random(f"{self._seed}/{self._steps}/{purpose}")
