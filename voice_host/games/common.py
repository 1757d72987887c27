"""What every game's configuration shares: the game options, player names, seats and strict key checks.

A configuration comes either from the command line (a game's ``make_config``)
or from a journal's header; a game's ``make_dialog`` checks it strictly in both
cases (types, ranges, names), so a hand-edited header cannot make a game the
command line would refuse.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from grammars.it import catalogue as say
from voice_host.errors import InputError
from voice_host.games.names import invisible, look_alike_key, normal, visible
from voice_host.limits import MAX_NAME_CHARS, MAX_SEATS
from voice_host.terminal.printable import has_control

MAX_SEED = 2**63 - 1
MAX_LIMIT = 99

#: Every option that configures a game, as ``argparse`` attribute -> command-line spelling.
GAME_OPTIONS: Mapping[str, str] = MappingProxyType({
    "players": "--players", "rules": "--rules", "dice": "--dice", "limit": "--limit",
    "first": "--first", "virtual_dice": "--virtual-dice", "seed": "--seed", "truth": "--truth",
    "computer": "--computer", "computer_level": "--computer-level",
})


class ConfigError(InputError):
    """Options that cannot make a game; the message is shown to the user."""


# ---------------------------------------------------------------- from the command line


def player_names(text: str | None) -> list[str]:
    """The names of ``--players``: NFKC-normalized, one line each, visible, distinct however they look."""
    if not text:
        raise ConfigError(say.players_missing())
    names = [normal(name) for name in text.split(",")]
    if any(not name for name in names):
        raise ConfigError(say.player_name_empty(text))
    check_names(names, text)
    return names


def check_names(names: Sequence[str], quoted: str) -> None:
    """Every name printable and short, no two the same ignoring case (``quoted`` names them in the error),
    and no more than ``MAX_SEATS`` of them."""
    if len(names) > MAX_SEATS:
        raise ConfigError(say.too_many_seats(len(names), MAX_SEATS))
    for name in names:
        if has_control(name):
            raise ConfigError(say.player_name_control(name))
        if len(name) > MAX_NAME_CHARS:
            raise ConfigError(say.player_name_too_long(name, MAX_NAME_CHARS))
        hidden = invisible(name)
        if hidden is not None:
            raise ConfigError(say.player_name_invisible(visible(name), hidden))
    if len({look_alike_key(name) for name in names}) != len(names):
        raise ConfigError(say.player_names_repeated(quoted))


def computer_names(args: argparse.Namespace, players: Sequence[str]) -> list[str]:
    """The names of ``--computer``: normalized as players' names, non-empty, not already at the table."""
    computers = [normal(name) for name in (getattr(args, "computer", None) or [])]
    seats = [look_alike_key(name) for name in [*players, *computers]]
    if any(not name for name in computers) or len(set(seats)) != len(seats):
        raise ConfigError(say.computer_names_bad(computers))
    check_names([*players, *computers], ",".join([*players, *computers]))
    return computers


def first_player(first: str | None, players: list[str]) -> str | None:
    """``--first``, NFKC-normalized, when it names one of ``players``."""
    if first is not None:
        first = normal(first)
        if first not in players:
            raise ConfigError(say.first_not_a_player(first, players))
    return first


def _given(args: argparse.Namespace, name: str) -> bool:
    value = getattr(args, name, None)
    return value is not None and value is not False  # --seed 0 is given (0 == False)


def options_given(args: argparse.Namespace, names: Sequence[str]) -> list[str]:
    """The command-line spelling of each option in ``names`` that ``args`` sets."""
    return [GAME_OPTIONS[name] for name in names if _given(args, name)]


# ---------------------------------------------------------------- from a journal's header


def check_keys(config: dict[str, Any], required: set[str], optional: set[str]) -> None:
    """Every ``required`` key there, and no key outside ``required`` and ``optional``."""
    missing = required - set(config)
    unknown = set(config) - required - optional
    if missing or unknown:
        raise ConfigError(say.config_bad_value(", ".join(sorted(missing | unknown))))


def check_config_players(config: dict[str, Any], least: int, others: Sequence[str] = ()) -> None:
    """Players (and ``others``, seats no one speaks for) well typed, normalized, distinct; ``first`` among them."""
    players = config["players"]
    if not isinstance(players, list) or len(players) < least or not all(
        isinstance(name, str) and name and name == normal(name)
        for name in [*players, *others]
    ):
        raise ConfigError(say.config_bad_value("players"))
    seats = [*players, *others]
    check_names(seats, ",".join(seats))
    first = config.get("first")
    if first is not None and first not in seats:
        raise ConfigError(say.config_bad_value("first"))
