"""Standard output of the commands that print a result (``analizza``, the voice tools).

Inside ``guarded_stdout()`` a write to stdout that fails becomes a
:class:`~voice_host.errors.WriteFailure` (exit 4): one Italian line for a full
disk or an I/O error (``> /dev/full``), nothing at all when the reader has gone
(``| head -1``: the reader has what it wanted). Either way stdout is then
pointed at ``/dev/null``, so the interpreter's last flush at exit finds
nothing to complain about.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator
from typing import Any, TextIO, cast

from grammars.it import catalogue as say
from voice_host.errors import EXIT_WRITE_FAILED, WriteFailure


class OutputFailed(WriteFailure):
    """stdout could not be written (a full disk, an I/O error): one line, exit 4."""


class OutputClosed(WriteFailure):
    """The reader of stdout went away (a closed pipe): exit 4, without a word."""


class _GuardedStream:
    """A text stream that turns the OSError of a write or a flush into OutputFailed or OutputClosed."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except OSError as exc:
            raise self._failure(exc) from None

    def flush(self) -> None:
        try:
            self._stream.flush()
        except OSError as exc:
            raise self._failure(exc) from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)

    def _failure(self, exc: OSError) -> WriteFailure:
        _discard(self._stream)
        if isinstance(exc, BrokenPipeError):
            return OutputClosed()
        return OutputFailed(say.output_failed(say.system_error(exc)))


def _discard(stream: TextIO) -> None:
    """Point ``stream``'s descriptor at /dev/null: what is still buffered goes nowhere, quietly."""
    with contextlib.suppress(OSError, ValueError):
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, stream.fileno())
        finally:
            os.close(null)


@contextlib.contextmanager
def guarded_stdout() -> Iterator[None]:
    """Run the block with a guarded ``sys.stdout``, flushed at its end (see the module)."""
    original = sys.stdout
    guarded = _GuardedStream(original)
    sys.stdout = cast(TextIO, guarded)
    try:
        yield
        guarded.flush()
    finally:
        sys.stdout = original


def settle_stdout(code: int) -> int:
    """Flush standard output before the interpreter does; ``code``, or 4 when the flush fails.

    A closed pipe (``play ... | head -1``) ends without a word, a full disk
    (``> /dev/full``) with one line; either way standard output then points at
    ``/dev/null``, so the interpreter's own flush at exit finds nothing to
    complain about (it would print "Exception ignored ..." and exit 120).
    """
    stream = sys.stdout
    if stream is None:
        return code
    try:
        stream.flush()
    except OSError as exc:
        _discard(stream)
        if isinstance(exc, BrokenPipeError) or code == EXIT_WRITE_FAILED:  # gone, or already said
            return EXIT_WRITE_FAILED
        with contextlib.suppress(OSError, ValueError):
            print(say.usage_error(say.output_failed(say.system_error(exc))), file=sys.stderr, flush=True)
        return EXIT_WRITE_FAILED
    except ValueError:  # closed
        return code
    return code
