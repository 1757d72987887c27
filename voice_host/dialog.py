"""What the session needs from a game: the contract between the host loop and each game's dialog."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from grammars.intents import Intent
from grammars.phrases import Phrase


@dataclass(frozen=True)
class Act:
    """Apply ``action`` to the game now.

    ``costly`` (the default) marks an action whose mishearing costs a player
    (a claim, a doubt, a reveal, a score): when the listener was not sure of
    the words, the session asks "Hai detto ...?" before applying it. A dialog
    sets ``costly=False`` for actions that cost nothing when misheard.
    """

    action: Any
    costly: bool = True


@dataclass(frozen=True)
class Confirm:
    """Ask ``question`` (sì/no) before applying ``action``; on "no" say ``on_no``."""

    question: str
    action: Any
    on_no: str


@dataclass(frozen=True)
class Refuse:
    """Apply no action and tell the players ``sentence``: a refusal, or an answer such as a scorecard."""

    sentence: str


Decision = Act | Confirm | Refuse


class GameDialog(Protocol):
    """The game-specific half of the host: questions, understanding, announcements.

    A dialog wraps one engine game. It never talks to devices: it returns
    sentences, and the session says them. Actions must be values that
    ``encode``/``decode`` turn into JSON and back, so the journal can replay them.
    """

    game: str

    @property
    def confirm_phase(self) -> str:
        """The phase of a sì/no question (the game grammar's own ``Phase.CONFIRM``)."""
        ...

    def opening(self) -> list[str]:
        """Sentences that present a new game."""
        ...

    def is_over(self) -> bool:
        """True when the game has ended by its rules."""
        ...

    def prompt(self) -> str:
        """The question for whoever must speak now."""
        ...

    def phase(self) -> str:
        """The name of the listening phase now (a key of the grammar)."""
        ...

    def phrases(self, phase: str) -> tuple[Phrase, ...]:
        """Every phrase valid in ``phase`` now, commands included."""
        ...

    def takes_sequences(self, phase: str) -> bool:
        """True when one utterance of ``phase`` may chain one-word phrases (dice said one by one)."""
        ...

    def all_phrases(self) -> dict[str, tuple[Phrase, ...]]:
        """Every phase's phrases, for the recognizer's vocabulary check at start-up."""
        ...

    def parse(self, text: str, phase: str) -> Intent:
        """What ``text`` means in ``phase``; NotUnderstood when nothing valid matches."""
        ...

    def decide(self, intent: Intent) -> Decision:
        """Turn a game intent (not a common command) into a decision.

        ``NotUnderstood`` comes here too, so the refusal can say what the game
        expects now.
        """
        ...

    def apply(self, action: Any) -> list[str]:
        """Apply an action to the game; return the sentences announcing what happened.

        Raises ``engine.errors.IllegalAction`` without changing anything when illegal.
        """
        ...

    def describe(self, action: Any) -> str:
        """A short sentence naming ``action`` (said when it is undone)."""
        ...

    def standings(self) -> str:
        """The standings, as one sentence."""
        ...

    def help(self, phase: str) -> str:
        """What can be said in ``phase``, as one sentence."""
        ...

    def final(self) -> list[str]:
        """Sentences for the end of a finished game (winner, final standings)."""
        ...

    def encode(self, action: Any) -> dict[str, Any]:
        """``action`` as JSON-able data for the journal."""
        ...

    def decode(self, data: dict[str, Any]) -> Any:
        """The action that ``encode`` produced ``data`` from; ValueError when malformed."""
        ...

    def summary(self) -> dict[str, Any]:
        """The end-of-session summary (written by ``--summary``)."""
        ...
