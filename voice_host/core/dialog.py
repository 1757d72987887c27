"""What the session needs from a game: the contract between the host loop and each game's dialog.

:class:`GameDialog` is generic in the game's listening phases (a
:class:`~grammars.phases.ListeningPhase` subclass, or a union of them) and its
actions, so each dialog is checked against its own types: Tokio's is a
``GameDialog[grammars.tokio.grammar.Phase, engine.tokio.actions.Action]``. The session
is game-independent and holds a ``GameDialog[Any, Any]``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from grammars.intents import Intent
from grammars.phases import ListeningPhase
from grammars.phrases import Phrase

PhaseT = TypeVar("PhaseT", bound=ListeningPhase)
"""A game's listening phases."""
ActionT = TypeVar("ActionT")
"""A game's actions (what the dialog applies and the journal records)."""
ActionT_co = TypeVar("ActionT_co", covariant=True)


@dataclass(frozen=True)
class Act(Generic[ActionT_co]):
    """Apply ``action`` to the game now.

    ``costly`` (the default) marks an action whose mishearing costs a player
    (a claim, a doubt, a reveal, a score): when the listener was not sure of
    the words, the session asks "Hai detto ...?" before applying it. A dialog
    sets ``costly=False`` for actions that cost nothing when misheard.
    """

    action: ActionT_co
    costly: bool = True


@dataclass(frozen=True)
class Confirm(Generic[ActionT_co]):
    """Ask ``question`` (sì/no) before applying ``action``; on "no" say ``on_no``."""

    question: str
    action: ActionT_co
    on_no: str


@dataclass(frozen=True)
class Refuse:
    """Apply no action and tell the players ``sentence``: a refusal, or an answer such as a scorecard."""

    sentence: str


Decision = Act[ActionT] | Confirm[ActionT] | Refuse
"""What a dialog decides on an intent (``Decision[Action]`` for a game's actions)."""


class GameDialog(Protocol[PhaseT, ActionT]):
    """The game-specific half of the host: questions, understanding, announcements.

    A dialog wraps one engine game. It never talks to devices: it returns
    sentences, and the session says them. Actions must be values that
    ``encode``/``decode`` turn into JSON and back, so the journal can replay them.
    """

    game: str

    @property
    def confirm_phase(self) -> PhaseT:
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

    def phase(self) -> PhaseT:
        """The listening phase now (a phase of the game's grammar, or of the dialog's own)."""
        ...

    def phrases(self, phase: PhaseT) -> tuple[Phrase, ...]:
        """Every phrase valid in ``phase`` now, commands included."""
        ...

    def takes_sequences(self, phase: PhaseT) -> bool:
        """True when one utterance of ``phase`` may chain one-word phrases (dice said one by one)."""
        ...

    def complete(self, text: str, phase: PhaseT) -> bool:
        """True when ``text`` is a whole answer of a dictation phase that nothing more could change (five dice
        said): the listener may end it at once. False when unsure, and in phases of whole phrases."""
        ...

    def all_phrases(self) -> Mapping[PhaseT, tuple[Phrase, ...]]:
        """Every phase's phrases, for the recognizer's vocabulary check at start-up."""
        ...

    def parse(self, text: str, phase: PhaseT) -> Intent:
        """What ``text`` means in ``phase``; NotUnderstood when nothing valid matches."""
        ...

    def decide(self, intent: Intent) -> Decision[ActionT]:
        """Turn a game intent (not a common command) into a decision.

        ``NotUnderstood`` comes here too, so the refusal can say what the game
        expects now.
        """
        ...

    def apply(self, action: ActionT) -> list[str]:
        """Apply an action to the game; return the sentences announcing what happened.

        Raises ``engine.errors.IllegalAction`` without changing anything when illegal.
        """
        ...

    def describe(self, action: ActionT) -> str:
        """A short sentence naming ``action`` (said when it is undone)."""
        ...

    def standings(self) -> str:
        """The standings, as one sentence."""
        ...

    def help(self, phase: PhaseT) -> str:
        """What can be said in ``phase``, as one sentence."""
        ...

    def final(self) -> list[str]:
        """Sentences for the end of a finished game (winner, final standings)."""
        ...

    def encode(self, action: ActionT) -> dict[str, Any]:
        """``action`` as JSON-able data for the journal."""
        ...

    def decode(self, data: dict[str, Any]) -> ActionT:
        """The action that ``encode`` produced ``data`` from; ValueError when malformed."""
        ...

    def summary(self) -> dict[str, Any]:
        """The end-of-session summary (written by ``--summary``)."""
        ...

    def who(self) -> str:
        """The name of the player who must answer now ("" when nobody in particular): a keyboard's prompt."""
        ...

    def help_examples(self, phase: PhaseT) -> tuple[str, ...]:
        """The example phrases ``help`` names in ``phase`` now (the reprompt's help says the first two)."""
        ...

    def board_state(self) -> dict[str, Any]:
        """The game's part of the live board's state (JSON-able; see :mod:`voice_host.board.state`)."""
        ...
