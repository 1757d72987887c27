"""The hidden temporary name beside a file, short enough for the file system whatever the file's name.

A file written whole goes first to ``.NAME.XXXXXXXX.tmp`` beside it; for a valid
name near the file system's limit (255 bytes on most), that is 15 bytes too
long, and the write fails after the game. The name's part of the prefix is cut
(at a character boundary, in the file system's encoding) so that the whole
temporary name fits.
"""

from __future__ import annotations

import os

#: The longest file name (in bytes) on the file systems the host runs on (ext4, APFS, NTFS in UTF-16 units).
NAME_MAX = 255
#: The random part ``tempfile.mkstemp`` (and the atomic writer) puts between prefix and suffix.
RANDOM_CHARS = 16


def temporary_prefix(name: str, suffix: str) -> str:
    """``.NAME.``, with NAME cut so that ``prefix + random + suffix`` stays within :data:`NAME_MAX` bytes.

    >>> temporary_prefix("summary.json", ".tmp")
    '.summary.json.'
    >>> len(os.fsencode(temporary_prefix("é" * 127, ".tmp") + "x" * RANDOM_CHARS + ".tmp")) <= NAME_MAX
    True
    """
    room = NAME_MAX - RANDOM_CHARS - len(os.fsencode(suffix)) - 2
    while len(os.fsencode(name)) > room:
        name = name[:-1]
    return f".{name}."
