"""The optimal-expected-score strategy of solitaire Yatzi, by backward induction.

A turn-start state is (filled boxes as a 13-bit mask in ``BOXES`` order, upper
total capped at the bonus threshold, and - when the rules pay a yatzi bonus -
whether the yatzi box holds ``yatzi_value``). Its value is the expected number of
points still to come with optimal play. States with the same number of filled
boxes depend only on states with one more, so each such level is computed at
once with numpy: the value of each of the 252 final rolls (best box), then twice
"the value of each of the 462 keeps" (the mean over the six faces of one more
die, see ``yatzi_dice.keep_values``) and "the best keep each roll allows". Two
threads share each level's chunks of states.

Pure: no I/O, no clock, no randomness. ``solve(STANDARD_RULES)`` gives 254.5896
at the start of a game (Verhoeff 1999, Glenn 2006).
"""

from __future__ import annotations

import queue
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from engine.yatzi.dice import (
    KEEPS,
    ROLL_COUNTS,
    ROLLS,
    TRANSITIONS,
    YATZI_ROLLS,
    best_within,
    keep_values,
)
from engine.yatzi.score import BOXES, UPPER_BOXES, Joker, YatziRules, score

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]

#: Number of boxes, and of filled-box masks.
BOX_COUNT = len(BOXES)
MASKS = 1 << BOX_COUNT
FULL_MASK = MASKS - 1
YATZI_BOX = BOXES.index("yatzi")
UPPER_COUNT = len(UPPER_BOXES)

#: Turn-start states solved together (columns of the work arrays).
CHUNK = 1024

#: Precision of the solver's final-roll arrays: float32 halves memory traffic, and
#: a per-state offset keeps the values small. The keep values stay float64: in
#: float32 the maxima over noisy near-equal keeps bias the start value by ~3e-5.
SOLVE_DTYPE = np.float32
KEEP_DTYPE = np.float64


def tracks_yatzi_flag(rules: YatziRules) -> bool:
    """True when the state needs "the yatzi box holds its full value" (a yatzi bonus is paid)."""
    return rules.yatzi_bonus > 0 and rules.yatzi_value > 0


def upper_cap(rules: YatziRules) -> int:
    """The largest upper total the state distinguishes (the bonus threshold)."""
    return rules.bonus_threshold


def reachable_upper(rules: YatziRules) -> list[npt.NDArray[np.bool_]]:
    """For each 6-bit set of filled upper boxes, which capped upper totals it can hold."""
    cap = upper_cap(rules)
    reach: list[npt.NDArray[np.bool_]] = []
    for upper_mask in range(1 << UPPER_COUNT):
        totals = {0}
        for face in range(1, UPPER_COUNT + 1):
            if upper_mask >> (face - 1) & 1:
                totals = {min(cap, t + face * n) for t in totals for n in range(6)}
        row = np.zeros(cap + 1, dtype=np.bool_)
        row[sorted(totals)] = True
        reach.append(row)
    return reach


