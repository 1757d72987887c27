"""Helpers to run the real command line in a subprocess, as a user would."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
from command import host_command, host_env

REPO = Path(__file__).resolve().parents[2]
GAMES = Path(__file__).parent / "games"


class Run:
    """The result of one ``voice-host`` run."""

    def __init__(self, proc: subprocess.CompletedProcess[str], summary: Path | None) -> None:
        self.code = proc.returncode
        self.stdout = proc.stdout
        self.stderr = proc.stderr
        self.summary: dict[str, Any] | None = (
            json.loads(summary.read_text(encoding="utf-8")) if summary and summary.exists() else None
        )

    def players(self) -> dict[str, tuple[int, int, bool]]:
        """name -> (penalties, lives, out) from the summary."""
        assert self.summary is not None
        return {p["name"]: (p["penalties"], p["lives"], p["out"]) for p in self.summary["players"]}


@pytest.fixture
def voice_host(tmp_path: Path):  # type: ignore[no-untyped-def]
    """Run ``python -m voice_host ARGS`` with a summary file in tmp_path; stdin optional."""

    def run(*args: str, stdin: str = "", summary: bool = True, timeout: float = 60) -> Run:
        path = tmp_path / "summary.json"
        if path.exists():
            path.unlink()
        extra = ["--summary", str(path)] if summary and args and args[0] == "play" else []
        env = host_env(XDG_STATE_HOME=str(tmp_path / "state"))
        proc = subprocess.run(
            [*host_command(), *args, *extra],
            input=stdin, capture_output=True, text=True, timeout=timeout, env=env, cwd=tmp_path,
        )
        return Run(proc, path if extra else None)

    return run

