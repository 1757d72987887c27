"""Standard output and error on a terminal that cannot show Italian letters (``LC_ALL=POSIX``).

With the C or POSIX locale and ``PYTHONUTF8=0`` Python writes ASCII, and the
first "è" ends the game with ``UnicodeEncodeError``. There each stream gets an
error handler that writes what a person types on an ASCII keyboard instead:
an accented vowel as the vowel and an apostrophe ("e'", "perche'"), other
accented letters without their accent, Italian quotes and dashes as their ASCII
forms, and anything else as "?". Bytes a file name held that were not text
(``surrogateescape``) are written back as they were.
"""

from __future__ import annotations

import codecs
import contextlib
import sys
import unicodedata
from typing import TextIO

HANDLER = "voice_host_plain"
_SAMPLE = "àèéìòù«»’"
_MARKS = {"«": '"', "»": '"', "’": "'", "‘": "'", "“": '"', "”": '"', "–": "-", "—": "-", "…": "...", "·": "."}
_ACCENTS = {"\u0300", "\u0301"}  # grave and acute: written after the vowel


def plain(char: str) -> str:
    """``char`` as ASCII text.

    >>> "".join(plain(c) for c in "perché più «sì» Ω")
    'perche\\' piu\\' "si\\'" ?'
    """
    if char in _MARKS:
        return _MARKS[char]
    parts = unicodedata.normalize("NFD", char)
    base = "".join(c for c in parts if not unicodedata.combining(c))
    if base and base.isascii() and base.isprintable():
        accented = any(c in _ACCENTS for c in parts) and base.lower() in "aeiou"
        return base + ("'" if accented else "")
    if unicodedata.category(char) == "Zs":
        return " "
    return "?"


def _handle(error: UnicodeError) -> tuple[str | bytes, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    text = error.object[error.start:error.end]
    if all("\udc80" <= c <= "\udcff" for c in text):  # bytes that were not text, as surrogateescape keeps them
        return bytes(ord(c) - 0xDC00 for c in text), error.end
    return "".join(plain(c) for c in text), error.end


codecs.register_error(HANDLER, _handle)


def fit(stream: TextIO | None) -> bool:
    """Give ``stream`` the plain-text handler when its encoding cannot write Italian; True when it did."""
    encoding = getattr(stream, "encoding", None)
    if stream is None or not encoding:
        return False
    try:
        _SAMPLE.encode(encoding)
        return False
    except (UnicodeError, LookupError):
        pass
    with contextlib.suppress(AttributeError, ValueError, OSError):
        stream.reconfigure(errors=HANDLER)  # type: ignore[attr-defined]
        return True
    return False


def fit_standard_streams() -> None:
    """:func:`fit` standard output and standard error."""
    fit(sys.stdout)
    fit(sys.stderr)


def utf8_arguments(arguments: list[str]) -> list[str]:
    """The command-line ``arguments`` with UTF-8 read as UTF-8 where the locale read it as ASCII.

    Under the POSIX locale Python keeps each non-ASCII byte of an argument as a
    lone surrogate ("Nicolò" becomes ``Nicol\\udcc3\\udcb2``); an argument whose
    bytes are UTF-8 is decoded as such, one that is not (a file name with a stray
    byte) is left as it was, so the file it names can still be opened.

    >>> utf8_arguments(["Nicol\\udcc3\\udcb2", "g\\udcff.jsonl"])
    ['Nicolò', 'g\\udcff.jsonl']
    """
    fixed = []
    for argument in arguments:
        if any("\udc80" <= c <= "\udcff" for c in argument):
            with contextlib.suppress(UnicodeError):
                argument = argument.encode("utf-8", "surrogateescape").decode("utf-8")
        fixed.append(argument)
    return fixed
