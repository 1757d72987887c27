"""The lobby's questions between games: what to ask now, what may be heard, and what an answer does.

The lobby never talks to a device and never writes: :meth:`Lobby.decide` turns an intent into
the records to journal and the sentences to say once they are on disk (``run.py`` does both,
in that order). Everything game-specific comes from the registry's entries: the options a game
takes, its configuration checks (``make_config``) and its rules in one breath (``describe_rules``).
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from grammars import intents as it
from grammars.evening import sentences as says
from grammars.evening.grammar import LobbyPhase, LobbyWords, help_examples, parse, phrases
from grammars.evening.intents import (
    Again,
    Change,
    ChangeGame,
    ChangePlayers,
    ChooseGame,
    EndEvening,
    Enters,
    Leaves,
    Name,
    NamesDone,
)
from grammars.phrases import Phrase
from voice_host.evening.state import EveningState, Stage
from voice_host.games import GAME_OPTIONS, ConfigError, GameEntry
from voice_host.games.names import look_alike_key, normal

#: The name a computer seat gets at the table.
COMPUTER_NAME = "Computer"
#: Stand-in players for checking rules before anyone sits.
_PLACEHOLDERS = ("Uno", "Due")


@dataclass(frozen=True)
class Step:
    """What an answer does: records to journal, then sentences to say."""

    records: tuple[dict[str, Any], ...] = ()
    sentences: tuple[str, ...] = ()


def game_args(settings: Mapping[str, Any], players: Sequence[str], *, seed: int | None = None,
              first: str | None = None) -> argparse.Namespace:
    """The ``play`` options a game's ``make_config`` reads, from the lobby's settings."""
    values: dict[str, Any] = dict.fromkeys(GAME_OPTIONS)
    values["virtual_dice"] = bool(settings.get("virtual_dice"))
    for option in ("rules", "dice", "limit", "computer_level"):
        if settings.get(option) is not None:
            values[option] = settings[option]
    if settings.get("computer") or settings.get("computer_level"):
        values["computer"] = [COMPUTER_NAME]
    values["players"] = ",".join(players)
    values["seed"], values["first"] = seed, first
    return argparse.Namespace(**values)


def make_config(entry: GameEntry, settings: Mapping[str, Any], players: Sequence[str], *, seed: int,
                first: str | None = None) -> dict[str, Any]:
    """The game's journaled configuration for these settings and players (ConfigError in Italian)."""
    return entry.make_config(game_args(settings, players, seed=seed, first=first))


