"""A whole evening through the command line: lobby, a Tokio game, rivincita, cambiamo gioco, Yatzi, basta.

The two games are the hand-worked scripts of ``games/``: ``classico_d6.txt`` (classico,
d6, limit 2, Anna, Bruno, Carla: Anna wins, RULES.md 1.2-1.3, reasoning in the script) and
``yatzi_solo.txt`` (Anna alone, 283 points). The rematch is stopped at once ("fine
partita", "sì"): a game ended by the players counts for nobody.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest
from command import host_command, host_env

GAMES = Path(__file__).parent / "games"


def _lines(name: str) -> list[str]:
    return [line for line in (GAMES / name).read_text(encoding="utf-8").splitlines()
            if line and not line.startswith("#")]


def evening_script() -> list[str]:
    """The evening, answer by answer, in natural words."""
    return [
        "giochiamo a tokio", "sì, ma a due penalità", "va bene",
        "Anna", "Bruno", "Carla", "siamo tutti",
        *_lines("classico_d6.txt"),
        "rivincita", "fine partita", "sì",
        "esce Bruno", "esce Carla", "cambiamo gioco", "yatzi", "va bene",
        *_lines("yatzi_solo.txt"),
        "basta per stasera",
    ]


def run_evening(tmp_path: Path, lines: list[str], *extra: str, journal: Path | None = None
                ) -> subprocess.CompletedProcess[str]:
    script = tmp_path / "serata.txt"
    script.write_text("\n".join(lines) + "\n", encoding="utf-8")
    journal = journal or tmp_path / "serata.jsonl"
    args = ["serata", "--input", f"script:{script}", "--tts", "print", "--summary", str(tmp_path / "sum.json"),
            "--journal", str(journal), *extra]
    return subprocess.run([*host_command(), *args], capture_output=True, text=True, timeout=120,
                          env=_env(tmp_path), cwd=tmp_path)


def _env(tmp_path: Path) -> dict[str, str]:
    return host_env(XDG_STATE_HOME=str(tmp_path / "state"), XDG_CONFIG_HOME=str(tmp_path / "config"))


@pytest.mark.slow
def test_a_whole_evening_by_script(tmp_path: Path) -> None:
    run = run_evening(tmp_path, evening_script())
    assert run.returncode == 0, run.stderr + run.stdout[-3000:]
    summary = json.loads((tmp_path / "sum.json").read_text(encoding="utf-8"))
    games = [(g["game"], g["rules"], g["players"], g["winner"], g["finished"]) for g in summary["games"]]
    assert games == [
        ("tokio", "classico", ["Anna", "Bruno", "Carla"], "Anna", True),
        ("tokio", "classico", ["Anna", "Bruno", "Carla"], None, False),
        ("yatzi", "seed", ["Anna"], "Anna", True),
    ]
    wins = {row["name"]: row["wins"] for row in summary["standings"]}
    assert wins == {"Anna": 2, "Bruno": 0, "Carla": 0}
    out = run.stdout
    assert "Regole classiche, dadi da sei, fuori a due penalità: va bene?" in out
    assert "Stasera: a Tokio Anna una vittoria; a Yatzi Anna una vittoria. Buonanotte!" in out
    assert "Classifica della serata" in out
    # the rematch is opened by the last game's loser: Bruno and Carla were both out with 3 penalties;
    # the first of them at the table opens
    assert "Apre Bruno, che ha perso l'ultima." in out


def safe_cuts() -> list[int]:
    """Instants (lines consumed) where nothing is waiting in memory: every question before them answered,
    no confirmation pending; a kill there loses nothing and riprendi takes the next line."""
    tokio = len(_lines("classico_d6.txt"))
    return [1, 2, 4, 7, 7 + 2, 7 + tokio, 7 + tokio + 1, 7 + tokio + 3, 7 + tokio + 6, 7 + tokio + 9]


@pytest.mark.slow
@pytest.mark.system
def test_kill_anywhere_then_riprendi_finishes_the_same_evening(tmp_path: Path) -> None:
    """kill -9 at instants of the scripted evening fed at the keyboard; riprendi then finishes it the same."""
    lines = evening_script()
    for cut in safe_cuts():
        folder = tmp_path / f"cut{cut}"
        folder.mkdir()
        journal = folder / "serata.jsonl"
        args = ["serata", "--input", "keyboard", "--tts", "print", "--journal", str(journal)]
        proc = subprocess.Popen([*host_command(), *args], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, text=True, env=_env(folder), cwd=folder)
        assert proc.stdin is not None
        proc.stdin.write("".join(line + "\n" for line in lines[:cut]))
        proc.stdin.flush()
        time.sleep(2.0)  # every line read and acted on: the host waits for the next
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
        rest = folder / "rest.txt"
        rest.write_text("\n".join(lines[cut:]) + "\n", encoding="utf-8")
        resumed = subprocess.run(
            [*host_command(), "riprendi", str(journal), "--input", f"script:{rest}", "--tts", "print",
             "--summary", str(folder / "sum.json")],
            capture_output=True, text=True, timeout=120, env=_env(folder), cwd=folder)
        assert resumed.returncode == 0, (cut, resumed.stderr + resumed.stdout[-2000:])
        summary = json.loads((folder / "sum.json").read_text(encoding="utf-8"))
        assert [(g["game"], g["winner"], g["finished"]) for g in summary["games"]] == [
            ("tokio", "Anna", True), ("tokio", None, False), ("yatzi", "Anna", True)], cut
