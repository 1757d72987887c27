"""The lobby's general rules (issue 28), differentially through the real evening (fakes only at the ports).

Answers of our own: each does exactly what its canonical phrase does at the same question. Two run
through a whole evening; the rest are parsed at their question (``tests/grammars/evening``'s level)
to keep the fast tier fast.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from grammars.evening.grammar import LobbyPhase, LobbyWords, parse
from grammars.intents import NotUnderstood

sys.path.insert(0, str(Path(__file__).resolve().parent))
from natural_corpus import Line, judge

#: A game of Tokio played to its end by three players: the next question is "Un'altra?".
AFTER_A_GAME = ("tokio", "va bene", "Anna", "Bruno", "Carla", "basta così")
WORDS = LobbyWords(("tokio", "yatzi"), {}, ("Anna", "Bruno", "Carla", "Nico"))


@pytest.mark.slow  # a whole evening per answer (the first builds the lobby, about 1.5 s): the full tier
@pytest.mark.parametrize(
    ("natural", "canonical"),
    [
        ("dai, rifacciamo le squadre", "cambiamo giocatori"),  # a verb of redoing x a noun of the people
        ("ancora una, però con altri", "cambiamo giocatori"),  # again, with other people: the players change
    ],
)
def test_after_a_game_a_natural_answer_does_what_its_canonical_phrase_does(
    natural: str, canonical: str, tmp_path: Path
) -> None:
    verdict = judge(Line(0, "serata", AFTER_A_GAME, natural, canonical), tmp_path)
    assert verdict.canonical_understood and verdict.script_understood
    assert verdict.same, verdict.explain()


@pytest.mark.parametrize(
    ("natural", "canonical", "phase"),
    [
        ("stavolta nuova formazione", "cambiamo giocatori", LobbyPhase.AFTER),
        ("rifacciamola", "un'altra", LobbyPhase.AFTER),  # the verb alone is still the same game again
        ("chi ha vinto alla fine?", "classifica", LobbyPhase.AFTER),
        ("facciamo qualcos'altro", "cambiamo gioco", LobbyPhase.AFTER),
        ("facciamo quello coi due dadi", "tokio", LobbyPhase.GAME),  # a game described by its dice
        ("il gioco con cinque dadi", "yatzi", LobbyPhase.GAME),
        ("quello col bicchiere", "tokio", LobbyPhase.GAME),  # or by what it is played with
        ("perdona, non ho sentito", "ripeti", LobbyPhase.GAME),
        ("ripetimi la domanda", "ripeti", LobbyPhase.RULES),  # a verb with a pronoun at its end
    ],
)
def test_a_natural_lobby_answer_means_what_its_canonical_phrase_means(
    natural: str, canonical: str, phase: LobbyPhase
) -> None:
    expected = parse(canonical, phase, WORDS)
    assert not isinstance(expected, NotUnderstood), canonical
    assert parse(natural, phase, WORDS) == expected


def test_a_name_is_never_cut_as_a_verb_with_a_pronoun() -> None:
    assert isinstance(parse("Nicola", LobbyPhase.NAME, WORDS), NotUnderstood)  # not "Nico" + "la"