@dataclass
class Lobby:
    """The questions of an evening, over its :class:`EveningState`."""

    games: Mapping[str, GameEntry]
    state: EveningState = field(default_factory=EveningState)
    names: tuple[str, ...] = ()
    """The names the lobby can hear (the shipped list and earlier evenings', checked against the model)."""
    free_names: bool = False
    """Typed or scripted input: any name-like text is a name (a voice hears only ``names``)."""

    # ------------------------------------------------------------ asking

    def words(self) -> LobbyWords:
        """What the lobby can hear now."""
        return LobbyWords(tuple(self.games), dict(says.RULES_HEARD), (*self.names, *self._extra_names()))

    def _extra_names(self) -> tuple[str, ...]:
        known = {look_alike_key(n) for n in self.names}
        seated = [*self.state.players, *(p for g in self.state.games for p in g.players)]
        return tuple(dict.fromkeys(n for n in seated if look_alike_key(n) not in known))

    def phase(self) -> LobbyPhase:
        """The listening phase of the question asked now."""
        stage = self.state.stage()
        return {
            Stage.GAME: LobbyPhase.GAME, Stage.RULES: LobbyPhase.RULES, Stage.OFFER: LobbyPhase.NAME,
            Stage.NAMES: LobbyPhase.NAME, Stage.AFTER: LobbyPhase.AFTER,
        }.get(stage, LobbyPhase.CONFIRM)

    def question(self) -> str:
        """The question for the evening's stage."""
        stage, state = self.state.stage(), self.state
        if stage is Stage.GAME:
            return says.welcome(list(self.games)) if not state.games else says.which_game(list(self.games))
        if stage is Stage.RULES:
            return self.rules_breath()
        if stage is Stage.OFFER:
            return says.players_again(state.players)
        if stage is Stage.NAMES:
            return says.name_heard(state.players[-1]) if state.players else says.who_plays()
        return says.another()

    def rules_breath(self) -> str:
        """The rules now chosen, in one breath ("Regole classiche, dadi da sei, ...: va bene?")."""
        assert self.state.game is not None
        entry = self.games[self.state.game]
        config = make_config(entry, self.state.settings, _PLACEHOLDERS, seed=0)
        return entry.describe_rules(config) if entry.describe_rules else says.another()

    def phrases(self) -> tuple[Phrase, ...]:
        """Every phrase valid at the question asked now."""
        return phrases(self.phase(), self.words(), self.state.players)

    def help(self) -> str:
        """The help of the question asked now."""
        return says.help_lobby(help_examples(self.phase(), self.words()))

    def parse(self, text: str) -> it.Intent:
        """What ``text`` says at the question asked now (typed names taken as they are)."""
        intent = parse(text, self.phase(), self.words())
        if isinstance(intent, it.NotUnderstood) and self.free_names and self.phase() is LobbyPhase.NAME:
            typed = _typed_name(text)
            if typed is not None:
                return Name(typed)
        return intent

    # ------------------------------------------------------------ answering

    def decide(self, intent: it.Intent) -> Step:
        """What ``intent`` does at the question asked now."""
        stage = self.state.stage()
        if isinstance(intent, it.Help):
            return Step(sentences=(self.help(),))
        if stage is Stage.GAME and isinstance(intent, ChooseGame):
            return Step(({"r": "game", "game": intent.game},))
        if stage is Stage.RULES:
            return self._rules(intent)
        if stage in (Stage.OFFER, Stage.NAMES):
            return self._names(intent, stage)
        if stage is Stage.AFTER:
            return self._after(intent)
        return self._not_understood()

    def _not_understood(self) -> Step:
        return Step(sentences=(says.not_understood_lobby(help_examples(self.phase(), self.words())),))

    def _rules(self, intent: it.Intent) -> Step:
        assert self.state.game is not None
        if isinstance(intent, it.Yes):
            return Step(({"r": "rules_ok"},))
        if isinstance(intent, it.No):
            return Step(sentences=(says.what_to_change(),))
        if not isinstance(intent, Change):
            return self._not_understood()
        entry = self.games[self.state.game]
        settings = dict(self.state.settings)
        records: list[dict[str, Any]] = []
        for option, value in intent.changes:
            if option not in entry.options and not (option == "computer_level" and "computer" in entry.options):
                return Step(sentences=(says.option_not_in_game(self.state.game),))
            settings[option] = value
            records.append({"r": "set", "option": option, "value": value})
        try:
            make_config(entry, settings, _PLACEHOLDERS, seed=0)
        except ConfigError as exc:
            return Step(sentences=(says.cannot_change(str(exc)),))
        return Step(tuple(records))

    def _names(self, intent: it.Intent, stage: Stage) -> Step:
        players = self.state.players
        if stage is Stage.OFFER and isinstance(intent, it.Yes):
            return self._table_complete(players)
        if stage is Stage.OFFER and isinstance(intent, it.No):
            return Step(({"r": "change_players"},), (says.who_plays(),))
        if isinstance(intent, it.No) and players:
            return Step(({"r": "drop", "name": players[-1]},), (says.name_dropped(players[-1]),))
        if isinstance(intent, (NamesDone, it.Yes)) and stage is Stage.NAMES:
            return self._table_complete(players)
        if isinstance(intent, Name):
            fresh = stage is Stage.OFFER
            seated = [] if fresh else players
            if look_alike_key(intent.name) in {look_alike_key(p) for p in seated}:
                return Step(sentences=(says.name_taken(intent.name),))
            records: tuple[dict[str, Any], ...] = (({"r": "change_players"},) if fresh else ()) + (
                {"r": "player", "name": intent.name},)
            if intent.last:
                done = self._table_complete([*seated, intent.name])
                if done.records:
                    return Step(records + done.records, done.sentences)
                return Step(records, done.sentences)
            return Step(records)
        if isinstance(intent, it.NotUnderstood) and stage is Stage.NAMES:
            return Step(sentences=(says.name_unknown(len(players) + 1),))
        return self._not_understood()

    def _table_complete(self, players: Sequence[str]) -> Step:
        if not players:
            return Step(sentences=(says.table_empty(),))
        assert self.state.game is not None
        try:
            make_config(self.games[self.state.game], self.state.settings, players, seed=0)
        except ConfigError as exc:
            return Step(sentences=(says.table_short(str(exc)),))
        return Step(({"r": "players_ok"},), (says.players_set(players),))

    def _after(self, intent: it.Intent) -> Step:
        players = self.state.players
        if isinstance(intent, Again):
            return Step(({"r": "again"},))
        if isinstance(intent, ChangeGame):
            return Step(({"r": "change_game"},))
        if isinstance(intent, ChangePlayers):
            return Step(({"r": "change_players"},), (says.who_plays(),))
        if isinstance(intent, EndEvening):
            return Step(({"r": "end"},))
        if isinstance(intent, Enters):
            if look_alike_key(intent.name) in {look_alike_key(p) for p in players}:
                return Step(sentences=(says.name_taken(intent.name),))
            return Step(({"r": "player", "name": intent.name},), (says.entered(intent.name),))
        if isinstance(intent, Leaves):
            if intent.name not in players:
                return Step(sentences=(says.not_at_table(intent.name),))
            return Step(({"r": "drop", "name": intent.name},), (says.left(intent.name),))
        return self._not_understood()

    def ready_to_start(self) -> str | None:
        """None when the table can play the chosen game now, else why not (said before the players question)."""
        assert self.state.game is not None
        try:
            make_config(self.games[self.state.game], self.state.settings, self.state.players, seed=0)
        except ConfigError as exc:
            return str(exc)
        return None


def _typed_name(text: str) -> str | None:
    """A typed name: one or two words of letters (and apostrophes), capitalised as typed or made so."""
    name = " ".join(normal(text).split())
    if not name or len(name) > 30 or not all(part.replace("'", "").isalpha() for part in name.split()):
        return None
    return name if name[0].isupper() else name[:1].upper() + name[1:]