class BoxScorer:
    """What writing each roll in each box is worth from each state: points now plus value after.

    ``dtype`` is the precision of the 252 x states work arrays. The solver uses
    float32 with a per-state ``offset`` subtracted (values near 0 keep float32's
    error far below 1e-4); advice and simulation use float64 without one.
    """

    def __init__(self, rules: YatziRules, dtype: type[np.floating[Any]] = np.float64) -> None:
        self.rules = rules
        self.dtype = dtype
        self.cap = upper_cap(rules)
        self.flag = tracks_yatzi_flag(rules)
        self.points = np.array([[score(box, roll, rules) for roll in ROLLS] for box in BOXES], dtype=np.float64)
        joker_values = {
            "full": rules.full_value,
            "scala_minima": rules.small_straight_value,
            "scala_massima": rules.large_straight_value,
        }
        self.joker_extra = np.array(
            [
                [max(self.points[b, r], joker_values.get(box, 0)) - self.points[b, r] for r in YATZI_ROLLS]
                for b, box in enumerate(BOXES)
            ]
        )
        self.points_work = self.points.astype(dtype)
        self.yatzi_special = rules.joker is not Joker.OFF or self.flag

    def candidates(
        self,
        box: int,
        values: FloatArray,
        m: IntArray,
        u: IntArray,
        f: IntArray,
        offset: FloatArray | None = None,
        out: npt.NDArray[Any] | None = None,
    ) -> npt.NDArray[Any]:
        """252 x states: points now plus the value after (minus ``offset``), writing each roll in ``box``.

        ``values`` is the float64 (flag, mask, upper) table of turn-start values;
        -inf where ``box`` is filled or (forced joker) not allowed.
        """
        if out is None:
            out = np.empty((len(ROLLS), len(m)), dtype=self.dtype)
        rules = self.rules
        nm = m | (1 << box)
        base = np.where((m >> box) & 1 == 1, -np.inf, 0.0)
        if offset is not None:
            base -= offset
        if box < UPPER_COUNT:
            face = box + 1
            gained = face * np.arange(6)[:, None]
            nu = np.minimum(self.cap, u[None, :] + gained)
            crossed = (u[None, :] < rules.bonus_threshold) & (u[None, :] + gained >= rules.bonus_threshold)
            by_count = gained + np.where(crossed, rules.bonus_value, 0) + base + values[f[None, :], nm[None, :], nu]
            cand = np.take(by_count.astype(self.dtype), ROLL_COUNTS[:, box], axis=0, out=out)
        else:
            after = (values[f, nm, u] + base).astype(self.dtype)
            cand = np.add(self.points_work[box][:, None], after[None, :], out=out)
            if box == YATZI_BOX and self.flag:
                full = values[np.ones_like(f), nm, u] + base
                for r in YATZI_ROLLS:
                    cand[r] = self.points[box, r] + full
        if self.yatzi_special:
            self._patch_yatzis(box, cand, m, f)
        return cand

    def _patch_yatzis(self, box: int, cand: npt.NDArray[Any], m: IntArray, f: IntArray) -> None:
        """A further yatzi (yatzi box filled): its bonus, joker points and, if forced, where it may go."""
        rules = self.rules
        yatzi_filled = (m >> YATZI_BOX) & 1 == 1
        if not yatzi_filled.any():
            return
        rows = list(YATZI_ROLLS)
        faces = np.arange(UPPER_COUNT)[:, None]
        matching_filled = (m[None, :] >> faces) & 1 == 1
        add = np.zeros((UPPER_COUNT, len(m)))
        if self.flag:
            add += np.where(yatzi_filled, rules.yatzi_bonus * f, 0)[None, :]
        if rules.joker is not Joker.OFF:
            add += np.where(yatzi_filled[None, :] & matching_filled, self.joker_extra[box][:, None], 0)
        if rules.joker is Joker.FORCED_UPPER:
            lower_free = np.zeros(len(m), dtype=np.bool_)
            for b in range(UPPER_COUNT, BOX_COUNT):
                lower_free |= (m >> b) & 1 == 0
            if box < UPPER_COUNT:
                allowed = np.where(matching_filled, ~lower_free[None, :], faces == box)
            else:
                allowed = matching_filled
            add = np.where(yatzi_filled[None, :] & ~allowed, -np.inf, add)
        cand[rows] = cand[rows] + add.astype(self.dtype)

    def final_values(
        self,
        values: FloatArray,
        m: IntArray,
        u: IntArray,
        f: IntArray,
        offset: FloatArray | None = None,
        out: npt.NDArray[Any] | None = None,
        work: npt.NDArray[Any] | None = None,
    ) -> npt.NDArray[Any]:
        """252 x states: the value of the best box for each final roll (no rolls left)."""
        shape = (len(ROLLS), len(m))
        best = np.empty(shape, dtype=self.dtype) if out is None else out
        work = np.empty(shape, dtype=self.dtype) if work is None else work
        best.fill(-np.inf)
        for box in range(BOX_COUNT):
            if ((m >> box) & 1 == 0).any():
                np.maximum(best, self.candidates(box, values, m, u, f, offset, out=work), out=best)
        return best


def turn_values(scorer: BoxScorer, values: FloatArray, m: IntArray, u: IntArray, f: IntArray) -> list[FloatArray]:
    """Values of each roll with 0, 1, 2 rolls left (each 252 x states, float64, no offset)."""
    levels = [scorer.final_values(values, m, u, f)]
    for _ in range(2):
        levels.append(best_within(keep_values(levels[-1]), in_place=True))
    return levels


def _offsets(values: FloatArray, m: IntArray, u: IntArray, f: IntArray) -> FloatArray:
    """Per state, a float64 value near its turn's values: the best value after a zero in a free box."""
    offset = np.full(len(m), -np.inf)
    for box in range(BOX_COUNT):
        free = (m >> box) & 1 == 0
        np.maximum(offset, np.where(free, values[f, m | (1 << box), u], -np.inf), out=offset)
    return offset


