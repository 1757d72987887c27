"""What the host says is right and Italian: a second reading against the sources (issue 17, item 5).

Each expected sentence follows from the rules (RULES.md, seeds/): Lizumo and
Milella have no "passo" at all (1.3, 1.4); Milella's Tokio is the highest value
and fails over Pechino only because Pechino beats it (1.1); a round doubled by
Yokohama (d8) is said with the article "lo".
"""

from __future__ import annotations

import pytest
from fakes import ListListener, RecordingSpeaker

from engine.rolls import Roll
from engine.tokio import actions as ta
from engine.tokio.rules import preset
from grammars.it import catalogue as say
from grammars.tokio import sentences as tokio_say
from grammars.tokio.grammar import Phase
from grammars.yatzi import sentences as yatzi_say
from voice_host.core.session import Session
from voice_host.games.tokio.dialog import TokioDialog
from voice_host.games.yatzi.dialog import YatziDialog


def _said(rules_name: str, answers: list[str], sides: int = 6) -> list[str]:
    speaker = RecordingSpeaker()
    rules = preset(rules_name, sides=sides)
    Session(lambda: TokioDialog(rules, ["Anna", "Bruno"]), ListListener(answers), speaker).run()
    return speaker.said


# ------------------------------------------------------------ passing does not exist in Lizumo and Milella


@pytest.mark.parametrize("rules_name", ["lizumo", "milella"])
@pytest.mark.parametrize("answer", ["prendo la penalità", "passo"])
def test_passing_is_said_not_to_exist_in_these_rules(rules_name: str, answer: str) -> None:
    said = _said(rules_name, ["tokio", answer])
    refusal = said[-2]  # then the question again
    assert "Passare si può solo contro" not in refusal
    assert refusal.startswith("Con queste regole non si passa"), refusal


def test_lizumo_no_passing_names_the_two_answers_there() -> None:
    assert _said("lizumo", ["tokio", "passo"])[-2] == "Con queste regole non si passa: di' accetto o scopro."


def test_classico_passing_before_a_tokio_still_says_when_it_is_allowed() -> None:
    assert _said("classico", ["cinquantatré", "passo"])[-2] == "Passare si può solo contro il tokio."


# ------------------------------------------------------------ Milella: Tokio and Pechino said rightly


def test_milella_tokio_over_pechino_says_it_does_not_beat_it() -> None:
    said = _said("milella", ["pechino", "ci credo", "tokio"])
    assert "Tokio non batte pechino: prendi 2 penalità. Bruno, confermi?" in said
    assert not any("meno di pechino" in s for s in said)


def test_milella_over_a_believed_pechino_the_prompt_allows_pechino_and_excludes_tokio() -> None:
    said = _said("milella", ["pechino", "ci credo"])
    assert said[-1] == "Bruno, tira: almeno pechino, ma non tokio."


def test_milella_over_a_believed_tokio_the_prompt_names_pechino() -> None:
    # At least Tokio, the highest value: Tokio again, or Pechino, which beats it.
    said = _said("milella", ["tokio", "ci credo"])
    assert said[-1] == "Bruno, tira: pechino o tokio."


def test_milella_pechino_over_a_believed_tokio_is_taken_at_once() -> None:
    said = _said("milella", ["tokio", "ci credo", "pechino"])
    assert said[-1] == "Pechino. Anna, ci credi?"


def test_milella_help_over_pechino_says_tokio_is_not_enough() -> None:
    dialog = TokioDialog(preset("milella"), ["Anna", "Bruno"])
    dialog.apply(ta.Claim(Roll(2, 1)))
    dialog.apply(ta.Believe())
    help_sentence = dialog.help(Phase.CLAIM)
    assert help_sentence.startswith("Dichiara almeno pechino, ma non tokio, per esempio pechino")


# ------------------------------------------------------------ articles and agreement


def test_yokohama_takes_lo() -> None:
    # d8: Yokohama (2-1) declared doubles the round; a real one under the cup: Bruno doubted wrongly.
    said = _said("classico", ["yokohama", "dubito", "due e uno"], sides=8)
    assert "Bruno prende 2 penalità, doppie per lo yokohama, ne ha 2." in said


@pytest.mark.parametrize("name, expected", [("tokio", "il tokio"), ("taipei", "il taipei"),
                                            ("yokohama", "lo yokohama"), ("pechino", "il pechino")])
def test_every_top_roll_has_its_article(name: str, expected: str) -> None:
    assert tokio_say.the(name) == expected


def test_one_choice_is_singular() -> None:
    assert yatzi_say.analysis_header("Anna", 2.0, 1).endswith("in 1 scelta rispetto al gioco ottimo")
    assert yatzi_say.analysis_header("Anna", 2.0, 3).endswith("in 3 scelte rispetto al gioco ottimo")


def test_one_option_to_remove_is_toglila() -> None:
    assert say.options_ignored_by_game("Yatzi", ["--dice"]) == "Yatzi non usa --dice: toglila"
    assert say.options_ignored_by_game("Yatzi", ["--dice", "--limit"]) == "Yatzi non usa --dice, --limit: toglile"


# ------------------------------------------------------------ Yatzi: who rolls the start die


def test_with_a_computer_seat_and_physical_dice_the_host_says_it_rolls_the_start_dice() -> None:
    dialog = YatziDialog(["Anna", "Bruno"], computers=["Zeta"], seed=4)
    opening = dialog.opening()
    assert opening[0].startswith("Anna, Bruno e Zeta, giochiamo a Yatzi")
    assert "per Zeta li tiro io" in opening[0]
    start = opening[1]
    assert start.startswith("Per cominciare tiro io un dado a testa"), start
    assert "Anna" in start and "Bruno" in start and "Zeta" in start


def test_with_virtual_dice_the_opening_already_says_who_rolls() -> None:
    opening = YatziDialog(["Anna", "Bruno"], virtual=True, seed=4).opening()
    assert opening[0].endswith("i dadi li tiro io.")
    assert opening[1].startswith("Un dado a testa, comincia chi fa meno: ")


def test_one_point_is_singular() -> None:
    assert yatzi_say.yatzi_solo_total("Anna", 1) == "Anna ha 1 punto."
    assert yatzi_say.yatzi_solo_end("Anna", 1) == "Partita finita: Anna fa 1 punto."
    assert yatzi_say.yatzi_solo_total("Anna", 42) == "Anna ha 42 punti."
