"""Map recognised text onto the nearest phrase valid now, or reject it.

A vosk grammar is a hint, not a constraint: the output may mix words of two
phrases ("cinquanta credo"), drop words, or carry ``[unk]``. So what vosk says is
compared, word by word, with every usable variant of every valid phrase. An exact
variant wins; otherwise the closest phrase is accepted only when it is close
enough for its length and no other phrase is as close. Confidence is not used.

Lead-in phrases (:class:`~grammars.phrases.LeadInPhrase`: "fatto", "un") are in the
grammar so that vosk may hear them before a phrase ("fatto cinquantatré" for "ho
fatto cinquantatré"); their words are skipped when the rest is a phrase, and a
lead-in heard alone is rejected: table talk is full of "fatto" and "una".

Spotted words (:class:`~grammars.phrases.SpottedPhrase`: "bluffi", "non", "tris") are in
the grammar so that vosk may output them, but are never a phrase of their own: when
no phrase matches, the text (with ``[unk]`` for every other word) goes to ``spot``,
the parser's understanding of the phase (:func:`grammars.understanding.heard_words.meaning_of_heard`),
which gives the phrase that means the same, the text itself when it must be asked
(a conflict), or None: table talk with no decisive phrase is still rejected.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from grammars.phases import Named
from grammars.phrases import LeadInPhrase, Phrase, SpottedPhrase
from voice_host.model.tokens import UNK, words


class MatchReason(Named):
    """How a recognised text matched, or why it did not."""

    EXACT = ""
    """Accepted: the words of one variant."""
    NEAR = "near"
    """Accepted with ``distance`` word edits."""
    SEQUENCE = "sequence"
    """Accepted as a chain of one-word phrases."""
    SILENCE = "silence"
    """Rejected: no word (or only unknown ones)."""
    TOO_FAR = "too far"
    """Rejected: no variant within the edits allowed."""
    AMBIGUOUS = "ambiguous"
    """Rejected: two phrases equally near."""
    LEAD_IN_ONLY = "lead-in only"
    """Rejected: only words that lead in to a phrase ("fatto"), as table talk is full of them."""
    SPOTTED = "spotted"
    """Accepted: no phrase, but the parser's understanding found what decides among the words ("[unk] bluffi")."""


@dataclass(frozen=True)
class Match:
    """The outcome of matching one recognised text: ``phrase`` is None when rejected, ``reason`` says how."""

    heard: str
    phrase: Phrase | None
    distance: int
    reason: MatchReason


def edit_distance(a: Sequence[str], b: Sequence[str]) -> int:
    """Levenshtein distance between two word sequences.

    >>> edit_distance(("cosa", "dire"), ("cosa", "posso", "dire"))
    1
    """
    previous = list(range(len(b) + 1))
    for i, word_a in enumerate(a, 1):
        current = [i]
        for j, word_b in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (word_a != word_b)))
        previous = current
    return previous[-1]


def allowed_errors(length: int) -> int:
    """Word edits tolerated for a variant of ``length`` words: none up to 2, then one per 3 words."""
    return 0 if length <= 2 else length // 3


