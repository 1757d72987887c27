"""The host loop: asks, listens, understands, confirms, journals, announces.

Game-independent. Common commands (ripeti, classifica, aiuto, annulla, fine
partita) are handled here; everything else goes to the game's dialog. ``annulla``
rebuilds the game from the actions in force (the engine is deterministic), so it
can go back to the very start and works across a resume.
"""

from __future__ import annotations

import enum
import functools
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine.errors import IllegalAction
from grammars import intents as it
from grammars.it import catalogue as say
from grammars.understanding.heard_words import meaning_of_heard
from voice_host.core.asides import Asides
from voice_host.core.dialog import Act, Confirm, Decision, GameDialog, Refuse
from voice_host.core.ports import Heard, Listener, ListenRequest, Silence, Speaker
from voice_host.storage.journal import END_STOPPED, Journal

logger = logging.getLogger(__name__)


class Outcome(enum.Enum):
    """How a session ended."""

    FINISHED = "finished"
    """The game ended by its rules."""
    INPUT_ENDED = "input_ended"
    """The input (script, keyboard) ended before the game did."""
    STOPPED = "stopped"
    """The players asked to end the game ("fine partita", then "sì")."""


@dataclass(frozen=True)
class SpokenTurn:
    """One turn the host is about to say, for an observer (the live board): published before it is said."""

    dialog: GameDialog[Any, Any]
    """The game as it stands (read it, never act on it)."""
    said: tuple[str, ...]
    """The sentences of the turn, the question last."""
    outcome: tuple[str, ...]
    """What changed in the game last (what "ripeti" says)."""
    outcome_number: int
    """Counts the announcements: a new number is a new outcome, even with the same words."""
    stopped: bool = False
    """The players ended the game ("fine partita", then "sì"): this is its last turn."""


@dataclass(frozen=True)
class _EndGame:
    """The pending action of a "fine partita" confirmation."""


