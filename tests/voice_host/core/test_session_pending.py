"""A sì/no question pending when the host dies is asked again, exactly, by the resumed session."""

from __future__ import annotations

from fakes import ListListener, RecordingSpeaker

from engine.tokio.rules import preset
from voice_host.core.session import Outcome, Session
from voice_host.games.tokio.dialog import TokioDialog
from voice_host.storage.journal import Journal, read_journal


def _run(path, lines, *, new):
    if new:
        journal, actions = Journal.create(str(path), "tokio", {}), []
    else:
        journal, contents = Journal.resume(str(path))
        actions = contents.actions
    listener, speaker = ListListener(lines), RecordingSpeaker()
    session = Session(lambda: TokioDialog(preset("classico"), ["Anna", "Bruno"]), listener, speaker, journal, actions)
    try:
        outcome = session.run()
    finally:
        journal.close()
    return session, listener, speaker, outcome


def _penalties(session):
    return {p.name: p.penalties for p in session.dialog.engine.players}


def test_a_low_claim_pending_at_the_kill_is_asked_again_and_sì_makes_it(tmp_path):
    path = tmp_path / "j.jsonl"
    # Bruno believes 65 and claims 53, lower: the host asks before he pays (RULES.md: a lower claim costs one)
    _, before, said_before, outcome = _run(path, ["sessantacinque", "ci credo", "cinquantatré"], new=True)
    assert outcome is Outcome.INPUT_ENDED
    question = said_before.said[-1]
    assert before.requests[-1].phase == "confirm"
    session, after, said_after, _ = _run(path, ["sì"], new=False)
    assert after.requests[0].phase == "confirm"
    assert said_after.said[said_after.said.index(question) - 1].startswith("Penalità")  # resumed, standings, question
    assert _penalties(session) == {"Anna": 0, "Bruno": 1}


def test_no_is_journaled_so_the_resumed_host_asks_the_claim_again(tmp_path):
    path = tmp_path / "j.jsonl"
    _run(path, ["sessantacinque", "ci credo", "cinquantatré", "no"], new=True)
    assert read_journal(str(path))[0].pending is None
    session, after, _, _ = _run(path, ["sessantasei"], new=False)
    assert after.requests[0].phase == "claim"
    assert _penalties(session) == {"Anna": 0, "Bruno": 0}
    assert session.actions[-1] == {"type": "claim", "dice": [6, 6]}


def test_annulla_of_a_pending_question_is_journaled(tmp_path):
    path = tmp_path / "j.jsonl"
    _run(path, ["sessantacinque", "ci credo", "cinquantatré", "annulla"], new=True)
    assert read_journal(str(path))[0].pending is None


def test_the_end_of_the_game_pending_at_the_kill_is_asked_again(tmp_path):
    path = tmp_path / "j.jsonl"
    _, _, said_before, _ = _run(path, ["cinquantatré", "fine partita"], new=True)
    assert said_before.said[-1] == "Finiamo la partita? Sì o no?"
    pending = read_journal(str(path))[0].pending
    assert pending is not None and pending["ask"] == "stopped"
    _, after, said_after, outcome = _run(path, ["sì"], new=False)
    assert after.requests[0].phase == "confirm" and "Finiamo la partita? Sì o no?" in said_after.said
    assert outcome is Outcome.STOPPED
    assert read_journal(str(path))[0].ended == "stopped"
