"""Every natural answer of the corpus gets exactly the reaction of its canonical phrase.

A differential test, wording-proof: for each line of ``natural_answers.txt`` the
position is played twice through the real session and dialog (fakes only at the
ports), once with the natural answer and once with the canonical phrase; the
sentences said and the journal must be the same, and the canonical phrase must be
understood there (so a line whose two answers are both refused fails).
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from natural_corpus import OPEN_CORPUS, Line, judge, load

LINES = load()
OPEN_LINES = load(OPEN_CORPUS)

#: Lines of the open half still not understood, by number, each with why (issue 28).
OPEN_EXPECTED_FAILURES = {
    # "due nove": two nines, or the dice nine and two? Die by die is how the host reads two face
    # words; only the count reading makes it the pair. Ambiguous without the cup: left.
    178,
}


@pytest.fixture(scope="module")
def journals(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One folder for every run's journal (each run names its own file)."""
    return tmp_path_factory.mktemp("journals")


def test_the_corpus_is_large_and_covers_every_setting() -> None:
    assert len(LINES) >= 170
    settings = Counter(line.setting for line in LINES)
    expected = {f"tokio/{rules}/d{sides}" for rules in ("classico", "lizumo") for sides in (4, 6, 8, 10)}
    assert expected | {"tokio/milella/d6", "yatzi/physical", "yatzi/virtual"} <= set(settings)
    assert len({(line.setting, line.script, line.natural) for line in LINES}) == len(LINES)  # no duplicates


@pytest.mark.parametrize("line", LINES, ids=lambda line: f"{line.number}")
def test_a_natural_answer_does_what_its_canonical_phrase_does(line: Line, journals: Path) -> None:
    verdict = judge(line, journals)
    assert verdict.script_understood, f"{line}: the script does not reach the question"
    assert verdict.canonical_understood, f"{line}: the canonical phrase is not understood there"
    assert verdict.same, verdict.explain()


def test_a_different_answer_is_told_apart(tmp_path: Path) -> None:
    # The test can fail: "ci credo" and "dubito" to the same claim react differently.
    line = Line(0, "tokio/classico/d6", ("cinquantatré",), "ci credo", "dubito")
    verdict = judge(line, tmp_path)
    assert verdict.canonical_understood and not verdict.same


def test_keeping_every_die_of_a_face_is_told_from_keeping_one(tmp_path: Path) -> None:
    # The test can fail: the first roll shows three fives, so "the fives" are three dice, "a five" is one.
    line = Line(0, "yatzi/virtual", (), "tengo i cinque", "tengo cinque")
    verdict = judge(line, tmp_path)
    assert verdict.canonical_understood and not verdict.same


@pytest.mark.parametrize("line", OPEN_LINES, ids=lambda line: f"open-{line.number}")
def test_an_answer_of_the_open_half_does_what_its_canonical_phrase_does(line: Line, journals: Path) -> None:
    # The development half of the corpus written apart from the code (issue 28), with its kinds.
    verdict = judge(line, journals)
    assert verdict.script_understood and verdict.canonical_understood, f"{line}: the position or canonical fails"
    if line.number in OPEN_EXPECTED_FAILURES:
        assert not verdict.same, f"{line} is understood now: take it off OPEN_EXPECTED_FAILURES"
    else:
        assert verdict.same, verdict.explain()
