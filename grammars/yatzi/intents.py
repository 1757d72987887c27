"""Yatzi's intents: dice said, a box, the virtual dice's commands, the scorecard and the coach."""

from __future__ import annotations

from dataclasses import dataclass, field

from grammars.intents import GameIntent


@dataclass(frozen=True)
class SayDice(GameIntent):
    """Five (or some) dice values said one by one: "tre tre tre cinque sei", or by counts: "tre sei e due quattro".

    ``check``: the values were read as counts from words that could also be the start of a
    dictation die by die ("tre sei due quattro" cut before its fifth die): ask before recording.
    """

    values: tuple[int, ...]
    check: bool = False


@dataclass(frozen=True)
class ChooseBox(GameIntent):
    """A scorecard box: "tris", "scala minima", "segno full"."""

    box: str


@dataclass(frozen=True)
class RollDice(GameIntent):
    """Virtual dice: "tira"."""


@dataclass(frozen=True)
class KeepDice(GameIntent):
    """Virtual dice: "tengo 3 3 5": faces to keep, the rest is rolled again.

    ``every``: faces of which every die on the table is kept too ("tengo i cinque").
    """

    faces: tuple[int, ...]
    every: tuple[int, ...] = ()
    counted: tuple[int, ...] = field(default=(), compare=False, repr=False)
    """``faces`` read with a number word said right before a face as a count ("due cinque": 5 5), or ()
    when the words allow no such reading ("due e cinque"); the host tries it only where ``faces`` are
    not on the table."""


@dataclass(frozen=True)
class RerollDice(GameIntent):
    """Virtual dice: "ritira 1 2": faces to roll again.

    ``every``: faces of which every die on the table is rolled again too ("ritira gli assi").
    """

    faces: tuple[int, ...]
    every: tuple[int, ...] = ()
    counted: tuple[int, ...] = field(default=(), compare=False, repr=False)
    """As :attr:`KeepDice.counted`."""


@dataclass(frozen=True)
class KeepAll(GameIntent):
    """Virtual dice: "tengo tutto" / "basta": stop rolling."""


@dataclass(frozen=True)
class ReadCard(GameIntent):
    """"scheda": read the current player's free boxes and upper total."""


@dataclass(frozen=True)
class AskAdvice(GameIntent):
    """Yatzi "consiglio": the best keep or box now, with the expected final score."""