class PhraseMatcher:
    """Resolves recognised text against the phrases of one phase.

    >>> m = PhraseMatcher({Phrase.of("cosa posso dire"): ("cosa posso dire",),
    ...                    Phrase.of("ripeti"): ("ripeti",)})
    >>> m.match("cosa dire").phrase.text, str(m.match("ripeti ripeti").reason)
    ('cosa posso dire', 'too far')
    >>> from grammars.phrases import LeadInPhrase
    >>> m = PhraseMatcher({Phrase.of("cinquantatré"): ("cinquantatré",), LeadInPhrase.of("fatto"): ("fatto",)})
    >>> m.match("fatto cinquantatré").phrase.text, str(m.match("fatto").reason)
    ('cinquantatré', 'lead-in only')
    """

    def __init__(
        self, usable: Mapping[Phrase, Iterable[str]], spot: Callable[[str], Phrase | None] | None = None
    ) -> None:
        """``usable`` maps each phrase to the variants the recognizer may output for it; ``spot`` is the
        understanding of the phase (None: none), which the listener sets for each request."""
        self.spot = spot
        self._variants: list[tuple[tuple[str, ...], Phrase]] = []
        self._exact: dict[tuple[str, ...], Phrase] = {}
        lead_in: set[str] = set()
        for phrase, variants in usable.items():
            for variant in variants:
                key = words(variant)
                if key:
                    self._variants.append((key, phrase))
                    self._exact.setdefault(key, phrase)
                    if isinstance(phrase, LeadInPhrase):
                        lead_in.update(key)
        #: Words that only lead in: skipped before (or between the words of) another phrase. Not
        #: one that a phrase needs to stay itself: "un" when "un tre" and "tre" are both phrases.
        self._skippable = frozenset(lead_in - self._needed(lead_in))

    def _needed(self, lead_in: set[str]) -> set[str]:
        """The lead-in words some phrase would become another phrase without."""
        needed: set[str] = set()
        for key, phrase in self._variants:
            own = lead_in.intersection(key)
            if own and not isinstance(phrase, LeadInPhrase):
                other = self._exact.get(tuple(word for word in key if word not in lead_in))
                if other is not None and other != phrase:
                    needed |= own
        return needed

    @property
    def words(self) -> frozenset[str]:
        """Every word of every variant."""
        return frozenset(w for key, _ in self._variants for w in key)

    @property
    def phrases(self) -> tuple[Phrase, ...]:
        """Every phrase with a variant, in the order given (not the spotted words: they are no phrase).

        >>> m = PhraseMatcher({Phrase.of("ripeti"): ("ripeti", "ancora"), Phrase.of("aiuto"): ("aiuto",)})
        >>> [p.text for p in m.phrases]
        ['ripeti', 'aiuto']
        """
        return tuple(dict.fromkeys(phrase for _, phrase in self._variants if not isinstance(phrase, SpottedPhrase)))

    @property
    def keys(self) -> frozenset[tuple[str, ...]]:
        """Every variant, as its words."""
        return frozenset(key for key, _ in self._variants)

    def variants_of(self, phrase: Phrase) -> tuple[str, ...]:
        """The variants (as the recognizer spells them) given for ``phrase``; () when unknown."""
        return tuple(" ".join(key) for key, owner in self._variants if owner == phrase)

    def match_sequence(self, text: str, *, spot: bool = True) -> Match:
        """``text`` as a chain of one-word phrases ("tre tre cinque"), each matched exactly.

        Used where phrases may follow each other in one utterance; a whole phrase
        (a command) still wins when ``text`` is one. Lead-in words ("sono usciti",
        "un") are skipped. Returns a match whose phrase text joins the canonical
        texts of the words; else what ``spot`` finds (with ``spot``), or a rejection.
        """
        whole = self._phrase_match(text)
        if whole.phrase is not None or whole.reason is MatchReason.SILENCE:
            return whole
        heard = [word for word in words(text) if word != UNK and word not in self._skippable]
        canonical = [self._exact.get((word,)) for word in heard]
        if not heard or any(phrase is None or isinstance(phrase, SpottedPhrase) for phrase in canonical):
            return self._spotted(text, whole) if spot else whole
        joined = " ".join(phrase.text for phrase in canonical if phrase is not None)
        return Match(text, Phrase.of(joined), 0, MatchReason.SEQUENCE)

    def match(self, text: str, *, spot: bool = True) -> Match:
        """The phrase ``text`` most plausibly is; else what ``spot`` finds in it (with ``spot``), or a rejection."""
        found = self._phrase_match(text)
        return self._spotted(text, found) if spot else found

    def _spotted(self, text: str, found: Match) -> Match:
        """``found``, or, when it rejects words that are more than lead-ins, what the understanding finds in them."""
        if found.phrase is not None or found.reason in (MatchReason.SILENCE, MatchReason.LEAD_IN_ONLY):
            return found
        if self.spot is None:
            return found
        phrase = self.spot(text)
        return found if phrase is None else Match(text, phrase, 0, MatchReason.SPOTTED)

    def _phrase_match(self, text: str) -> Match:
        """The phrase ``text`` most plausibly is, or a rejection (the spotted words are no phrase)."""
        heard = words(text)
        if not heard or all(word == UNK for word in heard):
            return Match(text, None, 0, MatchReason.SILENCE)
        exact = self._exact.get(heard)
        if isinstance(exact, LeadInPhrase):
            return Match(text, None, 0, MatchReason.LEAD_IN_ONLY)
        if isinstance(exact, SpottedPhrase):
            exact = None
        if exact is not None:
            return Match(text, exact, 0, MatchReason.EXACT)
        core = tuple(word for word in heard if word not in self._skippable)
        if core and core != heard and not all(word == UNK for word in core):
            heard = core  # "fatto cinquantatré": the lead-in means nothing
            exact = self._exact.get(heard)
            if exact is not None and not isinstance(exact, SpottedPhrase):
                return Match(text, exact, 0, MatchReason.EXACT)
        best: dict[Phrase, int] = {}
        for key, phrase in self._variants:
            if isinstance(phrase, (LeadInPhrase, SpottedPhrase)):
                continue
            distance = edit_distance(heard, key)
            if distance <= allowed_errors(len(key)) and distance < best.get(phrase, len(heard) + len(key) + 1):
                best[phrase] = distance
        if not best:
            nearest = min((edit_distance(heard, k) for k, _ in self._variants), default=0)
            return Match(text, None, nearest, MatchReason.TOO_FAR)
        lowest = min(best.values())
        winners = [phrase for phrase, distance in best.items() if distance == lowest]
        if len(winners) > 1:
            return Match(text, None, lowest, MatchReason.AMBIGUOUS)
        return Match(text, winners[0], lowest, MatchReason.NEAR)
