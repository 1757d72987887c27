"""Intents: what a player meant, as values. "Not understood" is a value too."""

from __future__ import annotations

from dataclasses import dataclass

from engine.rolls import Roll
from grammars.phases import NotUnderstoodReason

# ---- commands valid in every phase


@dataclass(frozen=True)
class Repeat:
    """"ripeti": say the last prompt again."""


@dataclass(frozen=True)
class Standings:
    """"classifica" / "punteggi": read the standings."""


@dataclass(frozen=True)
class Help:
    """"aiuto" / "cosa posso dire": list what can be said now."""


@dataclass(frozen=True)
class Undo:
    """"annulla": undo the last accepted action."""


@dataclass(frozen=True)
class EndGame:
    """"fine partita": end the game (asks sì/no first)."""


# ---- answers


@dataclass(frozen=True)
class Yes:
    """"sì"."""


@dataclass(frozen=True)
class No:
    """"no"."""


# ---- Tokio


@dataclass(frozen=True)
class SayRoll:
    """A roll said in any claim form, or die by die. Claim or reveal, by phase.

    The roll may be impossible with the dice in play ("cinquantuno" with d4): the
    host checks and refuses it without penalty.
    """

    roll: Roll


@dataclass(frozen=True)
class BelieveIt:
    """"ci credo", "credo", "accetto", "va bene"."""


@dataclass(frozen=True)
class DoubtIt:
    """"dubito", "non ci credo", "non accetto", "scopri", "scopro", "alza"."""


@dataclass(frozen=True)
class TakeThePenalty:
    """"prendo la penalità", "passo": classico's third answer to Tokio."""


# ---- Yatzi


@dataclass(frozen=True)
class SayDice:
    """Five (or some) dice values said one by one: "tre tre tre cinque sei"."""

    values: tuple[int, ...]


@dataclass(frozen=True)
class ChooseBox:
    """A scorecard box: "tris", "scala minima", "segno full"."""

    box: str


@dataclass(frozen=True)
class RollDice:
    """Virtual dice: "tira"."""


@dataclass(frozen=True)
class KeepDice:
    """Virtual dice: "tengo 3 3 5": faces to keep, the rest is rolled again."""

    faces: tuple[int, ...]


@dataclass(frozen=True)
class RerollDice:
    """Virtual dice: "ritira 1 2": faces to roll again."""

    faces: tuple[int, ...]


@dataclass(frozen=True)
class KeepAll:
    """Virtual dice: "tengo tutto" / "basta": stop rolling."""


@dataclass(frozen=True)
class ReadCard:
    """"scheda": read the current player's free boxes and upper total."""


@dataclass(frozen=True)
class AskAdvice:
    """Yatzi "consiglio": the best keep or box now, with the expected final score."""


@dataclass(frozen=True)
class NotUnderstood:
    """Nothing valid now matches ``text``; ``reason`` may say why (for the host to tell)."""

    text: str
    reason: NotUnderstoodReason


Intent = (
    Repeat | Standings | Help | Undo | EndGame | Yes | No |
    SayRoll | BelieveIt | DoubtIt | TakeThePenalty |
    SayDice | ChooseBox | RollDice | KeepDice | RerollDice | KeepAll | ReadCard | AskAdvice |
    NotUnderstood
)
