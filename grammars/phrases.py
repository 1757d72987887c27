"""A phrase the host can understand, with its spelling variants."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Phrase:
    """One thing a player can say, in every spelling that means it.

    ``text`` is the canonical form (what ``aiuto`` reads out). ``variants`` holds
    every spelling the parser accepts for it, ``text`` first: accents
    ("trentatré"/"trentatre"), split compounds ("quarantadue"/"quaranta due"),
    synonyms of a name ("tokio"/"tokyo"). A speech recognizer is given the
    variants its model knows.
    """

    text: str
    variants: tuple[str, ...]

    @classmethod
    def of(cls, text: str, *others: str) -> Phrase:
        """A phrase whose variants are ``text`` and ``others`` (duplicates dropped)."""
        seen: dict[str, None] = {text: None}
        for other in others:
            seen.setdefault(other, None)
        return cls(text, tuple(seen))


@dataclass(frozen=True)
class ExtraPhrase(Phrase):
    """Another way of saying what other phrases of the phase say, in words a model may lack.

    "ok" for "sì", "assi" for "uno": when the model knows none of its variants, the
    recognizer is not given it and start-up goes on, where a phrase that is the only way
    of saying something stops it.
    """


@dataclass(frozen=True)
class LeadInPhrase(Phrase):
    """Words that may open or join another phrase of the phase and mean nothing there.

    "fatto" in "ho fatto cinquantatré", "un" in "un cinque e un tre". A recognizer is
    given it as a phrase of its own, so that it may hear it before another; a matcher
    skips its words when the rest is a phrase, and the parser drops them. Said alone it
    is not understood.
    """


@dataclass(frozen=True)
class SpottedPhrase(ExtraPhrase):
    """Words the parser spots inside a longer utterance, given to the recognizer so that it can output them.

    "bluffi", "mi fido", "non", "ripetere", "tris" (issue 28): a recognizer in grammar mode
    outputs only its grammar's words, so without them "secondo me bluffi" could only arrive
    as "[unk]". A matcher never takes them for a phrase of their own: it hands an utterance
    that holds them (and ``[unk]`` for any other word) to the parser's understanding, which
    decides what it means, or that it means nothing. A model that lacks their words leaves
    them out, as any :class:`ExtraPhrase`.
    """


@dataclass(frozen=True)
class PhaseGrammar:
    """The phrases of one phase of one game setting, with what each means.

    ``name`` is "game/preset/dice/phase" or "game/phase"; ``group`` the part
    decisions are recorded against ("game/phase"), the same for every preset and dice.
    """

    name: str
    group: str
    phrases: tuple[Phrase, ...]
    meaning: Callable[[Phrase], object]
