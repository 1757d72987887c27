"""How a regular file is opened and switched to appending on each system.

Unix opens with ``O_NONBLOCK`` (a FIFO must not wait for a writer; the caller
then checks the file is regular and switches back to blocking) and ``O_CLOEXEC``.
Windows has neither (nor FIFOs in the file system), and its C runtime opens in
text mode unless told ``O_BINARY``, which would turn each ``\\n`` into ``\\r\\n``
and break a journal's checksums.
"""

from __future__ import annotations

import os
import sys

from voice_host.platform.native import module


def open_flags(system: str = sys.platform) -> int:
    """The flags ``os.open`` needs, besides the access ones, to open a file that may not be regular."""
    if system == "win32":
        return int(module("os").O_BINARY)
    unix = module("os")
    return int(unix.O_NONBLOCK | unix.O_CLOEXEC)


def no_follow_flag(system: str = sys.platform) -> int:
    """The flag that makes ``os.open`` refuse a symbolic link (``O_NOFOLLOW``; Windows has none: 0).

    On Windows a link is followed (making one there takes administrator rights or
    developer mode); the regular-file check on the open descriptor still applies.

    >>> no_follow_flag("win32")
    0
    """
    if system == "win32":
        return 0
    return int(module("os").O_NOFOLLOW)


def set_blocking(fd: int, system: str = sys.platform) -> None:
    """Make reads of ``fd`` wait again, after :func:`open_flags` opened it not to (nothing to do on Windows)."""
    if system != "win32":
        module("os").set_blocking(fd, True)


def set_append(fd: int, path: str, system: str = sys.platform) -> None:
    """Make every write to ``fd`` (the open file ``path``) go to the end of the file, even after a truncation.

    Unix sets ``O_APPEND`` on the descriptor. Windows cannot change the flags of
    an open descriptor: ``path`` is opened again with ``O_APPEND`` and the new
    descriptor takes the place of ``fd`` (``dup2``).
    """
    if system == "win32":
        again = os.open(path, os.O_WRONLY | os.O_APPEND | open_flags(system))
        try:
            os.dup2(again, fd)
        finally:
            os.close(again)
    else:
        fcntl = module("fcntl")
        fcntl.fcntl(fd, fcntl.F_SETFL, fcntl.fcntl(fd, fcntl.F_GETFL) | os.O_APPEND)


def replaces_open_files(system: str = sys.platform) -> bool:
    """True when a file that this process holds open may be renamed over (Unix); Windows refuses it.

    >>> replaces_open_files("linux"), replaces_open_files("win32")
    (True, False)
    """
    return system != "win32"
