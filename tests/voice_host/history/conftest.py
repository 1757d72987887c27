"""A set of journals worked by hand: three Tokio games and three Yatzi games, written as the host writes them.

The figures each test expects are worked out from RULES.md in the comments of
:func:`write_journal_set`, never read back from the code.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from history_journals import write_journal_set


@pytest.fixture(scope="session")
def written_set(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The six journals, written once (every record is fsync'ed: that takes a second)."""
    return write_journal_set(tmp_path_factory.mktemp("journals"))


@pytest.fixture
def journal_set(
    written_set: dict[str, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> tuple[Path, dict[str, Path]]:
    """The six journals in a fresh state folder (``XDG_STATE_HOME``), with no solved Yatzi table cached."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    folder = tmp_path / "state" / "voice-host"
    folder.mkdir(parents=True)
    copies = {}
    for key, path in written_set.items():
        copies[key] = folder / path.name
        shutil.copy2(path, copies[key])  # with its times
    return folder, copies
