"""Word-level text helpers shared by the vocabulary check, matcher and endpointer."""

from __future__ import annotations

import unicodedata

#: The token vosk emits for speech outside the grammar (only if the model has it).
UNK = "[unk]"


def words(text: str) -> tuple[str, ...]:
    """Lower-cased NFC words of ``text`` (vosk output or a phrase variant).

    >>> words("  Quaranta  DUE ")
    ('quaranta', 'due')
    """
    return tuple(unicodedata.normalize("NFC", text).lower().split())
