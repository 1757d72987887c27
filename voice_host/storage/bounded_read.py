"""Opening a file that must be a regular file, and reading it in bounded lines or whole when small.

A FIFO would block ``open()`` forever, a device such as ``/dev/zero`` never ends
and a directory cannot be read: each is refused at once, before any read.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterator
from typing import BinaryIO

from grammars.it import catalogue as say
from voice_host.platform import files


class NotARegularFile(OSError):
    """The path names a FIFO, a device, a socket or a directory; ``kind`` says which (in Italian)."""

    def __init__(self, kind: str) -> None:
        super().__init__(errno.EINVAL, kind)
        self.kind = kind


class LineTooLong(ValueError):
    """A line longer than the limit; ``number`` is its line number (from 1)."""

    def __init__(self, number: int) -> None:
        super().__init__(number)
        self.number = number


def open_regular(path: str, flags: int, mode: int = 0o600) -> int:
    """``os.open`` that never blocks and refuses anything but a regular file.

    The file is opened with ``O_NONBLOCK`` (so a FIFO does not wait for a writer),
    checked with ``fstat``, then switched back to blocking mode. Raises OSError
    (``NotARegularFile`` for the wrong kind of file).
    """
    try:
        fd = os.open(path, flags | files.open_flags(), mode)
    except IsADirectoryError:
        raise NotARegularFile(say.file_kind_directory()) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NotARegularFile(_kind(info.st_mode))
        files.set_blocking(fd)
    except BaseException:
        os.close(fd)
        raise
    return fd


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return say.file_kind_directory()
    if stat.S_ISFIFO(mode):
        return say.file_kind_fifo()
    if stat.S_ISSOCK(mode):
        return say.file_kind_socket()
    return say.file_kind_device()


def bounded_lines(stream: BinaryIO, limit: int) -> Iterator[bytes]:
    """The lines of ``stream`` (with their newline; the last may lack it).

    Never holds more than ``limit + 1`` bytes of one line: a longer line raises
    ``LineTooLong`` with its number.
    """
    number = 0
    while True:
        line = stream.readline(limit + 1)
        if not line:
            return
        number += 1
        if len(line) > limit and not (len(line) == limit + 1 and line.endswith(b"\n")):
            raise LineTooLong(number)
        yield line


class FileTooBig(OSError):
    """A regular file larger than the reader's limit; ``size`` is its size in bytes."""

    def __init__(self, size: int) -> None:
        super().__init__(errno.EFBIG, str(size))
        self.size = size


def read_small_file(path: str, limit: int, follow_links: bool = True) -> bytes:
    """The whole contents of the regular file at ``path``, never more than ``limit`` bytes.

    The kind of file and its size are checked on the open descriptor (``fstat``)
    before a byte is read; with ``follow_links=False`` a symbolic link is refused
    too (``O_NOFOLLOW``: ``ELOOP``). A file that grows while it is read is refused.
    Raises OSError (``NotARegularFile``, ``FileTooBig``).
    """
    flags = os.O_RDONLY | (0 if follow_links else files.no_follow_flag())
    fd = open_regular(path, flags)
    try:
        size = os.fstat(fd).st_size
        if size > limit:
            raise FileTooBig(size)
        chunks, total = [], 0
        while True:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise FileTooBig(total)
    finally:
        os.close(fd)
    return b"".join(chunks)
