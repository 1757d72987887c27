"""The games the host can run: the options each takes, how it builds and checks its configuration and its dialog.

A configuration comes either from the command line (``config_from_args``) or
from a journal's header; ``dialog_factory`` checks it strictly in both cases
(types, ranges, names), so a hand-edited header cannot make a game the command
line would refuse.
"""

from __future__ import annotations

import argparse
import secrets
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from engine.errors import BadConfiguration
from engine.tokio_rules import PRESETS, TruthTest, preset
from engine.yatzi_score import RULE_SETS
from grammars.it import catalogue as say
from grammars.phrases import Phrase
from voice_host.dialog import GameDialog
from voice_host.errors import InputError
from voice_host.limits import MAX_NAME_CHARS
from voice_host.printable import has_control

MAX_SEED = 2**63 - 1
MAX_LIMIT = 99
TOKIO_SIDES = (4, 6, 8, 10)

#: Every option that configures a game, as ``argparse`` attribute -> command-line spelling.
GAME_OPTIONS = {
    "players": "--players", "rules": "--rules", "dice": "--dice", "limit": "--limit",
    "first": "--first", "virtual_dice": "--virtual-dice", "seed": "--seed", "truth": "--truth",
    "computer": "--computer",
}

#: ``--truth`` values -> the engine's truth test (RULES.md 1.2 step 3).
TRUTH_OPTIONS = {"exact": TruthTest.EXACT, "at-least": TruthTest.AT_LEAST}


class ConfigError(InputError):
    """Options that cannot make a game; the message is shown to the user."""


# ---------------------------------------------------------------- shared checks


def player_names(text: str | None) -> list[str]:
    """The names of ``--players``: NFC-normalized, one line each, distinct ignoring case."""
    if not text:
        raise ConfigError(say.players_missing())
    names = [unicodedata.normalize("NFC", name.strip()) for name in text.split(",")]
    if any(not name for name in names):
        raise ConfigError(say.player_name_empty(text))
    _check_names(names, text)
    return names


def _check_names(names: Sequence[str], quoted: str) -> None:
    for name in names:
        if has_control(name):
            raise ConfigError(say.player_name_control(name))
        if len(name) > MAX_NAME_CHARS:
            raise ConfigError(say.player_name_too_long(name, MAX_NAME_CHARS))
    if len({name.casefold() for name in names}) != len(names):
        raise ConfigError(say.player_names_repeated(quoted))


def _first(first: str | None, players: list[str]) -> str | None:
    if first is not None:
        first = unicodedata.normalize("NFC", first.strip())
        if first not in players:
            raise ConfigError(say.first_not_a_player(first, players))
    return first


def _given(args: argparse.Namespace, name: str) -> bool:
    value = getattr(args, name, None)
    return value is not None and value is not False  # --seed 0 is given (0 == False)


def options_given(args: argparse.Namespace, names: Sequence[str]) -> list[str]:
    """The command-line spelling of each option in ``names`` that ``args`` sets."""
    return [GAME_OPTIONS[name] for name in names if _given(args, name)]


# ---------------------------------------------------------------- tokio


def tokio_config(args: argparse.Namespace) -> dict[str, Any]:
    """The journaled configuration of a Tokio game from command-line options."""
    players = player_names(args.players)
    if len(players) < 2:
        raise ConfigError(say.tokio_needs_two())
    if args.limit is not None and args.limit > MAX_LIMIT:
        raise ConfigError(say.limit_out_of_range(args.limit, MAX_LIMIT))
    if args.rules is not None and args.rules not in PRESETS:
        raise ConfigError(say.rules_unknown(args.rules, "Tokio", list(PRESETS)))
    config = {
        "rules": args.rules or "classico",
        "dice": args.dice,
        "limit": args.limit,
        "truth": None if args.truth is None else TRUTH_OPTIONS[args.truth].value,
        "players": players,
        "first": _first(args.first, players),
    }
    tokio_dialog(config)  # validate now, with the user's options in view
    return config


