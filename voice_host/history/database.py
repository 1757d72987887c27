"""Where the history is, and opening it whatever state it is in.

The database is ``history.sqlite3`` in the state folder, next to the journals
(``voice_host.platform.dirs.state_dir``: ``$XDG_STATE_HOME/voice-host`` on Linux).
A file there that is not a history, or that SQLite finds damaged, is moved aside
with one Italian line and the history is rebuilt from the journals: it is only an
index of them. Every start catches up the journals that ended without being
imported.
"""

from __future__ import annotations

import datetime
import os
import sqlite3
from collections.abc import Callable
from pathlib import Path

from grammars.it import history as words
from voice_host.history.journals import catch_up, rebuild
from voice_host.history.store import NotAHistory, Store, open_store
from voice_host.platform import dirs, permissions

FILE_NAME = "history.sqlite3"


def state_folder() -> Path:
    """The folder of the journals and of the history."""
    return dirs.state_dir()


def history_path(folder: Path | None = None) -> Path:
    """The history's file in ``folder`` (default: the state folder)."""
    return (folder or state_folder()) / FILE_NAME


def open_history(
    folder: Path | None = None, *, say: Callable[[str], None], catch_up_now: bool = True,
) -> Store:
    """The history of ``folder`` (default: the state folder), caught up with its journals.

    A damaged or foreign file is moved aside (``say`` tells the user in one line)
    and rebuilt. Raises ``sqlite3.Error`` or ``OSError`` when the history cannot
    be had at all (a full disk, a read-only folder): callers report it and go on.
    """
    folder = folder or state_folder()
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    permissions.keep_private(str(folder))
    path = history_path(folder)
    try:
        store = _checked(path)
    except NotAHistory:
        aside = path.with_name(f"{FILE_NAME}.rotto-{datetime.datetime.now():%Y%m%d-%H%M%S}")
        for suffix in ("", "-wal", "-shm"):
            source = Path(str(path) + suffix)
            if source.exists():
                os.replace(source, str(aside) + suffix)
        say(words.set_aside(str(path), str(aside)))
        store = open_store(path)
        rebuild(store, [folder])
        return store
    if catch_up_now:
        try:
            catch_up(store, folder)
        except BaseException:
            store.close()
            raise
    return store


def _checked(path: Path) -> Store:
    """Open the store and read it once: SQLite finds many kinds of damage only when a page is read."""
    store = open_store(path)
    try:
        store.counts()
    except sqlite3.DatabaseError as exc:
        store.close()
        if isinstance(exc, sqlite3.OperationalError) and "locked" in str(exc):
            raise
        raise NotAHistory(str(exc)) from None
    return store
