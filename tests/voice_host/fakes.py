"""Fakes at the two ports only: a listener that replays lines, a speaker that records."""

from __future__ import annotations

from voice_host.ports import ListenRequest


class ListListener:
    """Returns the given utterances in order, then None; records every request."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = list(lines)
        self.requests: list[ListenRequest] = []

    def listen(self, request: ListenRequest) -> str | None:
        self.requests.append(request)
        return self.lines.pop(0) if self.lines else None

    def close(self) -> None:
        pass


class RecordingSpeaker:
    """Keeps every sentence said."""

    def __init__(self) -> None:
        self.said: list[str] = []

    def say(self, text: str) -> None:
        self.said.append(text)

    def close(self) -> None:
        pass
