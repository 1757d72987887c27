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


class Joker(enum.Enum):
    """Where a yatzi may be written once the yatzi box is filled (American "joker" rules)."""

    OFF = "off"
    """No joker: a further yatzi scores like any other five dice."""
    FREE_CHOICE = "free_choice"
    """Any free box. While the upper box of the yatzi's face is free everything scores
    normally; once it is filled, full and the straights score their full values.
    The convention of the published optimum 254.5896 (Verhoeff 1999, Glenn 2006)."""
    FORCED_UPPER = "forced_upper"
    """The printed rules: the upper box of the yatzi's face if free; else any free lower
    box, where full and straights score their full values; else any free upper box (0)."""


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

    ``yatzi_bonus``: points added for every further yatzi rolled once the yatzi
    box holds ``yatzi_value`` (0: no such bonus). ``joker``: where such a further
    yatzi may go and what it scores there (see ``Joker``); the joker applies once
    the yatzi box is filled, with 50 or with 0.
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
    yatzi_bonus: int = 0
    joker: Joker = Joker.OFF

    def __post_init__(self) -> None:
        for name in (
            "bonus_value",
            "bonus_threshold",
            "full_value",
            "small_straight_value",
            "large_straight_value",
            "yatzi_value",
            "yatzi_bonus",
        ):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise BadConfiguration(f"{name} must be a non-negative integer, not {value!r}")
        if not isinstance(self.n_of_a_kind, NOfAKind):
            raise BadConfiguration(f"n_of_a_kind must be a NOfAKind, not {self.n_of_a_kind!r}")
        if not isinstance(self.joker, Joker):
            raise BadConfiguration(f"joker must be a Joker, not {self.joker!r}")


#: The seed's rules.
SEED_RULES = YatziRules()

#: The standard American rules: tris and poker score all five dice, straights are
#: not cyclic, bonus 35 from 63, 100 for every further yatzi once the yatzi box
#: holds 50, and the free-choice joker.
STANDARD_RULES = YatziRules(
    bonus_value=35,
    bonus_threshold=63,
    n_of_a_kind=NOfAKind.ALL_DICE,
    cyclic_straights=False,
    yatzi_is_full=False,
    yatzi_bonus=100,
    joker=Joker.FREE_CHOICE,
)

#: Named rule sets, the default first.
RULE_SETS: Mapping[str, YatziRules] = {"seed": SEED_RULES, "standard": STANDARD_RULES}


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


def _joker_active(values: Sequence[int], filled: Mapping[str, int], rules: YatziRules) -> bool:
    return rules.joker is not Joker.OFF and len(set(values)) == 1 and "yatzi" in filled


def allowed_boxes(
    dice: Sequence[int], filled: Mapping[str, int], rules: YatziRules = SEED_RULES
) -> tuple[str, ...]:
    """The free boxes (scorecard order) where ``dice`` may be written on a card with ``filled`` boxes.

    Every free box, except for a further yatzi under ``Joker.FORCED_UPPER``: the
    upper box of its face if free, else the free lower boxes, else the free upper ones.
    """
    values = check_dice(dice)
    free = tuple(box for box in BOXES if box not in filled)
    if not _joker_active(values, filled, rules) or rules.joker is not Joker.FORCED_UPPER:
        return free
    matching = BOXES[values[0] - 1]
    if matching in free:
        return (matching,)
    lower = tuple(box for box in free if box not in UPPER_BOXES)
    return lower or free


def score_on_card(
    box: str, dice: Sequence[int], filled: Mapping[str, int], rules: YatziRules = SEED_RULES
) -> int:
    """Points ``dice`` write in ``box`` on a card whose ``filled`` boxes are given (joker-aware).

    Like ``score``, except that a further yatzi under a joker rule scores full and
    straights at their full values once the upper box of its face is filled. The
    yatzi bonus is not included (see ``yatzi_bonus``).

    >>> score_on_card("full", (4, 4, 4, 4, 4), {"yatzi": 50, "quattro": 8}, STANDARD_RULES)
    25
    >>> score_on_card("full", (4, 4, 4, 4, 4), {"yatzi": 50}, STANDARD_RULES)
    0
    """
    values = check_dice(dice)
    points = score(box, values, rules)
    if _joker_active(values, filled, rules) and BOXES[values[0] - 1] in filled:
        joker_values = {
            "full": rules.full_value,
            "scala_minima": rules.small_straight_value,
            "scala_massima": rules.large_straight_value,
        }
        points = max(points, joker_values.get(box, 0))
    return points


def yatzi_bonus(dice: Sequence[int], filled: Mapping[str, int], rules: YatziRules = SEED_RULES) -> int:
    """The bonus a yatzi earns on a card whose yatzi box already holds ``yatzi_value`` (else 0).

    >>> (yatzi_bonus((2, 2, 2, 2, 2), {"yatzi": 50}, STANDARD_RULES),
    ...  yatzi_bonus((2, 2, 2, 2, 2), {"yatzi": 0}, STANDARD_RULES))
    (100, 0)
    """
    values = check_dice(dice)
    if len(set(values)) == 1 and rules.yatzi_value > 0 and filled.get("yatzi") == rules.yatzi_value:
        return rules.yatzi_bonus
    return 0


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
    """upper + bonus + lower + yatzi_bonus."""
    yatzi_bonus: int = 0
    """Bonuses earned by further yatzis (``rules.yatzi_bonus`` each)."""


def card_totals(
    filled: Mapping[str, int], rules: YatziRules = SEED_RULES, yatzi_bonuses: int = 0
) -> CardTotals:
    """Totals of a scorecard given its filled boxes (box -> points) and its count of yatzi bonuses.

    >>> card_totals({"sei": 24, "cinque": 20, "quattro": 16, "tre": 3}).bonus
    30
    """
    for box in filled:
        if box not in BOXES:
            raise ValueError(f"unknown box: {box!r}")
    upper = sum(points for box, points in filled.items() if box in UPPER_BOXES)
    lower = sum(points for box, points in filled.items() if box not in UPPER_BOXES)
    bonus = rules.bonus_value if upper >= rules.bonus_threshold else 0
    extra = yatzi_bonuses * rules.yatzi_bonus
    return CardTotals(
        upper=upper, bonus=bonus, lower=lower, total=upper + bonus + lower + extra, yatzi_bonus=extra
    )


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
