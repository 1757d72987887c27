"""Common words that stand for "anything else" in the second, garbage-model decode.

A vosk grammar has no way to say "none of these phrases" unless the model has
``[unk]``; a few hundred common words of the language do the same job: talk
that is not for the host is decoded as them, a phrase that was said is not.
:data:`grammars.it.table_talk.COMMON_WORDS` is the Italian model's list; other
lists (the Korean proxy's) are passed by the caller. Words the model does not know, words of the phrases
valid now and words that sound close to one (letters at least :data:`TOO_CLOSE`
similar, e.g. "점심" to "점수") are left out by :func:`filler_words`: a filler
that close would steal a phrase that was really said.

A grammar gives vosk no weights, but vosk estimates a bigram language model
from the counts of the list it is given; :func:`garbage_grammar` lists every
phrase :data:`FILLER_ODDS` times and every filler once, so a filler must fit
the sound clearly better than a phrase to win. Without those odds the common
words stole clear phrases (espeak-ng's "일흔" decoded as "네요", "다시 시작" as
"다시 자"), and the host asked back phrases it had heard right.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from voice_host.audio.text import UNK, words
from voice_host.hearing.confidence import letters, similarity

#: A filler this similar (letters) to a phrase word is left out.
TOO_CLOSE = 0.3
#: How many times likelier than a filler word the garbage model makes each phrase
#: (measured on the Korean proxy with held-out voices: ``docs/hearing.md``, fifth pass).
FILLER_ODDS = 50


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


def garbage_grammar(grammar: Sequence[str], fillers: Sequence[str], odds: int = FILLER_ODDS) -> list[str]:
    """The second decode's vosk grammar: each entry of ``grammar`` ``odds`` times, then ``fillers``.

    ``[unk]``, when the grammar has it, stands for anything else like a filler: it is listed once.

    >>> garbage_grammar(["ci credo", "[unk]"], ["allora"], odds=2)
    ['ci credo', 'ci credo', '[unk]', 'allora']
    """
    phrases = [entry for entry in grammar if entry != UNK]
    return [*phrases * max(1, odds), *(entry for entry in grammar if entry == UNK), *fillers]
