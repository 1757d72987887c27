"""The penalty sentences take the engine's PenaltyReason and say why only where nothing said it before."""

from __future__ import annotations

import pytest

from engine.tokio.actions import PenaltyReason
from grammars.tokio import sentences as tokio_say

#: What comes after the player's name, by reason: the reveal ("bluff!", "era vero.") and the
#: confirmation of a low claim already said why; passing and Lizumo's blind accept did not.
OPENINGS = {
    PenaltyReason.LOWER_CLAIM: "Anna prende",
    PenaltyReason.BLUFF_CAUGHT: "Anna prende",
    PenaltyReason.WRONG_DOUBT: "Anna prende",
    PenaltyReason.TOOK_PENALTY: "Anna passa: prende",
    PenaltyReason.ACCEPTED_TOKIO: "Anna accetta senza guardare: prende",
}


def test_every_reason_has_its_opening() -> None:
    assert set(OPENINGS) == set(PenaltyReason)


@pytest.mark.parametrize("reason", list(PenaltyReason))
def test_penalties_and_out_say_why_by_reason(reason: PenaltyReason) -> None:
    assert tokio_say.penalised("Anna", 1, reason, False, "tokio", 2).startswith(OPENINGS[reason] + " ")
    assert tokio_say.penalty_out("Anna", 1, reason, False, "tokio").startswith(OPENINGS[reason] + " ")


@pytest.mark.parametrize("reason", list(PenaltyReason))
def test_lives_say_why_by_reason(reason: PenaltyReason) -> None:
    lost = OPENINGS[reason].replace("prende", "perde")
    assert tokio_say.lost_lives("Anna", 1, reason, False, "tokio", 2).startswith(lost + " ")


def test_a_passed_penalty_in_full() -> None:
    assert tokio_say.penalised("Bruno", 1, PenaltyReason.TOOK_PENALTY, False, "tokio", 3) == (
        "Bruno passa: prende una penalità, ne ha 3."
    )
