"""``voice-host serata`` by voice through the real sink, the Korean model standing in for the Italian one.

    python evening_voice_host.py SCRIPT.json LOG.jsonl serata --input voice --model KO ...

Everything is the real command line (``voice_host.cli.main.main``): the real pyttsx3 speaker
playing into the default sink, the real microphone on its monitor, the real vosk listener and
model, the journals, the summary. One thing is wrapped, at the listener port: the listener that
``open_voice_listener`` returns (built for the model given, with the stand-ins' vocabulary
checked instead of the Italian) is asked for the Korean stand-ins of each phase
(:class:`voice_host.hearing.korean_evening.StandIn`), and the table sits around it: each time
the host starts listening, the next player of SCRIPT.json (``[[phase, korean], ...]``) says
their line into the sink (espeak-ng's Korean, ``paplay``), as ``test_audio_game.py``'s players
do. A line asked at another phase than the script's, or a script used up, ends the input
(the host then stops as when a keyboard closes). Every exchange is appended to LOG.jsonl:
the phase asked, what was said, what the host heard (in Italian) and whether it was sure,
and its events: the listener's utterances, ``paplay``'s exit status, and what the host's
microphone delivered from the answer's start (a lost answer says whether it was played and
whether it reached the microphone).
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from audio_helpers import play_into_sink, speech

import voice_host.cli.voice_adapters as adapters
import voice_host.listen.mic as mic
from grammars.phrases import Phrase
from voice_host.audio.far_end import TalkOver
from voice_host.core.ports import Heard, Listener, ListenRequest, Silence
from voice_host.games import GAMES
from voice_host.hearing import korean_evening
from voice_host.listen.sources import AudioChunk

#: Pause between the host's question (and its cue) and the player's answer.
ANSWER_DELAY_S = 0.3

#: (capture time, RMS) of the chunks the host's microphone delivered lately.
DELIVERED: deque[tuple[float, float]] = deque(maxlen=3000)


class NotedMic(mic.MicSource):
    """The host's real microphone, noting each chunk it delivers (:data:`DELIVERED`)."""

    def read(self) -> AudioChunk | None:
        chunk = super().read()
        if chunk is not None:
            samples = np.frombuffer(chunk.data, dtype="<i2").astype(np.float64)
            DELIVERED.append((chunk.captured_at, float(np.sqrt(np.mean(samples**2))) if len(samples) else 0.0))
        return chunk


class Table:
    """The players around the listener: each listen, the next one speaks into the sink."""

    def __init__(self, inner: korean_evening.StandIn, lines: Sequence[tuple[str, str]], log: Path,
                 talk: TalkOver | None = None) -> None:
        self.inner = inner
        self._talk = talk  # barge-in: the host still asks when it listens; the player answers once it has asked
        self._lines = list(lines)
        self._log = log
        self._began = time.monotonic()
        self._answer_at = self._began
        self._events: list[str] = []  # what happened during the current listen, for a failure's message
        vosk: Any = inner.inner  # the real listener inside the stand-in: its utterances are noted
        if hasattr(vosk, "on_utterance"):
            vosk.on_utterance = self._utterance
        for _, said in self._lines:
            speech(said)  # synthesized up front: the answer follows the question at once

    def listen(self, request: ListenRequest) -> Heard | Silence | None:
        """Play the next line of the script, then hear it through the real listener."""
        if not self._lines:
            return None
        phase, said = self._lines.pop(0)
        entry: dict[str, Any] = {"phase": str(request.phase), "said": said}
        if str(request.phase) != phase:
            self._write({**entry, "expected_phase": phase})
            return None
        started: list[subprocess.Popen[bytes]] = []
        self._began = time.monotonic()
        self._events = []
        answer = threading.Thread(target=self._answer, args=(speech(said), started), daemon=True)
        answer.start()
        heard = self.inner.listen(request)  # at once, as the host does: with barge-in it hears the question too
        answer.join(timeout=60)
        for player in started:
            try:
                self._note(f"paplay exited with {player.wait(timeout=20)}")
            except subprocess.TimeoutExpired:
                player.kill()
                self._note("paplay still running after 20 s: killed")
        if started:
            self._note(self._delivered(self._answer_at))
        if isinstance(heard, Heard):
            entry |= {"heard": heard.text, "sure": heard.sure}
        else:
            entry["heard"] = None if heard is None else f"silence {heard.seconds:.1f}"
        self._write({**entry, "events": self._events})
        return heard

    def _answer(self, clip: Any, started: list[subprocess.Popen[bytes]]) -> None:
        """The player: once the host has asked (its turn heard to the end), a short pause, then the answer."""
        while self._talk is not None and self._talk.speaking:
            time.sleep(0.01)
        self._note("host quiet, the player answers")
        self._answer_at = time.monotonic() + ANSWER_DELAY_S
        started.append(play_into_sink(clip, delay=ANSWER_DELAY_S))

    def _delivered(self, since: float) -> str:
        """What the microphone delivered from ``since``: how many chunks, how long, how loud at most."""
        chunks = [(at, level) for at, level in list(DELIVERED) if at >= since]
        if not chunks:
            return "microphone: no chunk delivered since the answer began"
        span = chunks[-1][0] - chunks[0][0]
        loudest = max(level for _, level in chunks)
        return f"microphone: {len(chunks)} chunks over {span:.2f} s since the answer began, loudest RMS {loudest:.0f}"

    def _utterance(self, utterance: Any) -> None:
        """The real listener ended an utterance: what it decoded and what it matched."""
        phrase = utterance.match.phrase.text if utterance.match.phrase is not None else None
        self._note(f"utterance {utterance.decoded.text!r} -> {phrase} early={utterance.early}")

    def _note(self, event: str) -> None:
        speaking = self._talk is not None and self._talk.speaking
        self._events.append(f"{time.monotonic() - self._began:.2f}s {event} (host speaking: {speaking})")

    def _write(self, entry: Mapping[str, Any]) -> None:
        with self._log.open("a", encoding="utf-8") as out:
            out.write(json.dumps(entry, ensure_ascii=False) + "\n")

    def usable(self, phrases: Sequence[Phrase]) -> dict[Phrase, tuple[str, ...]]:
        """The names the proxy can hear (the lobby asks before the evening)."""
        return self.inner.usable(phrases)

    def close(self) -> None:
        """Close the real listener."""
        self.inner.close()


def main(argv: list[str]) -> int:
    script, log, command = Path(argv[0]), Path(argv[1]), argv[2:]
    lines = [(phase, said) for phase, said in json.loads(script.read_text(encoding="utf-8"))]
    real = adapters.open_voice_listener

    def open_stand_in(model_path: str | None, all_phrases: Mapping[str, Sequence[Phrase]], **options: Any
                      ) -> Listener:
        inner = real(model_path, korean_evening.phases(tuple(GAMES)), **options)  # the stand-ins' words, checked
        return Table(korean_evening.StandIn(inner, tuple(GAMES)), lines, log, options.get("talk_over"))

    adapters.open_voice_listener = open_stand_in
    mic.MicSource = NotedMic  # type: ignore[misc]  # the adapters import it when they open the microphone
    from voice_host.cli.main import main as voice_host

    return voice_host(command)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
