"""Fakes at the two ports only: a listener that replays lines, a speaker that records."""

from __future__ import annotations

from collections.abc import Sequence

from voice_host.core.ports import Heard, ListenRequest, Silence


class ListListener:
    """Returns the given utterances in order, then None; records every request.

    A plain string is heard for sure; pass ``Heard(text, sure=False)`` for an unsure one,
    ``Silence(s)`` for a quiet wait that ran out (returned only to a request with a patience).
    """

    def __init__(self, lines: list[str | Heard | Silence]) -> None:
        self.lines = list(lines)
        self.requests: list[ListenRequest] = []

    def listen(self, request: ListenRequest) -> Heard | Silence | None:
        self.requests.append(request)
        if not self.lines:
            return None
        if isinstance(self.lines[0], Silence) and request.patience_s is None:
            raise AssertionError("silence returned to a request that waits for as long as it takes")
        line = self.lines.pop(0)
        return Heard(line) if isinstance(line, str) else line

    def close(self) -> None:
        pass


class RecordingSpeaker:
    """Keeps every sentence said, and each turn (one ``say_all`` or ``say`` call) as a list."""

    def __init__(self) -> None:
        self.said: list[str] = []
        self.turns: list[list[str]] = []
        self.cues: list[bool] = []
        """For each turn, whether it asked for the listening cue."""

    def say(self, text: str) -> None:
        self.say_all([text])

    def say_all(self, sentences: Sequence[str], *, cue: bool = False) -> None:
        self.said.extend(sentences)
        self.turns.append(list(sentences))
        self.cues.append(cue)

    def close(self) -> None:
        pass
