"""The command line the user types to run voice-host, for the hints the host prints.

Installed (pipx, pip), the command is ``voice-host``; from a checkout, ``./run``
exports ``VOICE_HOST_COMMAND`` (``./run voice-host``), so a hint names what
works where the user is. Every hint (``--resume``, the model download,
``devices``, ``voci``) is built here, so none can drift to a placeholder.
"""

from __future__ import annotations

import os
import shlex
import unicodedata
from collections.abc import Mapping

#: The environment variable that names the command (already shell-quoted), set by ``./run``.
COMMAND_VARIABLE = "VOICE_HOST_COMMAND"
#: The installed console script.
INSTALLED_COMMAND = "voice-host"


def user_command(*args: str, environ: Mapping[str, str] | None = None) -> str:
    """The shell command that runs voice-host with ``args`` as the user starts it, on one line.

    Each argument is shell-quoted, so a path with spaces can be pasted as printed.

    >>> user_command("play", "--resume", "/tmp/la mia partita.jsonl", environ={})
    "voice-host play --resume '/tmp/la mia partita.jsonl'"
    >>> user_command("devices", environ={"VOICE_HOST_COMMAND": "./run voice-host"})
    './run voice-host devices'
    """
    prefix = (os.environ if environ is None else environ).get(COMMAND_VARIABLE, "").strip()
    if not prefix or "\n" in prefix or "\r" in prefix:
        prefix = INSTALLED_COMMAND
    return " ".join([prefix, *(shell_quote(arg) for arg in args)])


def shell_quote(arg: str) -> str:
    """``arg`` quoted for the shell, on one line of printable characters, so that it works when pasted.

    ``shlex.quote`` keeps a line break or a control character inside its quotes, and
    the terminal would show (and a paste would carry) something else; a byte that
    is not UTF-8 (a lone surrogate here) cannot be printed at all. Such an argument
    is written in ANSI-C quoting (``$'...'``: bash, zsh, ksh and the POSIX shell of
    2024), each such character as its escape.

    >>> shell_quote("/tmp/la mia partita.jsonl")
    "'/tmp/la mia partita.jsonl'"
    >>> shell_quote("/tmp/a\\nb\\udcff'c.jsonl")
    "$'/tmp/a\\\\nb\\\\xff\\\\'c.jsonl'"
    """
    if all(_shows_as_itself(char) for char in arg):
        return shlex.quote(arg)
    out = []
    for char in arg:
        code = ord(char)
        if char in _ESCAPES:
            out.append(_ESCAPES[char])
        elif 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8, as the file system gave it
            out.append(f"\\x{code - 0xDC00:02x}")
        elif _shows_as_itself(char):
            out.append(char)
        elif code < 0x80:
            out.append(f"\\x{code:02x}")
        else:
            out.append(f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}")
    return "$'" + "".join(out) + "'"


def _shows_as_itself(char: str) -> bool:
    """True when a terminal shows ``char`` as itself (not a control, format, separator or surrogate)."""
    return unicodedata.category(char) not in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")


_ESCAPES = {"\\": "\\\\", "'": "\\'", "\n": "\\n", "\t": "\\t", "\r": "\\r"}


def resume_command(journal_path: str, *, environ: Mapping[str, str] | None = None) -> str:
    """The command that resumes the game in ``journal_path`` (made absolute: it works from any folder).

    >>> resume_command("/tmp/g.jsonl", environ={})
    'voice-host play --resume /tmp/g.jsonl'
    """
    return user_command("play", "--resume", os.path.abspath(journal_path), environ=environ)
