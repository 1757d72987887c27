"""Spotting: the decisive phrases of a phase found anywhere in an utterance, and what they settle.

An utterance is cut into sentences at ``.``, ``?``, ``!`` and ``;``; each sentence into
folded tokens, without fillers, connectors and skip words (:mod:`grammars.it.words`) and
without the words the phase drops (lead-ins, articles). At each token the longest run of
tokens that is a key of the phase's vocabulary is a *spot*; unknown words between spots
never block an answer. A negator just before a spot ("non mi fido", "non dubito") turns
it into its opposite, or drops it when it has none ("altro che cinquantatré"); some negate only
before a word ("figurati se", "altro che"), two cancel ("figurati se non ti credo"), none flips
an answer particle ("non no" is no), and a word
after a spot may turn it too ("ci credo poco"). A question word followed by other words opens a
question ("come stiamo?") instead of asking again; a word with a pronoun at its end is its verb
("ripetimi"). Then:

- no spot: the command content words are tried ("puoi ripetere?"), then typed tokens near
  one legal word (:mod:`grammars.understanding.typos`); else nothing is understood;
- spots that mean one thing are one answer ("dubito, fammi vedere i dadi");
- spots that disagree give a :class:`~grammars.intents.Conflict` naming two of them;
- a costly answer found only inside a question with other words ("ma tu dubiti sempre?")
  gives an :class:`~grammars.intents.AskBack`.

>>> from grammars.intents import Yes, No
>>> words = Vocabulary({"si": Yes(), "no": No(), "va bene": Yes()}, opposite={Yes(): No(), No(): Yes()})
>>> understand("eh sì sì, va bene", words), understand("non va bene", words)
(Yes(), No())
>>> understand("sì... anzi no", words).said, understand("boh", words)
(('sì', 'no'), None)
>>> understand("ma dici sì davvero?", words)
AskBack(intent=Yes(), text='ma dici sì davvero?', said='sì')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property

from grammars.intents import AskBack, Conflict, Help, Intent, NotUnderstood, Repeat, Standings, Unsettled
from grammars.it.words import (
    CONNECTORS,
    ENCLITICS,
    NEGATES_NEGATIONS,
    NEGATOR_NEEDS,
    NEGATORS,
    OPENERS,
    PARTICLES,
    POST_NEGATORS,
    QUESTION_WORDS,
    SKIP_WORDS,
)
from grammars.normalize import fold, is_filler, normalize
from grammars.understanding.typos import Index

_SENTENCE_END = re.compile(r"([.?!;]+)")

#: Meanings that cost nothing when applied by mistake: never asked back.
HARMLESS: tuple[type, ...] = (Repeat, Help, Standings, NotUnderstood)


def _no_expansion(token: str) -> tuple[str, ...]:
    return (token,)


@dataclass(frozen=True)
class Vocabulary:
    """One phase's decisive phrases as data: key (folded tokens joined by spaces) -> meaning.

    ``lookup`` is tried after ``keys`` for keys not listed (number readings); ``weak``
    are the command content words, counted only when nothing in ``keys`` is said;
    ``opposite`` is what a negated meaning means (a meaning without one is dropped when
    negated); ``drop`` are tokens dropped before spotting; ``expand`` turns one token into
    tokens ("53" -> the number word); ``harmless`` are meanings never asked back.
    """

    keys: Mapping[str, Intent]
    lookup: Callable[[str], Intent | None] | None = None
    weak: Mapping[str, Intent] = field(default_factory=dict)
    opposite: Mapping[Intent, Intent] = field(default_factory=dict)
    drop: Collection[str] = frozenset()
    expand: Callable[[str], tuple[str, ...]] = _no_expansion
    harmless: tuple[type, ...] = HARMLESS
    known: Collection[str] = frozenset()
    """Extra tokens a typed word may be corrected to (besides those of ``keys``)."""
    protected: Collection[str] = frozenset()
    """Tokens never corrected: words of the game's other phases ("passo" is no typo of "asso")."""
    stems: Collection[str] | None = None
    """The words a word with a pronoun at its end may be read as ("ripetimi" -> "ripeti"); None: every
    token of ``keys`` and ``weak``. A vocabulary of names gives fewer ("Nicola" is no "Nico" + "la")."""

    @cached_property
    def longest(self) -> int:
        """The most tokens a key holds, plus two (number readings hold up to four; computed once)."""
        return max((k.count(" ") + 1 for k in self.keys), default=1) + 2

    def meaning(self, k: str) -> Intent | None:
        """The meaning of key ``k``, or None."""
        hit = self.keys.get(k)
        if hit is None and self.lookup is not None:
            hit = self.lookup(k)
        return hit

    @cached_property
    def tokens(self) -> frozenset[str]:
        """Every token of every key: what a typed word may be corrected to (computed once)."""
        return frozenset(t for k in self.keys for t in k.split()) | frozenset(self.known)

    @cached_property
    def verbs(self) -> frozenset[str]:
        """Every token of every key and command content word: what a word with a pronoun at its end may be."""
        if self.stems is not None:
            return frozenset(self.stems)
        return self.tokens | frozenset(t for k in self.weak for t in k.split())

    def without_enclitic(self, token: str) -> str:
        """``token`` without a pronoun at its end when it is unknown and the verb left is known, else ``token``.

        >>> from grammars.intents import Repeat
        >>> words = Vocabulary({}, weak={"ripeti": Repeat()})
        >>> words.without_enclitic("ripetimi"), words.without_enclitic("ripetilo"), words.without_enclitic("scala")
        ('ripeti', 'ripeti', 'scala')
        """
        known = self.verbs
        if token in known:
            return token
        for pronoun in ENCLITICS:
            stem = token[: -len(pronoun)]
            if token.endswith(pronoun) and len(stem) >= 3 and stem in known:
                return stem
        return token

    @cached_property
    def typo_index(self) -> Index:
        """:attr:`tokens` grouped by length for the typo search (built once)."""
        return Index(self.tokens)


