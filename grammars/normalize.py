"""Text normalisation and matching keys shared by every game grammar.

Recognised (or typed) text goes through three steps before it is compared with a
phrase table:

1. :func:`normalize` - NFC, lowercase, punctuation removed, whitespace collapsed.
   Accents are kept ("Trentatré!" -> "trentatré"), so the text can be shown.
2. :func:`fold` - accents stripped, so matching is accent-insensitive
   ("trentatré" and "trentatre", "sì" and "si" fold to the same string).
3. :func:`prepare` - the two above, split into tokens, with hesitations and
   fillers dropped ("ehm allora dico ...") and connectors dropped (by default
   the "e" that links two dice: "cinque e tre" -> ``("cinque", "tre")``).

A :class:`~grammars.phrase_table.PhraseTable` applies the same :func:`prepare`
to every spelling of every phrase it holds, so one table serves both directions.

>>> normalize("  Ehm, TRENTATRÉ!! ")
'ehm trentatré'
>>> fold("trentatré sì")
'trentatre si'
>>> prepare("Ehm... allora, dico: cinque e tre")
('cinque', 'tre')
>>> prepare("si'")        # an apostrophe after a final vowel is an accent
('si',)

The filler list is deliberately short and holds no word that any grammar uses
("no" and "e" are not fillers). Pass ``fillers=`` / ``connectors=`` to change it for
a grammar where one of them is meaningful.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection, Mapping, Sequence

from grammars.it.words import CONNECTORS, FILLERS
from grammars.phrases import Phrase

# Any run of hesitation sounds not in FILLERS: "ehmmmm", "uuhm", "mmmmh".
_HESITATION = re.compile(r"e+h+m*h*|e+m+h*|u+h*m*h*|m+h*m*|h+m+|a+h+")

# A final vowel followed by an apostrophe is how many keyboards write an accent.
_APOSTROPHE_ACCENT = re.compile(r"([aeiou])['’`´](?=\W|$)")
_ACCENTED: Mapping[str, str] = {"a": "à", "e": "é", "i": "ì", "o": "ò", "u": "ù"}
_NOT_WORD = re.compile(r"[^\w\s]|_")


def normalize(text: str) -> str:
    """Lowercase NFC text without punctuation, single-spaced, accents kept.

    Punctuation becomes a space ("5-3" -> "5 3"); a vowel followed by an
    apostrophe at the end of a word becomes accented ("si'" -> "sì").

    >>> normalize("Coppia  di QUATTRO.")
    'coppia di quattro'
    >>> normalize("Prendo la penalita'")
    'prendo la penalità'
    """
    text = unicodedata.normalize("NFC", text).lower()
    text = _APOSTROPHE_ACCENT.sub(lambda m: _ACCENTED[m.group(1)], text)
    text = _NOT_WORD.sub(" ", text)
    return " ".join(text.split())


def fold(text: str) -> str:
    """``text`` with accents (combining marks) removed; nothing else changes.

    >>> fold("ventitré"), fold("penalità"), fold("sì")
    ('ventitre', 'penalita', 'si')
    """
    if text.isascii():
        return text
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFC", "".join(c for c in decomposed if not unicodedata.combining(c)))


def is_filler(token: str, fillers: Collection[str] = FILLERS) -> bool:
    """True when the folded ``token`` is a filler or a hesitation sound ("ehmmm")."""
    return token in fillers or _HESITATION.fullmatch(token) is not None


def prepare(
    text: str,
    *,
    fillers: Collection[str] = FILLERS,
    connectors: Collection[str] = CONNECTORS,
) -> tuple[str, ...]:
    """The folded tokens of ``text`` that matter for matching.

    Normalises, folds accents, splits on whitespace and drops fillers and
    connectors.

    >>> prepare("OK, io dico: Sessantadue")
    ('sessantadue',)
    >>> prepare("no")
    ('no',)
    """
    return tuple(
        t for t in fold(normalize(text)).split() if t not in connectors and not is_filler(t, fillers)
    )


def key(
    text: str,
    *,
    fillers: Collection[str] = FILLERS,
    connectors: Collection[str] = CONNECTORS,
) -> str:
    """The matching key of ``text``: its :func:`prepare` tokens joined by one space.

    >>> key("Trentatré!") == key("trentatre") == "trentatre"
    True
    >>> key("trenta-tre")
    'trenta tre'
    """
    return " ".join(prepare(text, fillers=fillers, connectors=connectors))


def phrase(text: str, *others: str) -> Phrase:
    """A :class:`Phrase` of ``text`` and ``others``, each followed by its accent-free spelling.

    >>> phrase("prendo la penalità").variants
    ('prendo la penalità', 'prendo la penalita')
    """
    spellings: list[str] = []
    for spelling in (text, *others):
        spellings += [spelling, fold(spelling)]
    return Phrase.of(*spellings)


def join(tokens: Sequence[str]) -> str:
    """Tokens (as returned by :func:`prepare`) joined into a key."""
    return " ".join(tokens)
