"""Yatzi scoring: the 13 boxes, the rule options, and what five dice score.

Pure functions over dice values (tuples of faces 1..6); no state, no I/O.
The defaults follow the seed (RULES.md section 2): tris and poker score only the
equal dice, straights are cyclic (4-5-6-1 is a small straight), the upper bonus
is 30 from 63 points, and five equal dice are *not* a full ("three of one face
and two of another").

>>> score("tris", (2, 2, 5, 5, 5))
15
>>> score("scala_minima", (4, 5, 6, 1, 1))
30
>>> score("tris", (2, 2, 5, 5, 5), YatziRules(n_of_a_kind=NOfAKind.ALL_DICE))
19
>>> best_boxes((6, 6, 6, 6, 6))[:2]
(('yatzi', 50), ('sei', 30))
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from engine.errors import BadConfiguration

#: Number of dice in play.
DICE_COUNT = 5

#: The faces of a die.
FACES = (1, 2, 3, 4, 5, 6)

#: Rolls a player may make in one turn.
MAX_ROLLS = 3

#: The upper section (group A of the seed), box key -> face it counts.
UPPER_BOXES: Mapping[str, int] = {
    "assi": 1,
    "due": 2,
    "tre": 3,
    "quattro": 4,
    "cinque": 5,
    "sei": 6,
}

#: The lower section (group B of the seed), in scorecard order.
LOWER_BOXES: tuple[str, ...] = (
    "tris",
    "poker",
    "full",
    "scala_minima",
    "scala_massima",
    "yatzi",
    "chance",
)

#: Every box, in scorecard order. A game lasts one turn per box.
BOXES: tuple[str, ...] = tuple(UPPER_BOXES) + LOWER_BOXES


class NOfAKind(enum.Enum):
    """What tris and poker score when the dice hold the combination."""

    MATCHING = "matching"
    """Seed rule: only the three (tris) or four (poker) equal dice: 5-5-5-2-2 tris = 15."""
    ALL_DICE = "all_dice"
    """Common Yahtzee rule: the sum of all five dice: 5-5-5-2-2 tris = 19."""


@dataclass(frozen=True)
class YatziRules:
    """Scoring options; the defaults are the seed's rules.

    ``cyclic_straights``: faces wrap around after 6 (6 is followed by 1), so
    4-5-6-1 is a small straight and 3-4-5-6-1 a large one. With six faces this
    makes any five different faces a large straight. Off: only 1-2-3-4, 2-3-4-5,
    3-4-5-6 (small) and 1-2-3-4-5, 2-3-4-5-6 (large).

    ``yatzi_is_full``: whether five equal dice also count as a full. The seed
    defines the full as "three of one face and two of another", so by default
    they do not.

    A large straight always contains a small one, so it scores in
    ``scala_minima`` too.
    """

    bonus_value: int = 30
    bonus_threshold: int = 63
    n_of_a_kind: NOfAKind = NOfAKind.MATCHING
    cyclic_straights: bool = True
    yatzi_is_full: bool = False
    full_value: int = 25
    small_straight_value: int = 30
    large_straight_value: int = 40
    yatzi_value: int = 50

    def __post_init__(self) -> None:
        for name in (
            "bonus_value",
            "bonus_threshold",
            "full_value",
            "small_straight_value",
            "large_straight_value",
            "yatzi_value",
        ):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise BadConfiguration(f"{name} must be a non-negative integer, not {value!r}")
        if not isinstance(self.n_of_a_kind, NOfAKind):
            raise BadConfiguration(f"n_of_a_kind must be a NOfAKind, not {self.n_of_a_kind!r}")


#: The seed's rules.
SEED_RULES = YatziRules()


def check_dice(dice: Sequence[int], count: int = DICE_COUNT) -> tuple[int, ...]:
    """Return ``dice`` as a tuple, or raise ``ValueError`` if it is not ``count`` faces 1..6."""
    values = tuple(dice)
    if len(values) != count:
        raise ValueError(f"expected {count} dice, got {len(values)}")
    for value in values:
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
            raise ValueError(f"not a face of a die: {value!r}")
    return values


def _runs(length: int, cyclic: bool) -> tuple[frozenset[int], ...]:
    """Every set of ``length`` consecutive faces."""
    starts = range(1, 7) if cyclic else range(1, 8 - length)
    return tuple(frozenset((start - 1 + i) % 6 + 1 for i in range(length)) for start in starts)


def _has_run(dice: Sequence[int], length: int, cyclic: bool) -> bool:
    faces = set(dice)
    return any(run <= faces for run in _runs(length, cyclic))


def score(box: str, dice: Sequence[int], rules: YatziRules = SEED_RULES) -> int:
    """Points that five ``dice`` score in ``box`` (0 when they do not fit it).

    Raises ``ValueError`` for an unknown box or dice that are not five faces 1..6.

    >>> score("sei", (6, 6, 6, 6, 6)), score("full", (2, 2, 3, 3, 3)), score("poker", (1, 2, 3, 4, 5))
    (30, 25, 0)
    """
    values = check_dice(dice)
    counts = Counter(values)
    if box in UPPER_BOXES:
        face = UPPER_BOXES[box]
        return face * counts[face]
    most_face, most = max(counts.items(), key=lambda item: (item[1], item[0]))
    if box in ("tris", "poker"):
        needed = 3 if box == "tris" else 4
        if most < needed:
            return 0
        if rules.n_of_a_kind is NOfAKind.ALL_DICE:
            return sum(values)
        return needed * most_face
    if box == "full":
        shape = sorted(counts.values())
        if shape == [2, 3] or (rules.yatzi_is_full and shape == [5]):
            return rules.full_value
        return 0
    if box == "scala_minima":
        return rules.small_straight_value if _has_run(values, 4, rules.cyclic_straights) else 0
    if box == "scala_massima":
        return rules.large_straight_value if _has_run(values, 5, rules.cyclic_straights) else 0
    if box == "yatzi":
        return rules.yatzi_value if most == 5 else 0
    if box == "chance":
        return sum(values)
    raise ValueError(f"unknown box: {box!r}")


def best_boxes(
    dice: Sequence[int],
    free: Iterable[str] | None = None,
    rules: YatziRules = SEED_RULES,
) -> tuple[tuple[str, int], ...]:
    """Every box in ``free`` (default: all) with what ``dice`` score there, best first.

    Ties keep scorecard order. A hint for the host ("aiuto"), not a strategy.

    >>> best_boxes((1, 2, 3, 4, 6), free=("assi", "scala_minima", "chance"))
    (('scala_minima', 30), ('chance', 16), ('assi', 1))
    """
    values = check_dice(dice)
    boxes = BOXES if free is None else tuple(b for b in BOXES if b in set(free))
    scored = [(box, score(box, values, rules)) for box in boxes]
    return tuple(sorted(scored, key=lambda item: -item[1]))


@dataclass(frozen=True)
class CardTotals:
    """The sums of a (possibly partial) scorecard."""

    upper: int
    """Sum of the upper boxes (assi..sei) filled so far."""
    bonus: int
    """``rules.bonus_value`` once ``upper`` reaches the threshold, else 0."""
    lower: int
    """Sum of the lower boxes (tris..chance) filled so far."""
    total: int
    """upper + bonus + lower."""


def card_totals(filled: Mapping[str, int], rules: YatziRules = SEED_RULES) -> CardTotals:
    """Totals of a scorecard given its filled boxes (box -> points).

    >>> card_totals({"sei": 24, "cinque": 20, "quattro": 16, "tre": 3}).bonus
    30
    """
    for box in filled:
        if box not in BOXES:
            raise ValueError(f"unknown box: {box!r}")
    upper = sum(points for box, points in filled.items() if box in UPPER_BOXES)
    lower = sum(points for box, points in filled.items() if box not in UPPER_BOXES)
    bonus = rules.bonus_value if upper >= rules.bonus_threshold else 0
    return CardTotals(upper=upper, bonus=bonus, lower=lower, total=upper + bonus + lower)


def remove_faces(dice: Sequence[int], faces: Sequence[int]) -> tuple[int, ...]:
    """``dice`` without one die per value in ``faces`` (a multiset difference).

    Raises ``ValueError`` when ``faces`` is not among ``dice``.

    >>> remove_faces((3, 3, 3, 5, 6), (3, 6))
    (3, 3, 5)
    """
    left = list(dice)
    for face in faces:
        try:
            left.remove(face)
        except ValueError:
            raise ValueError(f"{tuple(faces)} is not among the dice {tuple(dice)}") from None
    return tuple(left)


def is_sub_multiset(part: Sequence[int], whole: Sequence[int]) -> bool:
    """True when every value of ``part`` is among ``whole``, counting repeats."""
    need, have = Counter(part), Counter(whole)
    return all(have[value] >= n for value, n in need.items())
