"""Hints name the command the user runs (issue 21, item 4): ``voice-host`` installed, ``./run`` from the checkout."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

from voice_host.cli import main as cli
from voice_host.user_command import resume_command, user_command

CHECKOUT = "./run voice-host"


def _main(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = cli.main(argv)
        except SystemExit as exit_:  # --help
            code = int(exit_.code or 0)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(params=[None, CHECKOUT], ids=["installed", "checkout"])
def command(request, monkeypatch, tmp_path) -> str:
    """The command as the user runs it, set up as ./run sets it (or not at all)."""
    if request.param is None:
        monkeypatch.delenv("VOICE_HOST_COMMAND", raising=False)
    else:
        monkeypatch.setenv("VOICE_HOST_COMMAND", request.param)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.delenv("VOSK_MODEL_PATH", raising=False)
    monkeypatch.chdir(tmp_path)
    return request.param or "voice-host"


def test_an_existing_journal_names_the_command_that_resumes_it(command, tmp_path):
    journal = tmp_path / "g.jsonl"
    script = tmp_path / "s.txt"
    script.write_text("cinquantatré\n", encoding="utf-8")
    argv = ["play", "--game", "tokio", "--players", "Anna,Bruno", "--tts", "none", "--input", f"script:{script}",
            "--journal", str(journal)]
    code, _, err = _main(argv)
    assert code == 3 and err.strip().endswith(f"per riprendere la partita: {command} play --resume {journal}")
    code, _, err = _main(argv)
    assert code == 2
    assert err.strip() == (f"voice-host: errore: {journal} esiste già: per continuare quella partita usa "
                           f"{command} play --resume {journal}")


def test_a_missing_model_names_the_download_command(command):
    code, _, err = _main(["model", "path"])
    assert code == 1 and err.strip().endswith(f"Scaricalo con: {command} model download")


def test_the_device_option_names_the_devices_command(command):
    code, out, _ = _main(["play", "--help"])
    assert code == 0 and f"vedi {command} devices)" in " ".join(out.split())


def test_paths_are_quoted_and_made_absolute_so_the_line_can_be_pasted(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    assert resume_command("a b'c.jsonl", environ={}) == f"voice-host play --resume '{tmp_path}/a b'\"'\"'c.jsonl'"
    assert user_command("voci", environ={"VOICE_HOST_COMMAND": "  "}) == "voice-host voci"  # empty: the default
    assert Path(resume_command("x.jsonl", environ={}).split()[-1]).is_absolute()
