"""Issue 18, item 6: a journal grown to its 4 MB limit by ``annulla`` resumes, compacted, and plays to the end."""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hostile import REPO, run_cli
from journal_text import TOKIO_CONFIG, chained_lines, header

from voice_host.storage.journal import read_journal

LIMIT = 4 * 1024 * 1024
CYCLE = [{"do": {"type": "claim", "dice": [6, 4]}}, {"undo": True}]  # a claim said, then "annulla"


def _pad(path: Path, room: int) -> None:
    """Append claim/undo cycles to the journal at ``path`` until it is within ``room`` bytes of the limit."""
    last = json.loads(path.read_text(encoding="utf-8").splitlines()[-1])["sum"]
    pair = sum(map(len, chained_lines(CYCLE, last)))
    cycles = (LIMIT - room - path.stat().st_size) // pair
    with open(path, "a", encoding="utf-8") as handle:
        handle.write("".join(chained_lines(CYCLE * cycles, last)))
    assert LIMIT - room - pair < path.stat().st_size <= LIMIT - room


def _grown_journal(path: Path) -> None:
    """Anna and Bruno, out at the first penalty, no action in force, 2,000 bytes below the limit."""
    path.write_text("".join(chained_lines([header(config={**TOKIO_CONFIG, "limit": 1})])), encoding="utf-8")
    _pad(path, 2000)


def _script(folder: Path, name: str, text: str) -> str:
    script = folder / name
    script.write_text(text, encoding="utf-8")
    return f"script:{script}"


@pytest.mark.slow
def test_a_journal_grown_to_the_limit_by_annulla_resumes_and_plays_to_the_end(tmp_path: Path) -> None:
    journal = tmp_path / "long.jsonl"
    _grown_journal(journal)
    # without compaction the first of these cycles (or the game's first step) passes the limit: exit 4
    loop = _script(tmp_path, "loop.txt", "cinquantatré\nannulla\n" * 30)
    run = run_cli(["play", "--resume", str(journal), "--tts", "print", "--input", loop], tmp_path, timeout=120)
    assert run.code == 3, run.stderr  # the script ended, not the journal
    assert journal.stat().st_size < 20_000
    # Anna says 53 and has it; Bruno doubted a true claim: his penalty, and at limit 1 he is out
    end = _script(tmp_path, "end.txt", "cinquantatré\ndubito\ncinquantatré\n")
    summary = tmp_path / "summary.json"
    done = run_cli(["play", "--resume", str(journal), "--tts", "print", "--input", end, "--summary", str(summary)],
                   tmp_path, timeout=120)
    assert done.code == 0, done.stderr
    assert "Bruno prende una penalità: è fuori." in done.stdout and "Anna vince la partita!" in done.stdout
    assert json.loads(summary.read_text(encoding="utf-8"))["winner"] == "Anna"


@pytest.mark.slow
def test_the_computer_seats_commitments_survive_the_compaction(tmp_path: Path) -> None:
    journal = tmp_path / "c.jsonl"
    empty = _script(tmp_path, "empty.txt", "")
    start = run_cli(["play", "--game", "tokio", "--players", "Anna", "--computer", "Carlo", "--first", "Carlo",
                     "--seed", "5", "--limit", "1", "--tts", "print", "--input", empty, "--journal", str(journal)],
                    tmp_path)
    assert start.code == 3, start.stderr
    assert "Anna, ci credi?" in start.stdout  # Carlo has claimed: his dice are under the cup
    padded = tmp_path / "padded.jsonl"
    shutil.copy(journal, padded)
    _pad(padded, 2000)
    doubt = _script(tmp_path, "doubt.txt", "dubito\n")
    plain = run_cli(["play", "--resume", str(journal), "--tts", "print", "--input", doubt], tmp_path)
    compacted = run_cli(["play", "--resume", str(padded), "--tts", "print", "--input", doubt], tmp_path)
    assert plain.code == compacted.code == 0, (plain.stderr, compacted.stderr)
    assert "Carlo scopre i dadi." in plain.stdout
    assert compacted.stdout == plain.stdout  # the same claim, the same dice shown, the same end
    assert padded.stat().st_size < 5000


@pytest.mark.system
@pytest.mark.slow
def test_kill_9_during_the_compaction_loses_nothing(tmp_path: Path) -> None:
    grown = tmp_path / "grown.jsonl"
    records = [header(config={**TOKIO_CONFIG, "limit": 1}), {"do": {"type": "claim", "dice": [5, 3]}}]
    grown.write_text("".join(chained_lines(records)), encoding="utf-8")
    _pad(grown, 2000)
    in_force = [{"type": "claim", "dice": [5, 3]}]
    env = dict(os.environ, PYTHONPATH=str(REPO), XDG_STATE_HOME=str(tmp_path / "state"))
    empty = _script(tmp_path, "empty.txt", "")

    def resume(path: Path) -> subprocess.Popen[bytes]:
        return subprocess.Popen([sys.executable, "-m", "voice_host", "play", "--resume", str(path), "--tts", "none",
                                 "--input", empty], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                cwd=tmp_path, env=env)

    clean = tmp_path / "clean.jsonl"
    shutil.copy(grown, clean)
    started = time.monotonic()
    assert resume(clean).wait(timeout=60) == 3
    whole = time.monotonic() - started  # start-up, reading 4 MB, the rewrite, the end
    rng = random.Random(6)
    compacted = 0
    for trial in range(8):
        folder = tmp_path / f"t{trial}"
        folder.mkdir()
        journal = folder / "j.jsonl"
        shutil.copy(grown, journal)
        before = journal.stat().st_ino
        proc = resume(journal)
        if trial == 0:  # at once after the rename: the new file is in place, the old one's inode gone
            deadline = time.monotonic() + 60
            while journal.stat().st_ino == before and proc.poll() is None and time.monotonic() < deadline:
                time.sleep(0.001)
        else:  # most of the run is the reading and the rewrite
            time.sleep(rng.uniform(0.3 * whole, whole))
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        contents, _ = read_journal(str(journal))
        assert contents.actions == in_force, trial
        compacted += journal.stat().st_size < 5000
        assert resume(journal).wait(timeout=60) == 3  # resumes, and leaves no temporary file
        assert os.listdir(folder) == ["j.jsonl"], (trial, os.listdir(folder))
        assert read_journal(str(journal))[0].actions == in_force
        assert journal.stat().st_size < 5000
    # the first kill came after the rename; random moments over the run put some before it
    assert 0 < compacted < 8, compacted
