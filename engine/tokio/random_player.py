"""A random legal Tokio player, for simulations: property tests and benchmarks.

Pure: the randomness comes from the ``random.Random`` passed in.
"""

from __future__ import annotations

import random

from engine.tokio.actions import Action, Believe, Claim, Doubt, Phase, TakePenalty
from engine.tokio.game import TokioGame


def random_action(game: TokioGame, rng: random.Random) -> Action:
    """A legal action, biased so that games end: doubt often, take the penalty sometimes,
    mostly claim high enough."""
    actions = game.legal_actions()
    if game.phase is Phase.RESPONSE:
        x = rng.random()
        if game.can_take_penalty and x < 0.15:
            return TakePenalty()
        return Doubt() if x < 0.6 else Believe()
    if game.phase is Phase.CLAIM and game.claim is not None and rng.random() < 0.8:
        for _ in range(10):  # look for a claim that is not lower (cheaper than filtering them all)
            action = rng.choice(actions)
            if isinstance(action, Claim) and not game.is_lower(action.roll):
                return action
    return rng.choice(actions)
