"""Typed errors raised by the engines for actions that are not legal now."""

from __future__ import annotations


class IllegalAction(Exception):
    """An action that the rules do not allow in the current state.

    The game state is never changed when this is raised.
    """


class WrongPhase(IllegalAction):
    """The action is not the kind of action the game is waiting for."""


class ImpossibleRoll(IllegalAction):
    """A roll (claimed or revealed) that the dice in play cannot show."""


class GameOver(IllegalAction):
    """The game has already ended."""


class BadConfiguration(ValueError):
    """Rules or players that cannot make a game (too few players, bad dice...)."""
