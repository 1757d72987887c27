"""Tokio's intents: a roll said, belief, doubt, the third answer to Tokio."""

from __future__ import annotations

from dataclasses import dataclass

from engine.rolls import Roll
from grammars.intents import GameIntent


@dataclass(frozen=True)
class SayRoll(GameIntent):
    """A roll said in any claim form, or die by die. Claim or reveal, by phase.

    The roll may be impossible with the dice in play ("cinquantuno" with d4): the
    host checks and refuses it without penalty.
    """

    roll: Roll


@dataclass(frozen=True)
class BelieveIt(GameIntent):
    """"sì", "ci credo", "credo", "accetto", "va bene", "certo", "accetto senza guardare"..."""


@dataclass(frozen=True)
class DoubtIt(GameIntent):
    """"no", "dubito", "non ci credo", "non accetto", "scopri", "scopro", "fammi vedere"..."""


@dataclass(frozen=True)
class TakeThePenalty(GameIntent):
    """"prendo la penalità", "prendo una penalità", "passo": classico's third answer to Tokio."""
