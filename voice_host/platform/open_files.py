"""How many files the process may open at once (``ulimit -n``), raised when it can be.

Python imports modules lazily (a game's dialog, the speaker, the journal's
helpers), and each import opens a file: with a soft limit of a handful of
descriptors, one of them fails half-way through a game with an ``ImportError``.
At start the soft limit is raised towards the hard one (an unprivileged process
may do that); when even the hard limit is below :data:`MINIMUM`, the host stops
before the game with one line. Windows has no such limit here.
"""

from __future__ import annotations

import sys

from voice_host.platform.native import module

#: Descriptors the host needs at most at once: stdio, the journal and its lock, a script, a summary's
#: temporary file, the audio stack's pipe and devices, the board's sockets, and the imports between them.
MINIMUM = 64
#: What the soft limit is raised to when the hard one allows it.
WANTED = 1024


def raise_limit(system: str = sys.platform) -> tuple[int, bool]:
    """Raise the soft limit towards :data:`WANTED`; (the limit now, whether it reaches :data:`MINIMUM`)."""
    if system == "win32":
        return WANTED, True
    resource = module("resource")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    unlimited = resource.RLIM_INFINITY
    if soft != unlimited and soft < WANTED:
        target = WANTED if hard == unlimited else min(hard, WANTED)
        if target > soft:
            try:
                resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
                soft = target
            except (ValueError, OSError):
                pass
    return int(soft), soft == unlimited or soft >= MINIMUM
