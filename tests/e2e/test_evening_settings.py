"""'Salvo queste regole come predefinite?' at the end of an evening, and ``voice-host impostazioni`` (issue 31)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from command import host_command
from test_evening import _env, run_evening

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

pytestmark = pytest.mark.slow

QUESTION = "Salvo queste regole come predefinite?"


def _file(tmp_path: Path) -> Path:
    return tmp_path / "config" / "voice-host" / "impostazioni.toml"  # XDG_CONFIG_HOME of _env


def _settings(tmp_path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*host_command(), "impostazioni"], capture_output=True, text=True, timeout=60,
                          env=_env(tmp_path), cwd=tmp_path)


def test_yes_saves_the_evenings_rules_and_no_leaves_the_saved_ones(tmp_path: Path) -> None:
    first = run_evening(tmp_path, ["tokio", "dadi da dieci e a cinque penalità", "va bene", "Anna", "Bruno",
                                   "basta così", "fine partita", "sì", "basta per stasera", "sì"])
    assert first.returncode == 0, first.stderr
    assert QUESTION in first.stdout
    saved = tomllib.loads(_file(tmp_path).read_text(encoding="utf-8"))
    assert (saved["game"], saved["dice"], saved["limit"], saved["players"]) == ("tokio", 10, 5, ["Anna", "Bruno"])
    # the next evening offers them; it changes the limit, plays, and says no: the file keeps 10 and 5
    second = run_evening(tmp_path, ["tokio", "a tre penalità", "va bene", "sì", "fine partita", "sì",
                                    "basta per stasera", "no"], journal=tmp_path / "seconda.jsonl")
    assert second.returncode == 0, second.stderr
    assert "Regole classiche, dadi da dieci, fuori a cinque penalità: va bene?" in second.stdout
    assert QUESTION in second.stdout
    kept = tomllib.loads(_file(tmp_path).read_text(encoding="utf-8"))
    assert (kept["dice"], kept["limit"]) == (10, 5)
    # a third evening with the saved rules as offered is not asked
    third = run_evening(tmp_path, ["tokio", "va bene", "sì", "fine partita", "sì", "basta per stasera"],
                        journal=tmp_path / "terza.jsonl")
    assert third.returncode == 0, third.stderr
    assert QUESTION not in third.stdout
    shown = _settings(tmp_path)
    assert shown.returncode == 0, shown.stderr
    lines = shown.stdout.splitlines()
    assert lines[0] == f"Impostazioni in {_file(tmp_path)}"
    assert {"  gioco: tokio", "  dadi: 10", "  limite: 5", "  ultimo tavolo: Anna, Bruno"} <= set(lines)


def test_impostazioni_without_a_file_says_where_it_will_be(tmp_path: Path) -> None:
    shown = _settings(tmp_path)
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.strip() == f"Nessuna impostazione salvata finora; il file sarà {_file(tmp_path)}"


def test_impostazioni_names_a_bad_key_in_italian(tmp_path: Path) -> None:
    _file(tmp_path).parent.mkdir(parents=True)
    _file(tmp_path).write_text('game = "tokio"\ndice = "dieci"\n', encoding="utf-8")
    shown = _settings(tmp_path)
    assert shown.returncode == 0 and "Traceback" not in shown.stderr
    assert "dice non va" in shown.stderr
