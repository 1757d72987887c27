"""Many solitaire games played at once by the solver's strategy, to check its table.

Pure: the caller passes the ``numpy.random.Generator``. Each turn of every game
rolls real dice, holds the best keep twice, then writes the best box; the points
are counted from the scoring rules (``score`` and the card), not from the table.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from engine.yatzi.dice import KEEPS, PARTIAL_KEEPS, ROLL_COUNTS, ROLLS, SUB_KEEPS, best_within, keep_values
from engine.yatzi.score import BOXES, DICE_COUNT, FACES, MAX_ROLLS, Joker, YatziRules, score
from engine.yatzi.solver import YATZI_BOX, BoxScorer, SolvedTable, upper_cap

IntArray = npt.NDArray[np.int64]

_KEEP_COUNTS = np.array([[keep.count(face) for face in FACES] for keep in KEEPS], dtype=np.int64)
_CODE_BASE = (DICE_COUNT + 1) ** np.arange(len(FACES))
_ROLL_BY_CODE = np.full((DICE_COUNT + 1) ** len(FACES), -1, dtype=np.int64)
_ROLL_BY_CODE[ROLL_COUNTS @ _CODE_BASE] = np.arange(len(ROLLS))
#: For each roll, the index of its most common face (its face, for a yatzi).
_ROLL_FACE = np.argmax(ROLL_COUNTS, axis=1)


def _roll(rng: np.random.Generator, kept: IntArray) -> IntArray:
    """Roll the dice not in each game's keep (index into ``KEEPS``); the new roll indices."""
    counts = _KEEP_COUNTS[kept].copy()
    faces = rng.integers(0, len(FACES), size=(len(kept), DICE_COUNT))
    to_roll = DICE_COUNT - counts.sum(axis=1)
    for die in range(DICE_COUNT):
        rolled = die < to_roll
        np.add.at(counts, (np.flatnonzero(rolled), faces[rolled, die]), 1)
    rolls: IntArray = _ROLL_BY_CODE[counts @ _CODE_BASE]
    return rolls


def _best_keep(keep_table: npt.NDArray[np.float64], rolls: IntArray) -> IntArray:
    """Each game's best keep within its roll (ties: the first listed, the fewest dice)."""
    options = SUB_KEEPS[rolls]
    games = np.arange(len(rolls))[:, None]
    best: IntArray = options[games, np.argmax(keep_table[options, games], axis=1)[:, None]][:, 0]
    return best


def _points(rules: YatziRules) -> npt.NDArray[np.float64]:
    return np.array([[score(box, roll, rules) for roll in ROLLS] for box in BOXES], dtype=np.float64)


def simulate(table: SolvedTable, games: int, rng: np.random.Generator) -> npt.NDArray[np.int64]:
    """Final scores of ``games`` solitaire games played by the table's optimal strategy."""
    rules = table.rules
    values = table.values.astype(np.float64)
    scorer = BoxScorer(rules)
    points = _points(rules)
    cap = upper_cap(rules)
    m = np.zeros(games, dtype=np.int64)
    upper = np.zeros(games, dtype=np.int64)
    f = np.zeros(games, dtype=np.int64)
    lower = np.zeros(games, dtype=np.int64)
    extra = np.zeros(games, dtype=np.int64)
    everyone = np.arange(games)
    for _ in BOXES:
        u = np.minimum(upper, cap)
        final = scorer.final_values(values, m, u, f)
        one_left = best_within(keep_values(final), in_place=True)
        rolls = _roll(rng, np.zeros(games, dtype=np.int64))
        for after in (one_left, final)[: MAX_ROLLS - 1]:
            kept = _best_keep(keep_values(after), rolls)
            rerolling = kept < PARTIAL_KEEPS
            rolls = np.where(rerolling, _roll(rng, np.where(rerolling, kept, 0)), rolls)
        choice = np.stack([scorer.candidates(b, values, m, u, f)[rolls, everyone] for b in range(len(BOXES))])
        box = np.argmax(choice, axis=0)
        is_yatzi = ROLL_COUNTS[rolls].max(axis=1) == DICE_COUNT
        gained = points[box, rolls].astype(np.int64)
        yatzi_filled = (m >> YATZI_BOX) & 1 == 1
        if rules.joker is not Joker.OFF:
            face_box = _ROLL_FACE[rolls]
            joker = is_yatzi & yatzi_filled & ((m >> face_box) & 1 == 1)
            joker_points = np.select(
                [box == BOXES.index("full"), box == BOXES.index("scala_minima"), box == BOXES.index("scala_massima")],
                [rules.full_value, rules.small_straight_value, rules.large_straight_value],
                0,
            )
            gained = np.where(joker, np.maximum(gained, joker_points), gained)
        extra += np.where(is_yatzi & yatzi_filled & (f == 1), rules.yatzi_bonus, 0)
        if rules.yatzi_bonus and rules.yatzi_value:
            f = np.where((box == YATZI_BOX) & (gained == rules.yatzi_value), 1, f)
        is_upper = box < len(FACES)
        upper += np.where(is_upper, gained, 0)
        lower += np.where(is_upper, 0, gained)
        m |= 1 << box
    bonus = np.where(upper >= rules.bonus_threshold, rules.bonus_value, 0)
    return upper + bonus + lower + extra

