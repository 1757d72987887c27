"""The ``play`` options of the live board: ``--board PORT`` and ``--board-host ADDRESS``.

Without ``--board`` nothing listens. ``--board-host`` is never implied: by
default the board is served to this computer only (127.0.0.1).
"""

from __future__ import annotations

import argparse
import ipaddress

from grammars.it import catalogue as say

#: Where the board listens unless ``--board-host`` says otherwise: this computer only.
LOCAL_HOST = "127.0.0.1"


def add_board_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--board`` and ``--board-host`` to ``parser`` (the ``play`` subcommand)."""
    parser.add_argument("--board", metavar="PORTA", type=board_port, help=say.CLI_HELP["--board"])
    parser.add_argument("--board-host", metavar="INDIRIZZO", type=board_host, help=say.CLI_HELP["--board-host"])


def board_port(text: str) -> int:
    """A TCP port, 1 to 65535, or 0 for any free port (argparse's ``type``; the error in Italian).

    >>> board_port("8080"), board_port("0")
    (8080, 0)
    """
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(say.board_bad_port(text)) from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(say.board_bad_port(text))
    return port


def board_host(text: str) -> str:
    """An IP address (v4 or v6), in its canonical form.

    >>> board_host("192.168.1.5"), board_host(" ::1 ")
    ('192.168.1.5', '::1')
    """
    try:
        return str(ipaddress.ip_address(text.strip()))
    except ValueError:
        raise argparse.ArgumentTypeError(say.board_bad_host(text)) from None
