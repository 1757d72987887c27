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
the phase asked, what was said, what the host heard (in Italian) and whether it was sure.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from audio_helpers import play_into_sink, speech

import voice_host.cli.voice_adapters as adapters
from grammars.phrases import Phrase
from voice_host.core.ports import Heard, Listener, ListenRequest, Silence
from voice_host.games import GAMES
from voice_host.hearing import korean_evening

#: Pause between the host's question (and its cue) and the player's answer.
ANSWER_DELAY_S = 0.3


class Table:
    """The players around the listener: each listen, the next one speaks into the sink."""

    def __init__(self, inner: korean_evening.StandIn, lines: Sequence[tuple[str, str]], log: Path) -> None:
        self.inner = inner
        self._lines = list(lines)
        self._log = log
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
        player = play_into_sink(speech(said), delay=ANSWER_DELAY_S)
        heard = self.inner.listen(request)
        try:
            player.wait(timeout=20)
        except subprocess.TimeoutExpired:
            player.kill()
        if isinstance(heard, Heard):
            entry |= {"heard": heard.text, "sure": heard.sure}
        else:
            entry["heard"] = None if heard is None else f"silence {heard.seconds:.1f}"
        self._write(entry)
        return heard

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
        return Table(korean_evening.StandIn(inner, tuple(GAMES)), lines, log)

    adapters.open_voice_listener = open_stand_in
    from voice_host.cli.main import main as voice_host

    return voice_host(command)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
