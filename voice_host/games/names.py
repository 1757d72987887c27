"""Player names that look the same are the same name: NFKC, no invisible characters, look-alike letters.

``Anna``, ``An\\u200bna`` (a zero-width space), ``Ａｎｎａ`` (fullwidth) and ``Аnna``
(a Cyrillic А) look alike on a screen and sound alike when spoken: they must
not be two players. Names are normalized with NFKC (fullwidth and compatibility
forms become plain letters), a name holding an invisible or formatting
character (Unicode's default-ignorable ones too: variation selectors, the
combining grapheme joiner, the Hangul fillers) is refused, and two names are the same when their look-alike keys
are: casefolded, with the Cyrillic and Greek letters that look like Latin ones
read as those. (The table covers the scripts a name at an Italian table is
likely to mix with Latin; it is not Unicode's whole confusables list.)

>>> normal("  Ａｎｎａ ") == "Anna", look_alike_key("Аnna") == look_alike_key("ANNA")
(True, True)
>>> invisible("An\\u200bna"), invisible("Nicolò"), invisible("Anna\\ufe0f"), invisible("\\u3164")
('U+200B', None, 'U+FE0F', 'U+3164')
"""

from __future__ import annotations

import unicodedata

#: Cyrillic and Greek letters (after casefolding) that look like a Latin letter, and that letter.
LOOK_ALIKES = str.maketrans({
    # Cyrillic
    "а": "a", "в": "b", "е": "e", "ё": "ë", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c",
    "т": "t", "у": "y", "х": "x", "і": "i", "ї": "ï", "ј": "j", "ѕ": "s", "ԁ": "d", "һ": "h", "ԛ": "q",
    "ԝ": "w", "ӏ": "l", "ɡ": "g",
    # Greek
    "α": "a", "β": "b", "ε": "e", "ζ": "z", "η": "n", "ι": "i", "κ": "k", "μ": "m", "ν": "v", "ο": "o",
    "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "γ": "y", "ω": "w",
})

#: Categories of characters that show nothing: format (zero-width, soft hyphen, bidi), private, unassigned.
_INVISIBLE = frozenset({"Cf", "Co", "Cn", "Cs"})
#: Characters of other categories that show nothing either: Unicode's Default_Ignorable_Code_Point outside Cf
#: (the combining grapheme joiner, the Hangul fillers, the Mongolian and other variation selectors, the
#: Khmer inherent vowels), and the blank Braille pattern.
_IGNORABLE_RANGES = ((0x034F, 0x034F), (0x115F, 0x1160), (0x17B4, 0x17B5), (0x180B, 0x180F), (0x2800, 0x2800),
                     (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFFA0, 0xFFA0), (0xE0100, 0xE01EF))


def _shows_nothing(char: str) -> bool:
    code = ord(char)
    return unicodedata.category(char) in _INVISIBLE or any(low <= code <= high for low, high in _IGNORABLE_RANGES)


def normal(name: str) -> str:
    """``name`` stripped and NFKC-normalized: the form the host keeps and journals."""
    return unicodedata.normalize("NFKC", name.strip())


def invisible(name: str) -> str | None:
    """The code (``U+200B``) of the first invisible or formatting character of ``name``, or None."""
    for char in name:
        if _shows_nothing(char):
            return f"U+{ord(char):04X}"
    return None


def visible(name: str) -> str:
    """``name`` without its invisible characters (to show it in a message)."""
    return "".join(char for char in name if not _shows_nothing(char))


def look_alike_key(name: str) -> str:
    """What ``name`` looks like: two names with the same key are the same player."""
    return visible(unicodedata.normalize("NFKC", name)).casefold().translate(LOOK_ALIKES)
