"""The host loop with the real Tokio dialog and engine; fakes only at the ports."""

from __future__ import annotations

from fakes import ListListener, RecordingSpeaker

from engine.tokio.rules import preset
from voice_host.core.ports import Heard
from voice_host.core.session import Outcome, Session
from voice_host.games.tokio.dialog import TokioDialog
from voice_host.storage.journal import Journal, read_journal


def _session(lines, rules="classico", players=("Anna", "Bruno"), journal=None, actions=None, **options):
    listener, speaker = ListListener(lines), RecordingSpeaker()
    rule_set = preset(rules, **options)
    session = Session(lambda: TokioDialog(rule_set, list(players)), listener, speaker, journal, actions)
    return session, listener, speaker


def _penalties(session):
    return {p.name: p.penalties for p in session.dialog.engine.players}


def test_not_understood_changes_nothing_and_asks_again():
    session, _, speaker = _session(["banana", "quindici", "cinquantatré"])
    assert session.run() is Outcome.INPUT_ENDED
    assert len(session.actions) == 1
    assert speaker.said.count("Anna, tira e dichiara.") == 3
    assert "Quindici non è un punto: le decine sono il dado più alto." in speaker.said


def test_each_phase_offers_the_recognizer_its_own_phrases():
    session, listener, _ = _session(["cinquantatré", "dubito", "cinque e tre"])
    session.run()
    phases = [r.phase for r in listener.requests]
    assert phases == ["claim", "response", "reveal", "claim"]
    texts = [{p.text for p in r.phrases} for r in listener.requests]
    assert "cinquantatré" in texts[0] and "dubito" not in texts[0]
    assert "dubito" in texts[1] and "cinquantatré" not in texts[1]
    assert all("annulla" in t and "ripeti" in t for t in texts)


def test_a_costly_claim_is_confirmed_and_no_costs_nothing():
    session, listener, speaker = _session(["sessantacinque", "ci credo", "cinquantatré", "no", "cinquantatré", "sì"])
    session.run()
    assert [r.phase for r in listener.requests][3] == "confirm"
    # "no" left Bruno free to claim again; "sì" made him pay for 53 < 65
    assert _penalties(session) == {"Anna": 0, "Bruno": 1}
    assert "Va bene, dichiara di nuovo." in speaker.said


def test_other_answers_to_a_confirmation_ask_for_yes_or_no():
    session, _, speaker = _session(["sessantacinque", "ci credo", "cinquantatré", "dubito", "no"])
    session.run()
    assert "Rispondi sì o no." in speaker.said
    assert _penalties(session) == {"Anna": 0, "Bruno": 0}


def test_undo_cancels_a_pending_question_first():
    session, _, speaker = _session(["sessantacinque", "ci credo", "cinquantatré", "annulla", "annulla"])
    session.run()
    assert "Domanda annullata." in speaker.said
    assert "Annullato: Bruno ci crede." in speaker.said
    assert len(session.actions) == 1


def test_help_standings_and_repeat_do_not_change_the_game():
    session, _, speaker = _session(["aiuto", "cosa posso dire", "punteggi", "ripeti"])
    assert session.run() is Outcome.INPUT_ENDED
    assert session.actions == []
    assert sum("Dichiara un punto" in s for s in speaker.said) == 2
    assert "Penalità: Anna e Bruno 0." in speaker.said  # a tie, said once
    assert speaker.said.count("Anna, tira e dichiara.") == 5
    # "ripeti" before any answer repeats the opening, then the question
    opening = "Tokio, regole classiche: Anna e Bruno. Si esce con 10 penalità. Al dubbio, il punto deve essere esatto."
    assert speaker.said.count(opening) == 2


def test_lizumo_blind_accept_is_announced_not_confirmed_and_undoable():
    session, listener, speaker = _session(["tokio", "accetto", "annulla"], rules="lizumo")
    session.run()
    assert "confirm" not in [r.phase for r in listener.requests]
    assert "Bruno accetta senza guardare: perde una vita, gliene restano 2." in speaker.said
    assert "Annullato: Bruno ci crede." in speaker.said
    assert session.actions == [{"type": "claim", "dice": [2, 1]}]


