"""Every lobby question takes the answers a table naturally gives: each does exactly what its canonical phrase does.

The differential test of ``natural_answers.txt``, for the evening (setting ``serata``): each line of
``evening_answers.txt`` is played twice through the real evening and lobby (fakes only at the ports),
once with the natural answer and once with the canonical phrase; the sentences said and the evening's
journal must be the same, and the canonical phrase must be understood there. Answers that disagree
with themselves are asked back and chatter is not understood: neither changes the journal.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from natural_corpus import Line, judge, load, react

EVENING_LINES = load(Path(__file__).with_name("evening_answers.txt"))
AFTER_A_GAME = ("tokio", "va bene", "Anna", "Bruno", "Carla", "basta così")
#: A line after a game plays a whole Tokio game twice (a quarter of a second): the first runs in the fast tier.
_FIRST_AFTER = next(line.number for line in EVENING_LINES if line.script == AFTER_A_GAME)
PARAMS = [pytest.param(line, id=str(line.number),
                       marks=[pytest.mark.slow] if line.script == AFTER_A_GAME and line.number != _FIRST_AFTER else [])
          for line in EVENING_LINES]


@pytest.fixture(scope="module")
def journals(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One folder for every run's journal (each run names its own file)."""
    return tmp_path_factory.mktemp("journals")


def test_every_lobby_question_is_covered() -> None:
    scripts = {line.script for line in EVENING_LINES}
    assert {(), ("tokio",), ("tokio", "no"), ("yatzi",), ("tokio", "va bene"), ("tokio", "va bene", "Anna"),
            AFTER_A_GAME} <= scripts


@pytest.mark.parametrize("line", PARAMS)
def test_a_natural_answer_does_what_its_canonical_phrase_does(line: Line, journals: Path) -> None:
    verdict = judge(line, journals)
    assert verdict.script_understood, f"{line}: the script does not reach the question"
    assert verdict.canonical_understood, f"{line}: the canonical phrase is not understood there"
    assert verdict.same, verdict.explain()


def test_a_different_answer_is_told_apart(journals: Path) -> None:
    # The test can fail: "dadi da dieci" and "va bene" to the rules react differently.
    verdict = judge(Line(0, "serata", ("tokio",), "mettiamo i dadi da dieci", "va bene"), journals)
    assert verdict.canonical_understood and not verdict.same


def _records(reaction) -> list[dict]:
    return [json.loads(r)["do"] for r in reaction.journal]


@pytest.mark.parametrize("script,answer,asked", [
    (("tokio",), "sì... anzi no", "Hai detto sì ma anche no: quale delle due?"),
    ((), "tokio o yatzi?", "Hai detto tokio ma anche yatzi: quale delle due?"),
    pytest.param(AFTER_A_GAME, "rivincita, anzi basta per stasera", "Hai detto rivincita ma anche basta per stasera",
                 marks=pytest.mark.slow),
])
def test_two_answers_that_disagree_are_asked_back_and_never_applied(script, answer, asked, journals: Path) -> None:
    before = react(Line(0, "serata", script, "", ""), "ripeti", journals)  # the position alone, question again
    heard = react(Line(0, "serata", script, "", ""), answer, journals)
    assert _records(heard) == _records(before)  # nothing journaled by the answer
    assert any(s.startswith(asked) for s in heard.said[len(before.said) - 1:])


@pytest.mark.parametrize("script,answer", [
    ((), "che freddo stasera"), (("tokio",), "passami le patatine"), (("tokio", "va bene", "Anna"), "ciao a tutti"),
    pytest.param(AFTER_A_GAME, "bella partita, eh", marks=pytest.mark.slow),
])
def test_chatter_is_not_understood_and_changes_nothing(script, answer, journals: Path) -> None:
    before = react(Line(0, "serata", script, "", ""), "ripeti", journals)
    heard = react(Line(0, "serata", script, "", ""), answer, journals)
    assert _records(heard) == _records(before)
    assert any(s.startswith("Non ho capito") or "Questo nome non lo conosco" in s
               for s in heard.said[len(before.said) - 1:])


@pytest.mark.slow  # two whole games (the fast tier asks back in tests/voice_host/evening/test_state.py)
def test_a_costly_answer_only_asked_about_is_asked_back_and_yes_does_it(journals: Path) -> None:
    asked = react(Line(0, "serata", AFTER_A_GAME, "", ""), "ma chiudiamo già?", journals)
    assert asked.said[-1] == "Hai detto chiudiamo? Sì o no?" and _records(asked)[-1]["r"] == "result"
    confirmed = react(Line(0, "serata", (*AFTER_A_GAME, "ma chiudiamo già?"), "", ""), "sì", journals)
    assert _records(confirmed)[-1] == {"r": "end"}


def test_several_names_in_one_breath_are_several_players_repeated_together(journals: Path) -> None:
    rules_ok = ("tokio", "va bene")
    named = react(Line(0, "serata", rules_ok, "", ""), "allora, siamo Anna, Bruno e Carla", journals)
    assert _records(named)[-1] == {"r": "player", "names": ["Anna", "Bruno", "Carla"]}
    assert named.said[-1] == "Anna, Bruno e Carla, giusto? Il prossimo, o basta così."
    # "no" takes back the three, not only the last
    undone = react(Line(0, "serata", (*rules_ok, "allora, siamo Anna, Bruno e Carla"), "", ""), "no", journals)
    assert _records(undone)[-1] == {"r": "drop", "names": ["Anna", "Bruno", "Carla"]}
    # with "e basta" the table is complete and the game starts, named by the game's opening
    done = react(Line(0, "serata", rules_ok, "", ""), "Anna, Bruno e Carla, e basta", journals)
    assert _records(done)[-2:] == [{"r": "player", "names": ["Anna", "Bruno", "Carla"], "last": 1},
                                   {"r": "start", "n": 1, "seed": 1, "first": ""}]


def test_a_name_said_twice_in_one_breath_is_one_player_and_a_seated_one_is_refused(journals: Path) -> None:
    seated = react(Line(0, "serata", ("tokio", "va bene", "Anna"), "", ""), "Bruno e Anna", journals)
    assert seated.said[-2] == "Anna c'è già. Per l'altro dite un altro nome, oppure giocatore e un numero."
    assert _records(seated)[-1] == {"r": "player", "name": "Anna"}  # nothing journaled by the answer
    twice = react(Line(0, "serata", ("tokio", "va bene"), "", ""), "Anna, sì Anna, e Bruno", journals)
    assert _records(twice)[-1] == {"r": "player", "names": ["Anna", "Bruno"]}
    # "no" with names: was a name misheard? asked back, with the names as the table says them, nothing journaled
    asked = react(Line(0, "serata", ("tokio", "va bene"), "", ""), "no, Anna e Carla", journals)
    assert asked.said[-2] == "Hai detto no ma anche Anna: quale delle due?"
    assert _records(asked)[-1] == {"r": "rules_ok"}
