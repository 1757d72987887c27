"""An exclusive lock on an open file, taken without waiting, released when the file is closed.

On Unix it is ``flock``: the lock belongs to the open file, so it stays with a
file that is then linked under another name. On Windows it is ``msvcrt.locking``
on one byte far beyond any journal's end (Windows locks are mandatory: a lock on
the data would stop other processes from reading a journal, for ``analizza``),
restoring the file position afterwards. Either way a lock held by someone else
raises ``BlockingIOError`` at once.
"""

from __future__ import annotations

import errno
import os
import sys

from voice_host.platform.native import module

#: The byte locked on Windows: beyond any journal (at most a few MB), below 2 GiB for old C runtimes.
WINDOWS_LOCK_OFFSET = 0x7FFF_FFF0


def lock(fd: int, system: str = sys.platform) -> None:
    """Lock the open file ``fd`` for this process; ``BlockingIOError`` when another process holds it."""
    if system == "win32":
        _lock_windows(fd)
    else:
        fcntl = module("fcntl")
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


def _lock_windows(fd: int) -> None:
    msvcrt = module("msvcrt")
    position = os.lseek(fd, 0, os.SEEK_CUR)
    os.lseek(fd, WINDOWS_LOCK_OFFSET, os.SEEK_SET)
    try:
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    except OSError as exc:  # EACCES (or EDEADLOCK): another process holds the byte
        raise BlockingIOError(errno.EAGAIN, "locked by another process") from exc
    finally:
        os.lseek(fd, position, os.SEEK_SET)
