"""The evening as its journal's records make it: replaying the records gives the same evening.

A record is a flat dict (the journal's ``do``), one of::

    {"r": "game", "game": "tokio"}            the game chosen
    {"r": "set", "option": "dice", "value": 10}  a rule changed (option of GAME_OPTIONS)
    {"r": "rules_ok"}                         the rules accepted
    {"r": "offer", "players": [...]}          the last table offered again
    {"r": "player", "name": "Anna"}           a player sits (said, repeated, implicitly confirmed)
    {"r": "drop", "name": "Anna"}             a player leaves ("no" to the name, "esce Anna")
    {"r": "players_ok"}                       the table is complete
    {"r": "start", "n": 1, "seed": 7, "first": ""}   game n starts (its own journal beside this one)
    {"r": "result", "n": 1, "winner": "Anna", "finished": 1, "last": "Bruno"}
    {"r": "again"} {"r": "change_game"} {"r": "change_players"} {"r": "end"}

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
    rules_ok: bool = False
    players: list[str] = field(default_factory=list)
    offered: bool = False
    players_ok: bool = False
    games: list[Played] = field(default_factory=list)
    after: bool = False
    over: bool = False

    def stage(self) -> Stage:
        """The question the evening is at (or the game it is in)."""
        if self.over:
            return Stage.OVER
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
        if kind == "game":
            self.game, self.settings, self.rules_ok = str(record["game"]), {}, False
        elif kind == "set":
            self.settings[str(record["option"])] = record["value"]
        elif kind == "rules_ok":
            self.rules_ok = True
        elif kind == "offer":
            self.players, self.offered, self.players_ok = [str(p) for p in record["players"]], True, False
        elif kind == "player":
            self.players.append(str(record["name"]))
            self.offered = False
        elif kind == "drop":
            self.players.remove(str(record["name"]))
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
        elif kind == "end":
            self.over = True
        else:
            raise ValueError(f"unknown evening record: {kind!r}")
