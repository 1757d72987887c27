"""The command line the user types to run voice-host, for the hints the host prints.

Installed (pipx, pip), the command is ``voice-host``; from a checkout, ``./run``
exports ``VOICE_HOST_COMMAND`` (``./run voice-host``), so a hint names what
works where the user is. Every hint (``--resume``, the model download,
``devices``, ``voci``) is built here, so none can drift to a placeholder.
"""

from __future__ import annotations

import os
import shlex
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
    return " ".join([prefix, *(shlex.quote(arg) for arg in args)])


def resume_command(journal_path: str, *, environ: Mapping[str, str] | None = None) -> str:
    """The command that resumes the game in ``journal_path`` (made absolute: it works from any folder).

    >>> resume_command("/tmp/g.jsonl", environ={})
    'voice-host play --resume /tmp/g.jsonl'
    """
    return user_command("play", "--resume", os.path.abspath(journal_path), environ=environ)
