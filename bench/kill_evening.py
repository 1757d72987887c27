"""The evening half of ``bench/kill_resume.py --evening``: kill a scripted evening anywhere, resume, compare.

The evening is ``tests/e2e/evening_script.py``'s (a Tokio game, a rematch stopped at once,
a Yatzi game, "basta per stasera"). A reference run in this process notes, at each answer
the host asks for, how many whole journal lines (the evening's and its games') are on disk
and the question just asked. One answer is at most one journal line, and the host journals
it before it says anything more, so after a kill the next answer to give is the first one
whose mark reaches the lines on disk; the lines the host adds by itself after an answer (a
game's start, its result) are made again on resume.

A chain of runs: ``serata`` (or ``riprendi``) on the rest of the script, SIGKILL after a
random delay (from within its start-up to a quarter of the evening's run), then

- lost: a journal that is not a prefix of the reference's (a record lost, doubled, changed)
  or does not read;
- a copy of the folder is resumed with ``riprendi`` and the rest of the script, undisturbed:
  resumed_ok when its first question is the reference's question at that answer and its
  summary (games, winners, standings) is the reference's.

The chain goes on from the killed state; a finished evening starts a new one.
"""

from __future__ import annotations

import datetime
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests" / "e2e"))

from evening_script import evening_script  # noqa: E402

from grammars.evening.names import italian_names  # noqa: E402
from voice_host.core.ports import Heard, ListenRequest  # noqa: E402
from voice_host.evening.lobby import Lobby  # noqa: E402
from voice_host.evening.run import EVENING, EveningRun  # noqa: E402
from voice_host.games import GAMES  # noqa: E402
from voice_host.storage.journal import Journal  # noqa: E402

JOURNAL = "serata.jsonl"


def journal_lines(folder: Path) -> int:
    """Whole lines (ending in a newline) of the evening's journal and its games' journals in ``folder``."""
    total = 0
    for path in folder.glob("serata*.jsonl"):
        total += path.read_bytes().count(b"\n")
    return total


def records(folder: Path) -> dict[str, list[dict[str, Any]]] | None:
    """Every journal of ``folder``: its whole lines as records, without sums or seeds (dice the script says)."""
    found: dict[str, list[dict[str, Any]]] = {}
    for path in sorted(folder.glob("serata*.jsonl")):
        rows = []
        for raw in path.read_bytes().split(b"\n")[:-1]:
            try:
                record = json.loads(raw)
            except ValueError:
                return None
            record.pop("sum", None)
            for holder in (record.get("do"), record.get("config")):
                if isinstance(holder, dict):
                    holder.pop("seed", None)
            rows.append(record)
        found[path.name] = rows
    return found


def is_prefix(got: dict[str, list[dict[str, Any]]], reference: dict[str, list[dict[str, Any]]]) -> bool:
    """Every journal of ``got`` is a prefix of the reference's journal of the same name."""
    return all(name in reference and rows == reference[name][:len(rows)] for name, rows in got.items())


class _Noting:
    """Listener and speaker of the reference run: gives the script's lines and notes, at each, what is on disk."""

    def __init__(self, lines: Sequence[str], folder: Path) -> None:
        self.lines, self.folder = list(lines), folder
        self.marks: list[int] = []
        self.questions: list[str] = []
        self.last = ""

    def listen(self, request: ListenRequest) -> Heard | None:
        self.marks.append(journal_lines(self.folder))
        self.questions.append(self.last)
        return Heard(self.lines[len(self.marks) - 1]) if len(self.marks) <= len(self.lines) else None

    def say(self, text: str) -> None:
        self.last = text

    def say_all(self, sentences: Sequence[str], *, cue: bool = False) -> None:
        if sentences:
            self.last = sentences[-1]

    def close(self) -> None:
        pass


@dataclass
class Reference:
    """The uninterrupted evening: at each answer, the journal lines on disk and the question asked."""

    lines: list[str]
    marks: list[int]
    questions: list[str]
    records: dict[str, list[dict[str, Any]]]
    summary: Any

    def next_line(self, on_disk: int) -> int:
        """The answer to give next when ``on_disk`` journal lines survived."""
        return next((i for i, mark in enumerate(self.marks) if mark >= on_disk), len(self.lines))


def reference(folder: Path) -> Reference:
    """Play the scripted evening once, in this process, through the same lobby and journal as ``serata``."""
    lines = evening_script()
    table = _Noting(lines, folder)
    journal = Journal.create(str(folder / JOURNAL), EVENING, {"started": datetime.date.today().isoformat()})
    lobby = Lobby(GAMES, names=italian_names(), free_names=True)
    evening = EveningRun.replayed(lobby, table, table, journal, [], printed=lambda text: None)
    try:
        assert evening.run(), "the scripted evening did not end"
    finally:
        journal.close()
    table.marks.append(journal_lines(folder))  # after the last answer
    table.questions.append("")
    found = records(folder)
    assert found is not None
    return Reference(lines, table.marks, table.questions, found, comparable(evening.summary()))


