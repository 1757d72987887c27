"""The corpus of natural answers (``natural_answers.txt``) and the differential run of one line.

Each line of the corpus is a position (a game setting and a script of canonical lines
that reach a question), an answer as an Italian table says it, and the canonical
phrase it means. :func:`react` plays the position then one answer through the real
:class:`~voice_host.core.session.Session`, with fakes only at the two ports (a listener
that replays the lines, a speaker that records), and returns what the host said and
journaled. A natural answer is understood when its reaction is the canonical one's.

Used by ``tests/corpus/test_natural_answers.py`` and ``bench/natural_answers.py``.
"""

from __future__ import annotations

import itertools
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.tokio.rules import preset
from grammars.intents import Intent, NotUnderstood
from voice_host.core.dialog import GameDialog
from voice_host.core.ports import Heard, ListenRequest
from voice_host.core.session import Session
from voice_host.games.tokio.dialog import TokioDialog
from voice_host.games.yatzi.dialog import YatziDialog
from voice_host.storage.journal import Journal

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "voice_host"))
from fakes import RecordingSpeaker

CORPUS = Path(__file__).with_name("natural_answers.txt")
#: The corpus of answers written apart from the code (issue 28), its development half.
OPEN_CORPUS = Path(__file__).with_name("natural_answers_open.txt")
#: The values of the optional fifth column.
KINDS = ("common", "rare")
_RUNS = itertools.count()  # a fresh journal name for every run
TOKIO_PLAYERS = ("Anna", "Bruno", "Carla")
#: Virtual dice seed 3: the first roll is 1, 4, 5, 5, 5 (the corpus's positions rely on it).
VIRTUAL_SEED = 3


@dataclass(frozen=True)
class Line:
    """One utterance of the corpus: a position, the natural answer and its canonical phrase."""

    number: int
    setting: str
    script: tuple[str, ...]
    natural: str
    canonical: str
    kind: str = "common"
    """How often a table says it: "common" or "rare" (the new corpus's fifth column; the old one has none)."""

    def __str__(self) -> str:
        script = " / ".join(self.script) or "-"
        return f"line {self.number}: {self.setting} | {script} | {self.natural!r} ~ {self.canonical!r}"


@dataclass(frozen=True)
class Reaction:
    """What the host did after a position and one answer."""

    said: tuple[str, ...]
    journal: tuple[str, ...]
    intents: tuple[Intent, ...]
    """What the dialog understood of each line served, script first, the answer last."""


def load(path: Path = CORPUS) -> list[Line]:
    """Every line of the corpus (comments and blank lines skipped); ValueError on a malformed one."""
    lines: list[Line] = []
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        text = raw.strip()
        if not text or text.startswith("#"):
            continue
        fields = [f.strip() for f in text.split("|")]
        if len(fields) == 4:
            fields.append("common")
        if len(fields) != 5 or not all(fields) or fields[4] not in KINDS:
            raise ValueError(f"{path.name}:{number}: expected 'setting | script | natural | canonical [| kind]'")
        setting, script, natural, canonical, kind = fields
        steps = () if script == "-" else tuple(s.strip() for s in script.split(" / "))
        lines.append(Line(number, setting, steps, natural, canonical, kind))
    return lines


def new_dialog(setting: str) -> Callable[[], GameDialog[Any, Any]]:
    """The dialog factory of a corpus setting (see the corpus's header)."""
    game, *rest = setting.split("/")
    if game == "tokio" and len(rest) == 2 and rest[1].startswith("d"):
        rules = preset(rest[0], sides=int(rest[1][1:]))
        return lambda: TokioDialog(rules, list(TOKIO_PLAYERS))
    if setting == "yatzi/physical":
        return lambda: YatziDialog(["Anna", "Bruno"])
    if setting == "yatzi/virtual":
        return lambda: YatziDialog(["Anna"], virtual=True, seed=VIRTUAL_SEED)
    raise ValueError(f"unknown setting {setting!r}")


class _ReplayListener:
    """The listener port: serves the lines in order, then ends; notes what the dialog makes of each."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = list(lines)
        self.session: Session | None = None
        self.intents: list[Intent] = []

    def listen(self, request: ListenRequest) -> Heard | None:
        if not self.lines:
            return None
        line = self.lines.pop(0)
        assert self.session is not None
        self.intents.append(self.session.dialog.parse(line, request.phase))
        return Heard(line)

    def close(self) -> None:
        pass


def react(line: Line, answer: str, folder: Path) -> Reaction:
    """Play ``line``'s position, then ``answer``; what was said and journaled (journal in ``folder``)."""
    if line.setting == "serata":  # the evening's questions: the lobby's own runner
        from evening_corpus import react as react_evening

        return react_evening(line, answer, folder)  # type: ignore[no-any-return]
    factory = new_dialog(line.setting)
    listener, speaker = _ReplayListener([*line.script, answer]), RecordingSpeaker()
    path = folder / f"{line.number}-{next(_RUNS)}.jsonl"
    journal = Journal.create(str(path), line.setting.split("/")[0], {})
    try:
        session = Session(factory, listener, speaker, journal)
        listener.session = session
        session.run()
    finally:
        journal.close()
    records = path.read_text(encoding="utf-8").splitlines()[1:]
    return Reaction(tuple(speaker.said), tuple(records), tuple(listener.intents))


def understood(intent: Intent) -> bool:
    """True unless ``intent`` is a "not understood" for want of meaning (empty, unknown, valid elsewhere).

    A refusal with its own reason ("passo" when passing is not allowed) is understood.
    """
    return not (isinstance(intent, NotUnderstood) and str(intent.reason) in {"empty", "unknown", "not_now"})


@dataclass(frozen=True)
class Verdict:
    """The differential outcome of one line."""

    line: Line
    same: bool
    canonical_understood: bool
    script_understood: bool
    natural: Reaction
    canonical: Reaction

    @property
    def passed(self) -> bool:
        """The natural answer did what the canonical phrase did, and the canonical one was understood."""
        return self.same and self.canonical_understood and self.script_understood

    def explain(self) -> str:
        """What differs, for a failure message."""
        first = next(
            (i for i, (a, b) in enumerate(zip(self.natural.said, self.canonical.said)) if a != b),
            min(len(self.natural.said), len(self.canonical.said)),
        )
        return (
            f"{self.line}\n  natural said:   {json.dumps(self.natural.said[first:], ensure_ascii=False)}"
            f"\n  canonical said: {json.dumps(self.canonical.said[first:], ensure_ascii=False)}"
            f"\n  journals: {self.natural.journal} vs {self.canonical.journal}"
            f"\n  understood: natural {self.natural.intents[-1]!r}, canonical {self.canonical.intents[-1]!r}"
        )


def judge(line: Line, folder: Path) -> Verdict:
    """Run ``line`` with its natural answer and with its canonical phrase, and compare."""
    natural = react(line, line.natural, folder)
    canonical = react(line, line.canonical, folder)
    return Verdict(
        line,
        natural.said == canonical.said and natural.journal == canonical.journal,
        len(canonical.intents) == len(line.script) + 1 and understood(canonical.intents[-1]),
        all(understood(i) for i in canonical.intents[: len(line.script)]),
        natural,
        canonical,
    )
