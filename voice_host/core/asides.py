"""Asides: questions a player may ask at any moment that are about neither this game nor its turn.

The session offers their phrases in every phase and, when one is heard, says the
answer and asks its question again; the game is untouched. The history's questions
("chi ha vinto di più?") are the one kind there is (``voice_host.history.voice``),
wired in by the command line.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from grammars.phrases import Phrase


class Asides(Protocol):
    """What the session asks of the questions asked aside."""

    def phrases(self, players: Sequence[str]) -> tuple[Phrase, ...]:
        """Every phrase of an aside, for a table with ``players``."""

    def answer(self, text: str, players: Sequence[str]) -> list[str] | None:
        """What to say back to ``text`` if it is an aside (one short sentence); None if it is not one."""
