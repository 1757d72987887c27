"""Ends that help (issue 17, item 6): every stop of a game that can go on names the real resume command,
a game the players ended is written as ended, and a game that is over resumes as over, without a model.
"""

from __future__ import annotations

import json
import os
import shlex
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from hostile import REPO, fill, run_cli, small_tmpfs

GAMES = Path(__file__).parent / "games"
TOKIO = ["play", "--game", "tokio", "--players", "Anna,Bruno"]
RESUME_HINT = "; per riprendere la partita: "
NO_MODEL = ["--input", "voice", "--model", "/nonexistent/model"]  # any attempt to load a model fails at once


def _script(tmp_path: Path, text: str, name: str = "s.txt") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _resume_command(stderr: str) -> list[str]:
    """The command of the one line that says how to resume, split as a shell would."""
    lines = [line for line in stderr.splitlines() if RESUME_HINT in line or "per riprendere la partita: " in line]
    assert len(lines) == 1, stderr
    return shlex.split(lines[0].split("per riprendere la partita: ", 1)[1])


def _env(tmp_path: Path) -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(REPO), XDG_STATE_HOME=str(tmp_path / "state"))


@pytest.mark.slow  # the host started as a process for a whole game or more: the full tier
def test_input_that_ends_names_the_resume_command_with_the_real_path_and_it_works(tmp_path):
    journal = tmp_path / "la mia partita.jsonl"  # a space: the command must be quoted to paste
    script = _script(tmp_path, "cinquantatré\n")
    run = run_cli([*TOKIO, "--tts", "none", "--input", f"script:{script}", "--journal", str(journal)], tmp_path)
    assert run.code == 3, run.stderr
    last = run.stderr.strip().splitlines()[-1]
    assert last == ("voice-host: le risposte sono finite a partita in corso; per riprendere la partita: "
                    f"voice-host play --resume {shlex.quote(str(journal))}")
    command = _resume_command(run.stderr)
    assert command[:3] == ["voice-host", "play", "--resume"] and Path(command[3]) == journal
    # the printed command really resumes this game (run as the installed script would be)
    rest = _script(tmp_path, "classifica\n", "rest.txt")
    again = run_cli([*command[1:], "--tts", "print", "--input", f"script:{rest}"], tmp_path)
    assert again.code == 3 and "Riprendo la partita" in again.stdout, again.stderr


@pytest.mark.slow  # a real process: the full tier (the fast tier keeps one of each kind)
def test_the_default_journal_is_named_with_its_resume_command(tmp_path):
    run = run_cli([*TOKIO, "--tts", "none", "--input", f"script:{_script(tmp_path, '')}"], tmp_path)
    first = run.stderr.strip().splitlines()[0]
    folder = tmp_path / "state" / "voice-host"
    (journal,) = folder.iterdir()
    assert first == f"voice-host: giornale {journal} (per riprendere: voice-host play --resume {journal})"


