"""One human against a forte computer seat, through ``python -m voice_host`` as a user runs it.

The human is a driver that reads the host's printed lines as they come and
answers only the questions addressed to it, as a player with physical dice would
(see ``tests/voice_host/test_tokio_computer.py`` for the same driver at the ports).
"""

from __future__ import annotations

import json
import queue
import random
from pathlib import Path

import pytest
from interactive import start_interactive

from engine.rolls import Roll
from engine.tokio.rules import preset
from grammars.tokio.grammar import Phase, parse_tokio, roll_name
from grammars.tokio.intents import SayRoll

pytestmark = pytest.mark.slow

RULES = preset("classico", sides=4)


def _answer(line: str, rng: random.Random, cup: list[Roll]) -> str | None:
    """Anna's answer to a printed line, or None when the line is not a question for her."""
    if "Sì o no?" in line:
        return "sì"
    if "Anna, scopri i dadi" in line:
        return roll_name(cup[-1], RULES)
    if "Anna, ci credi?" in line or "Anna: accetti" in line:
        return rng.choice(["ci credo", "dubito"])
    if not line.startswith("Anna, tira"):
        return None
    cup.append(Roll.of(rng.randint(1, 4), rng.randint(1, 4)))
    to_beat = None
    if ":" in line:
        tail = line.split(":", 1)[1].strip(" .")
        for bound in ("almeno", "di nuovo"):
            tail = tail.removeprefix(bound).strip()
        intent = parse_tokio(tail, Phase.CLAIM, RULES)
        assert isinstance(intent, SayRoll), line
        to_beat = intent.roll
    ranking = RULES.ranking
    if to_beat is None or ranking.at_least(cup[-1], to_beat):
        return roll_name(cup[-1], RULES)
    return roll_name(next(r for r in ranking.ordered() if ranking.at_least(r, to_beat)), RULES)


def test_a_human_plays_a_whole_game_against_a_forte_seat(tmp_path: Path) -> None:
    journal, summary = tmp_path / "game.jsonl", tmp_path / "summary.json"
    proc, lines = start_interactive(
        ["play", "--game", "tokio", "--players", "Anna", "--computer", "Robi", "--computer-level", "forte",
         "--dice", "4", "--limit", "2", "--seed", "21", "--input", "keyboard", "--tts", "print",
         "--journal", str(journal), "--summary", str(summary)],
        tmp_path,
    )
    assert proc.stdin is not None
    rng, cup, printed = random.Random(5), [], []
    try:
        while proc.poll() is None or not lines.empty():
            try:
                line = lines.get(timeout=60)
            except queue.Empty:
                break
            printed.append(line)
            answer = _answer(line, rng, cup)
            if answer is not None:
                proc.stdin.write(answer + "\n")
                proc.stdin.flush()
            if "vince la partita" in line:
                break
        proc.stdin.close()
        assert proc.wait(timeout=60) == 0
    finally:
        proc.kill()
    assert any("vince la partita" in line for line in printed), printed[-5:]
    result = json.loads(summary.read_text())
    assert result["finished"] is True and result["winner"] in ("Anna", "Robi")
    assert [p.get("computer", False) for p in result["players"]] == [False, True]
    assert json.loads(journal.read_text().splitlines()[0])["config"]["level"] == "forte"
