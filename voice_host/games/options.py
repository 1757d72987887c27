"""The command-line options that choose and configure a game, as ``voice-host play --help`` lists them.

``--game`` takes its choices from the registry and ``--dice``/``--truth`` from
the game that reads them; :data:`~voice_host.games.common.GAME_OPTIONS` names
every option added here but ``--game``.
"""

from __future__ import annotations

import argparse

from grammars.it import catalogue as say
from voice_host.games import tokio
from voice_host.games.registry import GAMES


def add_game_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--game`` and every game option to ``parser`` (the ``play`` subcommand)."""
    parser.add_argument("--game", choices=list(GAMES), help=say.CLI_HELP["--game"])
    parser.add_argument("--players", metavar="GIOCATORI", help=say.CLI_HELP["--players"])
    parser.add_argument("--rules", metavar="REGOLE", help=say.CLI_HELP["--rules"])
    parser.add_argument("--dice", type=int, choices=list(tokio.SIDES), help=say.CLI_HELP["--dice"])
    parser.add_argument("--limit", metavar="N", type=positive, help=say.CLI_HELP["--limit"])
    parser.add_argument("--truth", choices=list(tokio.TRUTH_OPTIONS), help=say.CLI_HELP["--truth"])
    parser.add_argument("--first", metavar="NOME", help=say.CLI_HELP["--first"])
    parser.add_argument("--virtual-dice", action="store_true", help=say.CLI_HELP["--virtual-dice"])
    parser.add_argument("--computer", action="append", metavar="NOME", help=say.CLI_HELP["--computer"])
    parser.add_argument("--computer-level", choices=list(tokio.LEVELS), help=say.CLI_HELP["--computer-level"])
    parser.add_argument("--seed", metavar="N", type=int, help=say.CLI_HELP["--seed"])


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
