"""What a game gives the host: one :class:`GameEntry`, listed in :mod:`voice_host.games.registry`."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeAlias

from grammars.phrases import PhaseGrammar, Phrase
from voice_host.core.dialog import GameDialog

#: A dialog of any game: the registry and the wiring do not know a game's own phase and action types.
AnyDialog: TypeAlias = GameDialog[Any, Any]


@dataclass(frozen=True)
class GameEntry:
    """One game the host can run: the one place the command line, ``check`` and the recognizer learn of it."""

    make_config: Callable[[argparse.Namespace], dict[str, Any]]
    """The journaled configuration from command-line options (ConfigError on bad ones)."""
    make_dialog: Callable[[dict[str, Any]], AnyDialog]
    """A new dialog for a configuration (checked strictly: it may come from a journal)."""
    options: tuple[str, ...]
    """The game options it takes (keys of ``GAME_OPTIONS``); any other one given is refused, not ignored."""
    all_phrases: Callable[[str | None, int | None], dict[str, tuple[Phrase, ...]]]
    """Every phase's phrases for a rule set and dice, for the vocabulary check."""
    phase_grammars: Callable[[], Iterator[PhaseGrammar]]
    """Every phase of every rule set and dice, with what each phrase means, for the confusability report."""
    analysis: Callable[[AnyDialog], str] | None = None
    """The analysis printed after a finished game and by ``analizza``; None when the game has none."""
    decisions: Path | None = None
    """The file of what was decided for each risky pair of its phrases (``voice_host.hearing.decisions``)."""
    choices: Mapping[str, tuple[str | int, ...]] = field(default_factory=dict)
    """The values an option of ``options`` may take, where the game limits them (``dice``: 4, 6, 8, 10)."""
    describe_rules: Callable[[dict[str, Any]], str] | None = None
    """The rules of a configuration in one breath, ending with "va bene?" (the evening's lobby offers them)."""
