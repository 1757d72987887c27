"""Owner-only file and folder modes, where the system has Unix modes.

Windows has none: its per-user folders (``%LOCALAPPDATA%``) are already closed
to other users by their access lists, so both functions do nothing there.
"""

from __future__ import annotations

import os
import stat
import sys

from voice_host.platform.native import module

PRIVATE_FOLDER = 0o700


def set_file_mode(fd: int, mode: int, system: str = sys.platform) -> None:
    """Give the open file ``fd`` the permission bits ``mode``, whatever the umask (nothing on Windows)."""
    if system != "win32":
        module("os").fchmod(fd, mode)


def keep_private(folder: str, system: str = sys.platform) -> None:
    """Make ``folder`` (if it is ours) readable by its owner only: mode 0700 (nothing on Windows).

    A folder owned by someone else is left as it is: it is not ours to change; so is
    a symbolic link the user made there (its target's mode is theirs).
    """
    if system == "win32":
        return
    info = os.lstat(folder)
    ours = stat.S_ISDIR(info.st_mode) and info.st_uid == module("os").getuid()
    if ours and stat.S_IMODE(info.st_mode) != PRIVATE_FOLDER:
        os.chmod(folder, PRIVATE_FOLDER)