def check_tokio_config(config: dict[str, Any]) -> None:
    """Strict types and ranges of a Tokio configuration (from a journal or the command line)."""
    _keys(config, required={"rules", "players"}, optional={"dice", "limit", "first", "truth"})
    if not isinstance(config["rules"], str) or config["rules"] not in PRESETS:
        raise ConfigError(say.config_bad_value("rules"))
    truth = config.get("truth")
    if truth is not None and truth not in {t.value for t in TruthTest}:
        raise ConfigError(say.config_bad_value("truth"))
    dice, limit = config.get("dice"), config.get("limit")
    if dice is not None and (type(dice) is not int or dice not in TOKIO_SIDES):
        raise ConfigError(say.config_bad_value("dice"))
    if limit is not None and (type(limit) is not int or not 1 <= limit <= MAX_LIMIT):
        raise ConfigError(say.config_bad_value("limit"))
    _check_config_players(config, least=2)


def tokio_dialog(config: dict[str, Any]) -> GameDialog[Any, Any]:
    """A new Tokio dialog for ``config``."""
    from voice_host.tokio_dialog import TokioDialog

    check_tokio_config(config)
    try:
        truth = config.get("truth")
        rules = preset(
            config["rules"], sides=config.get("dice"), limit=config.get("limit"),
            truth_test=None if truth is None else TruthTest(truth),
        )
        return TokioDialog(rules, config["players"], config.get("first"))
    except BadConfiguration as exc:
        raise ConfigError(str(exc)) from None


# ---------------------------------------------------------------- yatzi


def yatzi_rules(args: argparse.Namespace) -> str:
    """The one place where Yatzi's ``--rules`` is checked: a named rule set, the seed's by default."""
    rules: str = args.rules or "seed"
    if rules not in RULE_SETS:
        raise ConfigError(say.rules_unknown(rules, "Yatzi", list(RULE_SETS)))
    return rules


def yatzi_config(args: argparse.Namespace) -> dict[str, Any]:
    """The journaled configuration of a Yatzi game from command-line options."""
    players = player_names(args.players)
    rules = yatzi_rules(args)
    computers = [unicodedata.normalize("NFC", name.strip()) for name in (getattr(args, "computer", None) or [])]
    seats = [name.casefold() for name in players + computers]
    if any(not name for name in computers) or len(set(seats)) != len(seats):
        raise ConfigError(say.computer_names_bad(computers))
    _check_names(players + computers, ",".join(players + computers))
    if args.seed is not None and not 0 <= args.seed <= MAX_SEED:
        raise ConfigError(say.seed_out_of_range(args.seed, MAX_SEED))
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    config: dict[str, Any] = {
        "players": players, "first": _first(args.first, players + computers), "virtual": bool(args.virtual_dice),
        "seed": seed, "rules": rules,
    }
    if computers:
        config["computers"] = computers
    yatzi_dialog(config)
    return config


def check_yatzi_config(config: dict[str, Any]) -> None:
    """Strict types and ranges of a Yatzi configuration (from a journal or the command line)."""
    _keys(config, required={"players", "virtual", "seed"}, optional={"first", "rules", "computers"})
    if type(config["virtual"]) is not bool:
        raise ConfigError(say.config_bad_value("virtual"))
    seed = config["seed"]
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise ConfigError(say.config_bad_value("seed"))
    rules = config.get("rules", "seed")
    if not isinstance(rules, str) or rules not in RULE_SETS:
        raise ConfigError(say.config_bad_value("rules"))
    computers = config.get("computers", [])
    if not isinstance(computers, list) or not all(isinstance(c, str) and c for c in computers):
        raise ConfigError(say.config_bad_value("computers"))
    _check_config_players(config, least=1 if not computers else 0, others=computers)


def yatzi_dialog(config: dict[str, Any]) -> GameDialog[Any, Any]:
    """A new Yatzi dialog for ``config``."""
    from voice_host.yatzi_dialog import YatziDialog

    check_yatzi_config(config)
    try:
        return YatziDialog(
            config["players"], virtual=config["virtual"], seed=config["seed"], first=config.get("first"),
            rules=RULE_SETS[config.get("rules", "seed")], computers=config.get("computers", []),
        )
    except BadConfiguration as exc:
        raise ConfigError(str(exc)) from None


# ---------------------------------------------------------------- configuration checks


