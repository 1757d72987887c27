"""Text adapters for the two ports: typed lines, scripted lines, printed or silent speech."""

from __future__ import annotations

import sys
from typing import IO, TextIO

from voice_host.ports import Heard, ListenRequest


class KeyboardListener:
    """Reads one typed line per utterance (for tables without a model, and screen-reader users)."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self._stream = stream if stream is not None else sys.stdin

    def listen(self, request: ListenRequest) -> Heard | None:
        """Return the next typed line (always sure), or None at end of input."""
        line = self._stream.readline()
        if not line:
            return None
        return Heard(line.rstrip("\r\n"))

    def close(self) -> None:
        """Nothing to release: stdin belongs to the process."""


class ScriptListener:
    """Reads utterances from a file, one a line, as the host needs them.

    Blank lines and lines starting with ``#`` are skipped. Each utterance read is
    echoed (``> text``) to ``echo`` so that a transcript shows both sides.
    """

    def __init__(self, path: str, echo: TextIO | None = None) -> None:
        self._handle: IO[str] = open(path, encoding="utf-8")
        self._echo = echo

    def listen(self, request: ListenRequest) -> Heard | None:
        """Return the next scripted utterance (always sure), or None when the script is over."""
        for line in self._handle:
            text = line.strip()
            if not text or text.startswith("#"):
                continue
            if self._echo is not None:
                print(f"> {text}", file=self._echo, flush=True)
            return Heard(text)
        return None

    def close(self) -> None:
        """Close the script file."""
        self._handle.close()


class PrintSpeaker:
    """Prints each sentence on its own line (screen readers read lines)."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self._stream = stream if stream is not None else sys.stdout

    def say(self, text: str) -> None:
        """Print ``text`` and flush, so it is on screen before the host listens."""
        print(text, file=self._stream, flush=True)

    def close(self) -> None:
        """Nothing to release."""


class SilentSpeaker:
    """Says nothing (for tests and batch runs)."""

    def say(self, text: str) -> None:
        """Drop ``text``."""

    def close(self) -> None:
        """Nothing to release."""