@dataclass(frozen=True)
class Spot:
    """One decisive phrase found: what it means, as said, and whether it was only asked about."""

    meaning: Intent
    said: str
    quoted: bool


def sentences(text: str) -> list[tuple[str, bool]]:
    """``text`` cut at sentence ends, each with whether it is a question.

    >>> sentences("pechino? non ci credo, scopro")
    [('pechino', True), (' non ci credo, scopro', False)]
    """
    parts = _SENTENCE_END.split(text)
    out: list[tuple[str, bool]] = []
    for i in range(0, len(parts), 2):
        end = parts[i + 1] if i + 1 < len(parts) else ""
        if parts[i].strip():
            out.append((parts[i], "?" in end))
    return out


def tokens(sentence: str, words: Vocabulary) -> list[tuple[str, str]]:
    """(folded token, as said) for every token of ``sentence`` that may matter."""
    out: list[tuple[str, str]] = []
    for said in normalize(sentence).split():
        folded = words.without_enclitic(fold(said))
        if folded in CONNECTORS or folded in SKIP_WORDS or is_filler(folded) or folded in words.drop:
            continue
        for token in words.expand(folded):
            out.append((token, said if token == folded else token))
    if len(out) > 1 and out[0][0] in OPENERS:  # "scusa, cosa posso dire?": a polite opening, not a request
        del out[0]
    return out


def _scan(toks: list[tuple[str, str]], question: bool, find: Callable[[str], Intent | None],
          words: Vocabulary) -> list[Spot]:
    """The spots of one sentence's tokens, longest key first at each token."""
    spots: list[Spot] = []
    longest = words.longest
    i = covered = last_end = 0
    before = -1  # the tokens said before the first spot: "ma tu dubiti?" discusses, "dubito, visto?" answers
    pending: list[tuple[Intent, str]] = []
    while i < len(toks):
        for j in range(min(len(toks), i + longest), i, -1):
            hit = find(" ".join(t for t, _ in toks[i:j]))
            if hit is not None:
                break
        else:
            i += 1
            continue
        negating_here = toks[i][0] in NEGATOR_NEEDS and _negates(toks, i)  # "figurati se ...", "altro che ..."
        opening = j == i + 1 and toks[i][0] in QUESTION_WORDS and len(toks) > 1  # "come stiamo?"
        if negating_here or opening:
            i += 1
            continue
        said = " ".join(s for _, s in toks[i:j])
        negators = [toks[k][0] for k in range(max(last_end, i - 2), i) if _negates(toks, k)]
        if negators and i - 3 >= last_end and toks[i - 3][0] in NEGATOR_NEEDS and _negates(toks, i - 3):
            negators.insert(0, toks[i - 3][0])  # "figurati se non ci credo": two negations, no flip
        if len(negators) == 2 and toks[i][0] not in NEGATORS:
            said = f"{' '.join(negators)} {said}"
            covered += len(negators)
        elif negators and toks[i][0] in PARTICLES:  # "non no": no predicate to negate, no flip
            said = f"{negators[-1]} {said}"
            covered += len(negators)
        elif negators and (toks[i][0] not in NEGATORS or negators[-1] in NEGATES_NEGATIONS):  # "figurati se non ..."
            hit = words.opposite.get(hit)
            said = f"{negators[-1]} {said}"
            covered += len(negators)
        elif j < len(toks) and toks[j][0] in POST_NEGATORS and hit is not None:  # "ci credo poco"
            said = f"{said} {toks[j][1]}"
            hit = words.opposite.get(hit)
            j += 1
        if before < 0:
            before = i - len(negators)
        if hit is not None:
            pending.append((hit, said))
            covered += j - i
        i = last_end = j
    quoted = question and before > 0
    spots += [Spot(meaning, said, quoted) for meaning, said in pending]
    return spots


