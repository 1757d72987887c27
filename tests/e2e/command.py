"""The command the end-to-end tests run: the checkout's ``python -m voice_host``, or an installed one.

``VOICE_HOST_UNDER_TEST`` (a path to an installed ``voice-host`` executable) points
every end-to-end helper at it, without ``PYTHONPATH``: the installed package is
imported, not the source tree, so missing package data, source-tree paths and
``./run`` hints show up (``tests/e2e/test_installed_wheel.py`` sets it). Not to be
confused with ``VOICE_HOST_COMMAND``, the prefix the host's own hints name
(``voice_host/user_command.py``).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
INSTALLED = os.environ.get("VOICE_HOST_UNDER_TEST")


def host_command() -> list[str]:
    """The argv prefix that starts the host."""
    return [INSTALLED] if INSTALLED else [sys.executable, "-m", "voice_host"]


def host_env(**extra: str) -> dict[str, str]:
    """This environment with the checkout on ``PYTHONPATH`` (none for an installed command), plus ``extra``."""
    env = dict(os.environ, **extra)
    if INSTALLED:
        env.pop("PYTHONPATH", None)
    else:
        env["PYTHONPATH"] = str(REPO)
    return env
