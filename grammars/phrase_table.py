"""The phrase table: every spelling of every phrase of a phase, keyed for matching, with its meaning.

One table serves both directions: its phrases are the vocabulary given to the
recognizer, and :meth:`PhraseTable.lookup` maps text back to a meaning, with the
same :func:`~grammars.normalize.prepare` applied to both sides. Conflicting
spellings (one key, two meanings) are refused when the table is built.

A game parser typically does::

    table = PhraseTable([(Phrase.of("ripeti"), Repeat()), ...])
    meaning = table.lookup(text)   # None when nothing matches
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator
from typing import Generic, TypeVar

from grammars.it.words import CONNECTORS, FILLERS
from grammars.normalize import fold, is_filler, key, normalize
from grammars.phrases import Phrase


class AmbiguousPhrase(ValueError):
    """Two phrases of one table share a spelling but mean different things."""


M = TypeVar("M")


class PhraseTable(Generic[M]):
    """Every spelling of every phrase, keyed for matching, with its meaning.

    Built from ``(phrase, meaning)`` pairs; several phrases may share a meaning
    ("classifica", "punteggi"), but a key never maps to two meanings
    (:class:`AmbiguousPhrase` is raised). Meanings are compared with ``==``.

    >>> t = PhraseTable([(Phrase.of("sì", "si"), True), (Phrase.of("no"), False)])
    >>> t.lookup("Si!"), t.lookup("ehm, no"), t.lookup("forse")
    (True, False, None)

    ``alone`` are phrases of filler words that mean something only as the whole text:
    "ok" said alone to a sì/no question is a yes, "ok, no" is a no.

    >>> t = PhraseTable([(Phrase.of("sì", "si"), True), (Phrase.of("no"), False)], alone=[(Phrase.of("ok"), True)])
    >>> t.lookup("Ok!"), t.lookup("ok, no"), [p.text for p in t.phrases]
    (True, False, ['sì', 'no', 'ok'])
    """

    def __init__(
        self,
        entries: Iterable[tuple[Phrase, M]],
        *,
        fillers: Collection[str] = FILLERS,
        connectors: Collection[str] = CONNECTORS,
        alone: Iterable[tuple[Phrase, M]] = (),
    ) -> None:
        self._fillers = fillers
        self._connectors = connectors
        keyed = tuple(entries)
        by_itself = tuple(alone)
        self._entries: tuple[tuple[Phrase, M], ...] = keyed + by_itself
        self._phrases: tuple[Phrase, ...] = tuple(p for p, _ in self._entries)
        self._alone: dict[str, M] = {}
        for phr, meaning in by_itself:
            for variant in phr.variants:
                fillers_only = fold(normalize(variant)).split()
                if not fillers_only or not all(is_filler(w, fillers) for w in fillers_only):
                    raise ValueError(f"{variant!r} (phrase {phr.text!r}) is not made of filler words only")
                self._alone[" ".join(fillers_only)] = meaning
        self._alone_words = frozenset(w for k in self._alone for w in k.split())
        self._by_key: dict[str, M] = {}
        source: dict[str, Phrase] = {}
        for phr, meaning in keyed:
            for variant in phr.variants:
                words = fold(normalize(variant)).split()
                if any(is_filler(w, fillers) for w in words):
                    raise ValueError(f"{variant!r} (phrase {phr.text!r}) contains a filler word")
                k = self.key(variant)
                if not k:
                    raise ValueError(f"{variant!r} (phrase {phr.text!r}) has an empty key")
                if k in self._by_key and self._by_key[k] != meaning:
                    raise AmbiguousPhrase(
                        f"{variant!r} of {phr.text!r} and a spelling of {source[k].text!r} "
                        f"share the key {k!r} but mean {meaning!r} and {self._by_key[k]!r}"
                    )
                self._by_key.setdefault(k, meaning)
                source.setdefault(k, phr)

    @property
    def entries(self) -> tuple[tuple[Phrase, M], ...]:
        """The ``(phrase, meaning)`` pairs, in the order given."""
        return self._entries

    @property
    def phrases(self) -> tuple[Phrase, ...]:
        """The phrases, in the order given."""
        return self._phrases

    def key(self, text: str) -> str:
        """The matching key of ``text`` with this table's fillers and connectors."""
        return key(text, fillers=self._fillers, connectors=self._connectors)

    def get(self, k: str) -> M | None:
        """The meaning of an already computed key (see :meth:`key`), or None."""
        return self._by_key.get(k)

    def lookup(self, text: str) -> M | None:
        """The meaning of ``text``, or None when no spelling matches."""
        k = self.key(text)
        if not k:
            return self.alone(text)
        return self._by_key.get(k)

    def alone(self, text: str) -> M | None:
        """The meaning of ``text`` when it is only fillers and one of the ``alone`` phrases ("ehm... ok"), else None.

        >>> t = PhraseTable([(Phrase.of("sì"), True)], alone=[(Phrase.of("ok"), True)])
        >>> t.alone("Ehm, allora... OK!"), t.alone("ok ok"), t.alone("allora"), t.alone("ok sì")
        (True, True, None, None)
        """
        tokens = fold(normalize(text)).split()
        if not all(is_filler(t, self._fillers) or t in self._connectors for t in tokens):
            return None
        said = dict.fromkeys(t for t in tokens if t in self._alone_words)  # "ok ok" once
        meanings = [self._alone.get(word) for word in said]
        if len(said) > 1 and all(m is not None and m == meanings[0] for m in meanings):
            return meanings[0]  # "ok okei": spellings of one answer
        return self._alone.get(" ".join(said))

    def __contains__(self, k: object) -> bool:
        return k in self._by_key

    def __iter__(self) -> Iterator[str]:
        """Every key."""
        return iter(self._by_key)

    def __len__(self) -> int:
        return len(self._by_key)

    def items(self) -> Iterable[tuple[str, M]]:
        """``(key, meaning)`` for every key."""
        return self._by_key.items()
