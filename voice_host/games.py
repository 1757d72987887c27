"""The games the host can run: how each builds its configuration and its dialog."""

from __future__ import annotations

import argparse
import secrets
from typing import Any, Callable

from engine.errors import BadConfiguration
from engine.tokio_rules import PRESETS, TruthTest, preset
from engine.yatzi_score import RULE_SETS
from voice_host.dialog import GameDialog


class ConfigError(Exception):
    """Options that cannot make a game; the message is shown to the user."""


def _players(text: str | None) -> list[str]:
    if not text:
        raise ConfigError("servono i giocatori: --players Anna,Bruno,Carla")
    names = [name.strip() for name in text.split(",")]
    if any(not name for name in names):
        raise ConfigError(f"nome di giocatore vuoto in --players {text!r}")
    if len(set(n.casefold() for n in names)) != len(names):
        raise ConfigError(f"nomi ripetuti in --players {text!r}")
    return names


def _first(args: argparse.Namespace, players: list[str]) -> str | None:
    if args.first is not None and args.first not in players:
        raise ConfigError(f"--first {args.first}: non è tra i giocatori ({', '.join(players)})")
    return args.first


def tokio_config(args: argparse.Namespace) -> dict[str, Any]:
    """The journaled configuration of a Tokio game from command-line options."""
    players = _players(args.players)
    if len(players) < 2:
        raise ConfigError("Tokio si gioca in almeno due")
    if args.rules is not None and args.rules not in PRESETS:
        raise ConfigError(f"--rules {args.rules}: per Tokio scegli {_choices(PRESETS)}")
    if getattr(args, "computer", None):
        raise ConfigError("--computer vale solo per Yatzi")
    config = {
        "rules": args.rules or "classico",
        "dice": args.dice,
        "limit": args.limit,
        "truth": _truth(args.truth),
        "players": players,
        "first": _first(args, players),
    }
    tokio_dialog(config)  # validate now, with the user's options in view
    return config


#: ``--truth`` values -> the engine's truth test (RULES.md 1.2 step 3).
TRUTH_OPTIONS = {"exact": TruthTest.EXACT, "at-least": TruthTest.AT_LEAST}


def _truth(option: str | None) -> str | None:
    """The journaled truth test of ``--truth`` (None: the preset's own)."""
    return None if option is None else TRUTH_OPTIONS[option].value


def tokio_dialog(config: dict[str, Any]) -> GameDialog:
    """A new Tokio dialog for ``config``."""
    from voice_host.tokio_dialog import TokioDialog

    try:
        truth = config.get("truth")
        rules = preset(
            config["rules"], sides=config.get("dice"), limit=config.get("limit"),
            truth_test=None if truth is None else TruthTest(truth),
        )
        return TokioDialog(rules, config["players"], config.get("first"))
    except BadConfiguration as exc:
        raise ConfigError(str(exc)) from None


def yatzi_config(args: argparse.Namespace) -> dict[str, Any]:
    """The journaled configuration of a Yatzi game from command-line options."""
    players = _players(args.players)
    rules = args.rules or "seed"
    if rules not in RULE_SETS:
        raise ConfigError(f"--rules {rules}: per Yatzi scegli {_choices(RULE_SETS)}")
    computers = [name.strip() for name in (getattr(args, "computer", None) or [])]
    seats = [n.casefold() for n in players + computers]
    if any(not name for name in computers) or len(set(seats)) != len(seats):
        raise ConfigError(f"--computer: nome vuoto o già in gioco ({', '.join(computers)})")
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    config: dict[str, Any] = {
        "players": players, "first": _first(args, players + computers), "virtual": bool(args.virtual_dice),
        "seed": seed, "rules": rules,
    }
    if computers:
        config["computers"] = computers
    yatzi_dialog(config)
    return config


def _choices(names: Any) -> str:
    """"a, b o c"."""
    listed = [str(name) for name in names]
    return listed[0] if len(listed) == 1 else ", ".join(listed[:-1]) + " o " + listed[-1]


def yatzi_dialog(config: dict[str, Any]) -> GameDialog:
    """A new Yatzi dialog for ``config`` (checked strictly: it may come from an edited journal)."""
    from voice_host.yatzi_dialog import YatziDialog

    players, first = config.get("players"), config.get("first")
    virtual, seed = config.get("virtual", False), config.get("seed", 0)
    rules, computers = config.get("rules", "seed"), config.get("computers", [])
    if not isinstance(rules, str) or rules not in RULE_SETS:
        raise ConfigError(f"regole di Yatzi non valide: {rules!r}")
    if not isinstance(computers, list) or not all(isinstance(c, str) for c in computers):
        raise ConfigError(f"giocatori computer non validi: {computers!r}")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise ConfigError(f"giocatori non validi: {players!r}")
    if first is not None and not isinstance(first, str):
        raise ConfigError(f"primo giocatore non valido: {first!r}")
    if not isinstance(virtual, bool):
        raise ConfigError(f"scelta dei dadi virtuali non valida: {virtual!r}")
    if type(seed) is not int:
        raise ConfigError(f"seme dei dadi non valido: {seed!r}")
    try:
        return YatziDialog(players, virtual=virtual, seed=seed, first=first, rules=RULE_SETS[rules], computers=computers)
    except BadConfiguration as exc:
        raise ConfigError(str(exc)) from None


GAMES: dict[str, tuple[Callable[[argparse.Namespace], dict[str, Any]], Callable[[dict[str, Any]], GameDialog]]] = {
    "tokio": (tokio_config, tokio_dialog),
    "yatzi": (yatzi_config, yatzi_dialog),
}


def config_from_args(args: argparse.Namespace) -> dict[str, Any]:
    """Validate the options of ``args.game`` and return its configuration."""
    try:
        make_config, _ = GAMES[args.game]
    except KeyError:
        raise ConfigError(f"gioco sconosciuto {args.game!r}: scegli tra {', '.join(GAMES)}") from None
    return make_config(args)


def dialog_factory(game: str, config: dict[str, Any]) -> Callable[[], GameDialog]:
    """A function that builds a fresh dialog of ``game`` (used again by annulla)."""
    try:
        _, make_dialog = GAMES[game]
    except KeyError:
        raise ConfigError(f"gioco sconosciuto {game!r}") from None
    make_dialog(config)  # fail early on a bad configuration
    return lambda: make_dialog(config)
