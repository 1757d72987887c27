"""How likely a claim is true, judged the way a decent casual player judges it: by what the claimer has been seen to do.

The casual player's picture of a claimer: *usually an honest claimer (the truth when
it is allowed, else the lowest allowed claim), but a share* ``b`` *of the time a
claim picked at random above the honest one*. The share ``b`` is not known: it is
weighed on a grid (:data:`BLUFF_GRID`) from a prior and, claim by claim, from
everything the claimer has done at the table: how high each of its claims was over
the claim it raised (a player who keeps claiming big over small claims is seen to
bluff), and what every lifted cup showed. So a claim that is improbable *given what
the player has seen* gets doubted, and against an honest claimer the picture soon
becomes honest odds.

Pure: no I/O, no clock, no randomness.

>>> from engine.rolls import Roll
>>> from engine.tokio.rules import preset
>>> rules = preset("classico")
>>> honest = Suspicion.honest()
>>> round(honest.truth(rules, Roll(5, 4), Roll(5, 4)), 4)  # 54 over 54 from an honest claimer: 2/36 over 18/36
0.1111
>>> round(honest.truth(rules, Roll(5, 4), Roll(6, 6)), 4)  # above the lowest allowed: only with that roll
1.0
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

import numpy as np
import numpy.typing as npt

from engine.rolls import Roll
from engine.tokio.round import roll_chances
from engine.tokio.rules import TokioRules, TruthTest, allowed_claims

FloatArray = npt.NDArray[np.float64]

#: The bluff shares a casual player weighs.
BLUFF_GRID = np.linspace(0.0, 0.9, 10)

#: A casual player's prior over :data:`BLUFF_GRID`: most players bluff a little (mean about 0.12).
CASUAL_PRIOR = np.exp(-BLUFF_GRID / 0.12)



@cache
def claim_odds(rules: TokioRules, to_beat: Roll | None) -> tuple[tuple[Roll, ...], FloatArray]:
    """The allowed claims over ``to_beat``, and for each: (honest, bluff) x (made, made and true).

    Row 0 is ``P(claim)`` from the honest claimer, row 1 ``P(claim and true)``; rows 2
    and 3 the same for the bluff (a claim at random above the honest one; the honest
    one when nothing is above it).
    """
    claims = allowed_claims(rules, to_beat)
    where = {c: j for j, c in enumerate(claims)}
    rolls, chances = roll_chances(rules)
    ranking = rules.ranking
    odds = np.zeros((4, len(claims)))
    for real, chance in zip(rolls, chances.tolist(), strict=True):
        honest = where.get(real, 0)
        above = range(honest + 1, len(claims)) or range(honest, honest + 1)
        for row, targets in ((0, (honest,)), (2, above)):
            for j in targets:
                if rules.truth_test is TruthTest.EXACT:
                    holds = real == claims[j]
                else:
                    holds = ranking.at_least_in_value(real, claims[j])
                odds[row, j] += chance / len(targets)
                odds[row + 1, j] += chance / len(targets) * holds
    return claims, odds


@dataclass
class Suspicion:
    """One claimer as a casual player sees it: weights over :data:`BLUFF_GRID`, moved by each claim and cup."""

    log_weights: FloatArray = field(default_factory=lambda: np.log(CASUAL_PRIOR / CASUAL_PRIOR.sum()))

    @classmethod
    def honest(cls) -> Suspicion:
        """A claimer known never to bluff of their own will."""
        weights = np.full(len(BLUFF_GRID), -np.inf)
        weights[0] = 0.0
        return cls(weights)

    def _mix(self, rules: TokioRules, to_beat: Roll | None, claim: Roll) -> tuple[FloatArray, FloatArray]:
        """Per bluff share: P(claim) and P(claim and true)."""
        claims, odds = claim_odds(rules, to_beat)
        j = claims.index(claim)
        made = (1 - BLUFF_GRID) * odds[0, j] + BLUFF_GRID * odds[2, j]
        true = (1 - BLUFF_GRID) * odds[1, j] + BLUFF_GRID * odds[3, j]
        return made, true

    def truth(self, rules: TokioRules, to_beat: Roll | None, claim: Roll) -> float:
        """How likely ``claim`` over ``to_beat`` is true, given everything seen so far."""
        made, true = self._mix(rules, to_beat, claim)
        weights = np.exp(self.log_weights - self.log_weights.max())
        total = float((weights * made).sum())
        return float((weights * true).sum()) / total if total > 0 else 1.0

    def saw_claim(self, rules: TokioRules, to_beat: Roll | None, claim: Roll) -> None:
        """The claimer claimed ``claim`` over ``to_beat`` (a claim lower than allowed tells nothing here)."""
        if claim not in allowed_claims(rules, to_beat):
            return
        made, _ = self._mix(rules, to_beat, claim)
        self.log_weights = self.log_weights + np.log(np.maximum(made, 1e-300))

    def saw_cup(self, rules: TokioRules, to_beat: Roll | None, claim: Roll, held: bool) -> None:
        """The claimer's cup was lifted on ``claim``: it ``held`` or not."""
        if claim not in allowed_claims(rules, to_beat):
            return
        made, true = self._mix(rules, to_beat, claim)
        share = np.where(made > 0, true / np.maximum(made, 1e-300), 1.0)
        self.log_weights = self.log_weights + np.log(np.maximum(share if held else 1 - share, 1e-300))

    @property
    def bluff_share(self) -> float:
        """The expected share of bluffs, as things stand."""
        weights = np.exp(self.log_weights - self.log_weights.max())
        return float((weights * BLUFF_GRID).sum() / weights.sum())
