"""The shape every game engine has: the same names for the same things.

A game engine is a pure state machine. The host asks it who must act, which
actions are legal, applies one action at a time and reads back the events it
caused; it never does I/O, reads a clock or rolls dice on its own. Tokio
(:class:`engine.tokio.game.TokioGame`) and Yatzi
(:class:`engine.yatzi.game.YatziGame`) both implement :class:`Game`; a third game
implements it too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar

ActionT = TypeVar("ActionT")
EventT = TypeVar("EventT")


class Game(Protocol[ActionT, EventT]):
    """One game in progress: who acts, what is legal, what happened."""

    @property
    def to_act(self) -> str | None:
        """The player who must act now; None once the game is over."""
        ...

    @property
    def is_over(self) -> bool:
        """True once the game has ended by its rules."""
        ...

    @property
    def winner(self) -> str | None:
        """The winner once the game is over (None while it goes on, or on a tie)."""
        ...

    def opening_events(self) -> list[EventT]:
        """The events that open the game (the first round, the first turn), without changing it."""
        ...

    def legal_actions(self) -> Sequence[ActionT]:
        """Every action legal now."""
        ...

    def apply(self, action: ActionT) -> list[EventT]:
        """Apply ``action`` by ``to_act``; return the events it caused (``IllegalAction`` changes nothing)."""
        ...
