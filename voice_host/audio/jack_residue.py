"""PortAudio's JACK probe leaves a Berkeley DB in ``/dev/shm``: removed again when voice-host made it.

When PortAudio starts it probes every host API it was built with; its JACK
probe opens a JACK client, and libjack creates its metadata database
(``/dev/shm/jack_db-UID``: ``__db.001``... and ``metadata.db``, some 400 KB of
shared memory) even when no JACK server runs and the probe fails. Nothing
removes it. :func:`jack_residue` notes whether that folder was there before the
audio stack started; if voice-host's own probe made it, it is removed when the
audio is done (a JACK user's folder, there before, is never touched).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

from voice_host.platform.native import module

#: What libjack's metadata database holds.
_DB_FILES = {"__db.001", "__db.002", "__db.003", "__db.004", "metadata.db"}


def residue_folder(shm: Path = Path("/dev/shm")) -> Path | None:
    """``/dev/shm/jack_db-UID`` for this user; None off Linux."""
    if not sys.platform.startswith("linux"):
        return None
    return shm / f"jack_db-{module('os').getuid()}"


@contextlib.contextmanager
def jack_residue(folder: Path | None = None) -> Iterator[None]:
    """Inside the block the audio stack may start; a JACK database it created is removed at the end."""
    folder = folder if folder is not None else residue_folder()
    existed = folder is None or os.path.lexists(folder)
    try:
        yield
    finally:
        if not existed and folder is not None:
            remove_if_ours(folder)


def remove_if_ours(folder: Path) -> bool:
    """Remove ``folder`` when it is a real folder of this user holding only libjack's database files."""
    with contextlib.suppress(OSError):
        info = os.lstat(folder)
        if not (os.path.isdir(folder) and not folder.is_symlink() and info.st_uid == module("os").getuid()):
            return False
        if not set(os.listdir(folder)) <= _DB_FILES:
            return False
        shutil.rmtree(folder)
        return True
    return False
