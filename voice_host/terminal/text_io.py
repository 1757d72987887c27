"""Text adapters for the two ports: typed lines, scripted lines, printed or silent speech.

Reading is bounded: no line longer than ``MAX_UTTERANCE_BYTES`` is ever held, a
script must be a regular UTF-8 file, and typed bytes that are not UTF-8 are
read as replacement characters (the host then says it did not understand).
Printing goes through ``printable``: no escape sequence or line break from a
name or an echoed line reaches the terminal.
"""

from __future__ import annotations

import contextlib
import io
import os
import select
import sys
from collections.abc import Callable, Sequence
from typing import IO, BinaryIO, TextIO, cast

from grammars.it import catalogue as say
from grammars.it import command_line
from voice_host.core.ports import Heard, ListenRequest
from voice_host.errors import InputError
from voice_host.limits import MAX_SCRIPT_BYTES, MAX_UTTERANCE_BYTES
from voice_host.storage.bounded_read import NotARegularFile, open_regular
from voice_host.terminal.captions import show_sentence
from voice_host.terminal.printable import printable


class InputTooLong(InputError):
    """A typed line longer than any utterance (a stream such as ``/dev/zero``, or a paste gone wrong)."""


class ScriptError(InputError):
    """A script that cannot be played: unreadable, not a regular file, not UTF-8, or with an over-long line."""


