"""The lobby's general rules (issue 28), differentially through the real evening (fakes only at the ports).

Answers of our own: each does exactly what its canonical phrase does at the same question.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from natural_corpus import Line, judge

#: A game of Tokio played to its end by three players: the next question is "Un'altra?".
AFTER_A_GAME = ("tokio", "va bene", "Anna", "Bruno", "Carla", "basta così")


@pytest.mark.parametrize(
    ("script", "natural", "canonical"),
    [
        # a verb of redoing or changing with a noun of the people at the table changes the players
        (AFTER_A_GAME, "dai, rifacciamo le squadre", "cambiamo giocatori"),
        (AFTER_A_GAME, "stavolta nuova formazione", "cambiamo giocatori"),
        (AFTER_A_GAME, "rifacciamola", "un'altra"),  # the verb alone is still the same game again
        # a game described by its dice
        ((), "facciamo quello coi due dadi", "tokio"),
        ((), "il gioco con cinque dadi", "yatzi"),
        # not having heard asks again
        ((), "perdona, non ho sentito", "ripeti"),
    ],
)
def test_a_natural_lobby_answer_does_what_its_canonical_phrase_does(
    script: tuple[str, ...], natural: str, canonical: str, tmp_path: Path
) -> None:
    verdict = judge(Line(0, "serata", script, natural, canonical), tmp_path)
    assert verdict.canonical_understood and verdict.script_understood
    assert verdict.same, verdict.explain()


@pytest.mark.parametrize(
    ("natural", "canonical"),
    [
        ("ancora una, però con altri", "cambiamo giocatori"),  # again, with other people: the players change
        ("chi ha vinto alla fine?", "classifica"),
        ("facciamo qualcos'altro", "cambiamo gioco"),
    ],
)
def test_after_a_game_the_people_or_the_game_changed_among_other_words(
    natural: str, canonical: str, tmp_path: Path
) -> None:
    verdict = judge(Line(0, "serata", AFTER_A_GAME, natural, canonical), tmp_path)
    assert verdict.canonical_understood and verdict.script_understood
    assert verdict.same, verdict.explain()


@pytest.mark.parametrize(
    ("natural", "canonical"), [("quello col bicchiere", "tokio"), ("quello delle caselle", "yatzi")]
)
def test_a_game_named_by_what_it_is_played_with(natural: str, canonical: str, tmp_path: Path) -> None:
    verdict = judge(Line(0, "serata", (), natural, canonical), tmp_path)
    assert verdict.canonical_understood and verdict.same, verdict.explain()
