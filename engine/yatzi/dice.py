"""The combinatorics of five dice: the 252 distinct rolls, the 462 keeps and their odds.

Pure tables built once per process. A roll is a sorted 5-tuple of faces; a keep is
a sorted tuple of 0..5 faces (the dice held before rolling the others). Keeps are
listed by size then lexicographically, so the last 252 keeps are the rolls
themselves, in ``ROLLS`` order.

>>> len(ROLLS), len(KEEPS), KEEPS[-252:] == ROLLS
(252, 462, True)
>>> round(float(TRANSITIONS[KEEP_INDEX[(6, 6, 6, 6)]].sum()), 12)
1.0
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from itertools import combinations, combinations_with_replacement
from math import factorial
from typing import Any

import numpy as np
import numpy.typing as npt

from engine.yatzi.score import DICE_COUNT, FACES

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]

#: Every distinct roll of five dice, sorted faces, lexicographic order.
ROLLS: tuple[tuple[int, ...], ...] = tuple(combinations_with_replacement(FACES, DICE_COUNT))

#: Every keep (0..5 dice), by size then lexicographic; the last 252 are ``ROLLS``.
KEEPS: tuple[tuple[int, ...], ...] = tuple(
    keep for size in range(DICE_COUNT + 1) for keep in combinations_with_replacement(FACES, size)
)

#: Keeps that leave at least one die to roll (the first 210 of ``KEEPS``).
PARTIAL_KEEPS = len(KEEPS) - len(ROLLS)

ROLL_INDEX: Mapping[tuple[int, ...], int] = {roll: i for i, roll in enumerate(ROLLS)}
KEEP_INDEX: Mapping[tuple[int, ...], int] = {keep: i for i, keep in enumerate(KEEPS)}

#: How many dice of each face every roll shows: ``ROLL_COUNTS[r, face - 1]``.
ROLL_COUNTS: IntArray = np.array([[roll.count(face) for face in FACES] for roll in ROLLS], dtype=np.int64)

#: Indices of the six yatzis (five equal dice) in ``ROLLS``, face 1 first.
YATZI_ROLLS: tuple[int, ...] = tuple(ROLL_INDEX[(face,) * DICE_COUNT] for face in FACES)


def _outcome_odds(count: int) -> dict[tuple[int, ...], float]:
    """Probability of each sorted outcome of rolling ``count`` dice."""
    odds: dict[tuple[int, ...], float] = {}
    for outcome in combinations_with_replacement(FACES, count):
        ways = factorial(count)
        for n in Counter(outcome).values():
            ways //= factorial(n)
        odds[outcome] = ways / 6**count
    return odds


def _transitions() -> FloatArray:
    table = np.zeros((PARTIAL_KEEPS, len(ROLLS)))
    for k, keep in enumerate(KEEPS[:PARTIAL_KEEPS]):
        for outcome, p in _outcome_odds(DICE_COUNT - len(keep)).items():
            table[k, ROLL_INDEX[tuple(sorted(keep + outcome))]] += p
    return table


#: ``TRANSITIONS[k, r]``: probability that holding partial keep ``k`` and rolling the
#: other dice gives roll ``r``. Row 0 (the empty keep) is the odds of a fresh roll.
TRANSITIONS: FloatArray = _transitions()


def _sub_keeps(roll: tuple[int, ...]) -> list[int]:
    return sorted({KEEP_INDEX[tuple(sorted(c))] for n in range(DICE_COUNT + 1) for c in combinations(roll, n)})


#: ``SUB_KEEPS[r]``: the keeps that roll ``r`` allows (up to 32; padded by repeating the first).
SUB_KEEPS: IntArray = np.array(
    [(lambda ks: ks + [ks[0]] * (32 - len(ks)))(_sub_keeps(roll)) for roll in ROLLS], dtype=np.int64
)


def _parents() -> tuple[tuple[int, int, IntArray], ...]:
    """Per keep size 1..5: (first index, end index, the keeps one die smaller, padded to 5)."""
    levels = []
    for size in range(1, DICE_COUNT + 1):
        rows = [i for i, keep in enumerate(KEEPS) if len(keep) == size]
        table = []
        for i in rows:
            keep = KEEPS[i]
            smaller = sorted({KEEP_INDEX[keep[:j] + keep[j + 1 :]] for j in range(size)})
            table.append(smaller + [smaller[0]] * (DICE_COUNT - len(smaller)))
        levels.append((rows[0], rows[-1] + 1, np.array(table, dtype=np.int64)))
    return tuple(levels)


def _children() -> tuple[tuple[int, int, IntArray], ...]:
    """Per keep size 4..0: (first index, end index, the keeps one die larger, one per face)."""
    levels = []
    for size in range(DICE_COUNT - 1, -1, -1):
        rows = [i for i, keep in enumerate(KEEPS) if len(keep) == size]
        table = [[KEEP_INDEX[tuple(sorted(KEEPS[i] + (face,)))] for face in FACES] for i in rows]
        levels.append((rows[0], rows[-1] + 1, np.array(table, dtype=np.int64)))
    return tuple(levels)


#: For the keep values: each partial keep's keeps one die larger, largest size first.
LARGER_KEEPS = _children()


def keep_values(after: npt.NDArray[Any], out: npt.NDArray[Any] | None = None) -> npt.NDArray[Any]:
    """462 x states: the expected value of each keep, given the value ``after`` of each roll (252 x states).

    Rolling one die more is the mean over its six faces, so a keep's value is the
    mean of the values of its six one-die-larger keeps (equal to ``TRANSITIONS @ after``).
    """
    values = np.empty((len(KEEPS), after.shape[1]), dtype=after.dtype) if out is None else out
    values[PARTIAL_KEEPS:] = after
    for start, end, larger in LARGER_KEEPS:
        acc = values[start:end]
        np.take(values, larger[:, 0], axis=0, out=acc)
        for column in range(1, larger.shape[1]):
            acc += values[larger[:, column]]
        acc *= 1 / len(FACES)
    return values


#: For the "best keep within" recursion: each size's rows and their one-die-smaller keeps.
SMALLER_KEEPS = _parents()


def best_within(values: npt.NDArray[Any], in_place: bool = False) -> npt.NDArray[Any]:
    """For every roll, the best of ``values`` (462 x states) over the keeps that roll allows.

    Returns 252 x states (a view of ``values`` when ``in_place``, which then holds
    the best within every keep). Works level by level: the best within a keep is
    its own value or the best within one of its keeps one die smaller.
    """
    best = values if in_place else values.copy()
    for start, end, smaller in SMALLER_KEEPS:
        acc = best[start:end]
        for column in range(smaller.shape[1]):
            np.maximum(acc, best[smaller[:, column]], out=acc)
    return best[PARTIAL_KEEPS:]


def roll_index(dice: tuple[int, ...]) -> int:
    """The index in ``ROLLS`` of five dice in any order."""
    return ROLL_INDEX[tuple(sorted(dice))]
