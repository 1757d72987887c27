"""Operating-system modules whose attributes exist only on some systems.

``fcntl`` exists only on Unix, ``msvcrt`` only on Windows, and ``os.fchmod`` or
``signal.pthread_sigmask`` only where the system has them. The type checker reads
one system's stubs at a time, so a call written as ``fcntl.flock(...)`` fails
``mypy --platform win32`` although it never runs there. Fetched through
:func:`module`, such a module is a ``ModuleType`` whose attributes type as
``Any``: every system's type check reads the code, and each branch runs only on
the system it names (tests put a fake module into ``sys.modules`` to run the
others).
"""

from __future__ import annotations

import importlib
from types import ModuleType


def module(name: str) -> ModuleType:
    """The module ``name`` (``"fcntl"``, ``"msvcrt"``, ``"os"``...); ImportError where it does not exist.

    >>> module("os").sep in ("/", "\\\\")
    True
    """
    return importlib.import_module(name)