def _keys(config: dict[str, Any], required: set[str], optional: set[str]) -> None:
    missing = required - set(config)
    unknown = set(config) - required - optional
    if missing or unknown:
        raise ConfigError(say.config_bad_value(", ".join(sorted(missing | unknown))))


def _check_config_players(config: dict[str, Any], least: int, others: Sequence[str] = ()) -> None:
    """Players (and ``others``, Yatzi's computer seats) well typed, normalized, distinct; ``first`` among them."""
    players = config["players"]
    if not isinstance(players, list) or len(players) < least or not all(
        isinstance(name, str) and name and name == unicodedata.normalize("NFC", name.strip())
        for name in [*players, *others]
    ):
        raise ConfigError(say.config_bad_value("players"))
    seats = [*players, *others]
    _check_names(seats, ",".join(seats))
    first = config.get("first")
    if first is not None and first not in seats:
        raise ConfigError(say.config_bad_value("first"))


# ---------------------------------------------------------------- the table of games


def tokio_phrases(rules: str | None, dice: int | None) -> dict[str, tuple[Phrase, ...]]:
    """Every phase's phrases of Tokio under ``rules`` (a preset) and ``dice``, for ``check``."""
    from grammars.tokio import tokio_all_phrases

    try:
        return {str(phase): p for phase, p in tokio_all_phrases(preset(rules or "classico", sides=dice)).items()}
    except BadConfiguration as exc:
        raise ConfigError(str(exc)) from None
    except KeyError:
        raise ConfigError(say.rules_unknown(str(rules), "Tokio", list(PRESETS))) from None


def yatzi_phrases(rules: str | None, dice: int | None) -> dict[str, tuple[Phrase, ...]]:
    """Every phase's phrases of Yatzi (the same under every rule set), for ``check``."""
    from grammars.yatzi import yatzi_all_phrases

    return {str(phase): p for phase, p in yatzi_all_phrases().items()}


@dataclass(frozen=True)
class GameEntry:
    """One game the host can run: the one place the command line, ``check`` and the recognizer learn of it."""

    make_config: Callable[[argparse.Namespace], dict[str, Any]]
    """The journaled configuration from command-line options (ConfigError on bad ones)."""
    make_dialog: Callable[[dict[str, Any]], GameDialog[Any, Any]]
    """A new dialog for a configuration (checked strictly: it may come from a journal)."""
    options: tuple[str, ...]
    """The game options it takes (keys of :data:`GAME_OPTIONS`); any other one given is refused, not ignored."""
    all_phrases: Callable[[str | None, int | None], dict[str, tuple[Phrase, ...]]]
    """Every phase's phrases for a rule set and dice, for the vocabulary check."""


#: Every game, by the name ``--game`` takes. Tokio is played with real dice: it
#: accepts --seed, which has nothing to seed.
GAMES: Mapping[str, GameEntry] = MappingProxyType(
    {
        "tokio": GameEntry(
            tokio_config, tokio_dialog, ("players", "rules", "dice", "limit", "first", "seed", "truth"), tokio_phrases
        ),
        "yatzi": GameEntry(
            yatzi_config, yatzi_dialog, ("players", "rules", "first", "virtual_dice", "seed", "computer"),
            yatzi_phrases,
        ),
    }
)


def game_entry(name: str) -> GameEntry:
    """The registry entry of ``name`` (ConfigError naming the games there are)."""
    try:
        return GAMES[name]
    except KeyError:
        raise ConfigError(say.unknown_game(name, list(GAMES))) from None


def config_from_args(args: argparse.Namespace) -> dict[str, Any]:
    """Validate the options of ``args.game`` (refusing those it would ignore) and return its configuration."""
    entry = game_entry(args.game)
    taken = entry.options
    ignored = options_given(args, [name for name in GAME_OPTIONS if name not in taken])
    if ignored:
        raise ConfigError(say.options_ignored_by_game(args.game.capitalize(), ignored))
    return entry.make_config(args)


def dialog_factory(game: str, config: dict[str, Any]) -> Callable[[], GameDialog[Any, Any]]:
    """A function that builds a fresh dialog of ``game`` (used again by annulla)."""
    make_dialog = game_entry(game).make_dialog
    make_dialog(config)  # fail early on a bad configuration
    return lambda: make_dialog(config)
