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
    """"ci credo", "credo", "accetto", "va bene"."""


@dataclass(frozen=True)
class DoubtIt(GameIntent):
    """"dubito", "non ci credo", "non accetto", "scopri", "scopro", "alza"."""


@dataclass(frozen=True)
class TakeThePenalty(GameIntent):
    """"prendo la penalità", "passo": classico's third answer to Tokio."""
