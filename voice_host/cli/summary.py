"""The ``--summary`` file: checked before the game, written whole (or not at all) after it."""

from __future__ import annotations

import contextlib
import errno
import json
import os
import stat
import tempfile
from typing import Any

from grammars.it import catalogue as say
from voice_host.errors import UsageError, WriteFailure
from voice_host.platform import permissions
from voice_host.storage.temporary_name import temporary_prefix


class SummaryWriteError(WriteFailure):
    """The summary could not be written at exit: exit 4."""


def check_summary_path(path: str | None, journal_path: str | None, script_path: str | None) -> None:
    """Fail before the game, not after it, when the summary cannot be written or would overwrite an input.

    ``journal_path`` is the journal resumed or created, ``script_path`` the script read, if any.
    """
    if not path:
        return
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder) or not os.access(folder, os.W_OK):
        raise UsageError(say.summary_folder_unusable(path))
    try:
        mode = os.stat(path).st_mode
    except OSError as exc:
        if exc.errno == errno.ENAMETOOLONG:  # refused now, not after the game
            raise UsageError(say.summary_cannot_write(path, say.system_error(exc))) from None
        mode = None
    if mode is not None and not stat.S_ISREG(mode):
        kind = say.file_kind_directory() if stat.S_ISDIR(mode) else say.file_kind_device()
        raise UsageError(say.summary_not_a_file(path, kind))
    for other, what in ((journal_path, say.what_journal()), (script_path, say.what_script())):
        if other and _same_file(path, other):
            raise UsageError(say.summary_is_input(path, what))


def _same_file(a: str, b: str) -> bool:
    if os.path.realpath(a) == os.path.realpath(b):
        return True
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def write_summary(path: str, summary: dict[str, Any]) -> None:
    """Write ``summary`` as JSON, whole or not at all (a temporary file renamed over ``path``).

    Raises SummaryWriteError when it cannot be written.
    """
    folder, name = os.path.split(os.path.abspath(path))
    try:
        fd, temporary = tempfile.mkstemp(dir=folder, prefix=temporary_prefix(name, ".tmp"), suffix=".tmp")
    except OSError as exc:
        raise SummaryWriteError(say.summary_cannot_write(path, say.system_error(exc))) from None
    try:
        umask = os.umask(0)
        os.umask(umask)
        permissions.set_file_mode(fd, 0o666 & ~umask)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(summary, handle, ensure_ascii=False, indent=2)
            handle.write("\n")
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except BaseException as exc:  # a signal too: never leave the temporary file behind
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        if isinstance(exc, OSError):
            raise SummaryWriteError(say.summary_cannot_write(path, say.system_error(exc))) from None
        raise