class Session:
    """One game played through a listener and a speaker, journaled as it goes."""

    def __init__(
        self,
        new_dialog: Callable[[], GameDialog[Any, Any]],
        listener: Listener,
        speaker: Speaker,
        journal: Journal | None = None,
        actions: list[dict[str, Any]] | None = None,
        *,
        resumed: bool | None = None,
        reprompt_s: Sequence[float] = (),
        cue: bool = False,
    ) -> None:
        """``actions`` are journaled actions already in force; ``resumed`` (by default: any actions) says so first.

        ``reprompt_s``: the quiet waits before the question is asked again and then
        a short help (none: never); ``cue``: every turn before listening asks the
        speaker for its listening cue."""
        self._new_dialog = new_dialog
        self._listener = listener
        self._speaker = speaker
        self._journal = journal
        self._actions: list[dict[str, Any]] = []
        self._pending: Confirm[Any] | None = None
        self._last_outcome: list[str] = []  # what "ripeti" says again before the question
        self._turn: list[str] = []
        self._outcomes = 0
        self.observer: Callable[[SpokenTurn], None] | None = None
        """Told each turn before it is said (the live board); it must return at once."""
        self.asides: Asides | None = None
        """Questions answered at any moment without touching the game (the history's); None: none."""
        self._resumed = bool(actions) if resumed is None else resumed
        self._reprompt_s = tuple(reprompt_s)
        self._cue = cue
        self.dialog = self._replay(actions or [])
        if journal is not None and journal.pending is not None and self._resumed:
            self._pending = self._pending_from(journal.pending)

    @property
    def actions(self) -> list[dict[str, Any]]:
        """The journaled actions in force."""
        return list(self._actions)

    def run(self) -> Outcome:
        """Play until the game ends, the input ends, or the players stop it."""
        if self._resumed:
            self._announce([say.resumed(), self.dialog.standings()])
        else:
            self._announce(self.dialog.opening())
        while not self.dialog.is_over():
            phase = self.dialog.confirm_phase if self._pending else self.dialog.phase()
            self._speak_turn(self._question(), listening=True)
            heard = self._listen(phase)
            if heard is None:
                return Outcome.INPUT_ENDED
            if self._aside(heard.text):
                continue
            if self._handle(self.dialog.parse(heard.text, phase), heard):
                self._speak_turn(stopped=True)
                return Outcome.STOPPED
        self._say(self.dialog.final())
        self._speak_turn()
        return Outcome.FINISHED

    # ------------------------------------------------------------ internals

    def _players(self) -> list[str]:
        return [str(p["name"]) for p in self.dialog.summary().get("players", [])]

    def _aside(self, text: str) -> bool:
        """Answer ``text`` if it is an aside (the question is then asked again); True when it was one."""
        if self.asides is None:
            return False
        answer = self.asides.answer(text, self._players())
        if answer is None:
            return False
        self._say(answer)
        return True

    def _question(self) -> str:
        return self._pending.question if self._pending else self.dialog.prompt()

    def _listen(self, phase: Any) -> Heard | None:
        """The next utterance. Silence decides nothing: after each quiet wait the host asks
        again (the question with the player's name, then a short help), then waits quietly."""
        who = self.dialog.who()
        phrases = self.dialog.phrases(phase)
        if self.asides is not None:
            phrases = (*phrases, *self.asides.phrases(self._players()))
        spot = meaning_of_heard(lambda text: self.dialog.parse(text, phase), phrases)  # "[unk] bluffi": "dubito"
        sequence = self.dialog.takes_sequences(phase)
        complete = functools.partial(self.dialog.complete, phase=phase) if sequence else None  # five dice said
        request = ListenRequest(phase, phrases, sequence, who, spot=spot, complete=complete)
        nudges: tuple[Callable[[], str], ...] = (
            lambda: say.reprompt(who, self._question()),
            lambda: say.reprompt_help(self._two_examples(phase)),
        )
        for wait, nudge in zip(self._reprompt_s, nudges):
            heard = self._listener.listen(replace(request, patience_s=wait))
            if not isinstance(heard, Silence):
                return heard
            self._speak_turn(nudge(), listening=True)
        while isinstance(heard := self._listener.listen(request), Silence):
            pass  # a listener with a patience of its own: its silence decides nothing either
        return heard

    def _two_examples(self, phase: Any) -> list[str]:
        """Two of the help's examples for ``phase``, meaning different things when they can (sì and no)."""
        examples = self.dialog.help_examples(phase)
        by_meaning: dict[type, str] = {}
        for example in examples:
            by_meaning.setdefault(type(self.dialog.parse(example, phase)), example)
        distinct = list(by_meaning.values())
        return distinct[:2] if len(distinct) >= 2 else list(examples[:2])

    def _handle(self, intent: it.Intent, heard: Heard) -> bool:
        """Act on one intent; True when the players confirmed the end of the game."""
        if isinstance(intent, it.Conflict) and len(intent.said) >= 2:
            self._say([say.which_one(intent.said[0], intent.said[1])])  # two answers: ask, apply neither
            return False
        ending = self._pending is not None and isinstance(self._pending.action, _EndGame)
        if isinstance(intent, it.EndGame) and ending:
            intent = it.Yes()  # "finiamo la partita?" "dai, chiudiamola qui"
        if isinstance(intent, it.AskBack):
            if self._pending is not None:
                self._say([say.answer_yes_or_no()])
            else:  # only quoted or discussed: a costly action is asked back, as after an unsure hearing
                unsure = replace(heard, text=intent.said or intent.text, sure=False)
                self._decide(self.dialog.decide(intent.intent), unsure)
            return False
        if isinstance(intent, it.Repeat):
            self._say(self._last_outcome)  # what was missed; the loop says the question again
            return False
        if isinstance(intent, it.Standings):
            self._say([self.dialog.standings()])
        elif isinstance(intent, it.Help):
            self._say([say.help_confirm() if self._pending else self.dialog.help(self.dialog.phase())])
        elif isinstance(intent, it.Undo):
            self._undo()
        elif isinstance(intent, it.EndGame):
            self._ask(Confirm(say.confirm_end(), _EndGame(), say.game_goes_on()))
        elif self._pending is not None:
            return self._answer(intent, self._pending)
        else:
            self._decide(self.dialog.decide(intent), heard)
        return False

    def _answer(self, intent: it.Intent, pending: Confirm[Any]) -> bool:
        """A sì/no answer to ``pending``; anything else asks again."""
        if isinstance(intent, it.Yes):
            self._pending = None
            if isinstance(pending.action, _EndGame):
                if self._journal is not None:
                    self._journal.append_end()  # on disk before it is said, like every step
                self._say([say.game_stopped(), self.dialog.standings()])
                return True
            if not self._accept(pending.action):
                self._answered()
        elif isinstance(intent, it.No):
            self._pending = None
            self._answered()
            self._say([pending.on_no])
        else:
            self._say([say.answer_yes_or_no()])
        return False

    def _decide(self, decision: Decision[Any], heard: Heard) -> None:
        if isinstance(decision, Act) and decision.costly and not heard.sure:
            # A noisy table: ask back rather than act on words the listener is unsure of.
            self._ask(Confirm(say.did_you_say(heard.text), decision.action, say.say_it_again()))
        elif isinstance(decision, Act):
            self._accept(decision.action)
        elif isinstance(decision, Confirm):
            self._ask(decision)
        elif isinstance(decision, Refuse):
            self._say([decision.sentence])

    def _ask(self, confirm: Confirm[Any]) -> None:
        """Journal the sì/no question before it is asked: a kill while it waits resumes at it."""
        if self._journal is not None:
            action = None if isinstance(confirm.action, _EndGame) else self.dialog.encode(confirm.action)
            self._journal.append_ask(action, confirm.question, confirm.on_no)
        self._pending = confirm

    def _answered(self) -> None:
        """Journal that the pending question was answered without an action."""
        if self._journal is not None:
            self._journal.append_answered()

    def _pending_from(self, record: dict[str, Any]) -> Confirm[Any]:
        """The question a resumed journal left pending, asked again as it was."""
        action = _EndGame() if record["ask"] == END_STOPPED else self.dialog.decode(record["ask"])
        return Confirm(str(record["q"]), action, str(record["no"]))

    def _accept(self, action: Any) -> bool:
        """Apply, journal durably, then announce: nothing announced can be lost. False when the rules refuse it."""
        try:
            sentences = self.dialog.apply(action)
        except IllegalAction as exc:
            logger.info("refused by the rules: %s", exc)
            self._say([say.not_allowed()])
            return False
        record = self.dialog.encode(action)
        if self._journal is not None:
            self._journal.append(record)
        self._actions.append(record)
        self._announce(sentences)
        return True

    def _undo(self) -> None:
        if self._pending is not None:
            self._pending = None
            self._answered()
            self._say([say.question_cancelled()])
            return
        if not self._actions:
            self._say([say.nothing_to_undo()])
            return
        last = self._actions[-1]
        if self._journal is not None:
            self._journal.append_undo()
        self.dialog = self._replay(self._actions[:-1])
        self._announce([say.undone(self.dialog.describe(self.dialog.decode(last)))])

    def _replay(self, actions: list[dict[str, Any]]) -> GameDialog[Any, Any]:
        """A fresh dialog with ``actions`` applied (IllegalAction/ValueError if they don't fit)."""
        dialog = self._new_dialog()
        for record in actions:
            dialog.apply(dialog.decode(record))
        self._actions = list(actions)
        return dialog

    def _announce(self, sentences: list[str]) -> None:
        """Say what changed in the game, and keep it for "ripeti"."""
        self._last_outcome = [s for s in sentences if s]
        self._outcomes += 1
        self._say(sentences)

    def _say(self, sentences: list[str]) -> None:
        """Queue ``sentences``: they are said with the next question (or the end) as one turn."""
        self._turn.extend(sentence for sentence in sentences if sentence)

    def _speak_turn(self, question: str | None = None, *, listening: bool = False, stopped: bool = False) -> None:
        """Say what was queued since the last answer, then ``question``, in one call (no dead air).

        ``listening``: the host listens next (the turn ends with the speaker's cue when asked for);
        ``stopped``: the players ended the game, this is its last turn."""
        turn = [*self._turn, *([question] if question else [])]
        self._turn = []
        if self.observer is not None:
            self.observer(SpokenTurn(self.dialog, tuple(turn), tuple(self._last_outcome), self._outcomes, stopped))
        if turn and listening and self._cue:
            self._speaker.say_all(turn, cue=True)
        elif turn:
            self._speaker.say_all(turn)
