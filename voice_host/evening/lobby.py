"""The lobby's questions between games: what to ask now, what may be heard, and what an answer does.

The lobby never talks to a device and never writes: :meth:`Lobby.decide` turns an intent into
the records to journal and the sentences to say once they are on disk (``run.py`` does both,
in that order). Everything game-specific comes from the registry's entries: the options a game
takes, its configuration checks (``make_config``) and its rules in one breath (``describe_rules``).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from grammars import intents as it
from grammars.evening import sentences as says
from grammars.evening.grammar import LobbyPhase, LobbyWords, help_examples, name_phrase, parse, phrases
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
    Names,
    NamesDone,
    TableCount,
)
from grammars.it import catalogue as say
from grammars.it.catalogue import join_names
from grammars.normalize import fold
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


def names_heard(names: Sequence[str], usable: Callable[[Sequence[Phrase]], Mapping[Phrase, Any]]) -> tuple[str, ...]:
    """The ``names`` whose every word the model knows (``usable``: the voice listener's check of phrases).

    A name left out is not offered to the recognizer, so it can never be heard as another:
    its player says "giocatore tre" instead (or types the names with ``--players``).

    >>> known = {"anna", "maria", "grazia"}  # a model's vocabulary
    >>> names_heard(["Anna", "Zebedeo", "Maria Grazia"],
    ...             lambda phrases: {p: p.variants for p in phrases if set(p.text.split()) <= known})
    ('Anna', 'Maria Grazia')
    """
    by_phrase = {name_phrase(name): name for name in names}
    heard = usable(list(by_phrase))
    return tuple(name for p, name in by_phrase.items() if p in heard)


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
    asked: it.Intent | None = None
    """A costly answer only asked about ("ma chiudiamo già?"): asked back, sì does it (not journaled: a kill
    while it waits asks the lobby's question again, and nothing was done)."""

    # ------------------------------------------------------------ asking

    def words(self) -> LobbyWords:
        """What the lobby can hear now."""
        return LobbyWords(tuple(self.games), dict(says.RULES_HEARD), (*self.names, *self._extra_names()))

    def _extra_names(self) -> tuple[str, ...]:
        known = _look_alike_keys(self.names)
        seated = [*self.state.players, *(p for g in self.state.games for p in g.players)]
        return tuple(dict.fromkeys(n for n in seated if look_alike_key(n) not in known))

    def phase(self) -> LobbyPhase:
        """The listening phase of the question asked now."""
        if self.asked is not None:
            return LobbyPhase.CONFIRM
        stage = self.state.stage()
        return {
            Stage.GAME: LobbyPhase.GAME, Stage.RULES: LobbyPhase.RULES, Stage.OFFER: LobbyPhase.NAME,
            Stage.NAMES: LobbyPhase.NAME, Stage.AFTER: LobbyPhase.AFTER,
        }.get(stage, LobbyPhase.CONFIRM)

    def question(self) -> str:
        """The question for the evening's stage."""
        if self.asked is not None:
            return self._asked_question
        stage, state = self.state.stage(), self.state
        if stage is Stage.GAME:
            return says.welcome(list(self.games)) if not state.games else says.which_game(list(self.games))
        if stage is Stage.RULES:
            return self.rules_breath()
        if stage is Stage.OFFER:
            return says.players_again(state.players)
        if stage is Stage.NAMES:
            return says.name_heard(join_names(state.heard or state.players[-1:])) if state.players else says.who_plays()
        if stage is Stage.SAVE:
            return says.save_rules()
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
        if type(intent) is it.NotUnderstood and self.free_names and self.phase() is LobbyPhase.NAME:
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
        if self.asked is not None:
            return self._answer_asked(intent)
        if isinstance(intent, it.Conflict) and len(intent.said) >= 2:
            first, second = (self._as_named(said) for said in intent.said[:2])
            return Step(sentences=(say.which_one(first, second),))  # asked, never applied
        if isinstance(intent, it.AskBack):
            self.asked, self._asked_question = intent.intent, say.did_you_say(intent.said or intent.text)
            return Step()
        if stage is Stage.GAME and isinstance(intent, ChooseGame):
            return Step(({"r": "game", "game": intent.game},))
        if stage is Stage.RULES:
            return self._rules(intent)
        if stage in (Stage.OFFER, Stage.NAMES):
            return self._names(intent, stage)
        if stage is Stage.AFTER:
            return self._after(intent)
        if stage is Stage.SAVE:
            return self._save(intent)
        return self._not_understood()

    def _save(self, intent: it.Intent) -> Step:
        """The answer to "Salvo queste regole come predefinite?": the evening ends either way."""
        if isinstance(intent, (it.Yes, it.No)):
            save = isinstance(intent, it.Yes)
            return Step(({"r": "end", "save": int(save)},), (says.rules_saved() if save else says.rules_kept(),))
        return Step(sentences=(say.answer_yes_or_no(),))

    _asked_question: str = ""

    def _as_named(self, said: str) -> str:
        """Words of a conflict as the lobby names them: a name capitalised as listed ("anna" -> "Anna")."""
        return _name_keys(self.words().heard_names).get(fold(said), said)

    def _answer_asked(self, intent: it.Intent) -> Step:
        """The answer to a costly answer asked back: sì does it, no asks for it again, anything else asks sì or no."""
        asked, self.asked = self.asked, None
        if isinstance(intent, it.Yes) and asked is not None:
            return self.decide(asked)
        if isinstance(intent, it.No):
            return Step(sentences=(say.say_it_again(),))
        self.asked = asked
        return Step(sentences=(say.answer_yes_or_no(),))

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
        for option, value in intent.changes:
            if option not in entry.options and not (option == "computer_level" and "computer" in entry.options):
                return Step(sentences=(says.option_not_in_game(self.state.game),))
            settings[option] = value
        try:
            changed = make_config(entry, settings, _PLACEHOLDERS, seed=0)
        except ConfigError as exc:
            return Step(sentences=(says.cannot_change(str(exc)),))
        offered = make_config(entry, self.state.settings, _PLACEHOLDERS, seed=0)
        said = entry.describe_rules
        if changed == offered or (said is not None and said(changed) == said(offered)):
            return Step(({"r": "rules_ok"},))  # "le classiche vanno bene": the rules offered, named as they are
        options, values = [option for option, _ in intent.changes], [value for _, value in intent.changes]
        return Step(({"r": "set", "options": options, "values": values},))

    def _names(self, intent: it.Intent, stage: Stage) -> Step:
        players = self.state.players
        if stage is Stage.OFFER and isinstance(intent, (it.Yes, NamesDone)):  # "sì", "siamo sempre noi"
            return self._table_complete(players)
        if stage is Stage.OFFER and isinstance(intent, (it.No, Leaves)):  # "no", "Carla stasera non c'è"
            return Step(({"r": "change_players"},), (says.who_plays(),))
        if isinstance(intent, it.No) and players:
            heard = self.state.heard or players[-1:]
            drop = {"r": "drop", "name": heard[0]} if len(heard) == 1 else {"r": "drop", "names": list(heard)}
            return Step((drop,), (says.name_dropped(join_names(heard)),))
        if isinstance(intent, Leaves) and intent.name in players:  # "Anna non gioca"
            return Step(({"r": "drop", "name": intent.name},), (says.left(intent.name),))
        if isinstance(intent, TableCount):
            if intent.players == len(players):  # "siamo in tre": the table as it is
                return self._table_complete(players)
            if stage is Stage.OFFER:  # "no, siamo in due": not the table offered
                return Step(({"r": "change_players"},), (says.who_plays(),))
            return Step(sentences=(says.table_count(players, intent.players),))
        if isinstance(intent, (NamesDone, it.Yes)) and stage is Stage.NAMES:
            return self._table_complete(players)
        if isinstance(intent, (Name, Names)):
            fresh = stage is Stage.OFFER
            seated = [] if fresh else list(players)
            named = [intent.name] if isinstance(intent, Name) else list(intent.names)
            for name in named:
                if look_alike_key(name) in {look_alike_key(p) for p in seated}:
                    return Step(sentences=(says.name_taken(name),))
                seated.append(name)
            said: dict[str, Any] = {"name": named[0]} if len(named) == 1 else {"names": named}
            record: dict[str, Any] = {"r": "player", **said} | ({"fresh": 1} if fresh else {})
            if intent.last:
                done = self._table_complete(seated)
                return Step(({**record, "last": 1} if done.records else record,), done.sentences)
            return Step((record,))
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
        return Step(({"r": "players_ok"},))  # the game's opening names the table at once: not said twice

    def _after(self, intent: it.Intent) -> Step:
        players = self.state.players
        if isinstance(intent, ChooseGame):  # "un'altra a tokio" is the rematch, "facciamo yatzi" another game
            last = self.state.games[-1].game if self.state.games else None
            intent = Again() if intent.game == last else ChangeGame()
        if isinstance(intent, Again):
            return Step(({"r": "again"},))
        if isinstance(intent, ChangeGame):
            return Step(({"r": "change_game"},))
        if isinstance(intent, ChangePlayers):
            return Step(({"r": "change_players"},), (says.who_plays(),))
        if isinstance(intent, EndEvening):
            return Step(({"r": "closing"},) if self.state.rules_to_save() else ({"r": "end"},))
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


#: Words before a typed name that are no part of it ("sono Zeno", "mi chiamo Ilario").
_TYPED_LEADS = ("io sono", "sono", "mi chiamo", "poi c'è", "c'è anche", "c'è", "poi", "e poi", "gioca", "anche")


@lru_cache(maxsize=4)
def _name_keys(names: tuple[str, ...]) -> dict[str, str]:
    """Each name by its folded, lower-case spelling (the first of two that fold the same)."""
    found: dict[str, str] = {}
    for name in names:
        found.setdefault(fold(name.lower()), name)
    return found


@lru_cache(maxsize=4)
def _look_alike_keys(names: tuple[str, ...]) -> frozenset[str]:
    """Each name's look-alike key, worked out once per list (the shipped list holds thousands)."""
    return frozenset(look_alike_key(n) for n in names)


def _typed_name(text: str) -> str | None:
    """A typed name: one or two words of letters (and apostrophes), capitalised as typed or made so.

    >>> _typed_name("sono Zeno"), _typed_name("mi chiamo ilario"), _typed_name("che bella serata stasera")
    ('Zeno', 'Ilario', None)
    """
    name = " ".join(normal(text).split())
    for lead in _TYPED_LEADS:
        if name.lower().startswith(lead + " "):
            name = name[len(lead) + 1:]
            break
    parts = name.split()
    if not name or len(name) > 30 or len(parts) > 2 or not all(part.replace("'", "").isalpha() for part in parts):
        return None
    return name if name[0].isupper() else name[:1].upper() + name[1:]
