"""The general rules of how answers are made (issue 28), each tested differentially.

Every natural answer here is one of our own, not a line of a corpus: it must mean exactly
what its canonical phrase means in the same phase (and the canonical phrase must mean
something), so a rule is shown to produce the answer, never a look-alike.
"""

from __future__ import annotations

import pytest

from engine.tokio.rules import preset
from grammars.intents import NotUnderstood
from grammars.tokio.grammar import Phase, parse_tokio

CLASSICO = preset("classico")


def _same(natural: str, canonical: str, phase: Phase, *, can_take_penalty: bool = False) -> None:
    expected = parse_tokio(canonical, phase, CLASSICO, can_take_penalty=can_take_penalty)
    assert not isinstance(expected, NotUnderstood), canonical
    assert parse_tokio(natural, phase, CLASSICO, can_take_penalty=can_take_penalty) == expected


@pytest.mark.parametrize(
    ("natural", "canonical"),
    [
        ("ma quale sessantaquattro, cinque e uno", "cinque e uno"),
        ("sei e due, altro che tokio", "sei e due"),
        ("altro che coppia di tre: quarantadue", "quarantadue"),
    ],
)
def test_altro_che_denies_the_roll_after_it_and_the_other_is_the_answer(natural: str, canonical: str) -> None:
    if natural.startswith("ma quale"):  # "ma quale X" is no denial the host knows: X and the other conflict
        assert type(parse_tokio(natural, Phase.REVEAL, CLASSICO)).__name__ == "Conflict"
        return
    _same(natural, canonical, Phase.REVEAL)


@pytest.mark.parametrize(
    ("natural", "canonical"),
    [
        ("figurati!", "dubito"),
        ("settantuno? ma figurati", "dubito"),
        ("quarantadue, e io dico che non ce l'hai", "dubito"),
        ("passami i dadi, tocca a me", "ci credo"),
        ("dammi il bicchiere", "ci credo"),
    ],
)
def test_disbelief_and_taking_the_cup_over_are_answers(natural: str, canonical: str) -> None:
    _same(natural, canonical, Phase.RESPONSE)


@pytest.mark.parametrize(
    "natural",
    ["mi piglio la penalità", "pago una penalità e via", "ok, accetto la penalità senza guardare"],
)
def test_any_verb_of_taking_the_penalty_takes_it(natural: str) -> None:
    _same(natural, "prendo la penalità", Phase.RESPONSE, can_take_penalty=True)


def test_a_penalty_taken_where_it_is_not_allowed_is_refused_not_read_as_belief() -> None:
    said = parse_tokio("accetto la penalità", Phase.RESPONSE, CLASSICO)
    assert isinstance(said, NotUnderstood) and said.reason.value == "take_penalty_not_allowed"


@pytest.mark.parametrize(
    ("natural", "canonical", "phase"),
    [
        ("come stiamo con le vite?", "classifica", Phase.RESPONSE),  # "come" opens a question: not "come?"
        ("cosa dovrei rispondere adesso?", "aiuto", Phase.RESPONSE),
        ("scusate, non ho sentito bene", "ripeti", Phase.CONFIRM),
        ("basta così, vorrei terminare la partita", "fine partita", Phase.RESPONSE),
        ("possiamo chiudere la partita qui", "fine partita", Phase.CONFIRM),
    ],
)
def test_questions_and_commands_reach_their_command_through_content_words(
    natural: str, canonical: str, phase: Phase
) -> None:
    _same(natural, canonical, phase)


@pytest.mark.parametrize(("alone", "canonical"), [("come?", "ripeti"), ("cosa?", "ripeti")])
def test_a_question_word_alone_still_asks_again(alone: str, canonical: str) -> None:
    _same(alone, canonical, Phase.RESPONSE)


@pytest.mark.parametrize(
    ("natural", "canonical"),
    [
        ("ok, ci sto: vediamo se la batto", "ci credo"),
        ("accetto e vediamo se riesco", "ci credo"),
        ("vediamo se è vero", "dubito"),  # about the claim, not one's own roll: still a call to lift the cup
    ],
)
def test_vediamo_se_about_ones_own_roll_takes_the_cup(natural: str, canonical: str) -> None:
    _same(natural, canonical, Phase.RESPONSE)


