"""Fakes at the two ports only: a listener that replays lines, a speaker that records."""

from __future__ import annotations

from collections.abc import Sequence

from voice_host.ports import Heard, ListenRequest


class ListListener:
    """Returns the given utterances in order, then None; records every request.

    A plain string is heard for sure; pass ``Heard(text, sure=False)`` for an unsure one.
    """

    def __init__(self, lines: list[str | Heard]) -> None:
        self.lines = list(lines)
        self.requests: list[ListenRequest] = []

    def listen(self, request: ListenRequest) -> Heard | None:
        self.requests.append(request)
        if not self.lines:
            return None
        line = self.lines.pop(0)
        return Heard(line) if isinstance(line, str) else line

    def close(self) -> None:
        pass


class RecordingSpeaker:
    """Keeps every sentence said, and each turn (one ``say_all`` or ``say`` call) as a list."""

    def __init__(self) -> None:
        self.said: list[str] = []
        self.turns: list[list[str]] = []

    def say(self, text: str) -> None:
        self.say_all([text])

    def say_all(self, sentences: Sequence[str]) -> None:
        self.said.extend(sentences)
        self.turns.append(list(sentences))

    def close(self) -> None:
        pass
