"""Text made safe for a terminal or a screen reader: one line, no control or escape characters.

Everything that reaches a terminal and may carry someone else's text (player
names, echoed input, paths, messages that quote a journal) goes through
``printable``, so a name such as ``"\\x1b]0;owned\\x07\\x1b[2J"`` cannot set the
window title or clear the screen, and a line break cannot split a sentence.
"""

from __future__ import annotations

import re
import unicodedata

# ESC sequences: CSI (ESC [ ... final), OSC/DCS/SOS/PM/APC strings (up to BEL or ST),
# and two-character escapes. The 8-bit forms (CSI as U+009B, OSC as U+009D...) are
# C1 controls and fall to the character filter below.
_ESCAPE = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]?"
    r"|\x1b[\]PX^_][^\x07\x1b]*(?:\x07|\x1b\\)?"
    r"|\x1b[ -~]?"
)

_LINE_BREAKS = frozenset("\n\r\t\v\f\x1c\x1d\x1e\x85\u2028\u2029")

# Format characters that reorder or hide text (bidi overrides and isolates).
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def printable(text: str) -> str:
    """``text`` without escape sequences and control characters; line breaks become spaces."""
    text = _ESCAPE.sub("", text)
    return "".join(_keep(char) for char in text)


def _keep(char: str) -> str:
    if char in _LINE_BREAKS:
        return " "
    if char in _BIDI or unicodedata.category(char) in ("Cc", "Cs", "Co"):
        return ""
    return char


def has_control(text: str) -> bool:
    """True when ``text`` holds a line break, an escape or another control character."""
    return any(char in _LINE_BREAKS or char in _BIDI or unicodedata.category(char) in ("Cc", "Cs") for char in text)
