"""Tokio rule options (RULES.md 1.5) and the three presets.

Every preset is a point in the option space; a table can change any option.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from functools import cache, cached_property

from engine.errors import BadConfiguration
from engine.rolls import SUPPORTED_SIDES, Dice, Ranking, RankingKind, Roll


class Flow(enum.Enum):
    """How play passes between players."""

    CHAIN = "chain"
    """Each believer rolls and claims to the next player (classico, lizumo)."""
    DUEL = "duel"
    """Milella: two neighbours duel; the first answers the second's claim."""


class RaiseRule(enum.Enum):
    """What a believer must claim relative to the claim believed."""

    AT_LEAST = ">="
    STRICTLY_HIGHER = ">"


class TruthTest(enum.Enum):
    """When a doubted claim holds on reveal (RULES.md 1.2 step 3)."""

    EXACT = "exact"
    """The real roll is exactly the claim (classico, milella: the roll "corresponds")."""
    AT_LEAST = "at_least"
    """The real roll is worth at least the claim in value, never by Milella's cyclic exception (lizumo)."""


class Counting(enum.Enum):
    """How the host speaks of the limit: penalties taken, or lives left."""

    PENALTIES = "penalties"
    LIVES = "lives"


class DoubleOnTokio(enum.Enum):
    """When the penalties of a round (or duel) are doubled."""

    NEVER = "never"
    DECLARED = "declared"
    DECLARED_OR_REVEALED = "declared_or_revealed"


class TokioResponse(enum.Enum):
    """What the receiver of a top-roll claim may do."""

    THREE_CHOICES = "three"
    """Believe (must claim the top again), doubt, or take one penalty and restart."""
    TWO_CHOICES = "two"
    """Believe or doubt, as for any claim."""
    LIZUMO = "lizumo"
    """Nothing beats it: accept without looking (1 life) or reveal (2 if real, else declarer 1)."""


class NextOpener(enum.Enum):
    """Who opens the round after a penalty."""

    PENALISED = "penalised"
    NEXT_PLAYER = "next"


class Direction(enum.Enum):
    """Order of play around the table relative to the listed players."""

    CLOCKWISE = "clockwise"
    """The listed order."""
    COUNTER_CLOCKWISE = "counter_clockwise"
    """The listed order reversed."""


@dataclass(frozen=True)
class TokioRules:
    """One complete set of Tokio options."""

    name: str = "classico"
    sides: int = 6
    ranking_kind: RankingKind = RankingKind.CLASSIC
    flow: Flow = Flow.CHAIN
    raise_rule: RaiseRule = RaiseRule.AT_LEAST
    truth_test: TruthTest = TruthTest.EXACT
    limit: int = 10
    counting: Counting = Counting.PENALTIES
    double_on_tokio: DoubleOnTokio = DoubleOnTokio.DECLARED
    tokio_response: TokioResponse = TokioResponse.THREE_CHOICES
    next_opener: NextOpener = NextOpener.PENALISED
    direction: Direction = Direction.CLOCKWISE

    def __post_init__(self) -> None:
        if self.sides not in SUPPORTED_SIDES:
            raise BadConfiguration(f"dice must be one of {SUPPORTED_SIDES}, not {self.sides}")
        if self.limit < 1:
            raise BadConfiguration(f"the limit must be at least 1, not {self.limit}")
        if self.ranking_kind is RankingKind.MILELLA and self.sides != 6:
            raise BadConfiguration("Milella's ranking is defined for d6 only")

    # The rules key every cached table of the seats, the solver and the checks, looked up after each action, and
    # each look-up read their ranking: made anew each time (its order a new dict), and hashed field by field
    # (eight enums), that was a fifth of a computer seat's time. Made once per rules, kept out of pickles and
    # copies (a string's hash differs between processes).

    @cached_property
    def dice(self) -> Dice:
        """The kind of die in play."""
        return Dice(self.sides)

    @cached_property
    def ranking(self) -> Ranking:
        """The order of rolls in play."""
        return Ranking(self.dice, self.ranking_kind)

    @cached_property
    def _hash(self) -> int:
        return hash(tuple(getattr(self, field.name) for field in fields(self)))

    def __hash__(self) -> int:
        return self._hash

    def __getstate__(self) -> dict[str, object]:
        """The fields alone: what is made once per rules is made again where they are unpickled or copied."""
        return {field.name: getattr(self, field.name) for field in fields(self)}


PRESETS: Mapping[str, TokioRules] = {
    "classico": TokioRules(),
    "lizumo": TokioRules(
        name="lizumo",
        raise_rule=RaiseRule.STRICTLY_HIGHER,
        truth_test=TruthTest.AT_LEAST,
        limit=3,
        counting=Counting.LIVES,
        double_on_tokio=DoubleOnTokio.NEVER,
        tokio_response=TokioResponse.LIZUMO,
    ),
    "milella": TokioRules(
        name="milella",
        ranking_kind=RankingKind.MILELLA,
        flow=Flow.DUEL,
        limit=8,
        double_on_tokio=DoubleOnTokio.DECLARED_OR_REVEALED,
        tokio_response=TokioResponse.TWO_CHOICES,
    ),
}


def preset(
    name: str, *, sides: int | None = None, limit: int | None = None, truth_test: TruthTest | None = None
) -> TokioRules:
    """The preset called ``name``, optionally with other dice, another limit or another truth test.

    >>> preset("lizumo", sides=4).ranking.top
    Roll(high=2, low=1)
    >>> preset("classico").truth_test, preset("classico", truth_test=TruthTest.AT_LEAST).truth_test
    (<TruthTest.EXACT: 'exact'>, <TruthTest.AT_LEAST: 'at_least'>)
    """
    try:
        rules = PRESETS[name]
    except KeyError:
        raise BadConfiguration(f"unknown rules {name!r}; choose one of {', '.join(PRESETS)}") from None
    if sides is None and limit is None and truth_test is None:
        return rules
    return replace(
        rules,
        sides=rules.sides if sides is None else sides,
        limit=rules.limit if limit is None else limit,
        truth_test=rules.truth_test if truth_test is None else truth_test,
    )


@cache
def allowed_claims(rules: TokioRules, to_beat: Roll | None) -> tuple[Roll, ...]:
    """Every claim that is not lower than allowed over ``to_beat``, lowest first (never empty).

    >>> allowed_claims(preset("lizumo", sides=4), Roll(4, 4))
    (Roll(high=2, low=1),)
    """
    ranking = rules.ranking
    every = ranking.ordered()
    if to_beat is None:
        return every
    if rules.raise_rule is RaiseRule.AT_LEAST:
        return tuple(r for r in every if ranking.at_least(r, to_beat))
    return tuple(r for r in every if ranking.beats(r, to_beat))