@pytest.mark.slow
def test_run_exports_the_command_as_typed(tmp_path):
    # ./run from another folder: the hint is the path the user typed, which works from there
    run = subprocess.run(["bash", str(REPO / "run"), "voice-host", "model", "path"], cwd=tmp_path,
                         env=dict(os.environ, HOME=str(tmp_path), XDG_CACHE_HOME=str(tmp_path)),
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 1, run.stderr
    assert run.stderr.strip().endswith(f"Scaricalo con: {REPO / 'run'} voice-host model download"), run.stderr


@pytest.mark.system
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_stop_from_outside_names_the_resume_command(tmp_path, signum):
    journal = tmp_path / "g.jsonl"
    proc = subprocess.Popen([sys.executable, "-m", "voice_host", *TOKIO, "--tts", "print", "--input", "keyboard",
                             "--journal", str(journal)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=tmp_path, env=_env(tmp_path))
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write("cinquantatré\n")
    proc.stdin.flush()
    while "Bruno, ci credi?" not in proc.stdout.readline():
        pass
    proc.send_signal(signum)
    _, stderr = proc.communicate(timeout=30)
    assert proc.returncode == 128 + signum, stderr
    assert "Traceback" not in stderr
    assert _resume_command(stderr) == ["voice-host", "play", "--resume", str(journal)]


@pytest.mark.system
@pytest.mark.skipif(os.geteuid() != 0, reason="mounting a small tmpfs to fill it needs root")
def test_a_write_error_names_the_resume_command(tmp_path):
    with small_tmpfs(tmp_path / "disk") as disk:
        journal = disk / "game.jsonl"
        first = _script(tmp_path, "cinquantatré\n", "first.txt")
        assert run_cli([*TOKIO, "--input", f"script:{first}", "--tts", "none", "--journal", str(journal)],
                       tmp_path).code == 3
        fill(disk)
        loop = _script(tmp_path, "annulla\ncinquantatré\n" * 200, "loop.txt")
        run = run_cli(["play", "--resume", str(journal), "--input", f"script:{loop}", "--tts", "none"], tmp_path)
        assert run.code == 4
        line = run.one_error_line()
        assert "disco pieno" in line and line.endswith(f"{RESUME_HINT}voice-host play --resume {journal}")


@pytest.mark.slow  # a real process: the full tier (the fast tier keeps one of each kind)
def test_fine_partita_writes_the_end_and_the_journal_resumes_as_over_without_a_model(tmp_path):
    journal = tmp_path / "g.jsonl"
    script = _script(tmp_path, "cinquantatré\ndubito\ncinque e due\nfine partita\nsì\n")
    run = run_cli([*TOKIO, "--tts", "print", "--input", f"script:{script}", "--journal", str(journal)], tmp_path)
    assert run.code == 0, run.stderr
    assert "per riprendere" not in run.stderr  # nothing to resume
    records = [json.loads(line) for line in journal.read_text(encoding="utf-8").splitlines()]
    assert {k: v for k, v in records[-1].items() if k != "sum"} == {"end": "stopped"}
    standings = run.stdout.strip().splitlines()[-1]  # said right after "Partita finita su richiesta."
    assert "Anna" in standings and "Partita finita su richiesta." in run.stdout
    resumed = run_cli(["play", "--resume", str(journal), "--tts", "print", *NO_MODEL], tmp_path)
    assert resumed.code == 0, resumed.stderr
    assert resumed.stdout.splitlines() == ["Questa partita è già finita. Ecco la classifica finale.", standings]
    assert resumed.stderr == ""  # no model looked for, no resume hint
    assert journal.read_text(encoding="utf-8").count("\n") == len(records)  # nothing written


@pytest.mark.slow  # a real process: the full tier (the fast tier keeps one of each kind)
def test_a_finished_game_resumes_as_over_once_without_a_model(tmp_path):
    journal = tmp_path / "g.jsonl"
    game = run_cli(["play", "--game", "tokio", "--players", "Anna,Bruno", "--dice", "8", "--limit", "2",
                    "--tts", "print", "--input", f"script:{GAMES / 'classico_d8.txt'}", "--journal", str(journal)],
                   tmp_path)
    assert game.code == 0, game.stderr
    final = game.stdout.strip().splitlines()[-1]
    summary = tmp_path / "summary.json"
    resumed = run_cli(["play", "--resume", str(journal), "--tts", "print", "--summary", str(summary), *NO_MODEL],
                      tmp_path)
    assert resumed.code == 0, resumed.stderr
    assert resumed.stdout.splitlines() == ["Questa partita è già finita. Ecco la classifica finale.", final]
    assert "Riprendo" not in resumed.stdout and resumed.stderr == ""
    written = json.loads(summary.read_text(encoding="utf-8"))
    # classico d8, limit 2: Bruno wins, Anna is out with 2 penalties (worked by hand in games/classico_d8.txt)
    assert written["finished"] is True and written["winner"] == "Bruno"
