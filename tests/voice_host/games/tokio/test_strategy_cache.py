"""The Tokio computer seat's strategy cache: solved once, read back equal, never trusted when damaged."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from hostile_arrays import HOSTILE

from engine.rolls import Roll
from engine.tokio.round import RoundTree, StateKey, build_round
from engine.tokio.rules import TokioRules, TruthTest, preset
from engine.tokio.solver import TokioStrategy, solve
from voice_host.games.tokio.strategy_cache import (
    as_stored,
    flatten,
    load_strategy,
    read_strategy,
    rules_key,
    strategy_path,
    strategy_shape,
    write_strategy,
)
from voice_host.storage.array_cache import checksum

RULES = preset("lizumo", sides=4)


@pytest.fixture(scope="module")
def solved() -> TokioStrategy:
    """The real solve of a small round (lizumo d4: ten rolls), a fraction of a second."""
    return solve(build_round(RULES), iterations=200)


class CountingSolver:
    """Returns the module's solved strategy and counts the times the cache asks."""

    def __init__(self, strategy: TokioStrategy) -> None:
        self.strategy = strategy
        self.calls = 0

    def __call__(self, tree: RoundTree) -> TokioStrategy:
        assert len(tree.states) == len(self.strategy.tree.states)
        self.calls += 1
        return self.strategy


def same(a: TokioStrategy, b: TokioStrategy, tolerance: float = 0.0) -> bool:
    """True when both strategies play alike in every state (and value it alike) within ``tolerance``."""
    return len(a.states) == len(b.states) and all(
        np.allclose(x.claims, y.claims, rtol=0, atol=tolerance)
        and np.allclose(x.answers, y.answers, rtol=0, atol=tolerance)
        and abs(x.value - y.value) <= tolerance
        for x, y in zip(a.states, b.states, strict=True)
    )


def test_the_key_ignores_the_limit_and_nothing_else() -> None:
    assert rules_key(RULES) == rules_key(preset("lizumo", sides=4, limit=7))
    assert rules_key(RULES) != rules_key(preset("lizumo", sides=6))
    assert rules_key(RULES) != rules_key(preset("classico", sides=4))
    assert rules_key(preset("classico")) != rules_key(TokioRules(raise_rule=preset("lizumo").raise_rule))


def test_solved_once_then_read_back_equal_to_the_solve(tmp_path: Path, solved: TokioStrategy) -> None:
    solver, told = CountingSolver(solved), []
    first = load_strategy(RULES, tmp_path, solver, told.append)
    assert solver.calls == 1 and strategy_path(RULES, tmp_path).exists()
    assert told == ["Preparo il computer per queste regole con i dadi da 4: qualche secondo, solo la prima volta."]
    assert same(first, solved, tolerance=1e-6)  # float32 of the solve
    again = load_strategy(preset("lizumo", sides=4, limit=3), tmp_path, solver, told.append)
    assert solver.calls == 1 and len(told) == 1  # read back: nothing to wait for, nothing said
    assert same(again, first)  # exactly: a cached start plays the moves a solving start plays
    assert again.value == pytest.approx(solved.value, abs=1e-6)


def _rewrite_values(path: Path, change: Callable[[np.ndarray], None]) -> None:
    """The cache file at ``path`` with its values changed and a checksum that matches them again."""
    with np.load(path) as data:
        key, values = data["key"], data["values"].copy()
    change(values)
    with open(path, "wb") as out:
        np.savez(out, key=key, checksum=np.array(checksum(values)), values=values)


def _negative(values: np.ndarray) -> None:
    values[0] = -0.5


def _above_one(values: np.ndarray) -> None:
    values[0] = 3.0


def _rows_not_summing_to_one(values: np.ndarray) -> None:
    values[:] = 0.0


WHOLE_BUT_NOT_A_STRATEGY = {"negative": _negative, "above one": _above_one, "zeros": _rows_not_summing_to_one}


