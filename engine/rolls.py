"""Dice, rolls of two dice, and the rankings that say which roll beats which.

A roll reads the higher die as tens and the lower as units: 5 and 3 is 53.
``Ranking.beats`` is the primitive comparison: Milella's ranking is not a total
order (Pechino 2-1 is the lowest roll yet beats Tokio 3-1), so no sort key can
replace it.

>>> r = Ranking(Dice(6), RankingKind.CLASSIC)
>>> r.beats(Roll.of(2, 1), Roll.of(6, 6))
True
>>> m = Ranking(Dice(6), RankingKind.MILELLA)
>>> m.beats(Roll.of(2, 1), Roll.of(3, 1)), m.beats(Roll.of(3, 1), Roll.of(2, 1))
(True, False)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from functools import cached_property

SUPPORTED_SIDES = (4, 6, 8, 10)


@dataclass(frozen=True, order=False)
class Roll:
    """Two dice, stored with the higher die first. Faces are not checked here."""

    high: int
    low: int

    def __post_init__(self) -> None:
        if self.high < self.low:
            raise ValueError(f"high die {self.high} lower than low die {self.low}")

    @classmethod
    def of(cls, a: int, b: int) -> Roll:
        """The roll of two dice showing ``a`` and ``b`` in any order."""
        return cls(max(a, b), min(a, b))

    @property
    def is_pair(self) -> bool:
        """True when both dice show the same face."""
        return self.high == self.low

    @property
    def number(self) -> int:
        """The roll read as a number: higher die tens, lower die units."""
        return self.high * 10 + self.low

    def __str__(self) -> str:
        return f"{self.high}-{self.low}"


@dataclass(frozen=True)
class Dice:
    """A kind of die: 4, 6 or 8 sides with faces from 1, or 10 sides with faces 0-9."""

    sides: int

    def __post_init__(self) -> None:
        if self.sides not in SUPPORTED_SIDES:
            raise ValueError(f"unsupported dice: d{self.sides}")

    @property
    def min_face(self) -> int:
        """The lowest face (0 on the d10, 1 otherwise)."""
        return 0 if self.sides == 10 else 1

    @property
    def max_face(self) -> int:
        """The highest face."""
        return self.min_face + self.sides - 1

    @property
    def faces(self) -> range:
        """Every face of the die, lowest first."""
        return range(self.min_face, self.max_face + 1)

    def is_possible(self, roll: Roll) -> bool:
        """True when two of these dice can show ``roll``."""
        return self.min_face <= roll.low and roll.high <= self.max_face

    def all_rolls(self) -> tuple[Roll, ...]:
        """Every distinct roll of two of these dice (unordered)."""
        return tuple(Roll(high, low) for high in self.faces for low in self.faces if low <= high)


class RankingKind(enum.Enum):
    """Which order of rolls is in use."""

    CLASSIC = "classic"
    """Ordinary rolls < pairs < the two lowest faces (Tokio 2-1 on d6)."""
    MILELLA = "milella"
    """Milella's d6 sheet: Pechino 2-1 lowest, Tokio 3-1 highest, Pechino beats Tokio."""


@dataclass(frozen=True)
class Ranking:
    """The order of rolls for one kind of die under one ranking kind."""

    dice: Dice
    kind: RankingKind = RankingKind.CLASSIC

    @property
    def top(self) -> Roll:
        """The special roll that beats every other (but Milella's Pechino)."""
        m = self.dice.min_face
        if self.kind is RankingKind.MILELLA:
            return Roll(m + 2, m)
        return Roll(m + 1, m)

    @property
    def bottom(self) -> Roll | None:
        """Milella's Pechino: lowest roll, yet it beats the top. None in the classic order."""
        if self.kind is RankingKind.MILELLA:
            m = self.dice.min_face
            return Roll(m + 1, m)
        return None

    @cached_property
    def _rank(self) -> dict[Roll, int]:
        ordinary = [r for r in self.dice.all_rolls() if not r.is_pair and r not in (self.top, self.bottom)]
        ordinary.sort(key=lambda r: r.number)
        pairs = sorted((r for r in self.dice.all_rolls() if r.is_pair), key=lambda r: r.high)
        order: list[Roll] = ([self.bottom] if self.bottom is not None else []) + ordinary + pairs + [self.top]
        return {roll: i for i, roll in enumerate(order)}

    def ordered(self) -> tuple[Roll, ...]:
        """Every roll, lowest first by rank (Milella's Pechino first)."""
        return tuple(sorted(self._rank, key=self._rank.__getitem__))

    def rank(self, roll: Roll) -> int:
        """Position of ``roll`` in the order, 0 for the lowest. Not a substitute for ``beats``."""
        try:
            return self._rank[roll]
        except KeyError:
            raise ValueError(f"{roll} is not a roll of d{self.dice.sides}") from None

    def beats(self, a: Roll, b: Roll) -> bool:
        """True when roll ``a`` is strictly higher than roll ``b``."""
        if self.bottom is not None:
            if a == self.bottom and b == self.top:
                return True
            if a == self.top and b == self.bottom:
                return False
        return self.rank(a) > self.rank(b)

    def at_least(self, a: Roll, b: Roll) -> bool:
        """True when ``a`` beats or equals ``b`` (Milella's Pechino counts as beating Tokio).

        This is the test for raising one declaration over another.
        """
        return a == b or self.beats(a, b)

    def at_least_in_value(self, a: Roll, b: Roll) -> bool:
        """True when ``a`` is worth at least ``b`` in the value order, with no cyclic exception.

        This is Lizumo's "at least" truth test on a lifted cup: under Milella's
        ranking Pechino (2-1) is the lowest value, so it never makes a Tokio
        claim true, though as a declaration it beats Tokio.

        >>> m = Ranking(Dice(6), RankingKind.MILELLA)
        >>> m.at_least_in_value(Roll.of(2, 1), Roll.of(3, 1)), m.at_least(Roll.of(2, 1), Roll.of(3, 1))
        (False, True)
        """
        return self.rank(a) >= self.rank(b)