def comparable(summary: Any) -> Any:
    """A summary without where its journals are."""
    games = [{k: v for k, v in game.items() if k != "journal"} for game in summary["games"]]
    return {"games": games, "standings": summary["standings"], "over": summary["over"]}


def host(folder: Path, rest: Sequence[str], *, summary: bool = False) -> subprocess.Popen[bytes]:
    """``serata`` (or ``riprendi`` once the journal exists) on ``rest``, printing, in ``folder``."""
    script = folder / "rest.txt"
    script.write_text("".join(line + "\n" for line in rest), encoding="utf-8")
    journal = folder / JOURNAL
    command = ["riprendi", str(journal)] if journal.exists() else ["serata", "--journal", str(journal)]
    extra = ["--summary", str(folder / "sum.json")] if summary else []
    env = dict(os.environ, PYTHONPATH=str(REPO), PYTHONUNBUFFERED="1", XDG_CONFIG_HOME=str(folder / "config"),
               XDG_STATE_HOME=str(folder / "state"))
    return subprocess.Popen([sys.executable, "-m", "voice_host", *command, "--input", f"script:{script}",
                             "--tts", "print", *extra], stdout=open(folder / "out", "wb"),
                            stderr=subprocess.DEVNULL, cwd=folder, env=env)


def first_question(folder: Path) -> str | None:
    """The last line printed before the first answer was read (None: it never listened)."""
    shown = (folder / "out").read_text("utf-8", errors="replace").splitlines()
    echo = next((i for i, line in enumerate(shown) if line.startswith("> ")), None)
    return shown[echo - 1] if echo else None


@dataclass
class Tally:
    """What the kills found."""

    kills: int = 0
    resumed: int = 0
    """Kills after which there was an evening to resume (not before its journal, not after its end)."""
    resumed_ok: int = 0
    lost: int = 0
    wrong: list[str] = field(default_factory=list)
    evenings: int = 0


def kills(count: int, seed: int, work: Path, *, log: bool = False, resumed: int = 0,
          most: int | None = None) -> tuple[Tally, Reference, float]:
    """Kill ``count`` times, and on until ``resumed`` kills left an evening to resume (at most ``most`` kills).

    The tally, the reference, and the uninterrupted run's seconds. Most kills land in the start-up
    (the scripted evening takes about a second, its start-up half of it), so how many of ``count``
    leave a journal to resume varies with the machine; ``resumed`` makes sure enough are checked.
    """
    ref_folder = work / "reference"
    ref_folder.mkdir()
    ref = reference(ref_folder)
    timing = work / "timing"
    timing.mkdir()
    started = time.monotonic()
    host(timing, ref.lines).wait()
    full = time.monotonic() - started
    refused = work / "refused"
    refused.mkdir()
    started = time.monotonic()
    host(refused, ["x"]).wait()  # a script that ends at the first question: the start-up and one question
    start_up = time.monotonic() - started
    rng, tally = random.Random(seed), Tally()
    chain = work / "chain0"
    chain.mkdir()
    while tally.kills < count or (tally.resumed < resumed and tally.kills < (most or count)):
        on_disk = journal_lines(chain)
        at = ref.next_line(on_disk)
        if at >= len(ref.lines):  # the evening is over: a new one
            tally.evenings += 1
            chain = work / f"chain{tally.evenings}"
            chain.mkdir()
            at = 0
        proc = host(chain, ref.lines[at:])
        if log and tally.kills % 25 == 0:
            print(f"kill {tally.kills}: from answer {at}, {on_disk} journal lines on disk", flush=True)
        # a run lives at most a quarter of the evening, so the kills spread over all of it, start-ups included
        time.sleep(rng.uniform(0.3 * start_up, start_up + (full - start_up) * min(0.25, 1 - at / len(ref.lines))))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        tally.kills += 1
        got = records(chain)
        if got is None or not is_prefix(got, ref.records):
            tally.lost += 1
            shutil.rmtree(chain)
            chain.mkdir()
            continue
        check = work / "check"
        if check.exists():
            shutil.rmtree(check)
        shutil.copytree(chain, check)
        after = ref.next_line(journal_lines(check))
        if after >= len(ref.lines) or not (check / JOURNAL).exists():
            continue  # over, or not begun: nothing to resume
        tally.resumed += 1
        host(check, ref.lines[after:], summary=True).wait(timeout=120)
        asked = first_question(check)
        summary_path = check / "sum.json"
        same = summary_path.exists() and comparable(json.loads(summary_path.read_text("utf-8"))) == ref.summary
        if asked == ref.questions[after] and same:
            tally.resumed_ok += 1
        else:
            tally.wrong.append(f"answer {after}: asked {asked!r}, expected {ref.questions[after]!r}, "
                               f"summary {'same' if same else 'DIFFERENT'}")
            if log:
                print(tally.wrong[-1], flush=True)
    return tally, ref, full
