"""Fakes at the ports only: a listener that replays lines, a speaker that records, and a stand-in for the
vosk recognizer the decode stage drives."""

from __future__ import annotations

import json
import time
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


class StandInRecognizer:
    """A stand-in for a vosk ``KaldiRecognizer``: a word per loud chunk (named by its first byte), an utterance
    ended by two quiet chunks after words, word times counted over every sample fed (as vosk counts them,
    across ``Reset``). ``delay_s`` per chunk makes it slow, so that a thread running its calls out of order
    would give other results."""

    def __init__(self, *, rate: int = 16000, delay_s: float = 0.0) -> None:
        self.fed_s = 0.0
        self._rate = rate
        self._delay_s = delay_s
        self._words: list[tuple[str, float, float]] = []
        self._quiet = 0

    def AcceptWaveform(self, data: bytes) -> bool:
        if self._delay_s:
            time.sleep(self._delay_s)
        start = self.fed_s
        self.fed_s += len(data) / 2 / self._rate
        if data and data[0]:
            self._words.append((f"w{data[0]}", start, self.fed_s))
            self._quiet = 0
            return False
        self._quiet += 1
        return bool(self._words) and self._quiet >= 2

    def _result(self) -> str:
        words, self._words = self._words, []
        timed = [{"word": w, "start": s, "end": e, "conf": 1.0} for w, s, e in words]
        return json.dumps({"text": " ".join(w for w, _, _ in words), "result": timed})

    def Result(self) -> str:
        return self._result()

    def FinalResult(self) -> str:
        return self._result()

    def Reset(self) -> None:
        self._words, self._quiet = [], 0

    def PartialResult(self) -> str:
        return json.dumps({"partial": " ".join(w for w, _, _ in self._words)})
