"""What an answer to the lobby means: frozen values, like the games' intents."""

from __future__ import annotations

from dataclasses import dataclass

from grammars.intents import GameIntent


@dataclass(frozen=True)
class ChooseGame(GameIntent):
    """A game named ("Tokio", "giochiamo a Yatzi")."""

    game: str


@dataclass(frozen=True)
class Change(GameIntent):
    """Changes to the rules offered: ``(option, value)`` pairs in the order said ("dadi da dieci")."""

    changes: tuple[tuple[str, str | int], ...]


@dataclass(frozen=True)
class Name(GameIntent):
    """A player's name said alone (or "Carla e basta": ``last``)."""

    name: str
    last: bool = False


@dataclass(frozen=True)
class Names(GameIntent):
    """Several players named in one breath ("siamo Anna, Bruno e Carla"; ``last``: "... e basta")."""

    names: tuple[str, ...]
    last: bool = False


@dataclass(frozen=True)
class NamesDone(GameIntent):
    """"basta così", "siamo tutti": the list of players is complete."""


@dataclass(frozen=True)
class Again(GameIntent):
    """"un'altra", "rivincita": the same game, players and rules again."""


@dataclass(frozen=True)
class ChangeGame(GameIntent):
    """"cambiamo gioco"."""


@dataclass(frozen=True)
class ChangePlayers(GameIntent):
    """"cambiamo giocatori"."""


@dataclass(frozen=True)
class Enters(GameIntent):
    """"entra Marco"."""

    name: str


@dataclass(frozen=True)
class Leaves(GameIntent):
    """"esce Bruno"."""

    name: str


@dataclass(frozen=True)
class EndEvening(GameIntent):
    """"basta per stasera"."""


@dataclass(frozen=True)
class TableCount(GameIntent):
    """"siamo in tre": how many play (the table offered is this one when the count is its size)."""

    players: int
