"""The decode stage: one phase's grammar decoder and its second, garbage-model decoder (vosk).

:class:`PhaseDecoders` wraps the two ``KaldiRecognizer`` of one grammar: the
grammar decoder (the phase's phrases only) and, optionally, the second one
(the same phrases plus common words of the language, a garbage model,
:mod:`voice_host.hearing.fillers`), fed the same audio. It only decodes: when an
utterance ends is the endpoint stage's (:mod:`voice_host.audio.utterance_end`),
what the decodes mean the verify stage's (:mod:`voice_host.audio.verify`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from voice_host.audio.decoded import Decoded

#: Alternatives asked of each decoder (to find a rival phrase).
ALTERNATIVES = 4


def recognizer(model: Any, sample_rate: int, grammar: Sequence[str]) -> Any:
    """A vosk ``KaldiRecognizer`` on ``model`` restricted to ``grammar``, with alternatives and word times."""
    import vosk

    made = vosk.KaldiRecognizer(model, float(sample_rate), json.dumps(list(grammar), ensure_ascii=False))
    made.SetMaxAlternatives(ALTERNATIVES)
    made.SetWords(True)
    return made


class PhaseDecoders:
    """The grammar decoder of one phase and its second opinion (``second``, or None), fed the same chunks.

    ``second_so_far`` holds what the second decoder ended on its own within the current utterance.
    """

    def __init__(self, grammar: Any, second: Any = None) -> None:
        self.grammar = grammar
        self.second = second
        self.second_so_far: Decoded | None = None

    def reset(self) -> None:
        """Drop the current utterance from both decoders."""
        self.grammar.Reset()
        if self.second is not None:
            self.second.Reset()
        self.second_so_far = None

    def accept(self, data: bytes) -> Decoded | None:
        """Feed one chunk to both decoders; the grammar decoder's result when vosk ended an utterance."""
        self._feed_second(data)
        if self.grammar.AcceptWaveform(data):
            return Decoded.parse(self.grammar.Result())
        return None

    def partial(self) -> str:
        """What the grammar decoder has heard of the utterance not ended yet ("" when none)."""
        return str(json.loads(self.grammar.PartialResult()).get("partial", ""))

    def finalize(self) -> Decoded:
        """End the utterance now (before vosk's own endpoint): the grammar decoder's result."""
        return Decoded.parse(self.grammar.FinalResult())

    def _feed_second(self, data: bytes) -> None:
        """Feed one chunk to the second decoder, keeping what it ends on its own."""
        if self.second is not None and self.second.AcceptWaveform(data):
            ended = Decoded.parse(self.second.Result())
            self.second_so_far = ended if self.second_so_far is None else self.second_so_far.then(ended)

    def take_second(self) -> Decoded | None:
        """The second decoder's result for the utterance just ended (None without one); starts the next."""
        if self.second is None:
            return None
        ended = Decoded.parse(self.second.FinalResult())
        whole = ended if self.second_so_far is None else self.second_so_far.then(ended)
        self.second_so_far = None
        return whole
