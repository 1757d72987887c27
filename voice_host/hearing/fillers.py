"""Common words that stand for "anything else" in the second, garbage-model decode.

A vosk grammar has no way to say "none of these phrases" unless the model has
``[unk]``; a few hundred common words of the language do the same job: talk
that is not for the host is decoded as them, a phrase that was said is not.
:data:`grammars.it.table_talk.COMMON_WORDS` is the Italian model's list; other
lists (the Korean proxy's) are passed by the caller. Words the model does not know, words of the phrases
valid now and words that sound close to one (letters at least :data:`TOO_CLOSE`
similar, e.g. "점심" to "점수") are left out by :func:`filler_words`: a filler
that close would steal a phrase that was really said.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from voice_host.hearing.confidence import letters, similarity
from voice_host.model.tokens import words

#: A filler this similar (letters) to a phrase word is left out.
TOO_CLOSE = 0.3


def filler_words(candidates: Iterable[str], knows: Callable[[str], bool], phrase_variants: Iterable[str]) -> list[str]:
    """The ``candidates`` the model ``knows`` that are no word of ``phrase_variants``, in order.

    >>> filler_words(["allora", "credo", "xyz", "crede"], lambda w: w != "xyz", ["ci credo"])
    ['allora']
    """
    taken = {w for v in phrase_variants for w in words(v)}
    spelled = [letters(w) for w in taken]
    seen: dict[str, None] = {}
    for candidate in candidates:
        for word in words(candidate):
            if word in taken or word in seen or not knows(word):
                continue
            mine = letters(word)
            if any(similarity(mine, other) >= TOO_CLOSE for other in spelled):
                continue
            seen[word] = None
    return list(seen)
