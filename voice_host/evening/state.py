"""The evening as its journal's records make it: replaying the records gives the same evening.

One answer is at most one record (several rule changes said in one breath are one ``set``,
"Carla e basta" one ``player``), so a kill can never leave half an answer on disk; the
records that follow an answer by themselves (``start``, ``result``) are made again on resume.

A record is a flat dict (the journal's ``do``), one of::

    {"r": "defaults", "game": "tokio", "options": ["dice", "limit"], "values": [10, 5]}
                                              the rules an earlier evening left for a game: offered
                                              as its default whenever it is chosen
    {"r": "game", "game": "tokio"}            the game chosen
    {"r": "set", "option": "dice", "value": 10}  a rule changed (option of GAME_OPTIONS)
    {"r": "set", "options": ["dice", "limit"], "values": [10, 5]}  several, said in one breath
    {"r": "rules_ok"}                         the rules accepted
    {"r": "offer", "players": [...]}          the last table offered again
    {"r": "player", "name": "Anna"}           a player sits (said, repeated, implicitly confirmed)
    {"r": "player", "names": ["Anna", "Bruno"]}   several, named in one breath ("siamo Anna e Bruno")
    {"r": "player", "name": "Carla", "fresh": 1, "last": 1}   ... as the first of a new table
                                              (the table offered refused by naming someone), and as the
                                              last ("Carla e basta": the table is complete)
    {"r": "drop", "name": "Anna"}             a player leaves ("no" to the name, "esce Anna")
    {"r": "drop", "names": ["Anna", "Bruno"]} "no" to the names just said together
    {"r": "players_ok"}                       the table is complete
    {"r": "start", "n": 1, "seed": 7, "first": ""}   game n starts (its own journal beside this one)
    {"r": "result", "n": 1, "winner": "Anna", "finished": 1, "last": "Bruno"}
    {"r": "again"} {"r": "change_game"} {"r": "change_players"} {"r": "end"}
    {"r": "begin", "records": [...]}         what the command line and the remembered settings gave at the
                                              start (defaults, game, set, rules_ok, player, players_ok, offer),
                                              one record so that a kill keeps all of it or none
    {"r": "closing"}                          "basta per stasera" with rules unlike the saved ones: the
                                              host asks whether to save them first
    {"r": "end", "save": 1}                   ... and the answer: sì saves them (0: no)

>>> s = EveningState()
>>> for r in ({"r": "game", "game": "tokio"}, {"r": "rules_ok"}, {"r": "player", "name": "Anna"},
...           {"r": "player", "name": "Bruno"}, {"r": "players_ok"}):
...     s.apply(r)
>>> s.stage(), s.players
(<Stage.START: 'start'>, ['Anna', 'Bruno'])
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any


class Stage(enum.Enum):
    """Where the evening is."""

    GAME = "game"
    RULES = "rules"
    OFFER = "offer"
    NAMES = "names"
    START = "start"
    IN_GAME = "in_game"
    AFTER = "after"
    SAVE = "save"
    OVER = "over"


@dataclass
class Played:
    """One game of the evening: what it was and how it went."""

    n: int
    game: str
    settings: dict[str, Any]
    players: list[str]
    seed: int
    first: str | None
    winner: str | None = None
    finished: bool = False
    last: str | None = None
    done: bool = False


@dataclass
class EveningState:
    """The evening so far (pure: records in, state out)."""

    game: str | None = None
    settings: dict[str, Any] = field(default_factory=dict)
    defaults: dict[str, dict[str, Any]] = field(default_factory=dict)
    """game -> the rules remembered for it (offered when it is chosen)."""
    rules_ok: bool = False
    players: list[str] = field(default_factory=list)
    heard: list[str] = field(default_factory=list)
    """The names of the last ``player`` record (repeated to be confirmed; "no" drops them)."""
    offered: bool = False
    players_ok: bool = False
    games: list[Played] = field(default_factory=list)
    after: bool = False
    over: bool = False
    closing: bool = False
    """The evening is ending and asks whether to save its rules as the defaults."""
    save_rules: bool = False
    """The players said sì to saving the evening's rules (the command line writes them at the end)."""

    def stage(self) -> Stage:
        """The question the evening is at (or the game it is in)."""
        if self.over:
            return Stage.OVER
        if self.closing:
            return Stage.SAVE
        if self.games and not self.games[-1].done:
            return Stage.IN_GAME
        if self.after:
            return Stage.AFTER
        if self.game is None:
            return Stage.GAME
        if not self.rules_ok:
            return Stage.RULES
        if not self.players_ok:
            return Stage.OFFER if self.offered else Stage.NAMES
        return Stage.START

    def apply(self, record: dict[str, Any]) -> None:
        """Change the evening as ``record`` says (ValueError on a record that does not fit)."""
        kind = record.get("r")
        if kind == "begin":
            nested = record["records"]
            if not isinstance(nested, list) or any(not isinstance(r, dict) or r.get("r") == "begin" for r in nested):
                raise ValueError("a begin record holds the start's records, none of them a begin")
            for inner in nested:
                self.apply(inner)
        elif kind == "defaults":
            if len(record["options"]) != len(record["values"]):
                raise ValueError("a defaults record with as many options as values")
            self.defaults[str(record["game"])] = dict(zip(record["options"], record["values"]))
        elif kind == "game":
            game = str(record["game"])
            self.game, self.settings, self.rules_ok = game, dict(self.defaults.get(game, {})), False
        elif kind == "set" and "options" in record:
            if len(record["options"]) != len(record["values"]):
                raise ValueError("a set record with as many options as values")
            for option, value in zip(record["options"], record["values"]):
                self.settings[str(option)] = value
        elif kind == "set":
            self.settings[str(record["option"])] = record["value"]
        elif kind == "rules_ok":
            self.rules_ok = True
        elif kind == "offer":
            self.players, self.offered, self.players_ok = [str(p) for p in record["players"]], True, False
        elif kind == "player":
            if record.get("fresh"):
                self.players, self.players_ok = [], False
            self.heard = [str(n) for n in record["names"]] if "names" in record else [str(record["name"])]
            self.players.extend(self.heard)
            self.offered = False
            if record.get("last"):
                self.players_ok = True
        elif kind == "drop":
            for name in (record["names"] if "names" in record else [record["name"]]):
                self.players.remove(str(name))
            self.heard = []
        elif kind == "players_ok":
            self.players_ok, self.offered = True, False
        elif kind == "start":
            if self.game is None:
                raise ValueError("a game starts before one was chosen")
            first = str(record.get("first") or "") or None
            self.games.append(Played(int(record["n"]), self.game, dict(self.settings), list(self.players),
                                     int(record["seed"]), first))
            self.after = False
        elif kind == "result":
            played = self.games[-1]
            played.winner = str(record.get("winner") or "") or None
            played.finished = bool(record.get("finished"))
            played.last = str(record.get("last") or "") or None
            played.done, self.after = True, True
        elif kind == "again":
            self.after = False
        elif kind == "change_game":
            self.game, self.settings, self.rules_ok, self.after = None, {}, False, False  # the table stays
        elif kind == "change_players":
            self.players, self.players_ok, self.offered, self.after = [], False, False, False
        elif kind == "closing":
            self.closing = True
        elif kind == "end":
            self.over, self.save_rules = True, bool(record.get("save"))
        else:
            raise ValueError(f"unknown evening record: {kind!r}")

    def rules_to_save(self) -> tuple[str, dict[str, Any]] | None:
        """The last game played and its rules, when they are not the defaults the evening started with; else None.

        Only what the settings file keeps counts (``rules``, ``dice``, ``limit``): an evening of
        Tokio at five penalties asks, one with the rules it was offered does not.

        >>> s = EveningState()
        >>> for r in ({"r": "game", "game": "tokio"}, {"r": "set", "option": "limit", "value": 5},
        ...           {"r": "start", "n": 1, "seed": 1}, {"r": "result", "n": 1}):
        ...     s.apply(r)
        >>> s.rules_to_save()
        ('tokio', {'limit': 5})
        >>> s.apply({"r": "defaults", "game": "tokio", "options": ["limit"], "values": [5]}); s.rules_to_save()
        """
        if not self.games:
            return None
        last = self.games[-1]
        kept = {key: last.settings[key] for key in SAVED_RULES if last.settings.get(key) is not None}
        saved = self.defaults.get(last.game, {})
        if kept == {key: saved[key] for key in SAVED_RULES if saved.get(key) is not None}:
            return None
        return last.game, kept


#: The rules the settings file keeps for a game.
SAVED_RULES = ("rules", "dice", "limit")
