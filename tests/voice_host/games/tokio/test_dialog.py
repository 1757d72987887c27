"""The Tokio dialog at the table: how much it says, what it confirms, what its help offers.

Word goals (issue "At the table"), counted on the sentences the host says between
two answers: a believe step (claim, "ci credo", the prompt to roll) at most 10
words, a doubt round (claim, doubt, reveal, penalty, who opens) at most 22.
"""

from __future__ import annotations

import itertools
from typing import get_args

import pytest
from fakes import ListListener, RecordingSpeaker

from engine.rolls import Roll
from engine.tokio import actions as ta
from engine.tokio.rules import TruthTest, preset
from grammars import intents as it
from grammars.tokio import intents as ti
from grammars.tokio import sentences as tokio_say
from grammars.tokio.grammar import Phase
from voice_host.core.dialog import Act, Confirm, Refuse
from voice_host.core.session import Session
from voice_host.games.tokio.dialog import TokioDialog

PRESETS = [("classico", 6), ("classico", 4), ("classico", 8), ("classico", 10),
           ("lizumo", 6), ("lizumo", 4), ("lizumo", 8), ("lizumo", 10), ("milella", 6)]
IDS = [f"{name}-d{sides}" for name, sides in PRESETS]


def _said_after_each_answer(rules_name: str, sides: int, answers: list[str]) -> list[list[str]]:
    """The sentences the host said after each answer, up to the next answer."""
    speaker = RecordingSpeaker()
    marks: list[int] = []

    class MarkingListener(ListListener):
        def listen(self, request):  # type: ignore[no-untyped-def]
            marks.append(len(speaker.said))
            return super().listen(request)

    rules = preset(rules_name, sides=sides)
    Session(lambda: TokioDialog(rules, ["Anna", "Bruno", "Carla"]), MarkingListener(answers), speaker).run()
    return [speaker.said[a:b] for a, b in itertools.pairwise(marks)]


def _words(sentences: list[str]) -> int:
    return sum(len(s.split()) for s in sentences)


@pytest.mark.parametrize("rules_name, sides", PRESETS, ids=IDS)
def test_believe_step_is_at_most_ten_words(rules_name: str, sides: int) -> None:
    # Anna declares 4-3 (possible with every dice), Bruno believes and must roll.
    after = _said_after_each_answer(rules_name, sides, ["quarantatré", "ci credo"])
    claim, believe = after
    assert claim == ["Quarantatré. Bruno, ci credi?"]
    bound = "più di" if rules_name == "lizumo" else "almeno"
    assert believe == [f"Bruno, tira: {bound} quarantatré."]
    assert _words(claim + believe) <= 10


@pytest.mark.parametrize("rules_name, sides", PRESETS, ids=IDS)
def test_doubt_round_is_at_most_twenty_two_words(rules_name: str, sides: int) -> None:
    # Anna declares 4-3, Bruno doubts, the cup shows 4-2: Anna bluffed and opens again.
    after = _said_after_each_answer(rules_name, sides, ["quarantatré", "dubito", "quattro e due"])
    claim, doubt, reveal = after
    assert doubt == ["Anna, scopri i dadi."]
    lives = rules_name == "lizumo"
    penalty = "Anna perde una vita, gliene restano 2." if lives else "Anna prende una penalità, ne ha 1."
    opens = ["Duello: Anna contro Bruno.", "Anna, tira e dichiara."] if rules_name == "milella" else [
        "Anna, tira e dichiara."]
    assert reveal == ["Quarantadue: bluff!", penalty, *opens]
    limit = 22 if rules_name != "milella" else 22 + 4  # Milella also names the new duel
    assert _words(claim + doubt + reveal) <= limit


def test_doubled_round_with_pechino_names_the_top_of_the_d10() -> None:
    # Classico d10: Pechino (1-0) declared doubles the round; a real Pechino under the cup
    # holds, Bruno doubted wrongly and takes 2 "doppie per il pechino".
    after = _said_after_each_answer("classico", 10, ["pechino", "dubito", "uno e zero"])
    assert after[0] == ["Pechino! Bruno: accetti, dubiti o passi?"]
    assert after[2][:2] == ["Pechino: era vero.", "Bruno prende 2 penalità, doppie per il pechino, ne ha 2."]
    assert not any("tokio" in s.lower() for said in after for s in said)


def test_standings_are_ranked_and_brief() -> None:
    # Anna 1 (bluff), then Anna opens again: 4-3 doubted, 4-3 shown, Bruno 1; Carla 0.
    speaker = RecordingSpeaker()
    rules = preset("classico")
    answers = ["quarantatré", "dubito", "quattro e due", "quarantatré", "dubito", "quattro e tre", "classifica"]
    Session(lambda: TokioDialog(rules, ["Anna", "Bruno", "Carla"]), ListListener(answers), speaker).run()
    standings = "Penalità: Carla 0, Anna e Bruno 1."
    assert standings in speaker.said
    assert len(standings.split()) <= 3 * 3


# ------------------------------------------------------------ what is confirmed


def _dialog_after(rules_name: str, actions: list[ta.Action], sides: int = 6, **options: object) -> TokioDialog:
    dialog = TokioDialog(preset(rules_name, sides=sides, **options), ["Anna", "Bruno", "Carla"])  # type: ignore[arg-type]
    for action in actions:
        dialog.apply(action)
    return dialog


