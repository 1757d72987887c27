"""The games the host can run.

Each game has one folder here (``tokio/``, ``yatzi/``) holding all of the host's
side of it: its entry (the options it takes, how it builds and strictly checks its
configuration, its phrase lists and phase grammars, gathered in one
:class:`GameEntry`), its dialog and its board state. Its rules are in
``engine/<game>/`` and its Italian in ``grammars/<game>/``.
:mod:`~voice_host.games.registry` lists the entries; :mod:`~voice_host.games.common`
holds the checks they share. Outside the games' folders only the registry names a
game (``tests/architecture/test_import_graph.py`` and
``tests/voice_host/test_games_registry.py`` check it).
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
