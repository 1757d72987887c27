"""Issue 9, case by case, through the real command line: locks, full disks, hostile files and terminals.

Each test names the numbered failure of the issue it pins. The disk-full cases
mount a small tmpfs and need root; they are skipped with the reason otherwise.
"""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import sys
import time
import unicodedata
from pathlib import Path

import pytest
from hostile import REPO, fill, run_cli, small_tmpfs
from interactive import start_interactive, wait_for
from journal_text import chained_lines, header, journal_text

from voice_host.storage.journal import read_journal

#: Dozens of real processes, each a hostile case: the full tier runs them (the fast one keeps the contract tests).
pytestmark = pytest.mark.slow

TOKIO3 = ["play", "--game", "tokio", "--players", "Anna,Bruno,Carla"]
ROOT = os.geteuid() == 0
needs_root = pytest.mark.skipif(not ROOT, reason="mounting a small tmpfs to fill it needs root")


def _journal_with_a_claim(tmp_path: Path, name: str = "two.jsonl") -> Path:
    """``printf 'cinquantadue\\n' | voice-host play ... --journal two.jsonl`` (the issue's set-up)."""
    journal = tmp_path / name
    run = run_cli([*TOKIO3, "--input", "keyboard", "--tts", "none", "--journal", str(journal)], tmp_path,
                  stdin=b"cinquantadue\n")
    assert run.code == 3, run.stderr
    return journal


def _actions(journal: Path) -> list[dict]:
    return read_journal(str(journal))[0].actions


# ---------------------------------------------------------------- 1. two processes, one journal


@pytest.mark.system
def test_1_a_second_process_on_an_open_journal_is_refused_and_changes_nothing(tmp_path):
    journal = _journal_with_a_claim(tmp_path)
    first, lines = start_interactive(["play", "--resume", str(journal), "--input", "keyboard", "--tts", "print"],
                                     tmp_path)
    try:
        wait_for(lines, "Cinquantadue. Bruno, ci credi?")
        before = journal.read_bytes()
        second = run_cli(["play", "--resume", str(journal), "--input", "keyboard", "--tts", "print"], tmp_path,
                         stdin=b"ci credo\n")
        assert second.code == 2
        assert "la partita è già aperta da un altro processo" in second.one_error_line()
        assert "Bruno, tira" not in second.stdout
        assert journal.read_bytes() == before
        assert first.stdin is not None
        first.stdin.write("dubito\n")
        first.stdin.close()
        wait_for(lines, "Anna, scopri i dadi.")
        assert first.wait(timeout=30) == 3
    finally:
        first.kill()
        first.wait()
    assert _actions(journal) == [{"type": "claim", "dice": [5, 2]}, {"type": "doubt"}]


