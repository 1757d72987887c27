"""The two ports of the host: where utterances come from and where sentences go.

The host depends only on these protocols; ``voice_host.cli`` wires real adapters.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from grammars.phrases import Phrase


@dataclass(frozen=True)
class ListenRequest:
    """What the host is waiting for: the phase name and every phrase valid now.

    ``phrases`` already includes the commands valid in every phase. A speech
    adapter restricts its recognizer to them and maps what it hears onto the
    nearest one; a text adapter may ignore them.
    """

    phase: str
    phrases: tuple[Phrase, ...]
    sequence: bool = False
    """True when an utterance may chain several one-word phrases (Yatzi's dice said
    one by one: "tre tre tre cinque sei"); the speech adapter then accepts any
    sequence of them and does not end the utterance early after one word."""


class Listener(Protocol):
    """Input port: one utterance per call."""

    def listen(self, request: ListenRequest) -> str | None:
        """Block until a player says something; return its text, or None when input has ended."""
        ...

    def close(self) -> None:
        """Release devices and files."""
        ...


class Speaker(Protocol):
    """Output port: says sentences."""

    def say(self, text: str) -> None:
        """Say ``text`` and return only when it has been heard in full (playback ended)."""
        ...

    def say_all(self, sentences: Sequence[str]) -> None:
        """Say ``sentences`` as one turn, in order, without dead air between them.

        The host gives everything it says between two answers, the question
        last, in one call. Returns only when the last one has been heard.
        """
        ...

    def close(self) -> None:
        """Release the audio device or engine."""
        ...
