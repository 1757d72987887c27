"""The journal's pending sì/no question: journaled before it is asked, answered by the next record."""

from __future__ import annotations

import pytest
from journal_text import chained_lines, header, journal_text

from voice_host.storage.journal import Journal, JournalError, read_journal

CONFIG = {"rules": "classico", "players": ["Anna", "Bruno"]}
CLAIM = {"type": "claim", "dice": [5, 3]}
ASK = {"ask": CLAIM, "q": "Bruno, cinquantatré è più basso: paghi una penalità. Confermi?", "no": "Dichiara di nuovo."}


def test_an_ask_is_written_in_the_documented_form_and_read_back_as_pending(tmp_path):
    path = tmp_path / "j.jsonl"
    journal = Journal.create(str(path), "tokio", CONFIG)
    journal.append_ask(CLAIM, ASK["q"], ASK["no"])
    assert journal.pending == ASK
    journal.close()
    assert path.read_text(encoding="utf-8") == "".join(chained_lines([header("tokio", CONFIG), ASK]))
    contents, _ = read_journal(str(path))
    assert contents.pending == ASK and contents.actions == []
    journal, contents = Journal.resume(str(path))
    assert journal.pending == ASK  # the resumed session asks it again
    journal.close()


@pytest.mark.parametrize("answer", [{"answered": True}, {"do": CLAIM}, {"end": "stopped"}])
def test_the_next_record_answers_the_question(tmp_path, answer):
    path = tmp_path / "j.jsonl"
    path.write_text(journal_text("tokio", CONFIG, [ASK, answer]), encoding="utf-8")
    contents, _ = read_journal(str(path))
    assert contents.pending is None


def test_an_undo_answers_the_question_and_pops_an_action(tmp_path):
    path = tmp_path / "j.jsonl"
    path.write_text(journal_text("tokio", CONFIG, [{"do": CLAIM}, ASK, {"undo": True}]), encoding="utf-8")
    contents, _ = read_journal(str(path))
    assert contents.pending is None and contents.actions == []


def test_the_end_of_a_game_can_be_pending(tmp_path):
    path = tmp_path / "j.jsonl"
    journal = Journal.create(str(path), "tokio", CONFIG)
    journal.append_ask(None, "Finiamo la partita?", "Si continua.")
    journal.append_answered()
    assert journal.pending is None
    journal.append_ask(None, "Finiamo la partita?", "Si continua.")
    journal.close()
    assert read_journal(str(path))[0].pending == {"ask": "stopped", "q": "Finiamo la partita?", "no": "Si continua."}


@pytest.mark.parametrize("records,needle", [
    ([{"answered": True}], "riga 2: voce sconosciuta"),  # nothing was asked
    ([ASK, {"answered": True}, {"answered": True}], "riga 4: voce sconosciuta"),
    ([{"ask": "finished", "q": "?", "no": "."}], "riga 2: voce sconosciuta"),
    ([{"ask": {"dice": [[5]]}, "q": "?", "no": "."}], "riga 2: voce sconosciuta"),  # not flat
    ([{"ask": CLAIM, "q": 3, "no": "."}], "riga 2: voce sconosciuta"),
    ([{"ask": CLAIM, "q": "x" * 300, "no": "."}], "riga 2: voce sconosciuta"),
    ([{"ask": CLAIM, "q": "?"}], "riga 2: voce sconosciuta"),
    ([{"end": "stopped"}, ASK], "riga 3: voce dopo la fine della partita"),
])
def test_hostile_ask_records_are_refused_with_their_line(tmp_path, records, needle):
    path = tmp_path / "j.jsonl"
    path.write_text(journal_text("tokio", CONFIG, records), encoding="utf-8")
    with pytest.raises(JournalError, match=needle):
        read_journal(str(path))


def test_a_long_question_is_cut_to_what_the_journal_keeps(tmp_path):
    path = tmp_path / "j.jsonl"
    journal = Journal.create(str(path), "tokio", CONFIG)
    journal.append_ask(CLAIM, "x" * 1000, "no")
    journal.close()
    assert read_journal(str(path))[0].pending == {"ask": CLAIM, "q": "x" * 256, "no": "no"}