@dataclass(frozen=True)
class SolvedTable:
    """Turn-start values for one rule set: ``values[flag, mask, upper]`` (float32).

    ``flag`` is 1 when the yatzi box holds its full value (only when the rules pay
    a yatzi bonus; else always 0). Unreachable states hold 0.
    """

    rules: YatziRules
    values: npt.NDArray[np.float32]

    @property
    def start_value(self) -> float:
        """The optimal expected final score of a whole game."""
        return float(self.values[0, 0, 0])

    def value(self, mask: int, upper: int, flag: int = 0) -> float:
        """Expected points still to come from a turn-start state (upper total capped here)."""
        return float(self.values[flag, mask, min(upper, upper_cap(self.rules))])


def level_states(rules: YatziRules, filled: int) -> tuple[IntArray, IntArray, IntArray]:
    """Every reachable turn-start state with ``filled`` boxes filled: (masks, uppers, flags)."""
    reach = reachable_upper(rules)
    flag = tracks_yatzi_flag(rules)
    ms: list[IntArray] = []
    us: list[IntArray] = []
    fs: list[IntArray] = []
    for mask in range(MASKS):
        if mask.bit_count() != filled:
            continue
        uppers = np.flatnonzero(reach[mask & ((1 << UPPER_COUNT) - 1)])
        flags = (0, 1) if flag and mask >> YATZI_BOX & 1 else (0,)
        for fl in flags:
            ms.append(np.full(len(uppers), mask))
            us.append(uppers)
            fs.append(np.full(len(uppers), fl))
    return np.concatenate(ms), np.concatenate(us), np.concatenate(fs)


class _Worker:
    """One thread's work arrays; solves one chunk of turn-start states at a time."""

    def __init__(self, scorer: BoxScorer) -> None:
        self.scorer = scorer
        self.rolls = np.empty((len(ROLLS), CHUNK), dtype=SOLVE_DTYPE)
        self.work = np.empty_like(self.rolls)
        self.keeps = [np.empty((len(KEEPS), CHUNK), dtype=KEEP_DTYPE) for _ in range(2)]

    def solve_chunk(self, values: FloatArray, m: IntArray, u: IntArray, f: IntArray) -> int:
        """Write the values of the states (m, u, f), whose successors are all solved."""
        n = len(m)
        offset = _offsets(values, m, u, f)
        after = self.scorer.final_values(values, m, u, f, offset, out=self.rolls[:, :n], work=self.work[:, :n])
        for buffer in self.keeps:
            after = best_within(keep_values(after, out=buffer[:, :n]), in_place=True)
        values[f, m, u] = offset + TRANSITIONS[0] @ after.astype(np.float64)
        return n


def solve(rules: YatziRules, progress: Callable[[float], None] | None = None, threads: int = 2) -> SolvedTable:
    """Solve ``rules``: every reachable turn-start state's expected points to come.

    ``progress`` is called with the fraction done (0..1) after each batch of
    states. The chunks of one level are independent: ``threads`` share them
    (numpy releases the GIL in its array loops).
    """
    scorer = BoxScorer(rules, SOLVE_DTYPE)
    values = np.zeros((2, MASKS, upper_cap(rules) + 1))
    levels = [level_states(rules, n) for n in range(BOX_COUNT)]
    total = sum(len(m) for m, _, _ in levels)
    done = 0
    workers = queue.SimpleQueue[_Worker]()
    for _ in range(max(1, threads)):
        workers.put(_Worker(scorer))

    def run(chunk: tuple[IntArray, IntArray, IntArray]) -> int:
        worker = workers.get()
        try:
            return worker.solve_chunk(values, *chunk)
        finally:
            workers.put(worker)

    with ThreadPoolExecutor(max_workers=max(1, threads)) as pool:
        for filled in range(BOX_COUNT - 1, -1, -1):
            ms, us, fs = levels[filled]
            chunks = [
                (ms[start : start + CHUNK], us[start : start + CHUNK], fs[start : start + CHUNK])
                for start in range(0, len(ms), CHUNK)
            ]
            for n in pool.map(run, chunks):
                done += n
                if progress is not None:
                    progress(done / total)
    return SolvedTable(rules, values.astype(np.float32))


def card_state(filled: Mapping[str, int], rules: YatziRules) -> tuple[int, int, int]:
    """(mask, capped upper total, flag) of a card given its filled boxes (box -> points)."""
    mask = 0
    for box in filled:
        mask |= 1 << BOXES.index(box)
    upper = sum(points for box, points in filled.items() if box in UPPER_BOXES)
    flag = int(tracks_yatzi_flag(rules) and filled.get("yatzi") == rules.yatzi_value)
    return mask, min(upper, upper_cap(rules)), flag