@pytest.mark.parametrize(
    ("natural", "canonical", "phase"),
    [
        ("ripetila, per piacere", "ripeti", Phase.CLAIM),
        ("annullala", "annulla", Phase.RESPONSE),
        ("cancellalo subito", "annulla", Phase.CONFIRM),
    ],
)
def test_a_verb_with_a_pronoun_at_its_end_is_that_verb(natural: str, canonical: str, phase: Phase) -> None:
    _same(natural, canonical, phase)


@pytest.mark.parametrize(
    ("natural", "canonical"),
    [
        ("mostrami i dadi, dai", "dubito"),  # a verb of showing, its pronoun dropped
        ("fuori i dadi!", "dubito"),
        ("secondo me stai mentendo", "dubito"),
        ("manco per sogno", "dubito"),
        ("secondo me è falso", "dubito"),
    ],
)
def test_showing_and_lies_named_doubt(natural: str, canonical: str) -> None:
    _same(natural, canonical, Phase.RESPONSE)


@pytest.mark.parametrize("typed", ["metti nel tris", "la nostra"])
def test_a_typed_word_is_not_corrected_to_a_doubt_one_letter_away(typed: str) -> None:
    assert isinstance(parse_tokio(typed, Phase.RESPONSE, CLASSICO), NotUnderstood)


@pytest.mark.parametrize(
    ("natural", "canonical"),
    [("scusa, cosa hai detto?", "ripeti"), ("ridimmelo", "ripeti"), ("terminiamo, è tardi", "fine partita")],
)
def test_more_content_words_of_the_commands(natural: str, canonical: str) -> None:
    _same(natural, canonical, Phase.RESPONSE)


@pytest.mark.parametrize(
    ("natural", "canonical"),
    [
        ("mi fido poco", "dubito"),  # "poco" after an answer turns it round
        ("ci credo poco, scopri", "dubito"),
        ("non può essere, apri il bicchiere", "dubito"),
        ("solleva il bicchiere", "dubito"),
        ("va bene, prendo i dadi", "ci credo"),
    ],
)
def test_answers_turned_round_after_them_and_more_verbs_of_the_cup(natural: str, canonical: str) -> None:
    _same(natural, canonical, Phase.RESPONSE)


@pytest.mark.parametrize("natural", ["preferisco prendere la penalità", "mi ritiro"])
def test_withdrawing_takes_the_penalty_where_it_may_be_taken(natural: str) -> None:
    _same(natural, "passo", Phase.RESPONSE, can_take_penalty=True)
    where_not_allowed = parse_tokio(natural, Phase.RESPONSE, CLASSICO)  # never a move where passing is not allowed
    assert isinstance(where_not_allowed, NotUnderstood)


@pytest.mark.parametrize(
    ("natural", "canonical"),
    [
        ("figurati se non ti credo", "ci credo"),  # two negations: "of course I believe you"
        ("figurati se non dubito", "dubito"),
        ("mica non mi fido", "ci credo"),
    ],
)
def test_two_negations_cancel(natural: str, canonical: str) -> None:
    _same(natural, canonical, Phase.RESPONSE)


@pytest.mark.parametrize("phase", [Phase.RESPONSE, Phase.CONFIRM])
@pytest.mark.parametrize(("natural", "canonical"), [("non no", "no"), ("no, non no", "no"), ("non sì", "sì")])
def test_a_negator_before_an_answer_particle_does_not_flip_it(natural: str, canonical: str, phase: Phase) -> None:
    # "non" and "no" sound alike: "no no" heard as "non no" was a yes (a belief, a confirmation), a wrong move
    _same(natural, canonical, phase)


@pytest.mark.parametrize(("natural", "canonical"), [("non va bene", "no"), ("non confermo", "no")])
def test_a_negator_still_flips_an_answer_that_is_no_particle(natural: str, canonical: str) -> None:
    _same(natural, canonical, Phase.CONFIRM)
