"""A count before a face, read as a count only where the dice named one by one are not on the table (issue 28).

Differential, through the real session (fakes only at the ports): the first virtual roll of the
corpus's seed is 1 4 5 5 5, the second after keeping two fives 1 2 4 5 5 (worked out from the
position the corpus relies on, :data:`natural_corpus.VIRTUAL_SEED`).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from natural_corpus import Line, judge


@pytest.mark.parametrize(
    ("script", "natural", "canonical"),
    [
        ((), "tengo due cinque", "tengo cinque cinque"),  # no two on the table: two fives
        ((), "ritiro tre cinque", "ritira cinque cinque cinque"),  # no three: three fives
        ((), "tengo l'uno e due cinque", "tengo uno cinque cinque"),
        # a two and a five are on the table: the dice named one by one, as always
        (("tengo cinque cinque",), "tengo due cinque", "tengo il due e un cinque"),
    ],
)
def test_a_count_before_a_face_is_read_as_dice_of_that_face_only_when_the_faces_are_not_there(
    script: tuple[str, ...], natural: str, canonical: str, tmp_path: Path
) -> None:
    verdict = judge(Line(0, "yatzi/virtual", script, natural, canonical), tmp_path)
    assert verdict.canonical_understood and verdict.script_understood
    assert verdict.same, verdict.explain()


@pytest.mark.parametrize(
    "natural",
    [
        "tengo due sei",  # 1 4 5 5 5: neither a two and a six nor two sixes are there
        "tengo due e cinque",  # "e" between: a two and a five, no count; there is no two
    ],
)
def test_a_count_reading_that_does_not_fit_or_was_not_said_changes_nothing(natural: str, tmp_path: Path) -> None:
    verdict = judge(Line(0, "yatzi/virtual", (), natural, "tengo sei sei"), tmp_path)
    assert verdict.natural.journal == ()
    assert "Sul tavolo non ci sono" in " ".join(verdict.natural.said)
