"""Benchmark: SIGKILL the real host at random moments, resume, and count what was lost.

    python bench/kill_resume.py [--kills N] [--seed S] [--pad]
    python bench/kill_resume.py --evening [--kills N] [--seed S]

``--evening`` kills a whole scripted evening instead (``bench/kill_evening.py`` says how)
and prints, last, ``kills N, resumed_ok R (of M resumed), lost L``.

A seeded random 3-player Tokio game (classico, d6, limit 3) is turned into typed
answers, each of which the host accepts as exactly one journaled step (no
confirmations, no refusals). The host is started on the journal (``--resume``
after the first time) with every answer not yet journaled piped to its stdin,
and killed with SIGKILL after a random delay within its run, again and again,
until ``--kills`` kills; then it runs to the end undisturbed. After every kill:

- lost: journaled steps that are not the expected prefix of the game (a step
  lost, doubled or changed);
- early: steps announced (printed with ``--tts print``) beyond those on disk;
- unreadable: journals that no longer resume.

At the end the summary must equal that of the same game played without kills.
With ``--pad`` every start finds the journal grown past half its limit by claim and
``annulla`` cycles (appended, chained, before the start), so every resume compacts
it and the kills land in the compaction too.
This prints figures and asserts nothing.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from engine.tokio import actions as ta  # noqa: E402
from engine.tokio.game import TokioGame  # noqa: E402
from engine.tokio.rules import preset  # noqa: E402
from grammars.tokio.grammar import roll_name  # noqa: E402
from voice_host.storage.journal import COMPACT_ABOVE, JournalError, read_journal  # noqa: E402

PLAYERS = ["Anna", "Bruno", "Carla"]
OPTIONS = ["--game", "tokio", "--players", ",".join(PLAYERS), "--limit", "3"]
ANNOUNCED = re.compile(r"^(\w+ dichiara [^:?]*\.|\w+ ci crede\.|\w+ dubita\.|Sotto c'è .*)$")


def random_game(seed: int) -> tuple[list[str], list[dict[str, Any]]]:
    """Typed answers of a random game, and the journal record each one makes."""
    rules = preset("classico", limit=3)
    game, rng = TokioGame(rules, PLAYERS), random.Random(seed)
    answers: list[str] = []
    records: list[dict[str, Any]] = []
    while game.phase is not ta.Phase.OVER:
        if game.phase is ta.Phase.CLAIM:
            claims = [a for a in game.legal_actions() if isinstance(a, ta.Claim) and not game.is_lower(a.roll)]
            action: ta.Action = rng.choice(claims)
        elif game.phase is ta.Phase.RESPONSE:
            action = ta.Doubt() if rng.random() < 0.6 else ta.Believe()
        else:
            action = rng.choice([a for a in game.legal_actions() if isinstance(a, ta.Reveal)])
        game.apply(action)
        if isinstance(action, (ta.Claim, ta.Reveal)):
            answers.append(roll_name(action.roll, rules))
            kind = "claim" if isinstance(action, ta.Claim) else "reveal"
            records.append({"type": kind, "dice": [action.roll.high, action.roll.low]})
        else:
            answers.append("dubito" if isinstance(action, ta.Doubt) else "ci credo")
            records.append({"type": "doubt" if isinstance(action, ta.Doubt) else "believe"})
    return answers, records


def start(folder: Path, journal: Path, answers: list[str], summary: Path | None) -> subprocess.Popen[bytes]:
    args = ["--resume", str(journal)] if journal.exists() else [*OPTIONS, "--journal", str(journal)]
    extra = ["--summary", str(summary)] if summary else []
    env = dict(os.environ, PYTHONPATH=str(REPO))
    proc = subprocess.Popen([sys.executable, "-m", "voice_host", "play", *args, "--input", "keyboard",
                             "--tts", "print", *extra], stdin=subprocess.PIPE, stdout=open(folder / "out", "wb"),
                            stderr=subprocess.DEVNULL, cwd=folder, env=env)
    assert proc.stdin is not None
    proc.stdin.write("".join(a + "\n" for a in answers).encode())
    proc.stdin.close()
    return proc


def journaled(journal: Path) -> list[dict[str, Any]] | None:
    """The actions on disk, or None when the journal does not read."""
    if not journal.exists():
        return []
    try:
        return read_journal(str(journal))[0].actions
    except JournalError:
        return None


def pad(journal: Path) -> None:
    """Append claim/undo cycles (the documented chain) until the journal is past :data:`COMPACT_ABOVE`."""
    if not journal.exists():
        return
    previous = json.loads(journal.read_text(encoding="utf-8").splitlines()[-1])["sum"]
    lines = []
    size = journal.stat().st_size
    while size <= COMPACT_ABOVE + 100_000:
        for record in ({"do": {"type": "claim", "dice": [6, 4]}}, {"undo": True}):
            text = json.dumps(record, sort_keys=True, separators=(",", ":"))
            previous = hashlib.sha256((previous + "\n" + text).encode()).hexdigest()
            line = json.dumps({**record, "sum": previous}, sort_keys=True, separators=(",", ":")) + "\n"
            lines.append(line)
            size += len(line)
    with open(journal, "a", encoding="utf-8") as handle:
        handle.write("".join(lines))


def announced(folder: Path) -> int:
    lines = (folder / "out").read_text("utf-8", errors="replace").splitlines()
    return sum(bool(ANNOUNCED.match(line)) for line in lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=200)
    parser.add_argument("--seed", type=int, default=9)
    parser.add_argument("--pad", action="store_true", help="grow the journal past half its limit before each start")
    parser.add_argument("--evening", action="store_true", help="kill a scripted evening (serata, riprendi)")
    args = parser.parse_args()
    if args.evening:
        evening(args.kills, args.seed)
        return
    answers, expected = random_game(args.seed)
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory(prefix="vh-kill-") as name:
        folder = Path(name)
        clean_summary = folder / "clean.json"
        clean = start(folder, folder / "clean.jsonl", answers, clean_summary)
        started = time.monotonic()
        clean.wait()
        full_run = time.monotonic() - started
        started = time.monotonic()
        subprocess.run([sys.executable, "-m", "voice_host", "play", "--players", "Anna"], cwd=folder,
                       env=dict(os.environ, PYTHONPATH=str(REPO)), capture_output=True)
        start_up = time.monotonic() - started  # a refusal: the interpreter and the imports alone
        journal = folder / "game.jsonl"
        kills = lost = early = unreadable = resumes = progressed = 0
        started = time.monotonic()
        while kills < args.kills:
            before = journaled(journal) or []
            if len(before) == len(expected):
                journal.unlink()  # the game is over: play it again from the start
                before = []
            if args.pad:
                pad(journal)
            proc = start(folder, journal, answers[len(before):], None)
            resumes += journal.exists()
            reading = 2.0 if args.pad and journal.exists() else 0.0  # a resume reads and rewrites 2 MB first
            time.sleep(rng.uniform(0.8 * start_up, full_run + reading))  # mostly while playing, some while starting
            proc.send_signal(signal.SIGKILL)
            proc.wait()
            kills += 1
            after = journaled(journal)
            if after is None:
                unreadable += 1
                journal.unlink()
                continue
            lost += after != expected[:len(after)] or len(after) < len(before)
            progressed += len(after) > len(before)
            early += announced(folder) > len(after) - len(before)
        killing = time.monotonic() - started
        final_summary = folder / "final.json"
        last = journaled(journal) or []
        if journal.exists() and len(last) == len(expected):
            journal.unlink()
            last = []
        start(folder, journal, answers[len(last):], final_summary).wait()
        same = json.loads(final_summary.read_text()) == json.loads(clean_summary.read_text())
        print(f"game: {len(answers)} answers, uninterrupted run {full_run:.2f} s, start-up {start_up:.2f} s")
        leftovers = len([p for p in folder.iterdir() if p.name.endswith(".rewrite")])
        print(f"kills {kills} ({resumes} on a resumed journal, {progressed} after new steps) in {killing:.0f} s; "
              f"lost or doubled steps: {lost}; "
              f"announced before on disk: {early}; unreadable journals: {unreadable}; "
              f"final summary identical to the uninterrupted game: {'yes' if same else 'NO'}"
              + (f"; padded, temporary files left: {leftovers}" if args.pad else ""))


def evening(count: int, seed: int) -> None:
    """Kill a scripted evening ``count`` times (see ``bench/kill_evening.py``) and print the figures."""
    sys.path.insert(0, str(REPO / "bench"))
    from kill_evening import kills

    with tempfile.TemporaryDirectory(prefix="vh-kill-evening-") as name:
        started = time.monotonic()
        tally, ref, full = kills(count, seed, Path(name), log=True)
        took = time.monotonic() - started
    print(f"evening: {len(ref.lines)} answers, {len(ref.records)} journals, uninterrupted run {full:.2f} s; "
          f"{tally.evenings} evenings finished by the chain in {took:.0f} s")
    print(f"kills {tally.kills}, resumed_ok {tally.resumed_ok} (of {tally.resumed} resumed), lost {tally.lost}")


if __name__ == "__main__":
    main()
