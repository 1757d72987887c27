"""What a game tells the history about one played game: facts per player, and how to sum them up.

Each game's entry may carry a :class:`HistorySpec`: ``extract`` reads a replayed
dialog (a journal's game) and returns its :class:`GameFacts`; ``fields`` say how
the history turns the facts of many games into one player's figures. The history
(:mod:`voice_host.history`) reads only these types through the registry, so a new
game adds its statistics without the history naming it.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class PlayerFacts:
    """One seat of one game: who sat there and what happened to them."""

    name: str
    computer: bool = False
    score: int | None = None
    """The final score, where the game has one (None otherwise)."""
    facts: Mapping[str, float] = field(default_factory=dict)
    """The game's own per-player figures of this game, by name (``penalties_taken``: 3)."""


@dataclass(frozen=True)
class GameFacts:
    """What one journal's game was: its rules, who played, how it ended."""

    rules: str
    players: tuple[PlayerFacts, ...]
    finished: bool
    """True when the game ended by its rules; False when the players ended it ("fine partita")."""
    winner: str | None
    """The winner by the rules; None for a tie or a game the players ended."""
    turns: int
    """How long it was in the game's own unit (Tokio: rounds; Yatzi: boxes written)."""


class Summary(enum.Enum):
    """How a player's figure is made from the facts of their games."""

    SUM = "sum"
    MEAN = "mean"
    MAX = "max"


@dataclass(frozen=True)
class StatField:
    """One figure of a player's statistics for one game: ``name`` in JSON and CSV, ``label`` in Italian."""

    name: str
    fact: str
    """The fact of :attr:`PlayerFacts.facts` it sums up (``"score"`` is the seat's score)."""
    summary: Summary
    label: str
    finished_only: bool = False
    """Counted only over games finished by their rules (a score of a game left half-way is no score)."""
    digits: int = 0
    """Decimals shown."""


@dataclass(frozen=True)
class HistorySpec:
    """A game's part in the history: how to read its facts and which figures to show."""

    extract: Callable[[Any], GameFacts]
    """The facts of a replayed dialog of this game."""
    fields: tuple[StatField, ...]
    record: str | None = None
    """The field whose best value is "il record" of this game (a Summary.MAX field)."""
    bluffs: tuple[str, str] | None = None
    """(passed, caught) fields for "chi bluffa meglio?", where the game has bluffs."""
    headline: str | None = None
    """The one field said after a player's games and wins ("come va Anna?")."""
