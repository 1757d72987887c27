"""Opening the board for ``play``: check its options, listen, tell the table the address once.

A board that cannot listen (the port is taken, the address is not this
computer's) is one Italian line on stderr, and the game goes on without it: the
voice is the way to play, the board only shows, and a table that sat down to
play should not be sent away because a television cannot show the score. The
line names the port and the reason, so the next game can pick another.
"""

from __future__ import annotations

import argparse
import ipaddress
import socket
import sys
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, TextIO

from grammars.it import catalogue as say
from voice_host.board.hub import StateHub
from voice_host.board.options import LOCAL_HOST
from voice_host.board.page import PageFile
from voice_host.core.ports import Speaker
from voice_host.errors import UsageError
from voice_host.terminal.console import print_stderr

if TYPE_CHECKING:
    from voice_host.board.server import BoardServer


def check_board_options(args: argparse.Namespace) -> None:
    """Refuse ``--board-host`` without ``--board`` (before anything is opened)."""
    if getattr(args, "board_host", None) is not None and getattr(args, "board", None) is None:
        raise UsageError(say.board_host_without_board())


def open_board(
    args: argparse.Namespace, speaker: Speaker, pages: Mapping[str, Callable[[], PageFile]] | None = None,
) -> BoardServer | None:
    """The running board ``--board`` asks for, or None (not asked, or it could not listen: said on stderr).

    ``pages``: the board's other pages (``/storico``), passed on to :class:`BoardServer`.

    The address is printed once; with ``--board-host`` it is also said once and
    printed as a QR code, for the phones at the table.
    """
    port = getattr(args, "board", None)
    if port is None:
        return None
    host = getattr(args, "board_host", None)
    from voice_host.board.server import BoardServer  # here: its asyncio is a twentieth of a second of every start

    try:
        server = BoardServer(StateHub(), host or LOCAL_HOST, port, pages=pages)
    except OSError as exc:
        print_stderr(f"voice-host: {say.board_not_started(port, say.system_error(exc))}")
        return None
    server.start()
    shown = shown_host(server.host)
    url = board_url(shown, server.port)
    print_stderr(f"voice-host: {say.board_address(url)}")
    warning = open_to_others(server.host)
    if warning:
        print_stderr(f"voice-host: {warning}")
        speaker.say(warning)
    if host is not None:
        print_qr(url, sys.stderr)
        speaker.say(say.board_address_spoken(shown, server.port))
    return server


def open_to_others(host: str) -> str:
    """The warning for an address others can reach ("" for this computer only).

    >>> open_to_others("127.0.0.1"), open_to_others("::1")
    ('', '')
    >>> open_to_others("192.168.1.5")
    'Attenzione: il tabellone è visibile a chiunque sia sulla rete di 192.168.1.5.'
    >>> "tutte le reti" in open_to_others("0.0.0.0") and "tutte le reti" in open_to_others("::")
    True
    """
    address = ipaddress.ip_address(host)
    if address.is_loopback:
        return ""
    return say.board_open_to_others(host, address.is_unspecified)


def board_url(host: str, port: int) -> str:
    """The page's address.

    >>> board_url("192.168.1.5", 8000), board_url("::1", 8000)
    ('http://192.168.1.5:8000/', 'http://[::1]:8000/')
    """
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def shown_host(host: str) -> str:
    """The address to give the table: ``host``, or this computer's address on the network when it is 0.0.0.0/::."""
    if not ipaddress.ip_address(host).is_unspecified:
        return host
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # a documentation address: nothing is sent, the route picks our address
        return str(probe.getsockname()[0])
    except OSError:
        return socket.gethostname()
    finally:
        probe.close()


def print_qr(url: str, stream: TextIO) -> None:
    """``url`` as a QR code in the terminal (segno: a maintained, pure-Python QR encoder)."""
    import segno

    segno.make(url, error="m").terminal(out=stream, compact=True)
    stream.flush()
