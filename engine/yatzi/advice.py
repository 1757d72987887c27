"""Advice from a solved table: the best keep or box for a card, dice and rolls left.

Every option comes with the expected final score of the game (the points already
on the card plus the expected points to come, playing optimally afterwards) and
its cost: how much less than the best option it is expected to score.

>>> from engine.yatzi.score import STANDARD_RULES  # doctest: +SKIP
>>> from engine.yatzi.solver import solve  # doctest: +SKIP
>>> advisor = Advisor(solve(STANDARD_RULES))  # doctest: +SKIP
>>> advisor.advise({}, (6, 6, 6, 6, 6), rolls_left=2).best.box  # doctest: +SKIP
'yatzi'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

import numpy as np

from engine.yatzi.dice import KEEP_INDEX, best_within, keep_values, roll_index
from engine.yatzi.score import BOXES, DICE_COUNT, MAX_ROLLS, card_totals, check_dice
from engine.yatzi.solver import BoxScorer, SolvedTable, card_state

#: Two options whose expected scores differ by less than this are a tie.
TIE = 1e-9


@dataclass(frozen=True)
class Option:
    """One choice: hold ``keep`` and roll the rest, or write the dice in ``box``."""

    keep: tuple[int, ...] | None
    """The dice held (sorted values; () rerolls all five), or None for a box."""
    box: str | None
    """The box to fill, or None for a keep."""
    expected: float
    """Expected final score of the game with this choice and optimal play after it."""
    cost: float
    """Expected points lost against the best option (0 for the best)."""


@dataclass(frozen=True)
class Advice:
    """Every option in one position, best first."""

    best: Option
    keeps: tuple[Option, ...]
    """Every distinct keep of 0..4 dice, best first (empty with no rolls left)."""
    boxes: tuple[Option, ...]
    """Every box the dice may be written in now, best first."""

    def box_option(self, box: str) -> Option:
        """The option of writing the dice in ``box``; ``KeyError`` if it is not allowed."""
        for option in self.boxes:
            if option.box == box:
                return option
        raise KeyError(box)

    def keep_option(self, faces: Sequence[int]) -> Option:
        """The option of holding ``faces`` (any order); ``KeyError`` if they are not a keep here."""
        wanted = tuple(sorted(faces))
        for option in self.keeps:
            if option.keep == wanted:
                return option
        raise KeyError(wanted)


class Advisor:
    """Answers "what now?" for any card of the table's rules, from the solved table."""

    def __init__(self, table: SolvedTable) -> None:
        self.table = table
        self.rules = table.rules
        self._values = table.values.astype(np.float64)
        self._scorer = BoxScorer(table.rules)

    def expected_final(self, filled: Mapping[str, int], yatzi_bonuses: int = 0) -> float:
        """Expected final score at the start of a turn on this card (all of it if the card is full)."""
        mask, upper, flag = card_state(filled, self.rules)
        banked = card_totals(filled, self.rules, yatzi_bonuses).total
        return banked + float(self._values[flag, mask, upper])

    def advise(
        self,
        filled: Mapping[str, int],
        dice: Sequence[int],
        rolls_left: int,
        yatzi_bonuses: int = 0,
    ) -> Advice:
        """The options for five ``dice`` on a card with ``filled`` boxes and ``rolls_left`` (0..2) rolls.

        Raises ``ValueError`` for bad dice, a full card or rolls_left outside 0..2.
        """
        values = check_dice(dice)
        if not 0 <= rolls_left < MAX_ROLLS:
            raise ValueError(f"rolls left must be 0..{MAX_ROLLS - 1}, not {rolls_left}")
        if len(filled) >= len(BOXES):
            raise ValueError("the card is full")
        mask, upper, flag = card_state(filled, self.rules)
        m, u, f = np.array([mask]), np.array([upper]), np.array([flag])
        banked = card_totals(filled, self.rules, yatzi_bonuses).total
        roll = roll_index(values)
        boxes: list[tuple[float, int, str]] = []
        for b, box in enumerate(BOXES):
            if box in filled:
                continue
            future = float(self._scorer.candidates(b, self._values, m, u, f)[roll, 0])
            if future != -np.inf:
                boxes.append((banked + future, b, box))
        keeps: list[tuple[float, tuple[int, ...]]] = []
        if rolls_left:
            after = self._scorer.final_values(self._values, m, u, f)
            for _ in range(rolls_left - 1):
                after = best_within(keep_values(after), in_place=True)
            keep_table = keep_values(after)
            for keep in sorted({tuple(sorted(c)) for n in range(DICE_COUNT) for c in combinations(values, n)}):
                keeps.append((banked + float(keep_table[KEEP_INDEX[keep], 0]), keep))
        top = max([e for e, _, _ in boxes] + [e for e, _ in keeps])
        box_options = tuple(
            Option(None, box, e, top - e) for e, _, box in sorted(boxes, key=lambda item: (-item[0], item[1]))
        )
        keep_options = tuple(
            Option(keep, None, e, top - e)
            for e, keep in sorted(keeps, key=lambda item: (-item[0], -len(item[1]), item[1]))
        )
        best = box_options[0]
        if keep_options and keep_options[0].expected > best.expected + TIE:
            best = keep_options[0]
        return Advice(best, keep_options, box_options)
