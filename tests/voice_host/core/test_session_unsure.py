"""A costly action heard without certainty is asked back; one heard clearly is not.

The real Tokio dialog and engine; fakes only at the ports (the listener says
which utterances it was unsure of).
"""

from __future__ import annotations

from fakes import ListListener, RecordingSpeaker

from engine.rolls import Roll
from engine.tokio.rules import preset
from voice_host.core.ports import Heard
from voice_host.core.session import Session
from voice_host.games.tokio.dialog import TokioDialog


def _session(lines: list[str | Heard]) -> tuple[Session, ListListener, RecordingSpeaker]:
    listener, speaker = ListListener(lines), RecordingSpeaker()
    rules = preset("classico")
    return Session(lambda: TokioDialog(rules, ["Anna", "Bruno"]), listener, speaker), listener, speaker


def test_an_unsure_claim_is_asked_back_and_no_lets_the_player_say_it_again() -> None:
    session, listener, speaker = _session([Heard("ventuno", sure=False), "no", "trentuno"])
    session.run()
    assert [r.phase for r in listener.requests][:3] == ["claim", "confirm", "claim"]
    assert "Hai detto ventuno? Sì o no?" in speaker.said
    assert "Scusa, ripeti." in speaker.said
    # Only the claim heard clearly afterwards is in force: 3-1, not Tokio.
    assert len(session.actions) == 1
    assert session.dialog.engine.claim == Roll(3, 1)


def test_an_unsure_claim_confirmed_with_yes_is_applied() -> None:
    session, _, speaker = _session([Heard("ventuno", sure=False), "sì"])
    session.run()
    assert "Hai detto ventuno? Sì o no?" in speaker.said
    assert session.dialog.engine.claim == Roll(2, 1)


def test_a_claim_heard_clearly_is_not_asked_back() -> None:
    session, listener, speaker = _session([Heard("ventuno", sure=True)])
    session.run()
    assert not any(s.startswith("Hai detto") for s in speaker.said)
    assert [r.phase for r in listener.requests] == ["claim", "response"]
    assert session.dialog.engine.claim == Roll(2, 1)


def test_unsure_commands_and_refusals_are_not_asked_back() -> None:
    # "classifica" only says the standings; "quindici" is refused anyway: nothing costs.
    session, _, speaker = _session([Heard("classifica", sure=False), Heard("quindici", sure=False)])
    session.run()
    assert not any(s.startswith("Hai detto") for s in speaker.said)
    assert session.actions == []


def test_an_unsure_doubt_is_asked_back_before_the_cup_is_lifted() -> None:
    session, listener, speaker = _session(["cinquantatré", Heard("non ci credo", sure=False), "sì", "cinque e tre"])
    session.run()
    assert "Hai detto non ci credo? Sì o no?" in speaker.said
    assert [r.phase for r in listener.requests][:4] == ["claim", "response", "confirm", "reveal"]