@pytest.mark.system
def test_1_two_resumes_started_at_once_one_plays_the_other_is_refused(tmp_path):
    journal = _journal_with_a_claim(tmp_path)
    env = dict(os.environ, PYTHONPATH=str(REPO))
    procs = {
        answer: subprocess.Popen(
            [sys.executable, "-m", "voice_host", "play", "--resume", str(journal), "--input", "keyboard",
             "--tts", "print"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True, env=env, cwd=tmp_path)
        for answer in ("dubito", "ci credo")
    }
    # Both stdins stay open, so the process holding the journal waits at its question and
    # the other one must be refused however the two starts interleave.
    deadline = time.monotonic() + 60
    while all(proc.poll() is None for proc in procs.values()):
        assert time.monotonic() < deadline, "neither process was refused"
        time.sleep(0.05)
    results = {}
    for answer, proc in procs.items():
        if proc.poll() is None:
            results[answer] = proc.communicate(answer + "\n", timeout=60) + (proc.returncode,)
        else:
            results[answer] = proc.communicate(timeout=60) + (proc.returncode,)
    refused = [a for a, (_, err, code) in results.items() if code == 2 and "già aperta" in err]
    played = [a for a, (out, _, code) in results.items() if code == 3]
    assert len(refused) == 1 and len(played) == 1, results
    winner = played[0]
    announced = "Anna, scopri i dadi." if winner == "dubito" else "Bruno, tira: almeno cinquantadue."
    assert announced in results[winner][0]
    assert "Bruno" not in results[refused[0]][0]  # the refused one announced nothing
    expected = {"type": "doubt"} if winner == "dubito" else {"type": "believe"}
    assert _actions(journal) == [{"type": "claim", "dice": [5, 2]}, expected]


# ---------------------------------------------------------------- 2. disk full


@pytest.mark.system
@needs_root
def test_2_starting_into_a_full_disk_leaves_nothing_behind(tmp_path):
    with small_tmpfs(tmp_path / "disk") as disk:
        filler = fill(disk)
        journal = disk / "game.jsonl"
        args = [*TOKIO3, "--input", "keyboard", "--tts", "print", "--journal", str(journal)]
        run = run_cli(args, tmp_path, stdin="cinquantatré\n".encode())
        assert run.code == 4
        assert "disco pieno" in run.one_error_line()
        assert "Non posso salvare la partita" in run.stdout  # said, for a player who sees no screen
        assert not journal.exists()
        assert sorted(p.name for p in disk.iterdir()) == ["filler"]
        filler.unlink()
        again = run_cli(args, tmp_path, stdin="cinquantatré\n".encode())  # nothing blocks a new start
        assert again.code == 3, again.stderr
        assert _actions(journal) == [{"type": "claim", "dice": [5, 3]}]


@pytest.mark.system
@needs_root
def test_2_a_full_disk_mid_game_stops_cleanly_and_the_journal_stays_resumable(tmp_path):
    summary = tmp_path / "summary.json"
    with small_tmpfs(tmp_path / "disk") as disk:
        journal = disk / "game.jsonl"
        first = tmp_path / "first.txt"
        first.write_text("cinquantatré\n", encoding="utf-8")
        assert run_cli([*TOKIO3, "--input", f"script:{first}", "--tts", "none", "--journal", str(journal)],
                       tmp_path).code == 3
        filler = fill(disk)  # the journal's last page has room for a few more records only
        loop = tmp_path / "loop.txt"
        loop.write_text("annulla\ncinquantatré\n" * 200, encoding="utf-8")
        run = run_cli(["play", "--resume", str(journal), "--input", f"script:{loop}", "--tts", "print",
                       "--summary", str(summary)], tmp_path)
        assert run.code == 4
        assert "disco pieno" in run.one_error_line()
        assert "Non riesco più a salvare la partita" in run.stdout
        # no torn record: the file ends with a whole line and reads back
        assert journal.read_bytes().endswith(b"\n")
        records = [json.loads(line) for line in journal.read_text(encoding="utf-8").splitlines()]
        # every announced step is on disk, and nothing on disk went unannounced
        stdout = run.stdout.splitlines()
        # each claim on disk is echoed once in the question to Bruno (the first one on resuming)
        assert stdout.count("Cinquantatré. Bruno, ci credi?") == sum("do" in r for r in records)
        assert sum(line.startswith("Annullato:") for line in stdout) == sum("undo" in r for r in records)
        assert summary.exists() and json.loads(summary.read_text(encoding="utf-8"))["finished"] is False
        filler.unlink()
        again = tmp_path / "again.txt"
        again.write_text("classifica\n", encoding="utf-8")
        resumed = run_cli(["play", "--resume", str(journal), "--input", f"script:{again}", "--tts", "print"],
                          tmp_path)
        assert resumed.code == 3, resumed.stderr
        assert "Riprendo la partita" in resumed.stdout


@pytest.mark.system
@needs_root
def test_2_a_summary_that_cannot_be_written_is_an_error(tmp_path):
    with small_tmpfs(tmp_path / "disk") as disk:
        fill(disk)
        script = tmp_path / "s.txt"
        script.write_text("cinquantatré\n", encoding="utf-8")
        run = run_cli([*TOKIO3, "--input", f"script:{script}", "--tts", "none", "--no-journal",
                       "--summary", str(disk / "summary.json")], tmp_path)
        assert run.code == 4
        last = run.stderr.strip().splitlines()[-1]
        assert "riepilogo" in last and "disco pieno" in last and "Traceback" not in run.stderr
        assert sorted(p.name for p in disk.iterdir()) == ["filler"]  # no half-written summary


@pytest.mark.system
def test_9_a_failed_summary_write_exits_4_for_any_user(tmp_path):
    folder = tmp_path / "out"
    folder.mkdir()
    env = dict(os.environ, PYTHONPATH=str(REPO), XDG_STATE_HOME=str(tmp_path / "state"))
    proc = subprocess.Popen([sys.executable, "-m", "voice_host", *TOKIO3, "--input", "keyboard", "--tts", "print",
                             "--summary", str(folder / "s.json")], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env, cwd=tmp_path)
    assert proc.stdout is not None
    assert "Anna" in proc.stdout.readline()  # the game has started: the summary folder passed its check
    folder.rmdir()
    _, err = proc.communicate("", timeout=30)
    assert proc.returncode == 4
    assert "riepilogo" in err.strip().splitlines()[-1] and "Traceback" not in err


# ---------------------------------------------------------------- 3. unbounded reads


def _fifo(tmp_path: Path) -> str:
    path = tmp_path / "fifo"
    os.mkfifo(path)
    return str(path)


def _sparse(tmp_path: Path, name: str, first: bytes) -> str:
    path = tmp_path / name
    with open(path, "wb") as handle:
        handle.write(first)
        handle.truncate(200 * 1024 * 1024)
    return str(path)


@pytest.mark.system
@pytest.mark.parametrize("case", ["resume /dev/zero", "script /dev/zero", "keyboard /dev/zero", "resume FIFO",
                                  "script FIFO", "resume 200 MB", "script 200 MB", "resume folder"])
def test_3_hostile_files_are_refused_at_once_in_little_memory(tmp_path, case):
    stdin = None
    if case == "resume /dev/zero":
        args, needle = ["play", "--resume", "/dev/zero"], "dispositivo"
    elif case == "script /dev/zero":
        args, needle = [*TOKIO3, "--input", "script:/dev/zero"], "dispositivo"
    elif case == "keyboard /dev/zero":
        args, needle = [*TOKIO3, "--input", "keyboard", "--no-journal"], "troppo lunga"
        stdin = open("/dev/zero", "rb")
    elif case == "resume FIFO":
        args, needle = ["play", "--resume", _fifo(tmp_path)], "pipe"
    elif case == "script FIFO":
        args, needle = [*TOKIO3, "--input", f"script:{_fifo(tmp_path)}"], "pipe"
    elif case == "resume 200 MB":
        first = "".join(chained_lines([header()])).encode()
        args, needle = ["play", "--resume", _sparse(tmp_path, "big.jsonl", first)], "supera"
    elif case == "script 200 MB":
        big = _sparse(tmp_path, "big.txt", b"dubito\n")
        args, needle = [*TOKIO3, "--input", f"script:{big}"], "supera"
    else:
        args, needle = ["play", "--resume", str(tmp_path)], "cartella"
    try:
        run = run_cli([*args, "--tts", "none"], tmp_path, stdin=stdin, timeout=20)
    finally:
        if stdin is not None:
            stdin.close()
    assert run.code == 2
    assert needle in run.one_error_line()
    assert run.peak_mb < 100, run.peak_mb
    assert run.seconds < 3, run.seconds  # interpreter start-up included; the refusal itself is instant


# ---------------------------------------------------------------- 4. bytes that used to raise


def _raw_journal(tmp_path: Path, lines: list[str]) -> str:
    path = tmp_path / "raw.jsonl"
    path.write_text("".join(lines), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("case", ["5000 digits", "nested 100000", "nested 5000", "seed 1e400"])
def test_4_hostile_journal_lines_get_one_line_and_exit_2(tmp_path, case):
    head = chained_lines([header()])[0]
    if case == "5000 digits":
        lines, needle = [head, '{"do":{"dice":[' + "9" * 5000 + ',1],"type":"claim"},"sum":"0"}\n'], "riga 2"
    elif case == "nested 100000":
        lines, needle = [head, "[" * 100_000 + "]" * 100_000 + "\n"], "riga 2"
    elif case == "nested 5000":
        lines, needle = [head, "[" * 5000 + "]" * 5000 + "\n"], "riga 2"
    else:
        lines = ['{"config":{"first":null,"players":["Anna"],"seed":1e400,"virtual":true},"game":"yatzi",'
                 '"journal":"voice-host journal","sum":"0","version":2}\n']
        needle = "riga 1"
    run = run_cli(["play", "--resume", _raw_journal(tmp_path, lines), "--input", "keyboard", "--tts", "none"],
                  tmp_path)
    assert run.code == 2
    assert needle in run.one_error_line()


def test_4_a_script_with_invalid_utf8_is_refused_before_the_game(tmp_path):
    script = tmp_path / "bad.txt"
    script.write_bytes("cinquantatré\ndubito\n".encode() + b"\xff\xfe cinque e due\n")
    run = run_cli([*TOKIO3, "--input", f"script:{script}", "--tts", "print"], tmp_path)
    assert run.code == 2
    assert "riga 3" in run.one_error_line() and "UTF-8" in run.one_error_line()
    assert run.stdout == ""  # refused before the game started
    assert not (tmp_path / "state" / "voice-host").exists() or not list((tmp_path / "state" / "voice-host").iterdir())


def test_4_invalid_utf8_typed_under_an_italian_locale_is_just_not_understood(tmp_path):
    run = run_cli([*TOKIO3, "--input", "keyboard", "--tts", "print", "--no-journal"], tmp_path,
                  stdin=b"\xff\xfe\ncinquantatr\xc3\xa9\n", env={"LC_ALL": "it_IT.UTF-8", "LANG": "it_IT.UTF-8",
                       # where it_IT.UTF-8 is not installed, Python falls back to the C locale and
                       # its lenient decoding; this is what a real UTF-8 locale does
                       "PYTHONIOENCODING": "utf-8:strict"})
    assert run.code == 3, run.stderr
    assert "Traceback" not in run.stderr
    # the bad bytes are read as replacement characters, which say nothing: the host asks again
    assert "Anna, tira e dichiara.\nNon ho sentito niente.\nAnna, tira e dichiara.\n" in run.stdout
    assert "Cinquantatré. Bruno, ci credi?" in run.stdout  # and the game went on


# ---------------------------------------------------------------- 5. summary over an input


@pytest.mark.parametrize("which", ["journal", "resume", "script"])
def test_5_a_summary_path_equal_to_the_journal_or_the_script_is_refused(tmp_path, which):
    journal = _journal_with_a_claim(tmp_path) if which == "resume" else tmp_path / "new.jsonl"
    script = tmp_path / "s.txt"
    script.write_text("cinquantatré\n", encoding="utf-8")
    before = {p: p.read_bytes() for p in (journal, script) if p.exists()}
    if which == "journal":
        args = [*TOKIO3, "--journal", str(journal), "--input", f"script:{script}", "--summary", "./new.jsonl"]
    elif which == "resume":
        args = ["play", "--resume", str(journal), "--input", f"script:{script}", "--summary", str(journal)]
    else:
        args = [*TOKIO3, "--no-journal", "--input", f"script:{script}", "--summary", str(script)]
    run = run_cli([*args, "--tts", "none"], tmp_path)
    assert run.code == 2
    assert "--summary" in run.one_error_line()
    assert {p: p.read_bytes() for p in before} == before
    assert which != "journal" or not journal.exists()


# ---------------------------------------------------------------- 6. no journal, silently


@pytest.mark.system
def test_6_an_unwritable_journal_folder_stops_the_start_out_loud(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("", encoding="utf-8")  # the state folder cannot be made under a file, even by root
    env = {"XDG_STATE_HOME": str(blocker)}
    run = run_cli([*TOKIO3, "--input", "keyboard", "--tts", "print"], tmp_path, stdin=b"cinquantatr\xc3\xa9\n",
                  env=env)
    assert run.code == 2
    assert "--no-journal" in run.one_error_line()
    assert "Non posso salvare la partita" in run.stdout  # said, not only printed
    assert "Bruno, ci credi?" not in run.stdout
    played = run_cli([*TOKIO3, "--input", "keyboard", "--tts", "print", "--no-journal"], tmp_path,
                     stdin=b"cinquantatr\xc3\xa9\n", env=env)
    assert played.code == 3 and "Cinquantatré. Bruno, ci credi?" in played.stdout


# ---------------------------------------------------------------- 7. the journal is not trusted


def _played_journal(tmp_path: Path) -> Path:
    journal = tmp_path / "g.jsonl"
    script = tmp_path / "g.txt"
    # 53 doubted, the cup shows 52: Anna bluffed
    script.write_text("cinquantatré\ndubito\ncinque e due\n", encoding="utf-8")
    assert run_cli([*TOKIO3, "--input", f"script:{script}", "--tts", "none", "--journal", str(journal)],
                   tmp_path).code == 3
    return journal


def test_7_an_edited_reveal_is_reported_with_its_line(tmp_path):
    journal = _played_journal(tmp_path)
    text = journal.read_text(encoding="utf-8")
    assert '"dice":[5,2]' in text
    journal.write_text(text.replace('"dice":[5,2]', '"dice":[5,3]'), encoding="utf-8")  # now Bruno pays
    run = run_cli(["play", "--resume", str(journal), "--input", "keyboard", "--tts", "none"], tmp_path)
    assert run.code == 2
    assert "riga 4: giornale modificato" in run.one_error_line()


def test_7_an_edited_yatzi_roll_is_reported_with_its_line(tmp_path):
    journal = tmp_path / "y.jsonl"
    script = tmp_path / "y.txt"
    script.write_text("uno due tre quattro sei\n", encoding="utf-8")
    assert run_cli(["play", "--game", "yatzi", "--players", "Anna", "--input", f"script:{script}", "--tts", "none",
                    "--journal", str(journal)], tmp_path).code == 3
    text = journal.read_text(encoding="utf-8")
    journal.write_text(text.replace('"dice":[1,2,3,4,6]', '"dice":[6,6,6,6,6]'), encoding="utf-8")
    assert text != journal.read_text(encoding="utf-8")
    run = run_cli(["play", "--resume", str(journal), "--input", "keyboard", "--tts", "none"], tmp_path)
    assert run.code == 2
    assert "riga 2: giornale modificato" in run.one_error_line()


@pytest.mark.parametrize("config,records,needle", [
    (None, [{"do": {"type": "claim", "dice": [True, 1]}}], "riga 2"),
    (None, [{"do": {"type": "claim", "dice": [7, 1]}}], "non corrisponde"),  # no 7 on a d6
    (None, [{"do": {"type": "claim", "dice": [5, 3], "extra": 1}}], "non corrisponde"),
    ({"rules": "classico", "limit": True, "players": ["Anna", "Bruno"]}, [], "intestazione"),
    ({"rules": "classico", "dice": 7, "players": ["Anna", "Bruno"]}, [], "intestazione"),
    ({"rules": "classico", "players": ["Anna", "anna"]}, [], "intestazione"),
    ({"players": ["Anna"], "virtual": 1, "seed": 3}, [], "intestazione"),
])
def test_7_types_are_checked_strictly_even_with_valid_checksums(tmp_path, config, records, needle):
    game = "yatzi" if config and "virtual" in config else "tokio"
    path = tmp_path / "j.jsonl"
    path.write_text(journal_text(game, config, records), encoding="utf-8")
    run = run_cli(["play", "--resume", str(path), "--input", "keyboard", "--tts", "none"], tmp_path)
    assert run.code == 2
    assert needle in run.one_error_line()


def test_7_a_float_limit_is_refused(tmp_path):
    line = ('{"config":{"limit":2.5,"players":["Anna","Bruno"],"rules":"classico"},"game":"tokio",'
            '"journal":"voice-host journal","sum":"0","version":2}\n')
    run = run_cli(["play", "--resume", _raw_journal(tmp_path, [line]), "--tts", "none"], tmp_path)
    assert run.code == 2 and "riga 1" in run.one_error_line()


# ---------------------------------------------------------------- 8. terminal injection

EVIL = "\u001b]0;owned\u0007\u001b[2J"


def _clean(text: str) -> bool:
    return not any(unicodedata.category(c) == "Cc" and c != "\n" for c in text)


@pytest.mark.parametrize("players", [f"Anna,Bruno{EVIL}", "Anna,Bru\nno", "Anna,Bruno\u2028Carla"])
def test_8_names_with_escapes_or_line_breaks_are_refused_and_not_echoed_raw(tmp_path, players):
    run = run_cli(["play", "--game", "tokio", "--players", players, "--tts", "print", "--no-journal"], tmp_path)
    assert run.code == 2
    assert "a capo" in run.one_error_line()
    assert _clean(run.stderr) and _clean(run.stdout)


def test_8_a_journal_name_with_escapes_is_refused_and_not_echoed_raw(tmp_path):
    path = tmp_path / "j.jsonl"
    config = {"rules": "classico", "players": ["Anna", f"Bruno{EVIL}"]}
    path.write_text(journal_text("tokio", config, []), encoding="utf-8")
    run = run_cli(["play", "--resume", str(path), "--tts", "print"], tmp_path)
    assert run.code == 2
    assert "intestazione" in run.one_error_line()
    assert _clean(run.stderr) and _clean(run.stdout)


def test_8_echoed_input_and_quoted_paths_are_cleaned(tmp_path):
    script = tmp_path / "s.txt"
    script.write_text(f"cinquantatré{EVIL}\n{EVIL}\n", encoding="utf-8")
    run = run_cli([*TOKIO3, "--input", f"script:{script}", "--tts", "print", "--no-journal"], tmp_path)
    assert run.code == 3
    assert "> cinquantatré\n" in run.stdout  # the text stays, the whole escape sequence goes
    assert _clean(run.stdout)
    missing = run_cli(["play", "--resume", str(tmp_path / f"x{EVIL}\nBruno dubita.")], tmp_path)
    assert missing.code == 2
    assert _clean(missing.stderr) and len(missing.stderr.strip().splitlines()) == 1


# ---------------------------------------------------------------- 9. smaller ones


@pytest.mark.system
def test_9_journal_0600_and_folder_0700_whatever_the_umask(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(REPO), XDG_STATE_HOME=str(tmp_path / "state"))
    proc = subprocess.run([sys.executable, "-m", "voice_host", *TOKIO3, "--input", "keyboard", "--tts", "none"],
                          input="cinquantatré\n", capture_output=True, text=True, env=env, cwd=tmp_path,
                          preexec_fn=lambda: os.umask(0), timeout=60)
    assert proc.returncode == 3, proc.stderr
    folder = tmp_path / "state" / "voice-host"
    [journal] = list(folder.iterdir())
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert stat.S_IMODE(journal.stat().st_mode) == 0o600


@pytest.mark.system
@pytest.mark.parametrize("signum,code", [(signal.SIGTERM, 143), (signal.SIGHUP, 129)])
def test_9_sigterm_and_sighup_write_the_summary(tmp_path, signum, code):
    summary = tmp_path / "summary.json"
    proc, lines = start_interactive([*TOKIO3, "--input", "keyboard", "--tts", "print", "--summary", str(summary),
                                     "--journal", str(tmp_path / "j.jsonl")], tmp_path)
    try:
        assert proc.stdin is not None
        proc.stdin.write("cinquantatré\ndubito\ncinque e due\n")
        proc.stdin.flush()
        wait_for(lines, "Anna prende una penalità, ne ha 1.")
        wait_for(lines, "Anna, tira e dichiara.")
        proc.send_signal(signum)
        assert proc.wait(timeout=30) == code
    finally:
        proc.kill()
        proc.wait()
    result = json.loads(summary.read_text(encoding="utf-8"))
    assert result["finished"] is False
    assert [p["penalties"] for p in result["players"]] == [1, 0, 0]


@pytest.mark.parametrize("extra,named", [
    (["--players", "Zoe,Ugo"], "--players"),
    (["--rules", "lizumo"], "--rules"),
    (["--journal", "other.jsonl"], "--journal"),
    (["--game", "tokio", "--dice", "8", "--no-journal"], "--game, --dice, --no-journal"),
    (["--seed", "0"], "--seed"),
])
def test_9_resume_refuses_the_options_it_would_ignore(tmp_path, extra, named):
    journal = _journal_with_a_claim(tmp_path)
    before = journal.read_bytes()
    run = run_cli(["play", "--resume", str(journal), *extra, "--tts", "none"], tmp_path)
    assert run.code == 2
    assert named in run.one_error_line()
    assert journal.read_bytes() == before


@pytest.mark.parametrize("args,named", [
    (["--game", "yatzi", "--players", "Anna", "--dice", "8"], "--dice"),
    (["--game", "yatzi", "--players", "Anna", "--limit", "3"], "--limit"),
    (["--game", "yatzi", "--players", "Anna", "--rules", "classico"], "--rules"),
    (["--game", "tokio", "--players", "Anna,Bruno", "--virtual-dice"], "--virtual-dice"),
])
def test_9_a_game_refuses_the_options_it_would_ignore(tmp_path, args, named):
    run = run_cli(["play", *args, "--tts", "none"], tmp_path)
    assert run.code == 2
    assert named in run.one_error_line()


def test_9_nfc_and_nfd_spellings_are_one_player(tmp_path):
    nfc, nfd = unicodedata.normalize("NFC", "Nicolò"), unicodedata.normalize("NFD", "Nicolò")
    assert nfc != nfd
    run = run_cli(["play", "--game", "tokio", "--players", f"{nfc},{nfd}", "--tts", "none"], tmp_path)
    assert run.code == 2 and "ripetuti" in run.one_error_line()


def test_9_a_journal_cut_inside_its_header_says_so(tmp_path):
    path = tmp_path / "cut.jsonl"
    path.write_text(chained_lines([header()])[0][:40], encoding="utf-8")
    run = run_cli(["play", "--resume", str(path), "--tts", "none"], tmp_path)
    assert run.code == 2
    line = run.one_error_line()
    assert "interrotto durante la creazione" in line and "vuoto" not in line


@pytest.mark.system
def test_9_ctrl_c_before_the_game_is_one_clean_line(tmp_path):
    proc, lines = start_interactive([*TOKIO3, "--input", "keyboard", "--tts", "print", "--no-journal"], tmp_path)
    try:
        wait_for(lines, "Anna, tira e dichiara.")
        time.sleep(0.1)
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=30) == 130
    finally:
        proc.kill()
        proc.wait()
