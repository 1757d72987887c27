"""What the decoders made of one utterance: the values that flow from stage to stage.

:class:`Decoded` is one vosk result (text, score, alternatives, timed words);
:func:`heard_by_both` keeps the words two decodes of the same audio share;
:class:`Utterance` is the whole story of one utterance (for diagnostics and
benchmarks): what was matched, how sure the host is, both decodes.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from voice_host.hearing.confidence import Confidence
from voice_host.listen.nearest_phrase import Match

#: One decoded word and its span in the recognizer's stream: (word, start s, end s).
Timed = tuple[str, float, float]


def _timed(raw: Any) -> tuple[Timed, ...]:
    """vosk's ``result`` word list as :data:`Timed` words."""
    if not isinstance(raw, list):
        return ()
    words_ = [w for w in raw if isinstance(w, dict)]
    return tuple((str(w.get("word", "")), float(w.get("start", 0.0)), float(w.get("end", 0.0))) for w in words_)


@dataclass(frozen=True)
class Decoded:
    """One vosk result: best text, its score, every alternative ``(text, score)`` and its timed words.

    >>> Decoded.parse('{"alternatives": [{"text": "서른", "confidence": 52.5}]}').score
    52.5
    """

    text: str
    score: float
    alternatives: tuple[tuple[str, float], ...] = ()
    timed: tuple[Timed, ...] = ()
    trimmed: bool = False
    """True when background words were dropped (see :func:`voice_host.listen.verify.foreground`)."""

    @classmethod
    def parse(cls, raw: str) -> Decoded:
        """A vosk JSON result, with or without alternatives (and word times when vosk gave them)."""
        data = json.loads(raw)
        given = data.get("alternatives", [])
        alternatives = tuple((str(a.get("text", "")), float(a.get("confidence", 0.0))) for a in given)
        if alternatives:
            return cls(alternatives[0][0], alternatives[0][1], alternatives, _timed(given[0].get("result")))
        return cls(str(data.get("text", "")), 0.0, (), _timed(data.get("result")))

    def then(self, later: Decoded) -> Decoded:
        """This result followed by ``later`` (one utterance vosk ended twice)."""
        return Decoded(f"{self.text} {later.text}".strip(), self.score + later.score, (), self.timed + later.timed)

    def keeping(self, kept: tuple[Timed, ...]) -> Decoded:
        """This result with only the ``kept`` words (alternatives, which have other words, dropped)."""
        if kept == self.timed:
            return self
        return Decoded(" ".join(w for w, _, _ in kept), self.score, (), kept, trimmed=True)


def heard_by_both(decoded: Decoded, second: Decoded) -> Decoded:
    """``decoded`` keeping only the words ``second`` heard too, at overlapping times.

    Over babble the grammar decode joins the phrase with a word made of the
    next table's talk ("여든 시작"); the garbage-model decode of the same audio
    puts a common word there instead ("여든 있어요"). The words both decoders
    heard are what was said to the host; a word repeated back to back is kept
    once. The score stays the whole decode's (the chatter rules judge it).

    >>> grammar = Decoded("여든 시작", 30.0, (), (("여든", 0.5, 0.9), ("시작", 0.9, 1.3)))
    >>> heard_by_both(grammar, Decoded("여든 있어요", 33.0, (), (("여든", 0.5, 0.9), ("있어요", 0.9, 1.4)))).text
    '여든'
    """
    kept: list[Timed] = []
    for word, start, end in decoded.timed:
        both = any(w == word and s < end and start < e for w, s, e in second.timed)
        if both and not (kept and kept[-1][0] == word):
            kept.append((word, start, end))
    if not kept:
        return Decoded("", 0.0)
    return Decoded(" ".join(w for w, _, _ in kept), decoded.score, (), tuple(kept), trimmed=True)


@dataclass(frozen=True)
class Utterance:
    """One decoded utterance, accepted or not, for diagnostics and benchmarks.

    ``early`` is True when our endpointer finalized it; ``decoded_at`` is the
    monotonic time the final text was available; ``voiced`` whether any chunk
    was clearly above the noise floor.
    """

    phase: str
    match: Match
    early: bool
    decoded_at: float
    voiced: bool
    confidence: Confidence | None = None
    """How sure the host is (None without a second opinion or without a phrase)."""
    decoded: Decoded | None = None
    """The grammar decode behind ``match`` (after background words were trimmed)."""
    second: Decoded | None = None
    """The garbage-model decode of the same audio (None without a second opinion)."""
