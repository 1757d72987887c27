"""Typed words forgiven: the nearest word of a vocabulary by edit distance, when one is clearly nearest.

A keyboard or screen-reader player types "dubbito" or "cinqunatatré"; speech never
brings such tokens (the recognizer outputs only its grammar's words). The distance is
the optimal string alignment distance (Levenshtein plus the swap of two neighbours,
"cinqunatatre" -> "cinquantatre" is one edit), written here in a few lines: a
dependency (rapidfuzz) would buy speed we do not need for one or two unknown tokens.

>>> distance("dubbito", "dubito"), distance("cinqunatatre", "cinquantatre"), distance("tre", "tra")
(1, 1, 1)
>>> nearest("dubbito", ["dubito", "scopro", "credo"])
('dubito',)
>>> nearest("tengo", ["tengo"]), nearest("pizza", ["dubito"]), nearest("tra", ["tre", "tris"])
(('tengo',), (), ())
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import cached_property


def distance(a: str, b: str, limit: int = 3) -> int:
    """The optimal string alignment distance of ``a`` and ``b`` (at most ``limit``, beyond it ``limit``)."""
    if abs(len(a) - len(b)) >= limit:
        return limit
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        row = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            cost = 0 if ca == cb else 1
            row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                row[j] = min(row[j], previous2[j - 2] + 1)
        if min(row) >= limit:
            return limit
        previous2, previous = previous, row
    return min(previous[-1], limit)


def allowed(word: str) -> int:
    """How many edits a typed ``word`` may carry: none under five letters, one, two from nine letters on."""
    if len(word) < 5:
        return 0
    return 1 if len(word) < 9 else 2


def nearest(word: str, vocabulary: Iterable[str]) -> tuple[str, ...]:
    """The words of ``vocabulary`` nearest to ``word`` within :func:`allowed` edits, or () when none is.

    ``word`` itself when it is in the vocabulary; several words when they are equally near
    (the caller asks which one).
    """
    index = vocabulary if isinstance(vocabulary, Index) else Index(vocabulary)
    return index.nearest(word)


def _bigrams(word: str) -> Counter[str]:
    """The pairs of neighbouring letters of ``word``, counted."""
    return Counter(word[i : i + 2] for i in range(len(word) - 1))


class Index:
    """A vocabulary grouped by word length, for :func:`nearest`: a typed word is compared only with the
    words its edit budget can reach (one or two letters longer or shorter), each at most once.

    >>> Index(["dubito", "scopro", "credo"]).nearest("dubbito"), Index(["tre", "tris"]).nearest("tra")
    (('dubito',), ())
    """

    def __init__(self, vocabulary: Iterable[str]) -> None:
        self.words = frozenset(vocabulary)

    @cached_property
    def _by_length(self) -> dict[int, tuple[tuple[str, Counter[str]], ...]]:
        grouped: dict[int, list[tuple[str, Counter[str]]]] = {}
        for candidate in sorted(self.words):
            if len(candidate) >= 4:
                grouped.setdefault(len(candidate), []).append((candidate, _bigrams(candidate)))
        return {length: tuple(words) for length, words in grouped.items()}

    def nearest(self, word: str) -> tuple[str, ...]:
        """The words nearest to ``word`` within :func:`allowed` edits, in alphabetical order; () when none is."""
        if word in self.words:
            return (word,)
        budget = allowed(word)
        if not budget:
            return ()
        best = budget + 1
        found: list[str] = []
        pairs = _bigrams(word)
        for length in range(len(word) - budget, len(word) + budget + 1):
            for candidate, its_pairs in self._by_length.get(length, ()):
                # one edit (a swap too) breaks at most three letter pairs: a cheap bound before the full distance
                if (pairs & its_pairs).total() < max(len(word), length) - 1 - 3 * min(best, budget):
                    continue
                d = distance(word, candidate, best + 1)  # exact up to best, best + 1 beyond
                if d < best:
                    best, found = d, [candidate]
                elif d == best:
                    found.append(candidate)
        return tuple(sorted(found)) if best <= budget else ()
