"""An append-only, locked, tamper-evident journal of accepted actions, durable before anything is announced.

Format: JSON lines, each in canonical form (sorted keys, no spaces). The first
line is a header naming the game and its configuration; each later line is
either ``{"do": {...action...}}`` or ``{"undo": true}``, and a game the players
ended (``fine partita``, then ``sì``) closes with ``{"end": "stopped"}``: nothing
may follow it, and ``annulla`` cannot reach back across it. A sì/no question the host
asks before acting ("Hai detto ...?", "Finiamo la partita?") is journaled before it is
asked, as ``{"ask": {...action...} or "end", "q": question, "no": what "no" says}``, and
``{"answered": true}`` when it is answered without an action ("no", ``annulla``); the next
``do``, ``undo`` or ``end`` answers it too; a kill while it is pending resumes at that
question. Every line carries ``"sum"``: the SHA-256 of the previous line's sum and this line's canonical JSON
without its sum (the header chains from the empty string), so a changed,
removed or reordered record is found, with its line number, on reading.

Every line is written whole with one ``write`` on a descriptor opened with
``O_APPEND`` and fsync'ed before ``append`` returns, so an action is on disk
before its consequences are spoken. A write that fails (disk full, I/O error)
is cut away again, so the file always ends with a complete record and stays
resumable. The process holds an exclusive ``flock`` on the file for as long as
the journal is open: a second process on the same journal is refused.

Reading is a stream of bounded lines with strict types: integers only where the
game needs numbers (never booleans, never floats, never huge), short strings,
flat actions. Replaying the lines (``do`` pushes, ``undo`` pops) gives the
actions in force, so ``annulla`` works across a resume.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import io
import json
import os
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, BinaryIO

from grammars.it import catalogue as say
from voice_host.errors import InputError, WriteFailure
from voice_host.limits import (
    MAX_JOURNAL_BYTES,
    MAX_JOURNAL_INT,
    MAX_JOURNAL_LINE_BYTES,
    MAX_JOURNAL_TEXT_CHARS,
)
from voice_host.platform import file_lock, files, permissions, signals
from voice_host.storage.bounded_read import LineTooLong, NotARegularFile, bounded_lines, open_regular
from voice_host.storage.compaction import rewrite_locked, still_named
from voice_host.storage.temporary_name import temporary_prefix
from voice_host.user_command import resume_command

MAGIC = "voice-host journal"
VERSION = 2
FILE_MODE = 0o600
#: The one ``end`` a journal knows: the players ended the game before its rules did.
END_STOPPED = "stopped"
#: A journal longer than this is compacted when it is resumed (see :meth:`Journal.resume`).
COMPACT_ABOVE = MAX_JOURNAL_BYTES // 2


class JournalError(InputError):
    """A journal that cannot be used: unreadable, locked, corrupt, changed, or not ours."""


class JournalWriteError(WriteFailure):
    """A record could not be written (disk full, I/O error); the file still ends with a whole record."""


@dataclass
class JournalContents:
    """What a journal holds: the game, its configuration and the actions in force."""

    game: str
    config: dict[str, Any]
    actions: list[dict[str, Any]] = field(default_factory=list)
    ended: str | None = None
    """``END_STOPPED`` when the players ended the game (its last line), else None."""
    pending: dict[str, Any] | None = None
    """The sì/no question still unanswered at the journal's end (its ``ask`` record without ``sum``), else None."""


def canonical(record: dict[str, Any]) -> str:
    """The one JSON text of ``record`` that its checksum covers."""
    return json.dumps(record, ensure_ascii=False, sort_keys=True, separators=(",", ":"), allow_nan=False)


def chain_sum(previous: str, record: dict[str, Any]) -> str:
    """The checksum of ``record`` (without its ``sum``) following a line whose sum is ``previous``."""
    return hashlib.sha256((previous + "\n" + canonical(record)).encode("utf-8")).hexdigest()


