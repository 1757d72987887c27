"""What the Yatzi dialog decided about one intent, in the engine's values: no Italian here.

:meth:`~voice_host.games.yatzi.dialog.YatziDialog.decide` first rules on the intent
with the engine's values alone (:class:`Ruling`: an action to apply, one to confirm
and why, or a refusal and why), then writes the Italian of that ruling once. The
rulings are plain frozen values, so a test can check what was decided without
reading a sentence.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TypeAlias

from engine.yatzi import game as yg
from grammars import intents as it


@dataclass(frozen=True)
class KeepAndRoll:
    """Virtual dice: keep ``keep`` and roll the others, which showed ``dice``."""

    keep: tuple[int, ...]
    dice: tuple[int, ...]


@dataclass(frozen=True)
class StartDie:
    """Physical dice, choosing who starts: the player whose die is awaited rolled ``value``."""

    value: int


#: What the dialog applies and journals: the engine's own actions, but a keep always comes with its roll.
Action: TypeAlias = StartDie | yg.RecordRoll | KeepAndRoll | yg.Score


@dataclass(frozen=True)
class Apply:
    """Apply ``action`` at once (announced; ``annulla`` takes it back)."""

    action: Action


@dataclass(frozen=True)
class CheckCountedDice:
    """Dice said by counts that may be a dictation cut short: ask whether they are ``dice``."""

    action: yg.RecordRoll


@dataclass(frozen=True)
class CheckCostlyBox:
    """A box chosen after a consiglio that costs ``cost`` points on average against ``best``."""

    box: str
    cost: float
    best: str


@dataclass(frozen=True)
class CheckZeroBox:
    """A box that scores zero while ``best`` would score ``points``."""

    box: str
    best: str
    points: int


class Refusal(Enum):
    """Why nothing is applied; the dialog says each in its own sentence."""

    NOT_UNDERSTOOD = "not_understood"
    """Nothing that fits this moment (the phase's expected answers are said)."""
    ADVICE_NOT_YET = "advice_not_yet"
    """consiglio before anyone has rolled: the players are still choosing who starts."""
    START_FIRST = "start_first"
    """Anything but a die while choosing who starts."""
    DICE_ARE_PHYSICAL = "dice_are_physical"
    """A virtual-dice command in a game with physical dice."""
    ROLL_FIRST = "roll_first"
    """A keep, a reroll or a box before the turn's first roll."""
    NO_ROLLS_LEFT = "no_rolls_left"
    """A keep or a reroll after the third roll."""
    STOP = "stop"
    """basta / tengo tutto: nothing to say; the box question follows at once."""


@dataclass(frozen=True)
class Refuse:
    """Apply nothing, for ``why``."""

    why: Refusal


@dataclass(frozen=True)
class NotOnTable:
    """A keep or a reroll that names dice not on the table: ``faces``."""

    faces: tuple[int, ...]


@dataclass(frozen=True)
class BoxTaken:
    """The box is already filled."""

    box: str


@dataclass(frozen=True)
class Misheard:
    """The parser's own "not understood", with its reason."""

    intent: it.NotUnderstood


@dataclass(frozen=True)
class ReadCard:
    """scheda: the player's free boxes and upper total."""


@dataclass(frozen=True)
class GiveAdvice:
    """consiglio: the coach's advice for the dice on the table (``keeps``: the virtual keep is advised too)."""

    keeps: bool


#: Everything the dialog may decide about one intent.
Ruling: TypeAlias = (
    Apply | CheckCountedDice | CheckCostlyBox | CheckZeroBox | Refuse | NotOnTable | BoxTaken | Misheard
    | ReadCard | GiveAdvice
)
