"""A journal grown past half its limit by ``annulla`` is compacted when resumed: the same game, room to go on.

Reading 4 MB takes a second or two here, so the fast tier lowers the threshold
(``COMPACT_ABOVE``) to 20 KB; one slow test grows a journal to the real limit.
"""

from __future__ import annotations

import json
import os

import pytest
from journal_text import chained_lines, header

from voice_host.limits import MAX_JOURNAL_BYTES
from voice_host.storage import journal as journal_module
from voice_host.storage.compaction import still_named
from voice_host.storage.journal import Journal, JournalError, read_journal

CLAIM_53 = {"type": "claim", "dice": [5, 3]}
BELIEVE = {"type": "believe"}
CLAIM_64 = {"type": "claim", "dice": [6, 4]}


def _grown(path, size, live=(CLAIM_53, BELIEVE)):
    """A journal of ``live`` actions in force, after claim/undo cycles that take it to about ``size`` bytes."""
    pair = sum(map(len, chained_lines([header(), {"do": CLAIM_64}, {"undo": True}])[1:]))  # sums are 64 digits
    cycles = max(0, size - 1000) // pair
    records = [header(), {"do": live[0]}, *[{"do": CLAIM_64}, {"undo": True}] * cycles]
    records += [{"do": action} for action in live[1:]]
    path.write_text("".join(chained_lines(records)), encoding="utf-8")


SMALL = 20_000


@pytest.fixture
def low_threshold(monkeypatch):
    """Compaction above 20 KB instead of 2 MB."""
    monkeypatch.setattr(journal_module, "COMPACT_ABOVE", SMALL)


def _records(path):
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.mark.slow
def test_a_journal_at_the_limit_is_rewritten_with_only_the_actions_in_force(tmp_path):
    assert journal_module.COMPACT_ABOVE == MAX_JOURNAL_BYTES // 2
    path = tmp_path / "j.jsonl"
    _grown(path, MAX_JOURNAL_BYTES - 5000)
    assert path.stat().st_size > MAX_JOURNAL_BYTES - 6000
    journal, contents = Journal.resume(str(path))
    assert contents.actions == [CLAIM_53, BELIEVE]
    journal.append({"type": "claim", "dice": [6, 6]})  # it appends to the new file
    journal.close()
    # header, the two actions in force, the new one: chained from the start as the format says
    expected = chained_lines([header(), {"do": CLAIM_53}, {"do": BELIEVE}, {"do": {"type": "claim", "dice": [6, 6]}}])
    assert path.read_text(encoding="utf-8") == "".join(expected)
    assert read_journal(str(path))[0].actions == [CLAIM_53, BELIEVE, {"type": "claim", "dice": [6, 6]}]
    assert sorted(os.listdir(tmp_path)) == ["j.jsonl"]  # no temporary file left
    assert oct(path.stat().st_mode & 0o777) == "0o600"


def test_a_journal_past_the_threshold_is_compacted_and_one_below_it_keeps_its_history(tmp_path, low_threshold):
    path = tmp_path / "j.jsonl"
    _grown(path, SMALL + 2000)
    journal, contents = Journal.resume(str(path))
    journal.close()
    assert contents.actions == [CLAIM_53, BELIEVE]
    assert "".join(chained_lines([header(), {"do": CLAIM_53}, {"do": BELIEVE}])) == path.read_text("utf-8")
    _grown(path, SMALL - 1000)
    before = path.read_bytes()
    journal, contents = Journal.resume(str(path))
    journal.close()
    assert contents.actions == [CLAIM_53, BELIEVE]
    assert path.read_bytes() == before
    assert {"undo": True} in [{k: v for k, v in r.items() if k != "sum"} for r in _records(path)]


def test_a_linked_journal_is_compacted_in_its_target_and_stays_a_link(tmp_path, low_threshold):
    target = tmp_path / "games" / "j.jsonl"
    target.parent.mkdir()
    _grown(target, SMALL + 2000)
    link = tmp_path / "link.jsonl"
    link.symlink_to(target)
    journal, _ = Journal.resume(str(link))
    journal.close()
    assert link.is_symlink()
    assert target.stat().st_size < 1000
    assert read_journal(str(link))[0].actions == [CLAIM_53, BELIEVE]
    assert sorted(os.listdir(target.parent)) == ["j.jsonl"]


def test_the_leftover_of_a_compaction_cut_by_a_crash_is_removed_by_the_next(tmp_path, low_threshold):
    path = tmp_path / "j.jsonl"
    _grown(path, SMALL + 2000)
    leftover = tmp_path / ".j.jsonl.abcd_123.rewrite"  # what kill -9 before the rename leaves
    leftover.write_text("half", encoding="utf-8")
    other = tmp_path / ".other.jsonl.abcd_123.rewrite"  # another journal's: not ours to remove
    other.write_text("half", encoding="utf-8")
    journal, _ = Journal.resume(str(path))
    journal.close()
    assert sorted(os.listdir(tmp_path)) == [".other.jsonl.abcd_123.rewrite", "j.jsonl"]


def test_a_process_that_opened_the_journal_before_its_compaction_is_refused(tmp_path, low_threshold):
    path = tmp_path / "j.jsonl"
    _grown(path, SMALL + 2000)
    stale = os.open(path, os.O_RDWR)  # opened before the compaction, locked only after it: the old file
    try:
        journal, _ = Journal.resume(str(path))
        journal.close()  # the lock is free again, but the old file is no longer the journal
        assert not still_named(stale, str(path))
    finally:
        os.close(stale)
    again, contents = Journal.resume(str(path))  # the path itself resumes
    again.close()
    assert contents.actions == [CLAIM_53, BELIEVE]


def test_a_second_resume_while_the_first_holds_the_compacted_journal_is_refused(tmp_path, low_threshold):
    path = tmp_path / "j.jsonl"
    _grown(path, SMALL + 2000)
    journal, _ = Journal.resume(str(path))
    try:
        with pytest.raises(JournalError, match="già aperta da un altro processo"):
            Journal.resume(str(path))
    finally:
        journal.close()