def test_milella_tokio_over_a_believed_pechino_confirms_the_doubled_penalty() -> None:
    # Milella: Pechino (2-1) beats Tokio (3-1), so Tokio claimed over a believed Pechino
    # is lower; and declaring Tokio doubles the duel's penalties, this claim's own included.
    dialog = _dialog_after("milella", [ta.Claim(Roll(2, 1)), ta.Believe()])
    decision = dialog.decide(ti.SayRoll(Roll(3, 1)))
    assert isinstance(decision, Confirm)
    assert decision.question == "Tokio non batte pechino: prendi 2 penalità. Bruno, confermi?"
    charged = [e for e in dialog.engine.apply(decision.action) if isinstance(e, ta.Penalised)]
    assert charged[0].amount == 2


def test_classico_anything_but_tokio_after_accepting_it_is_confirmed_with_two_penalties() -> None:
    dialog = _dialog_after("classico", [ta.Claim(Roll(2, 1)), ta.Believe()])
    decision = dialog.decide(ti.SayRoll(Roll(6, 5)))
    assert isinstance(decision, Confirm)
    assert decision.question == "Sessantacinque non è tokio: prendi 2 penalità. Bruno, confermi?"


def test_lizumo_equal_claim_is_confirmed_with_a_life() -> None:
    dialog = _dialog_after("lizumo", [ta.Claim(Roll(4, 3)), ta.Believe()])
    decision = dialog.decide(ti.SayRoll(Roll(4, 3)))
    assert isinstance(decision, Confirm)
    assert decision.question == "Quarantatré è uguale, serve di più: perdi una vita. Bruno, confermi?"


@pytest.mark.slow
@pytest.mark.parametrize("rules_name, sides", PRESETS, ids=IDS)
def test_every_confirmation_announces_the_penalty_the_engine_then_charges(rules_name: str, sides: int) -> None:
    rules = preset(rules_name, sides=sides)
    lives = rules_name == "lizumo"
    checked = 0
    for standing in rules.ranking.ordered():
        for roll in rules.ranking.ordered():
            dialog = _dialog_after(rules_name, [ta.Claim(standing), ta.Believe()], sides=sides)
            if dialog.engine.phase is not ta.Phase.CLAIM:  # Lizumo: believing Tokio ends the round
                continue
            decision = dialog.decide(ti.SayRoll(roll))
            if not isinstance(decision, Confirm):
                assert isinstance(decision, Act) and not dialog.engine.is_lower(roll)
                continue
            charged = [e for e in dialog.engine.apply(decision.action) if isinstance(e, ta.Penalised)]
            assert len(charged) == 1 and charged[0].player == "Bruno"
            assert tokio_say.cost(charged[0].amount, lives) in decision.question, decision.question
            checked += 1
    assert checked > 0


def test_routine_answers_are_acted_on_at_once() -> None:
    classico = _dialog_after("classico", [ta.Claim(Roll(2, 1))])
    assert classico.decide(ti.TakeThePenalty()) == Act(ta.TakePenalty())
    lizumo = _dialog_after("lizumo", [ta.Claim(Roll(2, 1))])
    assert lizumo.decide(ti.BelieveIt()) == Act(ta.Believe())


# ------------------------------------------------------------ help that works as printed


def _states(rules_name: str, sides: int, **options: object) -> list[TokioDialog]:
    """A dialog in every kind of moment: claim, response (plain and to the top), reveal, claim over a claim."""
    top = preset(rules_name, sides=sides).ranking.top
    plain = Roll(4, 3)
    sequences: list[list[ta.Action]] = [
        [], [ta.Claim(plain)], [ta.Claim(top)], [ta.Claim(plain), ta.Doubt()], [ta.Claim(plain), ta.Believe()],
    ]
    return [_dialog_after(rules_name, actions, sides, **options) for actions in sequences]


@pytest.mark.parametrize("rules_name, sides", PRESETS, ids=IDS)
@pytest.mark.parametrize("truth", [None, TruthTest.EXACT, TruthTest.AT_LEAST])
def test_every_example_the_help_speaks_is_accepted_then(rules_name: str, sides: int, truth: TruthTest | None) -> None:
    options = {} if truth is None else {"truth_test": truth}
    for dialog in _states(rules_name, sides, **options):
        phase = dialog.phase()
        examples = dialog.help_examples(phase)
        help_sentence = dialog.help(phase)
        assert examples
        for example in examples:
            assert example in help_sentence
            intent = dialog.parse(example, phase)
            assert not isinstance(intent, it.NotUnderstood), (example, phase)
            assert not isinstance(dialog.decide(intent), Refuse), (example, phase)
        if sides != 6:
            assert "tokio" not in help_sentence.lower()


def test_help_names_the_truth_test_in_force() -> None:
    exact = _dialog_after("classico", [ta.Claim(Roll(4, 3))])
    assert "Al dubbio vale il punto esatto." in exact.help(Phase.RESPONSE)
    at_least = _dialog_after("lizumo", [ta.Claim(Roll(4, 3))])
    assert "Al dubbio basta un punto almeno pari." in at_least.help(Phase.RESPONSE)
    house = _dialog_after("classico", [ta.Claim(Roll(4, 3))], truth_test=TruthTest.AT_LEAST)
    assert "Al dubbio basta un punto almeno pari." in house.help(Phase.RESPONSE)


def test_every_engine_event_has_an_announcer() -> None:
    """A new event type must be given its sentences (or none, on purpose), not skipped silently."""
    assert set(TokioDialog(preset("classico"), ["Anna", "Bruno"])._announcers) == set(get_args(ta.Event))
