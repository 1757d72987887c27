"""Italian number words from 0 to 99, generated from three small tables.

The canonical word carries the accent ("ventitré"); its variants add the
accent-free spelling ("ventitre") and, from 21 up, the split compound
("venti tre", "quaranta due", "venti uno"), which a recognizer whose model lacks
the compound still knows word by word. Compounds elide the final vowel of the
tens before "uno" and "otto" ("ventuno", "quarantotto", "sessantuno").

>>> number_word(53), number_word(21), number_word(48), number_word(61)
('cinquantatré', 'ventuno', 'quarantotto', 'sessantuno')
>>> number_variants(33)
('trentatré', 'trentatre', 'trenta tre')
>>> parse_number("trentatre"), parse_number(["quaranta", "due"]), parse_number("53")
(33, 42, 53)
>>> parse_number("banana") is None
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

from grammars.normalize import fold, normalize
from grammars.phrases import Phrase

#: 0..9
UNITS: tuple[str, ...] = (
    "zero", "uno", "due", "tre", "quattro", "cinque", "sei", "sette", "otto", "nove",
)
#: 10..19
TEENS: tuple[str, ...] = (
    "dieci", "undici", "dodici", "tredici", "quattordici",
    "quindici", "sedici", "diciassette", "diciotto", "diciannove",
)
#: 20, 30, .. 90 (index 2..9; 0 and 1 unused)
TENS: tuple[str, ...] = (
    "", "", "venti", "trenta", "quaranta", "cinquanta", "sessanta", "settanta", "ottanta", "novanta",
)
#: Units before which the tens lose their final vowel: venti + uno -> ventuno.
ELIDING_UNITS: frozenset[int] = frozenset({1, 8})
#: How a unit ending a compound is spelt when it differs from the word alone.
COMPOUND_UNIT: Mapping[int, str] = MappingProxyType({3: "tré"})

MAX_NUMBER = 99


def _check(n: int) -> None:
    if not 0 <= n <= MAX_NUMBER:
        raise ValueError(f"no Italian number word here for {n} (0..{MAX_NUMBER})")


def number_word(n: int) -> str:
    """The canonical Italian word for ``n`` in 0..99, with its accent.

    >>> number_word(0), number_word(15), number_word(20), number_word(23), number_word(98)
    ('zero', 'quindici', 'venti', 'ventitré', 'novantotto')
    """
    _check(n)
    if n < 10:
        return UNITS[n]
    if n < 20:
        return TEENS[n - 10]
    tens, unit = divmod(n, 10)
    if unit == 0:
        return TENS[tens]
    stem = TENS[tens][:-1] if unit in ELIDING_UNITS else TENS[tens]
    return stem + COMPOUND_UNIT.get(unit, UNITS[unit])


def number_variants(n: int) -> tuple[str, ...]:
    """Every spelling of ``n``: canonical, accent-free, then split (from 21 up).

    >>> number_variants(5), number_variants(21), number_variants(66)
    (('cinque',), ('ventuno', 'venti uno'), ('sessantasei', 'sessanta sei'))
    """
    word = number_word(n)
    spellings = [word, fold(word)]
    tens, unit = divmod(n, 10)
    if tens >= 2 and unit != 0:
        spellings.append(f"{TENS[tens]} {UNITS[unit]}")
    return Phrase.of(*spellings).variants


def number_phrase(n: int) -> Phrase:
    """:func:`number_variants` as a :class:`Phrase` (text = canonical word)."""
    variants = number_variants(n)
    return Phrase(variants[0], variants)


def _word_table() -> dict[str, int]:
    table: dict[str, int] = {}
    for n in range(MAX_NUMBER + 1):
        for variant in number_variants(n):
            folded = fold(variant)
            assert table.get(folded, n) == n, folded
            table[folded] = n
    return table


#: Folded spelling (single-spaced) -> number, for every variant of 0..99.
NUMBER_OF_WORD: Mapping[str, int] = MappingProxyType(_word_table())


def parse_number(tokens: str | Sequence[str]) -> int | None:
    """The number 0..99 that ``tokens`` spell, or None.

    ``tokens`` is text, or tokens already normalised (as from
    :func:`grammars.normalize.prepare`). Accents are optional; a string of one
    or two digits is accepted ("53", "7", "05"). Two separate digits ("5 3")
    are not a number.

    >>> parse_number("Ventitré"), parse_number("venti tre"), parse_number(["7"])
    (23, 23, 7)
    >>> parse_number("5 3") is None, parse_number("quindici")
    (True, 15)
    """
    words = fold(normalize(tokens)).split() if isinstance(tokens, str) else [fold(t) for t in tokens]
    if len(words) == 1 and words[0].isdigit() and words[0].isascii() and len(words[0]) <= 2:
        return int(words[0])
    return NUMBER_OF_WORD.get(" ".join(words))


def spell_digits(tokens: Sequence[str]) -> tuple[str, ...]:
    """Tokens with every one- or two-digit token replaced by its folded number word.

    For keyboard users: lets a table of words match "coppia di 4" or "5 3".
    Longer digit strings are left alone (they match nothing).

    >>> spell_digits(("coppia", "di", "4")), spell_digits(("53",)), spell_digits(("5", "3"))
    (('coppia', 'di', 'quattro'), ('cinquantatre',), ('cinque', 'tre'))
    """
    out: list[str] = []
    for t in tokens:
        if t.isdigit() and t.isascii() and len(t) <= 2:
            out.append(fold(number_word(int(t))))
        else:
            out.append(t)
    return tuple(out)
