"""The evening through the two ports: the lobby's questions, then each game, journaled before it is said.

The evening's journal (``storage.journal``: append, fsync, replay) holds the lobby's records
(:mod:`voice_host.evening.state`); each game has its own journal beside it
(``<evening>-partita-N.jsonl``), created once its ``start`` record is on disk. A kill at any
instant leaves both resumable: replaying the evening's records gives the question it was at,
or the game it was in, whose own journal the game session resumes.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from grammars import intents as it
from grammars.evening import sentences as says
from grammars.evening.grammar import help_examples
from voice_host.core.ports import Heard, Listener, ListenRequest, Silence, Speaker
from voice_host.core.session import Outcome, Session, SpokenTurn
from voice_host.evening.board_view import evening_board_state
from voice_host.evening.lobby import Lobby, make_config
from voice_host.evening.standings import last_place, standings, table_text, wins_by_game
from voice_host.evening.state import Played, Stage
from voice_host.games import GAMES, dialog_factory
from voice_host.storage.journal import Journal, read_journal

#: The journal header's game of an evening.
EVENING = "serata"
#: Records the lobby's "annulla" may take back (a game's start and result are the games' own).
_UNDOABLE = frozenset({"game", "set", "rules_ok", "player", "drop", "players_ok", "offer", "closing"})


def game_journal_path(evening_path: str, n: int) -> str:
    """Where game ``n`` of the evening at ``evening_path`` is journaled."""
    stem = evening_path[: -len(".jsonl")] if evening_path.endswith(".jsonl") else evening_path
    return f"{stem}-partita-{n}.jsonl"


@dataclass
class EveningRun:
    """One evening: its lobby, its journal, the ports, and how a game session is made."""

    lobby: Lobby
    listener: Listener
    speaker: Speaker
    journal: Journal
    records: list[dict[str, Any]] = field(default_factory=list)
    make_session: Callable[..., Session] = Session
    resumed: bool = False
    printed: Callable[[str], None] = print
    reprompt_s: Sequence[float] = ()
    """The quiet waits before a question is asked again, then a short help (none: never), lobby and games alike."""
    cue: bool = False
    """Each turn before listening asks the speaker for its listening cue (a voice evening)."""
    game_over: Callable[[str], None] = lambda path: None
    """Called with a game's journal once the game is over, before its result is journaled (the command
    line records it in the history, as ``play`` does; a second call for the same journal changes nothing)."""
    board: Callable[[dict[str, Any]], object] | None = None
    """The live board's publish (``serata --board``): each lobby question shows the evening's standings."""
    new_observer: Callable[[], Callable[[SpokenTurn], None]] | None = None
    """Makes each game's session observer (a fresh :class:`~voice_host.board.state.BoardPublisher`)."""
    new_seed: Callable[[], int] = lambda: secrets.randbelow(2**31)
    """Each game's seed (journaled in its ``start`` record); a test gives a fixed one to compare two evenings."""
    _queued: list[str] = field(default_factory=list)

    @classmethod
    def replayed(cls, lobby: Lobby, listener: Listener, speaker: Speaker, journal: Journal,
                 records: Sequence[dict[str, Any]], **kwargs: Any) -> EveningRun:
        """An evening with ``records`` (read back from its journal) already in force."""
        for record in records:
            lobby.state.apply(record)
        return cls(lobby, listener, speaker, journal, list(records), resumed=bool(records), **kwargs)

    def record(self, record: dict[str, Any]) -> None:
        """Journal ``record`` (flushed and fsync'ed), then let it change the evening."""
        self.journal.append(record)
        self.records.append(record)
        self.lobby.state.apply(record)

    def run(self) -> bool:
        """Run the evening; True when it ended ("basta per stasera"), False when the input ended first."""
        state = self.lobby.state
        if self.resumed and state.stage() not in (Stage.IN_GAME, Stage.OVER):
            self._queued.append(says.resumed_evening())
        while True:
            state = self.lobby.state  # afresh each time: "annulla" rebuilds the lobby's state
            stage = state.stage()
            if stage is Stage.OVER:
                self._end()
                return True
            if stage is Stage.START:
                self._start()
                continue
            if stage is Stage.IN_GAME:
                if not self._play(state.games[-1]):
                    return False
                continue
            if not self._ask():
                return False

    # ------------------------------------------------------------ the lobby

    def _ask(self) -> bool:
        lobby = self.lobby
        question = lobby.question()
        if self.board is not None:
            self.board(evening_board_state(lobby.state.games, [*self._queued, question], question))
        self.speaker.say_all([*self._queued, question], cue=self.cue)
        self._queued = []
        heard = self._listen(ListenRequest(lobby.phase(), lobby.phrases(), False, ""), question)
        if heard is None:
            return False
        intent = lobby.parse(heard.text)
        if isinstance(intent, it.Repeat):
            return True
        if isinstance(intent, it.Undo) and lobby.asked is not None:  # the question asked back: nothing was done
            lobby.asked = None
            self._queued.append(says.undone_lobby())
            return True
        if isinstance(intent, it.Undo):
            self._undo()
            return True
        if isinstance(intent, it.Standings):
            self._queued.append(says.evening_over(wins_by_game(lobby.state.games)).replace(" Buonanotte!", ""))
            return True
        step = lobby.decide(intent)
        for record in step.records:
            self.record(record)
        self._queued.extend(step.sentences)
        return True

    def _listen(self, request: ListenRequest, question: str) -> Heard | None:
        """The next answer. Silence decides nothing: after each quiet wait the lobby asks again, as a game does
        (the question, then a short help with two examples), then waits quietly."""
        # the help is worked out only when a silence asks for it (3 ms a question otherwise)
        nudges: tuple[Callable[[], str], ...] = (lambda: question, lambda: says.help_lobby(self._two_examples()))
        for wait, nudge in zip(self.reprompt_s, nudges):
            heard = self.listener.listen(replace(request, patience_s=wait))
            if not isinstance(heard, Silence):
                return heard
            self.speaker.say_all([nudge()], cue=self.cue)
        while isinstance(heard := self.listener.listen(request), Silence):
            pass  # a listener with a patience of its own: its silence decides nothing either
        return heard

    def _two_examples(self) -> list[str]:
        """Two answers to the question asked now, meaning different things when they can."""
        by_meaning: dict[it.Intent, str] = {}
        for example in help_examples(self.lobby.phase(), self.lobby.words()):
            by_meaning.setdefault(self.lobby.parse(example), example)
        return list(by_meaning.values())[:2]

    def _undo(self) -> None:
        if not self.records or self.records[-1].get("r") not in _UNDOABLE:
            self._queued.append(says.nothing_to_undo_lobby())
            return
        self.journal.append_undo()
        self.records.pop()
        from voice_host.evening.state import EveningState

        self.lobby.state = EveningState()
        for record in self.records:
            self.lobby.state.apply(record)
        self._queued.append(says.undone_lobby())

    # ------------------------------------------------------------ the games

    def _start(self) -> None:
        state = self.lobby.state
        previous = state.games[-1] if state.games else None
        first = previous.last if previous is not None and previous.last in state.players else None
        n = len(state.games) + 1
        self.record({"r": "start", "n": n, "seed": self.new_seed(), "first": first or ""})
        if first is not None:
            self._queued.append(says.opener(first))

    def _play(self, played: Played) -> bool:
        """Play (or resume) game ``played``; False when the input ended during it."""
        path = game_journal_path(self.journal.path, played.n)
        if os.path.exists(path):
            journal, contents = Journal.resume(path)
            game, config, actions, resumed = contents.game, contents.config, contents.actions, True
            if contents.ended is not None:
                journal.close()
                self.game_over(path)  # ended by the players, not yet recorded when the evening stopped
                self._result(played, None, finished=False)
                return True
        else:
            game = played.game
            config = make_config(GAMES[game], played.settings, played.players, seed=played.seed, first=played.first)
            journal, actions, resumed = Journal.create(path, game, config), [], False
        if self._queued:
            self.speaker.say_all(self._queued)
            self._queued = []
        try:
            session = self.make_session(dialog_factory(game, config), self.listener, self.speaker, journal, actions,
                                        resumed=resumed, reprompt_s=self.reprompt_s, cue=self.cue)
            if self.new_observer is not None:
                session.observer = self.new_observer()
            outcome = session.run()
        finally:
            journal.close()
        if outcome is Outcome.INPUT_ENDED:
            return False
        self.game_over(path)
        summary = session.dialog.summary()
        finished = outcome is Outcome.FINISHED
        self._result(played, summary if finished else None, finished=finished)
        return True

    def _result(self, played: Played, summary: dict[str, Any] | None, *, finished: bool) -> None:
        winner = summary.get("winner") if summary is not None else None
        last = last_place(summary) if summary is not None else None
        self.record({"r": "result", "n": played.n, "winner": winner or "", "finished": int(finished),
                     "last": last or ""})

    def _end(self) -> None:
        games = self.lobby.state.games
        if self.board is not None:
            self.board(evening_board_state(games, [*self._queued, says.evening_over(wins_by_game(games))], ""))
        self.speaker.say_all([*self._queued, says.evening_over(wins_by_game(games))])
        self._queued = []
        if games:
            self.printed(table_text(games, says.evening_table_title()))

    # ------------------------------------------------------------ the summary

    def summary(self) -> dict[str, Any]:
        """The evening's ``--summary``: every game in order, and the standings."""
        games = []
        for played in self.lobby.state.games:
            path = game_journal_path(self.journal.path, played.n)
            try:
                rules = read_journal(path)[0].config.get("rules")
            except Exception:  # a game whose journal was never made: its rules as chosen
                rules = played.settings.get("rules")
            games.append({
                "n": played.n, "game": played.game, "rules": rules, "players": list(played.players),
                "winner": played.winner, "finished": played.finished, "journal": os.path.abspath(path),
            })
        return {"games": games, "standings": standings(self.lobby.state.games),
                "over": self.lobby.state.stage() is Stage.OVER}
