"""A small file put in place whole or not at all, through a private temporary file beside it.

The caches (:mod:`voice_host.storage.array_cache`) and the stored calibrations
(:mod:`voice_host.hearing.calibration_store`) are written so. The temporary
file has a random name chosen before anything else, is created with
``O_CREAT|O_EXCL|O_NOFOLLOW`` and mode 0600, fsynced, then renamed over the
path (which replaces a link there, never its target). Signals are held back
meanwhile, and the temporary file is removed on every way out: a full disk, a
folder in the way, a signal that Python had noted just before the block.
(The journal's compaction keeps its file locked across the rename, and has its
own :mod:`voice_host.storage.compaction`.)
"""

from __future__ import annotations

import contextlib
import os
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

from voice_host.platform import files
from voice_host.platform.stop_signals import held_signals
from voice_host.storage.temporary_name import temporary_prefix


def write_atomically(path: Path, write: Callable[[BinaryIO], object]) -> None:
    """Create ``path``'s folder if need be, and put there what ``write`` writes to the open file. Raises OSError."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = str(path.parent / f"{temporary_prefix(path.name, '.tmp')}{secrets.token_hex(8)}.tmp")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | files.open_flags() | files.no_follow_flag()
    with held_signals():
        try:
            fd = os.open(partial, flags, 0o600)
            with os.fdopen(fd, "wb") as out:
                write(out)
                out.flush()
                os.fsync(out.fileno())
            os.replace(partial, path)
        except FileExistsError:  # the random name is taken: not ours to remove
            raise
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(partial)
            raise
