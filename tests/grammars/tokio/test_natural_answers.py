"""What the Tokio grammar makes of the table's own words, question by question (worked from the issue's examples)."""

from __future__ import annotations

import pytest
from fakes import ListListener, RecordingSpeaker

from engine.rolls import Roll
from engine.tokio.rules import preset
from grammars.intents import NotUnderstood
from grammars.phrases import LeadInPhrase
from grammars.tokio.grammar import Phase, Reason, parse_tokio, tokio_every_entry, tokio_phrases
from grammars.tokio.intents import BelieveIt, DoubtIt, SayRoll, TakeThePenalty
from voice_host.core.session import Session
from voice_host.games.tokio.dialog import TokioDialog

CLASSICO, LIZUMO = preset("classico"), preset("lizumo")


@pytest.mark.parametrize("text", ["sì", "si", "Sì!", "certo", "ti credo", "sì, ci credo", "va bene", "d'accordo"])
def test_ci_credi_takes_yes_as_belief(text: str) -> None:
    assert parse_tokio(text, Phase.RESPONSE, CLASSICO) == BelieveIt()


@pytest.mark.parametrize("text", ["no", "NO", "non ti credo", "no, non ci credo", "scopri i dadi", "fammi vedere"])
def test_ci_credi_takes_no_as_doubt(text: str) -> None:
    assert parse_tokio(text, Phase.RESPONSE, CLASSICO) == DoubtIt()


@pytest.mark.parametrize("flags", [{"can_take_penalty": True}, {"named_choices": True}])
@pytest.mark.parametrize("text", ["sì", "no"])
def test_a_question_naming_its_choices_takes_no_bare_yes_or_no(text: str, flags: dict[str, bool]) -> None:
    # "accetti, dubiti o passi?" and "accetti senza guardare o scopri?": sì/no answer neither.
    assert parse_tokio(text, Phase.RESPONSE, CLASSICO, **flags) == NotUnderstood(text, Reason.NOT_NOW)
    texts = {p.text for p in tokio_phrases(Phase.RESPONSE, CLASSICO, **flags)}
    assert text not in texts and "accetto" in texts


def test_every_entry_of_the_response_joins_both_moments() -> None:
    texts = {p.text for p, _ in tokio_every_entry(Phase.RESPONSE, CLASSICO)}
    assert {"sì", "no", "passo", "prendo una penalità"} <= texts


@pytest.mark.parametrize(
    "text", ["prendo una penalità", "mi prendo la penalità", "mi prendo una penalità", "prendo la penalità"]
)
def test_the_tournaments_words_take_the_penalty(text: str) -> None:
    assert parse_tokio(text, Phase.RESPONSE, CLASSICO, can_take_penalty=True) == TakeThePenalty()
    # where passing does not exist, they are still recognised as passing (and refused as such)
    assert parse_tokio(text, Phase.RESPONSE, LIZUMO) == NotUnderstood(text, Reason.TAKE_PENALTY_NOT_ALLOWED)


@pytest.mark.parametrize(
    "text, roll",
    [
        ("ho fatto cinquantatré", Roll(5, 3)),
        ("faccio cinquantatré", Roll(5, 3)),
        ("un cinque e un tre", Roll(5, 3)),
        ("c'è cinque e tre", Roll(5, 3)),
        ("una coppia di quattro", Roll(4, 4)),
        ("doppio quattro", Roll(4, 4)),
        ("ho fatto tokio", Roll(2, 1)),
        ("avevo un tre e un cinque", Roll(5, 3)),
    ],
)
def test_claims_and_reveals_with_words_around_them(text: str, roll: Roll) -> None:
    assert parse_tokio(text, Phase.CLAIM, CLASSICO) == SayRoll(roll)
    assert parse_tokio(text, Phase.REVEAL, CLASSICO) == SayRoll(roll)


def test_lead_ins_alone_are_not_a_claim_and_not_in_other_phases() -> None:
    assert parse_tokio("ho fatto", Phase.CLAIM, CLASSICO) == NotUnderstood("ho fatto", Reason.LEAD_IN_ONLY)
    assert any(isinstance(p, LeadInPhrase) for p in tokio_phrases(Phase.CLAIM, CLASSICO))
    assert not any(isinstance(p, LeadInPhrase) for p in tokio_phrases(Phase.RESPONSE, CLASSICO))
    assert isinstance(parse_tokio("ho fatto cinquantatré", Phase.RESPONSE, CLASSICO), NotUnderstood)


def test_lizumo_yes_to_accept_blind_or_reveal_is_not_taken_as_accepting() -> None:
    # Accepting Tokio blind costs a life for sure: a bare "sì" to an either/or question must not do it.
    speaker = RecordingSpeaker()
    session = Session(lambda: TokioDialog(LIZUMO, ["Anna", "Bruno"]), ListListener(["tokio", "sì"]), speaker)
    session.run()
    assert session.actions == [{"type": "claim", "dice": [2, 1]}]
    assert speaker.said[-1] == "Tokio! Bruno: accetti senza guardare o scopri?"