@pytest.mark.parametrize("case", list(WHOLE_BUT_NOT_A_STRATEGY))
def test_a_whole_file_that_holds_no_strategy_is_solved_again(tmp_path: Path, solved: TokioStrategy,
                                                             case: str) -> None:
    path = strategy_path(RULES, tmp_path)
    write_strategy(RULES, solved, path)
    _rewrite_values(path, WHOLE_BUT_NOT_A_STRATEGY[case])
    assert read_strategy(RULES, solved.tree, path) is None
    solver = CountingSolver(solved)
    assert same(load_strategy(RULES, tmp_path, solver), as_stored(solved))
    assert solver.calls == 1
    assert read_strategy(RULES, solved.tree, path) is not None


def test_weight_on_a_forbidden_answer_is_refused(tmp_path: Path, solved: TokioStrategy) -> None:
    # lizumo has no third answer: a file that takes the penalty somewhere is not a strategy of these rules
    values = flatten(solved)
    rolls, first = len(solved.tree.rolls), solved.tree.states[0]
    at = len(first.choices) * rolls  # state 0's answers: (believe, doubt, take) per choice
    values[at:at + 3] = (0.5, 0.0, 0.5)
    path = strategy_path(RULES, tmp_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as out:
        np.savez(out, key=np.array(rules_key(RULES)), checksum=np.array(checksum(values)), values=values)
    assert read_strategy(RULES, solved.tree, path) is None


def test_a_file_of_other_rules_is_solved_again(tmp_path: Path, solved: TokioStrategy) -> None:
    # the same round's shape under another truth test: refused by its key alone
    other = preset("lizumo", sides=4, truth_test=TruthTest.EXACT)
    assert other.truth_test is not RULES.truth_test
    other_tree = build_round(other)
    assert strategy_shape(other_tree) == strategy_shape(solved.tree)
    write_strategy(other, solve(other_tree, iterations=50), strategy_path(other, tmp_path))
    shutil.copy(strategy_path(other, tmp_path), strategy_path(RULES, tmp_path))
    assert read_strategy(RULES, solved.tree, strategy_path(RULES, tmp_path)) is None
    solver = CountingSolver(solved)
    load_strategy(RULES, tmp_path, solver)
    assert solver.calls == 1


@pytest.mark.parametrize("case", list(HOSTILE))
def test_a_hostile_file_is_refused_solved_again_and_replaced(tmp_path: Path, solved: TokioStrategy,
                                                             case: str) -> None:
    # the hostile files array_cache refuses for Yatzi's tables, made of the Tokio file's own bytes
    path = strategy_path(RULES, tmp_path)
    write_strategy(RULES, solved, path)
    good = path.read_bytes()
    path.write_bytes(HOSTILE[case](_AsTable(flatten(solved)), good))  # type: ignore[arg-type]
    assert read_strategy(RULES, solved.tree, path) is None
    solver = CountingSolver(solved)
    strategy = load_strategy(RULES, tmp_path, solver)
    assert solver.calls == 1 and same(strategy, as_stored(solved))
    again = read_strategy(RULES, solved.tree, path)
    assert again is not None and same(again, strategy)
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]


class _AsTable:
    """The one attribute of a Yatzi table the hostile cases read: its values."""

    def __init__(self, values: np.ndarray) -> None:
        self.values = values


def test_an_unwritable_cache_still_gives_the_strategy(tmp_path: Path, solved: TokioStrategy) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    solver = CountingSolver(solved)
    strategy = load_strategy(RULES, blocker / "voice-host", solver)
    assert solver.calls == 1 and same(strategy, as_stored(solved))


@pytest.mark.slow  # a real solve of the strategy (about a second): the full tier
def test_a_game_with_a_computer_seat_keeps_its_strategy_in_the_users_cache(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from voice_host.games.registry import game_entry

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    config = {"rules": "lizumo", "dice": 4, "players": ["Anna"], "computers": ["Computer"], "level": "forte",
              "seed": 1}
    game_entry("tokio").make_dialog(config)
    path = strategy_path(RULES, tmp_path / "voice-host")
    kept = read_strategy(RULES, build_round(RULES), path)
    assert kept is not None  # solved by the real solver, and kept
    # lizumo d4: after a claim of 44 believed, the next roller's value is -0.625 (worked by hand in
    # tests/engine/test_tokio_solver.py)
    assert kept.value_at(StateKey(Roll(4, 4), False, 0)) == pytest.approx(-0.625, abs=0.01)
