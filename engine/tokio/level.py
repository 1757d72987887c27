"""How well a Tokio computer seat plays: its level, named as players ask for it (``--computer-level``).

Its own module, without the seat's numpy: the dialog and the options name a level in every game,
with or without a computer seat (:mod:`engine.tokio.seat` plays it).

>>> Level("medio")
<Level.MEDIO: 'medio'>
"""

from __future__ import annotations

import enum


class Level(enum.Enum):
    """How well the computer seat plays."""

    FACILE = "facile"
    MEDIO = "medio"
    FORTE = "forte"
