"""Fetching a model archive over HTTPS: a time limit on silence, resuming a broken download, a size check.

vosk's own ``download_model`` waits for ever on a stalled connection, starts
again from zero after a broken one and unpacks whatever arrived. Here the
archive goes to ``NAME.zip.part`` beside its folder: a connection that sends
nothing for :data:`STALL_SECONDS` fails; the next try asks the server for the
rest only (an HTTP ``Range``); the archive must be as long as the server said
(``Content-Length``/``Content-Range``) and a whole zip (each member's CRC-32 is
checked as it is unpacked) before it is used. The progress bar is drawn only on
a terminal.
"""

from __future__ import annotations

import contextlib
import os
import re
import urllib.error
import urllib.request
from pathlib import Path
from typing import TextIO

from grammars.it import command_line

#: Seconds without a byte before a download counts as stalled.
STALL_SECONDS = 30
_CHUNK = 1 << 16


class DownloadFailed(OSError):
    """The archive could not be fetched whole; the message says why, in Italian."""


def fetch(url: str, target: Path, *, stall_s: float = STALL_SECONDS, progress: TextIO | None = None) -> Path:
    """Download ``url`` to ``target`` (resuming ``target``.part); returns ``target``. Raises OSError."""
    part = target.with_name(target.name + ".part")
    have = part.stat().st_size if part.is_file() else 0
    request = urllib.request.Request(url, headers={"Range": f"bytes={have}-"} if have else {})
    try:
        response = urllib.request.urlopen(request, timeout=stall_s)
    except urllib.error.HTTPError as exc:
        if exc.code != 416 or not have:  # 416: the part is already whole
            raise
        part.replace(target)
        return target
    with response:
        total = _total(response.headers, have, response.status)
        if response.status != 206:  # the server sends everything again
            have = 0
        _bar = _Bar(progress, total)
        with open(part, "ab" if have else "wb") as out:
            got = have
            while True:
                try:
                    chunk = response.read(_CHUNK)
                except TimeoutError:
                    raise DownloadFailed(command_line.download_stalled(int(stall_s))) from None
                if not chunk:
                    break
                out.write(chunk)
                got += len(chunk)
                _bar.show(got)
            out.flush()
            os.fsync(out.fileno())
        _bar.end()
    if total is not None and got != total:  # cut short: the .part stays, the next try resumes it
        raise DownloadFailed(command_line.download_size_wrong(got, total))
    part.replace(target)
    return target


def _total(headers: object, have: int, status: int) -> int | None:
    """The archive's whole size as the server gives it, None when it does not."""
    get = getattr(headers, "get", lambda _name: None)
    if status == 206:
        match = re.search(r"/(\d+)$", str(get("Content-Range") or ""))
        return int(match.group(1)) if match else None
    length = get("Content-Length")
    return int(length) if length and str(length).isdigit() else None


class _Bar:
    """Percent done, redrawn in place on a terminal; nothing elsewhere (a log would get a hundred frames)."""

    def __init__(self, stream: TextIO | None, total: int | None) -> None:
        live = False
        with contextlib.suppress(AttributeError, ValueError, OSError):
            live = stream is not None and stream.isatty()
        self._stream = stream if live else None
        self._total = total
        self._shown = -1

    def show(self, got: int) -> None:
        if self._stream is None or not self._total:
            return
        percent = min(100, got * 100 // self._total)
        if percent != self._shown:
            self._shown = percent
            with contextlib.suppress(OSError, ValueError):
                self._stream.write(f"\r{percent:3d}%")
                self._stream.flush()

    def end(self) -> None:
        if self._stream is not None and self._shown >= 0:
            with contextlib.suppress(OSError, ValueError):
                self._stream.write("\n")
                self._stream.flush()