def test_take_penalty_is_announced_not_confirmed():
    session, listener, speaker = _session(["tokio", "passo"])
    session.run()
    assert "confirm" not in [r.phase for r in listener.requests]
    assert "Tokio! Bruno: accetti, dubiti o passi?" in speaker.said
    assert "Bruno passa: prende una penalità, ne ha 1." in speaker.said
    assert speaker.said[-1] == "Bruno, tira e dichiara."


def test_take_penalty_only_against_tokio():
    session, _, speaker = _session(["cinquantatré", "passo"])
    session.run()
    assert "Passare si può solo contro il tokio." in speaker.said
    assert session.actions == [{"type": "claim", "dice": [5, 3]}]


def test_repeat_after_a_reveal_says_the_outcome_then_the_question():
    session, _, speaker = _session(["cinquantatré", "dubito", "cinque e due", "ripeti"])
    session.run()
    outcome = ["Cinquantadue: bluff!", "Anna prende una penalità, ne ha 1.", "Anna, tira e dichiara."]
    n = len(speaker.said)
    assert speaker.said[n - 6:] == outcome + outcome


def test_journal_records_exactly_the_actions_in_force(tmp_path):
    path = tmp_path / "j.jsonl"
    journal = Journal.create(str(path), "tokio", {})
    session, _, _ = _session(["cinquantatré", "ci credo", "annulla", "dubito"], journal=journal)
    session.run()
    journal.close()
    assert read_journal(str(path))[0].actions == [{"type": "claim", "dice": [5, 3]}, {"type": "doubt"}]


def test_resume_replays_then_continues():
    actions = [{"type": "claim", "dice": [5, 3]}, {"type": "doubt"}]
    session, listener, speaker = _session(["cinque e due"], actions=actions)
    session.run()
    assert speaker.said[0] == "Riprendo la partita da dove si era fermata."
    assert listener.requests[0].phase == "reveal"
    assert _penalties(session) == {"Anna": 1, "Bruno": 0}


class _Table:
    """Listener and speaker at once, logging the order of turns and answers."""

    def __init__(self, lines):
        self.lines = list(lines)
        self.log = []

    def listen(self, request):
        self.log.append(("listen", request.phase))
        return Heard(self.lines.pop(0)) if self.lines else None

    def say(self, text):
        self.log.append(("say", [text]))

    def say_all(self, sentences):
        self.log.append(("turn", list(sentences)))

    def close(self):
        pass


def test_what_follows_an_answer_and_the_next_question_are_one_turn():
    table = _Table(["cinquantatré", "dubito", "cinque e uno"])
    session = Session(lambda: TokioDialog(preset("classico", limit=2), ["Anna", "Bruno"]), table, table)
    assert session.run() is Outcome.INPUT_ENDED
    kinds = [kind for kind, _ in table.log]
    # one turn before each listen, never a lone sentence, never two turns in a row
    assert kinds == ["turn", "listen"] * 4
    after_reveal = table.log[-2][1]
    # 51 is not 53: Anna bluffed; the outcome, her penalty, the new round, then the question
    assert len(after_reveal) >= 3
    assert any("Anna" in sentence for sentence in after_reveal[:-1])
    assert after_reveal[-1] == session.dialog.prompt()


def test_the_end_of_the_game_is_one_last_turn():
    table = _Table(["cinquantatré", "dubito", "cinque e uno"])
    session = Session(lambda: TokioDialog(preset("classico", limit=1), ["Anna", "Bruno"]), table, table)
    assert session.run() is Outcome.FINISHED
    assert [kind for kind, _ in table.log] == ["turn", "listen"] * 3 + ["turn"]
    assert any("Bruno" in sentence for sentence in table.log[-1][1])  # Anna is out: Bruno wins


def test_the_end_of_the_game_is_on_disk_before_it_is_said(tmp_path):
    path = tmp_path / "j.jsonl"
    journal = Journal.create(str(path), "tokio", {"rules": "classico", "players": ["Anna", "Bruno"]})
    session, _, speaker = _session(["cinquantatré", "fine partita", "sì"], journal=journal)
    on_disk_when_said: list[bool] = []
    say_all = speaker.say_all

    def checking(sentences):
        if "Partita finita su richiesta." in sentences:
            on_disk_when_said.append(read_journal(str(path))[0].ended == "stopped")
        say_all(sentences)

    speaker.say_all = checking
    assert session.run() is Outcome.STOPPED
    journal.close()
    assert on_disk_when_said == [True]
    assert read_journal(str(path))[0].actions == [{"type": "claim", "dice": [5, 3]}]
