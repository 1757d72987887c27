"""Crash safety: kill -9 mid-game and resume from the journal with nothing lost."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest
from interactive import start_interactive, wait_for
from journal_text import chained_lines, header, journal_text

GAMES = Path(__file__).parent / "games"

pytestmark = pytest.mark.slow  # several interactive subprocesses each: the full tier only


def test_sigkill_then_resume_loses_nothing(tmp_path, voice_host):
    journal = tmp_path / "game.jsonl"
    proc, lines = start_interactive(
        [
            "play",
            "--game",
            "tokio",
            "--players",
            "Anna,Bruno",
            "--dice",
            "8",
            "--limit",
            "2",
            "--input",
            "keyboard",
            "--tts",
            "print",
            "--journal",
            str(journal),
        ],
        tmp_path,
    )
    assert proc.stdin is not None
    for utterance in ["ottantasette", "ci credo", "coppia di otto", "dubito", "otto e sette"]:
        proc.stdin.write(utterance + "\n")
        proc.stdin.flush()
    # the penalty has been announced, so it must be on disk already
    wait_for(lines, "Bruno prende una penalità, ne ha 1.")
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=10)
    assert proc.returncode == -signal.SIGKILL

    rest = tmp_path / "rest.txt"
    rest.write_text("classifica\nyokohama\ndubito\ndue e uno\n", encoding="utf-8")
    run = voice_host("play", "--resume", str(journal), "--input", f"script:{rest}", "--tts", "print")
    assert run.code == 0, run.stderr
    assert "Riprendo la partita" in run.stdout
    assert "Penalità: Anna 0, Bruno 1." in run.stdout
    assert run.summary is not None and run.summary["winner"] == "Bruno"
    assert {p["name"]: p["penalties"] for p in run.summary["players"]} == {"Anna": 2, "Bruno": 1}


def test_undo_works_across_a_resume(tmp_path, voice_host):
    journal = tmp_path / "game.jsonl"
    first = tmp_path / "first.txt"
    first.write_text("ottantasette\nci credo\ncoppia di otto\ndubito\notto e sette\n", encoding="utf-8")
    run = voice_host("play", "--game", "tokio", "--players", "Anna,Bruno", "--dice", "8", "--limit", "2",
                     "--input", f"script:{first}", "--tts", "none", "--journal", str(journal))
    assert run.code == 3
    # after the resume, undo the reveal: the cup really showed 8-8, so Anna doubted wrongly
    second = tmp_path / "second.txt"
    second.write_text("annulla\notto e otto\n", encoding="utf-8")
    run = voice_host("play", "--resume", str(journal), "--input", f"script:{second}", "--tts", "print")
    assert "Annullato: sotto c'era ottantasette." in run.stdout
    assert run.summary is not None
    assert {p["name"]: p["penalties"] for p in run.summary["players"]} == {"Anna": 1, "Bruno": 0}
    # and a third session sees the same state
    run = voice_host("play", "--resume", str(journal), "--input", f"script:{tmp_path / 'missing-is-fine.txt'}")
    assert run.code == 2  # unreadable script: clear error, journal untouched
    empty = tmp_path / "empty.txt"
    empty.write_text("", encoding="utf-8")
    run = voice_host("play", "--resume", str(journal), "--input", f"script:{empty}", "--tts", "none")
    assert {p["name"]: p["penalties"] for p in run.summary["players"]} == {"Anna": 1, "Bruno": 0}


def test_journal_refuses_to_overwrite(tmp_path, voice_host):
    journal = tmp_path / "game.jsonl"
    journal.write_text("something\n", encoding="utf-8")
    run = voice_host("play", "--game", "tokio", "--players", "Anna,Bruno", "--journal", str(journal),
                     "--input", "keyboard", "--tts", "none", summary=False)
    assert run.code == 2
    assert journal.read_text(encoding="utf-8") == "something\n"


def test_foreign_and_corrupt_journals_get_a_clear_error(tmp_path, voice_host):
    foreign = tmp_path / "foreign.jsonl"
    foreign.write_text('{"hello": "world"}\n', encoding="utf-8")
    corrupt = tmp_path / "corrupt.jsonl"
    corrupt.write_text(chained_lines([header()])[0] + "{not json\n" + '{"do": {"type": "doubt"}}\n',
                       encoding="utf-8")
    illegal = tmp_path / "illegal.jsonl"
    # a doubt before any claim cannot be replayed
    illegal.write_text(journal_text("tokio", None, [{"do": {"type": "doubt"}}]), encoding="utf-8")
    binary = tmp_path / "binary.jsonl"
    binary.write_bytes(b"\xff\xfe\x00garbage\n")
    for path, needle in [(foreign, "non è un giornale"), (corrupt, "riga 2"), (illegal, "non corrisponde"),
                         (binary, "riga 1")]:
        run = voice_host("play", "--resume", str(path), "--input", "keyboard", "--tts", "none", summary=False)
        assert run.code == 2, (path, run.stderr)
        lines = run.stderr.strip().splitlines()
        assert len(lines) == 1 and needle in lines[0], run.stderr


def test_a_torn_last_line_is_dropped_not_fatal(tmp_path, voice_host):
    torn = tmp_path / "torn.jsonl"
    torn.write_text(journal_text("tokio", None, [{"do": {"type": "claim", "dice": [5, 3]}}]) + '{"do": {"ty',
                    encoding="utf-8")
    script = tmp_path / "s.txt"
    script.write_text("dubito\ncinque e due\n", encoding="utf-8")
    run = voice_host("play", "--resume", str(torn), "--input", f"script:{script}", "--tts", "none")
    assert run.code == 3, run.stderr
    assert {p["name"]: p["penalties"] for p in run.summary["players"]} == {"Anna": 1, "Bruno": 0}
    assert torn.read_text(encoding="utf-8").count("\n") == 4  # header, claim, doubt, reveal
