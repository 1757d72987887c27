"""One identity across case and accents: the key a player's name is filed under.

>>> key("  Nicolò ") == key("NICOLO") == key("nicolò")
True
>>> key("Anna Maria"), key("anna   maria")
('anna maria', 'anna maria')
"""

from __future__ import annotations

import unicodedata


def key(name: str) -> str:
    """``name`` folded: accents dropped, case folded, spaces collapsed."""
    decomposed = unicodedata.normalize("NFKD", name)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(bare.casefold().split())
