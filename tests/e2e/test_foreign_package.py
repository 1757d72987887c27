"""Another distribution's top-level ``engine`` earlier on the path: reported in one line, and the host still plays."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from command import INSTALLED, REPO, host_command, host_env


@pytest.mark.slow  # the host started as a process for a whole game or more: the full tier
def test_a_foreign_engine_on_the_path_is_named_and_the_host_uses_its_own(tmp_path: Path) -> None:
    other = tmp_path / "other-site"
    (other / "engine").mkdir(parents=True)
    (other / "engine" / "__init__.py").write_text('"""Some game engine that is not voice-host\'s."""\n')
    path = str(other) if INSTALLED else f"{other}:{REPO}"
    env = host_env(PYTHONPATH=path, XDG_STATE_HOME=str(tmp_path / "state"))
    env["PYTHONPATH"] = path
    proc = subprocess.run(
        [*host_command(), "play", "--game", "tokio", "--players", "Anna,Bruno", "--tts", "print",
         "--input", "keyboard", "--no-journal"],
        input="", capture_output=True, text=True, timeout=60, env=env, cwd=tmp_path,
    )
    assert "Traceback" not in proc.stderr, proc.stderr
    warning = proc.stderr.splitlines()[0]
    assert warning.startswith("voice-host: attenzione: un altro pacchetto Python installato si chiama anche «engine»")
    assert str(other / "engine") in warning
    assert "Anna, tira e dichiara." in proc.stdout
    assert proc.returncode == 3  # the typed input ended before the game: the README's code