class Journal:
    """An open, locked journal file, appended to with fsync."""

    def __init__(self, path: str, fd: int, length: int, last_sum: str,
                 pending: dict[str, Any] | None = None) -> None:
        self.path = path
        self._fd: int | None = fd
        self._length = length
        self._last_sum = last_sum
        self.pending = pending
        """The sì/no question journaled and not yet answered (as read on resume, then as written), else None."""

    @classmethod
    def create(cls, path: str, game: str, config: dict[str, Any]) -> Journal:
        """Start a new journal at ``path`` (mode 0600; refuses to overwrite an existing file).

        The header is written and synced in a hidden temporary file that is then
        linked to ``path`` (which fails if ``path`` exists): ``path`` appears
        whole or not at all, so neither a full disk nor a crash during the start
        leaves an empty or half-written journal that would block a new start.
        """
        if os.path.lexists(path):
            raise JournalError(say.journal_exists(path, resume_command(path)))
        folder, name = os.path.split(os.path.abspath(path))
        try:
            fd, temporary = tempfile.mkstemp(dir=folder, prefix=temporary_prefix(name, ".new"), suffix=".new")
        except FileNotFoundError:
            shown = os.path.dirname(path) or folder  # as the user wrote it
            raise JournalError(say.journal_folder_missing(path, shown)) from None
        except OSError as exc:
            raise JournalError(say.journal_cannot_create(path, say.system_error(exc))) from None
        try:
            permissions.set_file_mode(fd, FILE_MODE)  # whatever the umask
            files.set_append(fd, temporary)
            file_lock.lock(fd)  # the lock is the file's: it goes with the link
            journal = cls(path, fd, 0, "")
            journal._write(_header_record(game, config))
            _link_new(temporary, path)
        except BaseException as exc:
            os.close(fd)
            _remove(temporary)
            if isinstance(exc, FileExistsError):
                raise JournalError(say.journal_exists(path, resume_command(path))) from None
            if isinstance(exc, OSError):
                raise JournalWriteError(say.journal_write_failed(path, say.system_error(exc))) from None
            raise
        _remove(temporary)
        _fsync_directory(path)
        return journal

    @classmethod
    def resume(cls, path: str) -> tuple[Journal, JournalContents]:
        """Lock ``path``, read what it holds and open it for appending.

        A torn last line (a crash in the middle of a write) is cut away: it was
        never acknowledged, so nothing announced is lost. Another process holding
        the journal makes this fail at once, leaving the file untouched.

        A journal longer than :data:`COMPACT_ABOVE` (half the limit, reached by
        many ``annulla``) is compacted: rewritten, whole or not at all, with its
        header and the actions in force only, each undone action and its undo
        dropped. The game replays to the same state (every commitment, such as
        a computer seat's dice, follows from the header and the actions in
        force), so the resumed game has room to go on.
        """
        fd = _open_existing(path, os.O_RDWR | os.O_APPEND)
        try:
            try:
                file_lock.lock(fd)
            except BlockingIOError:
                raise JournalError(say.journal_locked(path)) from None
            if not still_named(fd, path):  # another process compacted it after we opened it: it holds it
                raise JournalError(say.journal_locked(path))
            with io.FileIO(fd, "rb", closefd=False) as raw, io.BufferedReader(raw) as stream:
                contents, good_length, last_sum = _parse(stream, path)
            if os.fstat(fd).st_size != good_length:
                os.ftruncate(fd, good_length)
                os.fsync(fd)
            compacted = _compacted(path, contents, good_length)
            if compacted is not None:
                old, (fd, good_length, last_sum) = fd, compacted
                os.close(old)
        except OSError as exc:
            os.close(fd)
            raise JournalError(say.journal_cannot_open(path, say.system_error(exc))) from None
        except BaseException:
            os.close(fd)
            raise
        return cls(path, fd, good_length, last_sum, contents.pending), contents

    def append(self, action: dict[str, Any]) -> None:
        """Record an accepted action durably."""
        self._write({"do": action})

    def append_undo(self) -> None:
        """Record that the last action in force was undone."""
        self._write({"undo": True})

    def append_end(self) -> None:
        """Record that the players ended the game: the journal's last line."""
        self._write({"end": END_STOPPED})

    def append_ask(self, action: dict[str, Any] | None, question: str, on_no: str) -> None:
        """Record a sì/no question about to be asked: ``action`` on "sì" (None: end the game), ``on_no`` on "no".

        Sentences longer than the journal keeps are cut; the action is what matters."""
        record = {"ask": END_STOPPED if action is None else action,
                  "q": question[:MAX_JOURNAL_TEXT_CHARS], "no": on_no[:MAX_JOURNAL_TEXT_CHARS]}
        self._write(record)

    def append_answered(self) -> None:
        """Record that the pending question was answered without an action ("no", ``annulla``)."""
        self._write({"answered": True})

    def close(self) -> None:
        """Close the file, which releases the lock."""
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def _write(self, record: dict[str, Any]) -> None:
        """Write one whole line and fsync it, or leave the file as it was and raise JournalWriteError.

        Termination signals are held back for the few microseconds of the write,
        so a record is never left half written by SIGTERM or Ctrl-C.
        """
        if self._fd is None:
            raise JournalWriteError(say.journal_write_failed(self.path, "chiuso"))
        checksum = chain_sum(self._last_sum, record)
        data = (canonical({**record, "sum": checksum}) + "\n").encode("utf-8")
        if self._length + len(data) > MAX_JOURNAL_BYTES or len(data) > MAX_JOURNAL_LINE_BYTES:
            # what resume would refuse is never written: the game stops here, resumable
            raise JournalWriteError(say.journal_full(self.path, MAX_JOURNAL_BYTES // (1024 * 1024)))
        previous = signals.hold()
        try:
            try:
                written = 0
                while written < len(data):
                    written += os.write(self._fd, data[written:])
                os.fsync(self._fd)
            except OSError as exc:
                self._cut_back()
                raise JournalWriteError(say.journal_write_failed(self.path, say.system_error(exc))) from None
        finally:
            signals.release(previous)
        self._length += len(data)
        self._last_sum = checksum
        self.pending = record if "ask" in record else None

    def _cut_back(self) -> None:
        """Remove the bytes of a failed write so that the file ends with a whole record."""
        assert self._fd is not None
        try:
            os.ftruncate(self._fd, self._length)
            os.fsync(self._fd)
        except OSError:
            pass  # the next resume cuts a torn tail too


def _header_record(game: str, config: dict[str, Any]) -> dict[str, Any]:
    """A journal's first record (without its sum)."""
    return {"journal": MAGIC, "version": VERSION, "game": game, "config": config}


def _compacted(path: str, contents: JournalContents, length: int) -> tuple[int, int, str] | None:
    """The journal at ``path`` (``length`` bytes) rewritten with only the actions in force, if it is worth it.

    Returns the new file's locked descriptor, its length and its last sum; None
    when the journal is short, ended, has nothing undone, or cannot be
    rewritten here (then it is used as it is, and still stops cleanly when full).
    """
    if length <= COMPACT_ABOVE or contents.ended is not None or not files.replaces_open_files():
        return None
    lines, last_sum = [], ""
    pending = [contents.pending] if contents.pending is not None else []
    for record in [_header_record(contents.game, contents.config), *({"do": a} for a in contents.actions), *pending]:
        last_sum = chain_sum(last_sum, record)
        lines.append(canonical({**record, "sum": last_sum}) + "\n")
    data = "".join(lines).encode("utf-8")
    if len(data) >= length:
        return None
    try:
        return rewrite_locked(path, data, FILE_MODE), len(data), last_sum
    except OSError:
        return None


def read_journal(path: str) -> tuple[JournalContents, int]:
    """Parse the journal at ``path``; return its contents and the length of its valid part."""
    fd = _open_existing(path, os.O_RDONLY)
    try:
        with io.FileIO(fd, "rb", closefd=False) as raw, io.BufferedReader(raw) as stream:
            contents, good_length, _ = _parse(stream, path)
    except OSError as exc:
        raise JournalError(say.journal_cannot_read(path, say.system_error(exc))) from None
    finally:
        os.close(fd)
    return contents, good_length


# ---------------------------------------------------------------- reading


def _open_existing(path: str, flags: int) -> int:
    """Open an existing journal, refusing non-regular and oversized files before reading a byte."""
    try:
        fd = open_regular(path, flags)
    except NotARegularFile as exc:
        raise JournalError(say.journal_not_a_file(path, exc.kind)) from None
    except OSError as exc:
        raise JournalError(say.journal_cannot_open(path, say.system_error(exc))) from None
    if os.fstat(fd).st_size > MAX_JOURNAL_BYTES:
        os.close(fd)
        raise JournalError(say.journal_too_big(path, MAX_JOURNAL_BYTES // (1024 * 1024)))
    return fd


def _parse(stream: BinaryIO, path: str) -> tuple[JournalContents, int, str]:
    """Contents, length of the whole-record part, and the last checksum of a journal stream."""
    good_length = 0
    last_sum = ""
    contents: JournalContents | None = None
    torn = False
    for number, line in _numbered(stream, path):
        if not line.endswith(b"\n"):
            torn = True  # only the last line can lack its newline: a write cut by a crash
            break
        record = _decode(line, path, number)
        if contents is None:
            _identify(record, path)  # a foreign file or an old version is named as such, not as tampered
        checksum = record.pop("sum", None)
        if not isinstance(checksum, str) or checksum != chain_sum(last_sum, record):
            raise JournalError(say.journal_tampered(path, number))
        if contents is None:
            contents = _header(record, path)
        else:
            _apply_record(record, contents, path, number)
        good_length += len(line)
        last_sum = checksum
    if contents is None:
        if torn:
            raise JournalError(say.journal_header_torn(path))
        raise JournalError(say.journal_empty(path))
    return contents, good_length, last_sum


def _numbered(stream: BinaryIO, path: str) -> Iterator[tuple[int, bytes]]:
    lines = bounded_lines(stream, MAX_JOURNAL_LINE_BYTES)
    number = 0
    while True:
        try:
            line = next(lines)
        except StopIteration:
            return
        except LineTooLong as exc:
            raise JournalError(say.journal_line_too_long(path, exc.number)) from None
        number += 1
        yield number, line


def _identify(record: dict[str, Any], path: str) -> None:
    if record.get("journal") != MAGIC:
        raise JournalError(say.journal_foreign(path))
    version = record.get("version")
    if version != VERSION or type(version) is not int:
        raise JournalError(say.journal_version(path, version if type(version) is int else None))


def _header(record: dict[str, Any], path: str) -> JournalContents:
    game, config = record.get("game"), record.get("config")
    if set(record) != {"journal", "version", "game", "config"} or not isinstance(game, str) \
            or not isinstance(config, dict) or not _plain_config(config):
        raise JournalError(say.journal_bad_header(path))
    return JournalContents(game, config)


def _apply_record(record: dict[str, Any], contents: JournalContents, path: str, number: int) -> None:
    if contents.ended is not None:
        raise JournalError(say.journal_record_after_end(path, number))
    if set(record) == {"ask", "q", "no"} and _ask_fits(record):
        contents.pending = record
        return
    if set(record) == {"answered"} and record["answered"] is True:
        if contents.pending is None:
            raise JournalError(say.journal_unknown_record(path, number))
        contents.pending = None
        return
    contents.pending = None  # a do, undo or end answers the question too
    if set(record) == {"end"} and record["end"] == END_STOPPED:
        contents.ended = END_STOPPED
    elif set(record) == {"do"} and isinstance(record["do"], dict) and _plain_action(record["do"]):
        contents.actions.append(record["do"])
    elif set(record) == {"undo"} and record["undo"] is True:
        if not contents.actions:
            raise JournalError(say.journal_undo_without_action(path, number))
        contents.actions.pop()
    else:
        raise JournalError(say.journal_unknown_record(path, number))


def _ask_fits(record: dict[str, Any]) -> bool:
    """A pending question's record: a flat action (or ``end``), and two short sentences."""
    ask = record["ask"]
    action_fits = ask == END_STOPPED or (isinstance(ask, dict) and _plain_action(ask))
    return action_fits and all(isinstance(record[key], str) and _scalar(record[key]) for key in ("q", "no"))


def _decode(raw: bytes, path: str, number: int) -> dict[str, Any]:
    """One line as a JSON object, with no floats, NaN, duplicate keys or oversized integers."""
    try:
        value = json.loads(
            raw.decode("utf-8"), parse_float=_no_float, parse_constant=_no_float,
            parse_int=_bounded_int, object_pairs_hook=_unique_keys,
        )
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise JournalError(say.journal_corrupt(path, number)) from None
    if not isinstance(value, dict):
        raise JournalError(say.journal_corrupt(path, number))
    return value


def _no_float(text: str) -> Any:
    raise ValueError(f"not an integer: {text[:20]}")


def _bounded_int(text: str) -> int:
    if len(text) > 20:
        raise ValueError("integer too long")
    value = int(text)
    if abs(value) > MAX_JOURNAL_INT:
        raise ValueError("integer too large")
    return value


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        raise ValueError("duplicate key")
    return result


def _scalar(value: Any) -> bool:
    """An integer that is not a boolean, or a short string."""
    if type(value) is int:
        return True
    return isinstance(value, str) and len(value) <= MAX_JOURNAL_TEXT_CHARS


def _plain_action(action: dict[str, Any]) -> bool:
    """An action is flat: short strings, integers, and short lists of them; never booleans."""
    return all(
        _scalar(value) or (isinstance(value, list) and len(value) <= 16 and all(_scalar(v) for v in value))
        for value in action.values()
    )


def _plain_config(config: dict[str, Any]) -> bool:
    """A configuration is flat too; booleans and null are allowed as option values."""
    def plain(value: Any) -> bool:
        return value is None or isinstance(value, bool) or _scalar(value)

    return all(
        plain(value) or (isinstance(value, list) and len(value) <= 64 and all(_scalar(v) for v in value))
        for value in config.values()
    )


# ---------------------------------------------------------------- files



def _link_new(temporary: str, path: str) -> None:
    """Give the file ``temporary`` the name ``path``, failing with FileExistsError if ``path`` exists."""
    try:
        os.link(temporary, path)
    except FileExistsError:
        raise
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP):
            raise
        # a file system without hard links: rename, after checking (a race only between two starts)
        if os.path.lexists(path):
            raise FileExistsError(errno.EEXIST, "exists", path) from None
        os.rename(temporary, path)


def _remove(path: str) -> None:
    with contextlib.suppress(OSError):
        os.unlink(path)


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
