"""The host's own lines on stderr: one line each, cleaned for the terminal, never failing."""

from __future__ import annotations

import contextlib
import sys

from grammars.it import catalogue as say
from voice_host.terminal.printable import printable


def print_stderr(line: str) -> None:
    """``line`` on stderr, cleaned for the terminal; nothing when the terminal is gone."""
    with contextlib.suppress(OSError, ValueError):  # the terminal is gone (SIGHUP): nothing left to tell
        print(printable(line), file=sys.stderr, flush=True)


def print_error(message: str) -> None:
    """``voice-host: errore: MESSAGE`` on stderr, on one line, cleaned for the terminal."""
    print_stderr(say.usage_error(message))
