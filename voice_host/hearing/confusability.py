"""Which phrases of one phase a recognizer may take for each other.

Two phrases of one phase are a *risky pair* when they mean different things and
either sound close (Italian phonemes at most :data:`CLOSE` edits apart, over
their closest spellings) or one is the *tail* of the other, word by word ("ci
credo" / "non ci credo"): a missed first word turns one into the other.

The phrase lists come from the grammars (every game, preset, dice and phase);
the meaning of a phrase is what the game's parser makes of it, so synonyms
("ci credo" / "credo") are never a risk.

>>> tail_of(("ci", "credo"), ("non", "ci", "credo")), tail_of(("credo",), ("credo",))
(True, False)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from grammars.normalize import fold
from grammars.phases import Named
from grammars.phrases import PhaseGrammar, Phrase
from voice_host.hearing.phonemes import IpaCache, bounded_distance

#: Phoneme edits at or below which two phrases of different meaning are risky.
CLOSE = 2
#: Closest pairs are reported up to this distance.
REPORTED = 3




class PairKind(Named):
    """Why two phrases of different meaning are a risk."""

    CLOSE = "close"
    """Their phonemes are within ``CLOSE`` edits of each other."""
    TAIL = "tail"
    """One is the last words of the other: a missed first word turns one into the other."""


@dataclass(frozen=True)
class RiskyPair:
    """Two phrases of different meaning, ordered by text, and why they are a risk."""

    group: str
    a: str
    b: str
    kind: PairKind
    distance: int

    @property
    def label(self) -> str:
        """"a ~ b", how the decisions file names the pair."""
        return f"{self.a} ~ {self.b}"


def tail_of(short: Sequence[str], long: Sequence[str]) -> bool:
    """True when ``short`` is the last words of the longer ``long``."""
    return 0 < len(short) < len(long) and tuple(long[-len(short) :]) == tuple(short)


def _words(variant: str) -> tuple[str, ...]:
    return tuple(fold(variant).lower().split())


def phrase_distance(a: Phrase, b: Phrase, ipa: IpaCache, bound: int = REPORTED) -> int:
    """The phoneme distance of the closest spellings of ``a`` and ``b`` (``bound + 1`` if farther)."""
    best = bound + 1
    for x in a.variants:
        for y in b.variants:
            best = min(best, bounded_distance(ipa.phonemes(x), ipa.phonemes(y), min(bound, best)))
    return best


def is_tail_pair(a: Phrase, b: Phrase) -> bool:
    """True when some spelling of one phrase is the tail of some spelling of the other."""
    for x in a.variants:
        for y in b.variants:
            wx, wy = _words(x), _words(y)
            if tail_of(wx, wy) or tail_of(wy, wx):
                return True
    return False


def risky_pairs(grammar: PhaseGrammar, ipa: IpaCache) -> list[RiskyPair]:
    """Every risky pair of one phase (close ones first by distance, then tails)."""
    found: list[RiskyPair] = []
    for p, q in _different_meanings(grammar, ipa):
        a, b = sorted((p.text, q.text))
        if is_tail_pair(p, q):
            found.append(RiskyPair(grammar.group, a, b, PairKind.TAIL, phrase_distance(p, q, ipa, CLOSE)))
            continue
        distance = phrase_distance(p, q, ipa, CLOSE)
        if distance <= CLOSE:
            found.append(RiskyPair(grammar.group, a, b, PairKind.CLOSE, distance))
    return sorted(found, key=lambda r: (r.kind is not PairKind.CLOSE, r.distance, r.a, r.b))


def minimum_distance(grammar: PhaseGrammar, ipa: IpaCache) -> int:
    """The smallest phoneme distance between phrases of different meaning (``REPORTED + 1`` if none closer)."""
    best = REPORTED + 1
    for p, q in _different_meanings(grammar, ipa):
        best = min(best, phrase_distance(p, q, ipa, min(best, REPORTED)))
    return best


def _different_meanings(grammar: PhaseGrammar, ipa: IpaCache) -> Iterator[tuple[Phrase, Phrase]]:
    """Each pair of the phase's phrases (one per text) that mean different things, each meaning asked once;
    the IPA of every variant is fetched first, in one call."""
    unique = list({p.text: p for p in grammar.phrases}.values())
    ipa.prefetch(v for p in unique for v in p.variants)
    meanings = {p.text: grammar.meaning(p) for p in unique}
    for i, p in enumerate(unique):
        for q in unique[i + 1 :]:
            if meanings[p.text] != meanings[q.text]:
                yield p, q

