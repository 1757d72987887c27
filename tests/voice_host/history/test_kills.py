"""kill -9 during an import at several instants: the next start's catch-up gives a clean rebuild's figures."""

from __future__ import annotations

from pathlib import Path

import pytest
from history_kills import (
    database_opens,
    figures,
    kill_during_import,
    remove_history,
    timed_import,
    write_journals,
)

pytestmark = [pytest.mark.slow, pytest.mark.system]


def test_a_kill_at_any_instant_of_an_import_is_caught_up_to_the_clean_figures(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))  # no solved Yatzi table, in the children too
    folder = tmp_path / "journals"
    count = write_journals(folder, 25)  # 150 journals
    took = timed_import(folder)
    clean = figures(folder)  # the clean import, read by a second start
    assert len(clean["games"]["games"]) == count
    assert clean["integrity"] == [("ok",)] and clean["seen"] == [("imported", count)]
    anna = next(p for p in clean["statistics"]["players"] if p["name"] == "Anna")
    assert (anna["games"], anna["wins"]) == (5 * 25, 3 * 25)  # the hand-worked 5 games and 3 wins, 25 times
    landed = 0
    for fraction in (0.0, 0.15, 0.35, 0.6, 0.85):
        remove_history(folder)
        landed += kill_during_import(folder, took * fraction)
        assert database_opens(folder)
        assert figures(folder) == clean, fraction
    # twice in a row: the second import starts from what the first kill left
    remove_history(folder)
    landed += kill_during_import(folder, took * 0.3)
    landed += kill_during_import(folder, took * 0.3)
    assert figures(folder) == clean
    assert landed >= 4  # the kills fell inside the imports, not after them
