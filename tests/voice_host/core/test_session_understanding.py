"""The session on what the understanding model cannot settle: conflicts asked naming both, quoted words asked back."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "corpus"))
from natural_corpus import Line, react


def _actions(journal: tuple[str, ...]) -> list[str]:
    """The journal's action records: a pending question and its answer are journaled too."""
    return [line for line in journal if line.startswith('{"do"')]


def test_a_conflict_is_asked_naming_both_and_nothing_is_applied(tmp_path: Path) -> None:
    line = Line(0, "tokio/classico/d6", ("cinquantatré",), "ci credo ma dubito", "-")
    reaction = react(line, line.natural, tmp_path)
    assert "Hai detto ci credo ma anche dubito: quale delle due?" in reaction.said
    assert len(_actions(reaction.journal)) == 1  # only the scripted claim


def test_a_costly_answer_only_discussed_is_asked_back_then_applied_on_yes(tmp_path: Path) -> None:
    line = Line(0, "tokio/classico/d6", ("cinquantatré", "ma tu dubiti sempre?"), "sì", "-")
    reaction = react(line, line.natural, tmp_path)
    assert "Hai detto dubito? Sì o no?" in reaction.said  # "dubiti" typed is one edit from "dubito"
    assert reaction.said[-1] == "Anna, scopri i dadi."  # applied after the yes
    assert len(_actions(reaction.journal)) == 2  # the claim and the doubt (a pending question has its own record)


def test_ending_the_game_when_asked_to_end_it_is_a_yes(tmp_path: Path) -> None:
    line = Line(0, "tokio/classico/d6", ("fine partita",), "dai, chiudiamola qui", "-")
    assert react(line, line.natural, tmp_path).said == react(line, "sì", tmp_path).said
