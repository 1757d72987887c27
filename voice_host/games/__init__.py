"""The games the host can run.

Each game has one module here (``tokio.py``, ``yatzi.py``): the options it
takes, how it builds and strictly checks its configuration, its dialog, its
phrase lists and phase grammars, gathered in one :class:`GameEntry`.
:mod:`~voice_host.games.registry` lists the entries; :mod:`~voice_host.games.common`
holds the checks they share. Nothing outside these modules, the game's own
engine, grammar and dialog modules, and the language package names a game.
"""

from __future__ import annotations

from voice_host.games.common import GAME_OPTIONS, ConfigError, options_given
from voice_host.games.entry import AnyDialog, GameEntry
from voice_host.games.registry import GAMES, config_from_args, dialog_factory, game_entry

__all__ = [
    "GAMES",
    "GAME_OPTIONS",
    "AnyDialog",
    "ConfigError",
    "GameEntry",
    "config_from_args",
    "dialog_factory",
    "game_entry",
    "options_given",
]