def _negates(toks: list[tuple[str, str]], at: int) -> bool:
    """True when the token at ``at`` is a negator here ("figurati" only before "se")."""
    word = toks[at][0]
    if word not in NEGATORS:
        return False
    needs = NEGATOR_NEEDS.get(word)
    return needs is None or (at + 1 < len(toks) and toks[at + 1][0] == needs)


def spot(text: str, words: Vocabulary, *, weak: bool = False) -> list[Spot]:
    """Every spot of ``text`` (with ``weak``: of the command content words only)."""
    find = words.weak.get if weak else words.meaning
    out: list[Spot] = []
    for sentence, question in sentences(text):
        out += _scan(tokens(sentence, words), question, find, words)
    return out


def settle(text: str, spots: Iterable[Spot], words: Vocabulary) -> Intent | None:
    """The one answer ``spots`` give, a :class:`Conflict`, an :class:`AskBack`, or None when there is none.

    A spot that is itself a refusal (a :class:`NotUnderstood`: "tokio" with d8, "prendo la penalità"
    where one cannot pass) is the answer, with or without others: its explanation says what may be
    said instead, where asking "which of the two" would offer a move that is not allowed.
    """
    found = list(spots)
    decisive = [s for s in found if not isinstance(s.meaning, NotUnderstood)]
    refusals = [s for s in found if isinstance(s.meaning, NotUnderstood)]
    if refusals:
        return refusals[0].meaning
    if not decisive:
        return None
    meanings: list[Intent] = []
    for s in decisive:
        if s.meaning not in meanings:
            meanings.append(s.meaning)
    if len(meanings) > 1:
        said = tuple(next(s.said for s in decisive if s.meaning == m) for m in meanings[:2])
        return Conflict(text, Unsettled.CONFLICT, said)
    meaning = meanings[0]
    if all(s.quoted for s in decisive) and not isinstance(meaning, words.harmless):
        return AskBack(meaning, text, decisive[0].said)
    return meaning


def _typo_fixed(text: str, words: Vocabulary) -> tuple[str, tuple[str, ...]]:
    """``text`` with each unknown typed token replaced by its one nearest legal word; the ties found."""
    vocabulary = words.tokens
    fixed: list[str] = []
    ties: tuple[str, ...] = ()
    for part in _SENTENCE_END.split(text):
        said_tokens = []
        for said in normalize(part).split() if not _SENTENCE_END.fullmatch(part) else [part]:
            folded = fold(said)
            settled = folded in vocabulary or folded in words.protected or folded in SKIP_WORDS
            if settled or is_filler(folded) or not folded.isalpha():
                said_tokens.append(said)
                continue
            near = words.typo_index.nearest(folded)
            if len(near) == 1:
                said_tokens.append(near[0])
            else:
                said_tokens.append(said)
                ties = ties or near[:2]
        fixed.append(" ".join(said_tokens))
    return "".join(f" {f} " if not _SENTENCE_END.fullmatch(f) else f for f in fixed), ties


def understand(text: str, words: Vocabulary, merge: Callable[[list[Spot]], list[Spot]] | None = None) -> Intent | None:
    """What ``text`` decides with ``words``: an answer, a Conflict, an AskBack, a refusal, or None.

    The phase's phrases first, then its command content words, then the same after
    correcting typed words; None when nothing decisive is said. ``merge`` may join spots
    that together make one answer before they are settled (the lobby's "dadi da dieci e a
    cinque penalità" is one change of two rules).
    """
    join = merge or list
    for weak in (False, True):
        settled = settle(text, join(spot(text, words, weak=weak)), words)
        if settled is not None:
            return settled
    fixed, ties = _typo_fixed(text, words)
    if ties:
        return Conflict(text, Unsettled.CONFLICT, ties)
    if fixed.split() != normalize(text).split():
        for weak in (False, True):
            settled = settle(text, join(spot(fixed, words, weak=weak)), words)
            if settled is not None:
                return settled
    return None