class KeyboardListener:
    """Reads one typed line per utterance (for tables without a model, and screen-reader users).

    With a ``prompt`` stream it first shows whose turn it is there (``Bruno> ``),
    the way a shell shows its prompt: :func:`keyboard_prompt` gives the terminal
    when a person types at one, nothing when the lines come from a pipe.
    """

    def __init__(self, stream: TextIO | BinaryIO | None = None, *, prompt: TextIO | None = None,
                 editor: Callable[[str], str] | None = None) -> None:
        if stream is None and sys.stdin is None:
            raise InputError(command_line.stdin_closed())
        self._stream = stream if stream is not None else sys.stdin
        self._lines: _InterruptibleLines | bool | None = None  # made at the first read; False: not possible
        self._prompt = prompt
        self._editor = editor
        self._total = 0

    def listen(self, request: ListenRequest) -> Heard | None:
        """Return the next typed line (always sure), or None at end of input; InputTooLong past the limits
        (a line, or more in all than a script may hold).

        Typing takes the time it takes: ``request.patience_s`` is ignored, so this never returns ``Silence``.
        """
        if self._editor is not None:
            return self._edited(say.keyboard_prompt(printable(request.who)))
        if self._prompt is not None:
            self._prompt.write(say.keyboard_prompt(printable(request.who)))
            self._prompt.flush()
        heard = self._read()
        while heard is not None and heard.text.lstrip().startswith("#"):  # a comment in piped input, as in a script
            heard = self._read()
        if heard is None and self._prompt is not None:
            self._prompt.write("\n")  # end the prompt's line, as a shell does on end of input
            self._prompt.flush()
        return heard

    def _edited(self, prompt: str) -> Heard | None:
        """A line typed at the terminal through the line editor (readline): editing keys and history."""
        try:
            line = self._editor(prompt) if self._editor is not None else ""
        except UnicodeDecodeError:  # typed bytes that are not UTF-8: not understood, as elsewhere
            return Heard("\ufffd")
        except EOFError:
            with contextlib.suppress(OSError, ValueError):
                print(flush=True)  # end the prompt's line, as a shell does on end of input
            return None
        self._count(len(line.encode("utf-8", "surrogatepass")) + 1)
        if len(line.encode("utf-8", "surrogatepass")) > MAX_UTTERANCE_BYTES:
            raise InputTooLong(say.typed_line_too_long(MAX_UTTERANCE_BYTES))
        return Heard(line.encode("utf-8", "surrogateescape").decode("utf-8", "replace").rstrip("\r\n"))

    def _read(self) -> Heard | None:
        raw = _binary(self._stream)
        if raw is not None:
            if self._lines is None:
                self._lines = _InterruptibleLines.of(raw)
            if isinstance(self._lines, _InterruptibleLines):
                data = self._lines.readline(MAX_UTTERANCE_BYTES + 1)
            else:
                data = raw.readline(MAX_UTTERANCE_BYTES + 1)
            if not data:
                return None
            self._count(len(data))
            if len(data) > MAX_UTTERANCE_BYTES and not data.endswith(b"\n"):
                raise InputTooLong(say.typed_line_too_long(MAX_UTTERANCE_BYTES))
            return Heard(data.decode("utf-8", errors="replace").rstrip("\r\n"))
        line = self._stream.readline(MAX_UTTERANCE_BYTES + 1)
        assert isinstance(line, str)
        if not line:
            return None
        self._count(len(line))
        if len(line) > MAX_UTTERANCE_BYTES and not line.endswith("\n"):
            raise InputTooLong(say.typed_line_too_long(MAX_UTTERANCE_BYTES))
        return Heard(line.rstrip("\r\n"))

    def close(self) -> None:
        """Nothing to release: stdin belongs to the process."""

    def _count(self, size: int) -> None:
        self._total += size
        if self._total > MAX_SCRIPT_BYTES:  # a stream that never ends (yes | voice-host play) stops
            raise InputTooLong(say.typed_input_too_long(MAX_SCRIPT_BYTES // (1024 * 1024)))


def keyboard_prompt(stdin: TextIO | None = None, stdout: TextIO | None = None) -> TextIO | None:
    """Where the keyboard's prompt goes: ``stdout`` when a person types at a terminal, else nowhere.

    Lines piped in (a file, a test) get no prompt, so the output stays one sentence a line.
    """
    source, screen = stdin or sys.stdin, stdout or sys.stdout
    if source is None or screen is None:
        return None
    try:
        return screen if source.isatty() and screen.isatty() else None
    except (ValueError, OSError):  # a closed stream
        return None


class _InterruptibleLines:
    """Lines read from a file descriptor in short waits, so that SIGTERM or SIGHUP stops the host at once (POSIX).

    A signal that lands in the instant before a blocking ``read`` starts is noted by
    Python but handled only when the read returns: with nobody typing, never. Waiting
    for the descriptor with ``select`` in 0.2 s slices returns to Python between
    slices, where the noted signal raises ``StopSignal``; what was read stays here.
    """

    def __init__(self, fd: int) -> None:
        self._fd = fd
        self._pending = b""
        self._ended = False

    @classmethod
    def of(cls, stream: BinaryIO) -> _InterruptibleLines | bool:
        """Lines from ``stream``'s descriptor, or False where that is not possible (Windows, no descriptor)."""
        if sys.platform == "win32":
            return False
        try:
            return cls(stream.fileno())
        except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
            return False

    def readline(self, limit: int) -> bytes:
        """The next line with its newline, at most ``limit`` bytes (a longer one is cut there); b"" at the end."""
        while True:
            at = self._pending.find(b"\n", 0, limit)
            if at >= 0 or len(self._pending) >= limit or self._ended:
                cut = at + 1 if at >= 0 else min(limit, len(self._pending))
                line, self._pending = self._pending[:cut], self._pending[cut:]
                return line
            ready, _, _ = select.select([self._fd], [], [], 0.2)
            if ready:
                chunk = os.read(self._fd, 65536)
                self._pending += chunk
                self._ended = not chunk


def _binary(stream: TextIO | BinaryIO) -> BinaryIO | None:
    """The byte stream under ``stream`` (so that bad bytes are decoded here), or None for a pure text stream."""
    if isinstance(stream, (io.RawIOBase, io.BufferedIOBase)):
        return cast(BinaryIO, stream)
    buffer = getattr(stream, "buffer", None)
    return cast(BinaryIO, buffer) if isinstance(buffer, (io.RawIOBase, io.BufferedIOBase)) else None


class ScriptListener:
    """Reads utterances from a file, one a line, as the host needs them.

    Blank lines and lines starting with ``#`` are skipped. Each utterance read is
    echoed (``> text``) to ``echo`` so that a transcript shows both sides. The
    whole file is checked when opened (a regular file, UTF-8, lines of at most
    ``MAX_UTTERANCE_BYTES``), so a bad script stops the host before the game.
    """

    def __init__(self, path: str, echo: TextIO | None = None) -> None:
        self.path = path
        try:
            fd = open_regular(path, os.O_RDONLY)
        except NotARegularFile as exc:
            raise ScriptError(say.script_cannot_read(path, exc.kind)) from None
        except OSError as exc:
            raise ScriptError(say.script_cannot_read(path, say.system_error(exc))) from None
        self._handle: IO[bytes] = os.fdopen(fd, "rb")
        self._echo = echo
        self._number = 0
        try:
            self._check()
        except BaseException:
            self._handle.close()
            raise

    def _check(self) -> None:
        if os.fstat(self._handle.fileno()).st_size > MAX_SCRIPT_BYTES:
            raise ScriptError(say.script_too_big(self.path, MAX_SCRIPT_BYTES // (1024 * 1024)))
        while self._next_line() is not None:
            pass
        self._handle.seek(0)
        self._number = 0

    def listen(self, request: ListenRequest) -> Heard | None:
        """Return the next scripted utterance (always sure), or None when the script is over."""
        while True:
            text = self._next_line()
            if text is None:
                return None
            if not text or text.startswith("#"):
                continue
            if self._echo is not None:
                print(f"> {printable(text)}", file=self._echo, flush=True)
            return Heard(text)

    def _next_line(self) -> str | None:
        """The next line, stripped and checked; None at the end of the file."""
        try:
            data = self._handle.readline(MAX_UTTERANCE_BYTES + 1)
        except OSError as exc:
            raise ScriptError(say.script_cannot_read(self.path, say.system_error(exc))) from None
        if not data:
            return None
        self._number += 1
        if len(data) > MAX_UTTERANCE_BYTES and not data.endswith(b"\n"):
            raise ScriptError(say.script_line_too_long(self.path, self._number, MAX_UTTERANCE_BYTES))
        try:
            return data.decode("utf-8").strip()
        except UnicodeDecodeError:
            raise ScriptError(say.script_not_utf8(self.path, self._number)) from None

    def close(self) -> None:
        """Close the script file."""
        self._handle.close()


class PrintSpeaker:
    """Prints each sentence on its own line (screen readers read lines), cleaned of control characters.

    ``--tts print``, and the fallback when no voice can work. Without ``stream``
    it writes to whatever ``sys.stdout`` is when it speaks.
    """

    def __init__(self, stream: TextIO | None = None) -> None:
        self._stream = stream

    def say(self, text: str) -> None:
        """Print ``text`` and flush, so it is on screen before the host listens."""
        show_sentence(text, self._stream)

    def say_all(self, sentences: Sequence[str], *, cue: bool = False) -> None:
        """Print each sentence on its own line (the listening cue is a sound: nothing to print)."""
        for text in sentences:
            show_sentence(text, self._stream)

    def close(self) -> None:
        """Nothing to release."""


class SilentSpeaker:
    """Says nothing (for tests and batch runs)."""

    def say(self, text: str) -> None:
        """Drop ``text``."""

    def say_all(self, sentences: Sequence[str], *, cue: bool = False) -> None:
        """Drop ``sentences`` (and the cue)."""

    def close(self) -> None:
        """Nothing to release."""
