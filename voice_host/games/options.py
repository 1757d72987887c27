"""The command-line options that choose and configure a game, as ``voice-host play --help`` lists them.

``--game`` takes its choices from the registry and ``--dice``, ``--truth`` and
``--computer-level`` from the games that read them (:attr:`GameEntry.choices`);
:data:`~voice_host.games.common.GAME_OPTIONS` names every option added here but ``--game``.
"""

from __future__ import annotations

import argparse

from grammars.it import catalogue as say
from voice_host.games.registry import GAMES


def add_game_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--game`` and every game option to ``parser`` (the ``play`` subcommand)."""
    parser.add_argument("--game", choices=list(GAMES), help=say.CLI_HELP["--game"])
    parser.add_argument("--players", metavar="GIOCATORI", help=say.CLI_HELP["--players"])
    parser.add_argument("--rules", metavar="REGOLE", help=say.CLI_HELP["--rules"])
    parser.add_argument("--dice", type=int, choices=choices("dice"), help=say.CLI_HELP["--dice"])
    parser.add_argument("--limit", metavar="N", type=positive, help=say.CLI_HELP["--limit"])
    parser.add_argument("--truth", choices=choices("truth"), help=say.CLI_HELP["--truth"])
    parser.add_argument("--first", metavar="NOME", help=say.CLI_HELP["--first"])
    parser.add_argument("--virtual-dice", action="store_true", help=say.CLI_HELP["--virtual-dice"])
    parser.add_argument("--computer", action="append", metavar="NOME", help=say.CLI_HELP["--computer"])
    parser.add_argument("--computer-level", choices=choices("computer_level"), help=say.CLI_HELP["--computer-level"])
    parser.add_argument("--seed", metavar="N", type=int, help=say.CLI_HELP["--seed"])


def choices(option: str) -> list[str | int]:
    """Every value that some game lets ``option`` take, in the registry's order (argparse's ``choices``)."""
    found: list[str | int] = []
    for entry in GAMES.values():
        found += [value for value in entry.choices.get(option, ()) if value not in found]
    return found


def positive(text: str) -> int:
    """A whole number of at least 1 (argparse's ``type``; the error is shown in Italian).

    >>> positive("3")
    3
    """
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(say.not_a_number(text)) from None
    if value < 1:
        raise argparse.ArgumentTypeError(say.at_least_one(value))
    return value
