"""The solved-table cache: solved once, read back, and never trusted when damaged or foreign."""

from __future__ import annotations

import io
import shutil
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from engine.yatzi.score import SEED_RULES, STANDARD_RULES, YatziRules
from engine.yatzi.solver import MASKS, SolvedTable, upper_cap
from voice_host.games.yatzi.table_cache import (
    FORMAT_VERSION,
    cache_dir,
    load_table,
    read_table,
    rules_key,
    table_path,
    write_table,
)


@pytest.fixture(scope="module")
def seed_table() -> SolvedTable:
    """A table of the seed rules' shape with seeded random values: the cache stores and checks
    tables, whatever their values (the solve itself is tested in tests/engine)."""
    shape = (2, MASKS, upper_cap(SEED_RULES) + 1)
    return SolvedTable(SEED_RULES, np.random.default_rng(7).uniform(0, 300, shape).astype(np.float32))


class CountingSolver:
    """A solver that returns the module's table; counts the times the cache asks."""

    def __init__(self, table: SolvedTable) -> None:
        self.table = table
        self.calls = 0

    def __call__(self, rules: YatziRules, progress: Callable[[float], None] | None) -> SolvedTable:
        assert rules == self.table.rules
        self.calls += 1
        if progress is not None:
            progress(0.5)
            progress(1.0)
        return self.table


def test_cache_dir_follows_xdg() -> None:
    assert cache_dir({"XDG_CACHE_HOME": "/x/cache", "HOME": "/home/a"}) == Path("/x/cache/voice-host")
    assert cache_dir({"HOME": "/home/a"}) == Path("/home/a/.cache/voice-host")


def test_key_depends_on_every_rule_and_the_format() -> None:
    assert rules_key(SEED_RULES) == rules_key(YatziRules())
    assert rules_key(SEED_RULES) != rules_key(STANDARD_RULES)
    assert rules_key(SEED_RULES) != rules_key(YatziRules(bonus_value=35))
    assert FORMAT_VERSION >= 1


def test_solved_once_then_read_back(tmp_path: Path, seed_table: SolvedTable) -> None:
    solver = CountingSolver(seed_table)
    err = io.StringIO()
    first = load_table(SEED_RULES, tmp_path, err, solver)
    assert solver.calls == 1
    assert "100%" in err.getvalue() and "solo la prima volta" in err.getvalue()
    assert table_path(SEED_RULES, tmp_path).exists()
    again = load_table(SEED_RULES, tmp_path, io.StringIO(), solver)
    assert solver.calls == 1
    assert np.array_equal(again.values, first.values)
    assert again.start_value == pytest.approx(seed_table.start_value)


def damage_truncate(path: Path) -> None:
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])


def damage_garbage(path: Path) -> None:
    path.write_bytes(b"not a table at all")


def damage_values(path: Path) -> None:
    # a valid file whose values no longer match their checksum
    with np.load(path) as data:
        key, checksum, values = data["key"], data["checksum"], data["values"].copy()
    values[0, 0, 0] += 1.0
    with open(path, "wb") as out:
        np.savez(out, key=key, checksum=checksum, values=values)


def damage_shape(path: Path) -> None:
    with np.load(path) as data:
        key, checksum, values = data["key"], data["checksum"], data["values"]
    with open(path, "wb") as out:
        np.savez(out, key=key, checksum=checksum, values=values[:, :100])


@pytest.mark.parametrize("damage", [damage_truncate, damage_garbage, damage_values, damage_shape])
def test_damaged_file_is_solved_again(tmp_path: Path, seed_table: SolvedTable, damage: Callable[[Path], None]) -> None:
    write_table(seed_table, table_path(SEED_RULES, tmp_path))
    damage(table_path(SEED_RULES, tmp_path))
    assert read_table(SEED_RULES, table_path(SEED_RULES, tmp_path)) is None
    solver = CountingSolver(seed_table)
    table = load_table(SEED_RULES, tmp_path, io.StringIO(), solver)
    assert solver.calls == 1
    assert table.start_value == pytest.approx(seed_table.start_value)
    # and the repaired file is trusted again
    assert read_table(SEED_RULES, table_path(SEED_RULES, tmp_path)) is not None


def test_foreign_file_is_solved_again(tmp_path: Path, seed_table: SolvedTable) -> None:
    # a whole, valid table of other rules put under the seed rules' name
    other = YatziRules(bonus_value=35)
    write_table(SolvedTable(other, seed_table.values), table_path(other, tmp_path))
    shutil.copy(table_path(other, tmp_path), table_path(SEED_RULES, tmp_path))
    assert read_table(SEED_RULES, table_path(SEED_RULES, tmp_path)) is None
    solver = CountingSolver(seed_table)
    load_table(SEED_RULES, tmp_path, io.StringIO(), solver)
    assert solver.calls == 1


def test_unwritable_cache_still_gives_the_table(tmp_path: Path, seed_table: SolvedTable) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    solver = CountingSolver(seed_table)
    table = load_table(SEED_RULES, blocker / "voice-host", io.StringIO(), solver)
    assert table is seed_table
