"""Put new contents in place of a locked journal file, whole or not at all, keeping it locked.

The journal's compaction (:meth:`voice_host.storage.journal.Journal.resume`) needs the
file's contents replaced while the process keeps its lock, and a crash at any
moment must leave one whole journal at the path: the old one or the new one.
The new contents go to a private temporary file in the same folder (created with
``O_EXCL``, mode 0600), which is locked, fsync'ed, then renamed over the
journal's real path (the target of a link, so the link stays a link), and the
folder is fsync'ed. Only then may the caller close the old descriptor: another
process that opened the old file in the meantime finds it no longer named by
the path (:func:`still_named`).

A temporary file left by a crash (``kill -9`` before the rename) holds nothing
the journal lacks; the next rewrite of the same journal removes it, under the
journal's lock, so no other process can be writing it.

Windows cannot rename over a file that is open: :func:`voice_host.platform.files.replaces_open_files`
says so, and the caller does not rewrite there.
"""

from __future__ import annotations

import contextlib
import os
import tempfile

from voice_host.platform import file_lock, files, permissions, signals
from voice_host.storage.temporary_name import temporary_prefix

#: The end of a rewrite's temporary file's name: ``.NAME.XXXXXXXX.rewrite``.
SUFFIX = ".rewrite"


def rewrite_locked(path: str, data: bytes, mode: int) -> int:
    """Replace the file at ``path`` (followed if a link) with ``data``; the new file's locked, appending descriptor.

    Raises OSError when it cannot (the old file is then untouched and no temporary file is left).
    """
    target = os.path.realpath(path)
    folder, name = os.path.split(target)
    _remove_leftovers(folder, name)
    fd, temporary = tempfile.mkstemp(dir=folder, prefix=temporary_prefix(name, SUFFIX), suffix=SUFFIX)
    renamed = False
    try:
        permissions.set_file_mode(fd, mode)
        file_lock.lock(fd)  # the lock is the file's: it goes with the rename
        written = 0
        while written < len(data):
            written += os.write(fd, data[written:])
        os.fsync(fd)
        files.set_append(fd, temporary)
        held = signals.hold()  # the rename and the bookkeeping are one step
        try:
            os.replace(temporary, target)
            renamed = True
        finally:
            signals.release(held)
        _fsync_folder(folder)
    except BaseException:
        os.close(fd)
        if not renamed:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
        raise
    return fd


def still_named(fd: int, path: str) -> bool:
    """True when the open file ``fd`` is still the one ``path`` names (not replaced by a rewrite meanwhile)."""
    try:
        opened, named = os.fstat(fd), os.stat(path)
    except OSError:
        return False
    return (opened.st_dev, opened.st_ino) == (named.st_dev, named.st_ino)


def _remove_leftovers(folder: str, name: str) -> None:
    """Remove the temporary files an interrupted rewrite of ``name`` left in ``folder``."""
    prefix = temporary_prefix(name, SUFFIX)
    with contextlib.suppress(OSError):
        for entry in os.scandir(folder):
            if entry.name.startswith(prefix) and entry.name.endswith(SUFFIX) \
                    and len(entry.name) == len(prefix) + 8 + len(SUFFIX):
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)


def _fsync_folder(folder: str) -> None:
    """Make the rename durable (where a folder can be opened; Windows has nothing to sync)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)
