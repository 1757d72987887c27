"""An append-only journal of accepted actions, durable before anything is announced.

Format: JSON lines. The first line is a header naming the game and its
configuration; each later line is either ``{"do": {...action...}}`` or
``{"undo": true}``. Every line is flushed and fsync'ed before ``append`` returns,
so an action is on disk before its consequences are spoken: a crash or a
``kill -9`` loses nothing that was announced.

Replaying the lines (``do`` pushes, ``undo`` pops) gives the actions in force, so
``annulla`` works across a resume.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import Any

MAGIC = "voice-host journal"
VERSION = 1


class JournalError(Exception):
    """A journal that cannot be used: unreadable, corrupt, or not ours."""


@dataclass
class JournalContents:
    """What a journal holds: the game, its configuration and the actions in force."""

    game: str
    config: dict[str, Any]
    actions: list[dict[str, Any]] = field(default_factory=list)


class Journal:
    """An open journal file, appended to with fsync."""

    def __init__(self, path: str, handle: Any) -> None:
        self.path = path
        self._handle = handle

    @classmethod
    def create(cls, path: str, game: str, config: dict[str, Any]) -> "Journal":
        """Start a new journal at ``path`` (refuses to overwrite an existing file)."""
        try:
            handle = open(path, "x", encoding="utf-8")
        except FileExistsError:
            raise JournalError(f"{path} esiste già: usa --resume {path} per continuare quella partita") from None
        except OSError as exc:
            raise JournalError(f"non posso creare il giornale {path}: {exc.strerror}") from None
        journal = cls(path, handle)
        journal._write({"journal": MAGIC, "version": VERSION, "game": game, "config": config})
        _fsync_directory(path)
        return journal

    @classmethod
    def resume(cls, path: str) -> tuple["Journal", JournalContents]:
        """Open ``path`` for appending and return what it holds.

        A torn last line (a crash in the middle of a write) is cut away: it was
        never acknowledged, so nothing announced is lost.
        """
        contents, good_length = read_journal(path)
        try:
            handle = open(path, "r+", encoding="utf-8")
        except OSError as exc:
            raise JournalError(f"non posso aprire il giornale {path}: {exc.strerror}") from None
        handle.truncate(good_length)
        handle.seek(good_length)
        return cls(path, handle), contents

    def append(self, action: dict[str, Any]) -> None:
        """Record an accepted action durably."""
        self._write({"do": action})

    def append_undo(self) -> None:
        """Record that the last action in force was undone."""
        self._write({"undo": True})

    def close(self) -> None:
        """Close the file."""
        self._handle.close()

    def _write(self, record: dict[str, Any]) -> None:
        self._handle.write(json.dumps(record, ensure_ascii=False, sort_keys=True) + "\n")
        self._handle.flush()
        os.fsync(self._handle.fileno())


def read_journal(path: str) -> tuple[JournalContents, int]:
    """Parse the journal at ``path``; return its contents and the length of its valid part."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as exc:
        raise JournalError(f"non posso leggere il giornale {path}: {exc.strerror}") from None
    lines = data.split(b"\n")
    torn = lines.pop()  # bytes after the last newline: empty, or a torn write
    good_length = len(data) - len(torn)
    if not lines:
        raise JournalError(f"{path} non è un giornale di voice-host (è vuoto)")
    header = _decode(lines[0], path, 1)
    if not isinstance(header, dict) or header.get("journal") != MAGIC:
        raise JournalError(f"{path} non è un giornale di voice-host")
    if header.get("version") != VERSION:
        raise JournalError(f"{path}: versione del giornale {header.get('version')!r} non supportata")
    game, config = header.get("game"), header.get("config")
    if not isinstance(game, str) or not isinstance(config, dict):
        raise JournalError(f"{path}: intestazione del giornale incompleta")
    contents = JournalContents(game, config)
    for number, raw in enumerate(lines[1:], start=2):
        record = _decode(raw, path, number)
        if isinstance(record, dict) and isinstance(record.get("do"), dict) and len(record) == 1:
            contents.actions.append(record["do"])
        elif record == {"undo": True}:
            if not contents.actions:
                raise JournalError(f"{path}, riga {number}: annulla senza azioni da annullare")
            contents.actions.pop()
        else:
            raise JournalError(f"{path}, riga {number}: voce sconosciuta")
    return contents, good_length


def _decode(raw: bytes, path: str, number: int) -> Any:
    try:
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise JournalError(f"{path}, riga {number}: giornale danneggiato") from None


def _fsync_directory(path: str) -> None:
    """Make the new file's directory entry durable too."""
    directory = os.path.dirname(os.path.abspath(path))
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
