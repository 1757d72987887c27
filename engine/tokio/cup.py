"""The cup: two dice of a game's kind, rolled with an injected generator (the engine never draws by itself).

>>> import random
>>> from engine.tokio.game import TokioGame
>>> from engine.tokio.rules import preset
>>> game = TokioGame(preset("lizumo", sides=4), ["Anna", "Bruno"])
>>> cup = roll(game, random.Random(1))
>>> 1 <= cup.low <= cup.high <= 4
True
"""

from __future__ import annotations

import random

from engine.rolls import Roll
from engine.tokio.game import TokioGame


def roll(game: TokioGame, rng: random.Random) -> Roll:
    """Two dice of ``game``'s kind, rolled with ``rng``."""
    faces = game.rules.dice.faces
    return Roll.of(rng.choice(faces), rng.choice(faces))
