"""The games the host can run: how each builds its configuration and its dialog."""

from __future__ import annotations

import argparse
import secrets
from typing import Any, Callable

from engine.errors import BadConfiguration
from engine.tokio_rules import TruthTest, preset
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
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    config = {"players": players, "first": _first(args, players), "virtual": bool(args.virtual_dice), "seed": seed}
    yatzi_dialog(config)
    return config


def yatzi_dialog(config: dict[str, Any]) -> GameDialog:
    """A new Yatzi dialog for ``config`` (checked strictly: it may come from an edited journal)."""
    from voice_host.yatzi_dialog import YatziDialog

    players, first = config.get("players"), config.get("first")
    virtual, seed = config.get("virtual", False), config.get("seed", 0)
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise ConfigError(f"giocatori non validi: {players!r}")
    if first is not None and not isinstance(first, str):
        raise ConfigError(f"primo giocatore non valido: {first!r}")
    if not isinstance(virtual, bool):
        raise ConfigError(f"scelta dei dadi virtuali non valida: {virtual!r}")
    if type(seed) is not int:
        raise ConfigError(f"seme dei dadi non valido: {seed!r}")
    try:
        return YatziDialog(players, virtual=virtual, seed=seed, first=first)
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
