"""The one list of games: ``--game``, ``check --game``, the journal's header, the recognizer's phrase lists
and the confusability report all read :data:`GAMES`."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator, Mapping
from types import MappingProxyType
from typing import Any

from grammars.it import catalogue as say
from grammars.phrases import PhaseGrammar
from voice_host.games import tokio, yatzi
from voice_host.games.common import GAME_OPTIONS, ConfigError, options_given
from voice_host.games.entry import AnyDialog, GameEntry
from voice_host.hearing.decisions import Decision, load_decisions

#: Every game, by the name ``--game`` takes (and a journal's header records).
GAMES: Mapping[str, GameEntry] = MappingProxyType(
    {
        "tokio": tokio.ENTRY,
        "yatzi": yatzi.ENTRY,
    }
)


def phase_grammars() -> Iterator[PhaseGrammar]:
    """Every phase of every game, preset and dice, as each game's entry lists them (the confusability report)."""
    for entry in GAMES.values():
        yield from entry.phase_grammars()


def decisions() -> list[Decision]:
    """What was decided for the risky phrase pairs of every game (each game's ``decisions.json``)."""
    return [decision for entry in GAMES.values() if entry.decisions for decision in load_decisions(entry.decisions)]


def game_entry(name: str) -> GameEntry:
    """The registry entry of ``name`` (ConfigError naming the games there are)."""
    try:
        return GAMES[name]
    except KeyError:
        raise ConfigError(say.unknown_game(name, list(GAMES))) from None


def config_from_args(args: argparse.Namespace) -> dict[str, Any]:
    """Validate the options of ``args.game`` (refusing those it would ignore) and return its configuration."""
    entry = game_entry(args.game)
    ignored = options_given(args, [name for name in GAME_OPTIONS if name not in entry.options])
    if ignored:
        raise ConfigError(say.options_ignored_by_game(args.game.capitalize(), ignored))
    return entry.make_config(args)


def dialog_factory(game: str, config: dict[str, Any]) -> Callable[[], AnyDialog]:
    """A function that builds a fresh dialog of ``game`` (used again by annulla)."""
    make_dialog = game_entry(game).make_dialog
    make_dialog(config)  # fail early on a bad configuration
    return lambda: make_dialog(config)
