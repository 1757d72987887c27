"""Which complete phrases of a phase are decisive: no longer phrase of the phase begins with their sounds.

A complete phrase that no longer phrase extends word by word ends an utterance
after a short hold of quiet (:mod:`voice_host.listen.early_end`). How short
depends on what else the phase holds: while a player says "cinquantatré", vosk's
partial result may read "cinque" for a moment (the grammar's nearest word to
"cinqu..."), and a stop consonant inside the word ("cinquan-t-atré") is a short
stretch of quiet. So a phrase whose letters begin another, longer phrase of the
phase (all but its last :data:`ENDING_LETTERS` letters, and at least
:data:`MIN_SHARED` of them) keeps the longer hold; the others are *decisive*:
nothing the player may still be saying can be another phrase, and the hold can
be as short as the audio's own granularity allows.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable

#: Letters at the end of a phrase that may differ while a longer phrase is being said ("cinque" / "cinqua-").
ENDING_LETTERS = 2
#: Fewer shared letters than this are no evidence of a longer phrase being said ("due" / "dubito").
MIN_SHARED = 3


def letters(variant: tuple[str, ...]) -> str:
    """The variant's letters without the spaces between its words ("cinquanta tre" -> "cinquantatre")."""
    return "".join(variant)


def decisive_variants(
    complete: Iterable[tuple[str, ...]], every: Iterable[tuple[str, ...]]
) -> frozenset[tuple[str, ...]]:
    """The variants of ``complete`` whose sounds begin no longer variant of ``every``.

    >>> every = [("cinque",), ("cinquanta", "tre"), ("due",), ("dubito",), ("sì",)]
    >>> sorted(decisive_variants([("cinque",), ("cinquanta", "tre"), ("due",), ("dubito",), ("sì",)], every))
    [('cinquanta', 'tre'), ('dubito',), ('due',), ('sì',)]
    """
    spelled = sorted({letters(v) for v in every})
    decisive = set()
    for variant in complete:
        own = letters(variant)
        stem = own[: max(MIN_SHARED, len(own) - ENDING_LETTERS)]  # a short word: all of it
        start = bisect.bisect_left(spelled, stem)
        longer = False
        for other in spelled[start:]:
            if not other.startswith(stem):
                break
            if len(other) > len(own):
                longer = True
                break
        if not longer:
            decisive.add(variant)
    return frozenset(decisive)
