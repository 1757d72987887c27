"""The journal: durable JSON lines, undo records, torn tails, foreign files."""

from __future__ import annotations

import json

import pytest

from voice_host.journal import Journal, JournalError, read_journal

CONFIG = {"rules": "classico", "players": ["Anna", "Bruno"]}


def test_actions_and_undos_replay_to_the_actions_in_force(tmp_path):
    path = tmp_path / "j.jsonl"
    journal = Journal.create(str(path), "tokio", CONFIG)
    journal.append({"type": "claim", "dice": [5, 3]})
    journal.append({"type": "believe"})
    journal.append_undo()
    journal.append({"type": "doubt"})
    journal.close()
    contents, _ = read_journal(str(path))
    assert contents.game == "tokio"
    assert contents.config == CONFIG
    assert contents.actions == [{"type": "claim", "dice": [5, 3]}, {"type": "doubt"}]


def test_each_record_is_on_disk_when_append_returns(tmp_path):
    path = tmp_path / "j.jsonl"
    journal = Journal.create(str(path), "tokio", CONFIG)
    journal.append({"type": "claim", "dice": [6, 6]})
    # read through another handle while the journal is still open
    assert json.loads(path.read_text(encoding="utf-8").splitlines()[-1]) == {"do": {"type": "claim", "dice": [6, 6]}}
    journal.close()


def test_create_never_overwrites(tmp_path):
    path = tmp_path / "j.jsonl"
    path.write_text("keep me", encoding="utf-8")
    with pytest.raises(JournalError, match="--resume"):
        Journal.create(str(path), "tokio", CONFIG)
    assert path.read_text(encoding="utf-8") == "keep me"


def test_resume_cuts_a_torn_tail_and_appends_after_it(tmp_path):
    path = tmp_path / "j.jsonl"
    journal = Journal.create(str(path), "tokio", CONFIG)
    journal.append({"type": "claim", "dice": [5, 3]})
    journal.close()
    with open(path, "a", encoding="utf-8") as handle:
        handle.write('{"do": {"type": "bel')  # a write cut by a crash
    journal, contents = Journal.resume(str(path))
    assert contents.actions == [{"type": "claim", "dice": [5, 3]}]
    journal.append({"type": "believe"})
    journal.close()
    assert read_journal(str(path))[0].actions == [{"type": "claim", "dice": [5, 3]}, {"type": "believe"}]


@pytest.mark.parametrize("text,needle", [
    ("", "vuoto"),
    ("hello\n", "riga 1"),
    ('{"journal": "other tool", "version": 1}\n', "non è un giornale"),
    ('{"journal": "voice-host journal", "version": 99, "game": "tokio", "config": {}}\n', "versione"),
    ('{"journal": "voice-host journal", "version": 1, "game": "tokio", "config": {}}\n{"undo": true}\n',
     "annulla senza azioni"),
    ('{"journal": "voice-host journal", "version": 1, "game": "tokio", "config": {}}\n{"what": 1}\n',
     "riga 2"),
    ('{"journal": "voice-host journal", "version": 1, "game": "tokio", "config": {}}\n[1,\n{"undo": true}\n',
     "riga 2"),
])
def test_bad_journals_raise_a_clear_error(tmp_path, text, needle):
    path = tmp_path / "j.jsonl"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(JournalError, match=needle):
        read_journal(str(path))


def test_missing_journal_is_a_clear_error(tmp_path):
    with pytest.raises(JournalError, match="non posso leggere"):
        read_journal(str(tmp_path / "none.jsonl"))
