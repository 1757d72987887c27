"""Actions a Tokio game accepts, the events it returns, and its phases.

All are small frozen values so that they can be journaled, compared and replayed.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from engine.rolls import Roll


class Phase(enum.Enum):
    """What the game is waiting for."""

    CLAIM = "claim"
    """The player in hand rolls hidden and declares a roll."""
    RESPONSE = "response"
    """The receiver believes or doubts the standing claim (or takes the penalty)."""
    REVEAL = "reveal"
    """A doubted cup is lifted: the real roll must be told."""
    OVER = "over"
    """One player is left: the game is won."""


# ---------------------------------------------------------------- actions


@dataclass(frozen=True)
class Claim:
    """The player in hand declares ``roll`` (true or not)."""

    roll: Roll


@dataclass(frozen=True)
class Believe:
    """The receiver believes the standing claim.

    Under Lizumo's Tokio response this is "accept without looking" and costs a life.
    """


@dataclass(frozen=True)
class Doubt:
    """The receiver doubts the standing claim: the cup is to be lifted."""


@dataclass(frozen=True)
class TakePenalty:
    """Classico's third answer to Tokio: one penalty at once, no reveal, round restarts."""


@dataclass(frozen=True)
class Reveal:
    """The doubted cup shows ``roll``."""

    roll: Roll


Action = Claim | Believe | Doubt | TakePenalty | Reveal


# ---------------------------------------------------------------- events


class PenaltyReason(enum.Enum):
    """Why a player is penalised."""

    LOWER_CLAIM = "lower_claim"
    """Declared lower than allowed (or equal where the rules want strictly higher)."""
    BLUFF_CAUGHT = "bluff_caught"
    """Doubted, and the real roll did not hold the claim."""
    WRONG_DOUBT = "wrong_doubt"
    """Doubted a claim that held."""
    TOOK_PENALTY = "took_penalty"
    """Chose classico's third answer to Tokio."""
    ACCEPTED_TOKIO = "accepted_tokio"
    """Lizumo: accepted a Tokio without looking."""


@dataclass(frozen=True)
class RoundStarted:
    """A new round (chain) or duel begins; ``opener`` declares with nothing to beat."""

    opener: str
    opponent: str | None = None
    """In a duel, the neighbour who answers the opener; None in chain play."""


@dataclass(frozen=True)
class Claimed:
    """``player`` declared ``roll``; ``to_beat`` is the claim believed before it, if any."""

    player: str
    roll: Roll
    to_beat: Roll | None
    lower: bool
    """True when the claim is lower than allowed: a penalty follows at once."""


@dataclass(frozen=True)
class Believed:
    """``player`` believed ``claimant``'s ``claim``."""

    player: str
    claimant: str
    claim: Roll


@dataclass(frozen=True)
class Doubted:
    """``player`` doubted ``claimant``'s ``claim``."""

    player: str
    claimant: str
    claim: Roll


@dataclass(frozen=True)
class Revealed:
    """``claimant``'s cup showed ``roll``; ``holds`` tells whether the claim was true enough."""

    claimant: str
    roll: Roll
    claim: Roll
    holds: bool


@dataclass(frozen=True)
class Penalised:
    """``player`` takes ``amount`` penalties; totals after it."""

    player: str
    amount: int
    reason: PenaltyReason
    penalties: int
    lives: int
    doubled: bool
    """True when the amount was doubled by a Tokio."""


@dataclass(frozen=True)
class Eliminated:
    """``player`` reached the limit and is out."""

    player: str


@dataclass(frozen=True)
class DuelWon:
    """Milella: ``player``'s claim was believed back; no penalty, a new duel starts."""

    player: str
    opponent: str


@dataclass(frozen=True)
class GameWon:
    """``player`` is the last one left."""

    player: str


Event = RoundStarted | Claimed | Believed | Doubted | Revealed | Penalised | Eliminated | DuelWon | GameWon


@dataclass(frozen=True)
class PlayerState:
    """One player's standing."""

    name: str
    penalties: int
    lives: int
    out: bool
