"""The journal: durable chained JSON lines, undo records, torn tails, locks, hostile files."""

from __future__ import annotations

import errno
import json
import os
import stat
import time

import pytest
from journal_text import chained_lines, header, journal_text

from voice_host.storage.journal import Journal, JournalError, JournalWriteError, read_journal

CONFIG = {"rules": "classico", "players": ["Anna", "Bruno"]}


def _records(path):
    """Every line of the file as JSON, without its checksum."""
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        record.pop("sum")
        out.append(record)
    return out


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


def test_the_file_follows_the_documented_chain(tmp_path):
    # a journal written by hand from the format's description reads back, and the
    # module writes exactly those bytes
    path = tmp_path / "j.jsonl"
    journal = Journal.create(str(path), "tokio", CONFIG)
    journal.append({"type": "claim", "dice": [5, 3]})
    journal.append_undo()
    journal.close()
    expected = chained_lines([header("tokio", CONFIG), {"do": {"type": "claim", "dice": [5, 3]}}, {"undo": True}])
    assert path.read_text(encoding="utf-8") == "".join(expected)


def test_each_record_is_on_disk_when_append_returns(tmp_path):
    path = tmp_path / "j.jsonl"
    journal = Journal.create(str(path), "tokio", CONFIG)
    journal.append({"type": "claim", "dice": [6, 6]})
    # read through another handle while the journal is still open
    assert _records(path)[-1] == {"do": {"type": "claim", "dice": [6, 6]}}
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


def test_journal_files_are_0600_whatever_the_umask(tmp_path):
    old = os.umask(0)
    try:
        journal = Journal.create(str(tmp_path / "j.jsonl"), "tokio", CONFIG)
        journal.close()
    finally:
        os.umask(old)
    assert stat.S_IMODE(os.stat(tmp_path / "j.jsonl").st_mode) == 0o600


def test_a_second_opener_is_refused_and_the_file_is_untouched(tmp_path):
    path = tmp_path / "j.jsonl"
    first = Journal.create(str(path), "tokio", CONFIG)
    first.append({"type": "claim", "dice": [5, 3]})
    before = path.read_bytes()
    with pytest.raises(JournalError, match="già aperta da un altro processo"):
        Journal.resume(str(path))
    assert path.read_bytes() == before
    first.close()
    second, contents = Journal.resume(str(path))  # the lock went with the first
    assert contents.actions == [{"type": "claim", "dice": [5, 3]}]
    second.close()


def test_a_failed_write_is_cut_back_to_the_last_whole_record(tmp_path, monkeypatch):
    # the real disk-full case runs on a full tmpfs in tests/e2e; here the write is
    # made to stop half-way, as a full disk does
    path = tmp_path / "j.jsonl"
    journal = Journal.create(str(path), "tokio", CONFIG)
    journal.append({"type": "claim", "dice": [5, 3]})
    real_write = os.write

    def half_then_full(fd, data):
        if len(data) > 10:
            return real_write(fd, data[: len(data) // 2])
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "write", half_then_full)
    with pytest.raises(JournalWriteError, match="disco pieno"):
        journal.append({"type": "believe"})
    monkeypatch.undo()
    journal.close()
    assert _records(path)[-1] == {"do": {"type": "claim", "dice": [5, 3]}}
    journal, contents = Journal.resume(str(path))
    assert contents.actions == [{"type": "claim", "dice": [5, 3]}]
    journal.close()


HEAD = "".join(chained_lines([header("tokio", {})]))


@pytest.mark.parametrize("text,needle", [
    ("", "vuoto"),
    ('{"journal": "voice-host jour', "interrotto durante la creazione"),
    ("hello\n", "riga 1"),
    ("".join(chained_lines([{"journal": "other tool", "version": 2}])), "non è un giornale"),
    ("".join(chained_lines([{"journal": "voice-host journal", "version": 99, "game": "tokio", "config": {}}])),
     "versione"),
    # version 1 (no checksums): refused, there are no such journals to keep
    ('{"config": {}, "game": "tokio", "journal": "voice-host journal", "version": 1}\n', "versione del giornale 1"),
    (journal_text("tokio", {}, [{"undo": True}]), "annulla senza azioni"),
    (journal_text("tokio", {}, [{"what": 1}]), "riga 2"),
    (HEAD + '[1,\n{"undo": true}\n', "riga 2"),
])
def test_bad_journals_raise_a_clear_error(tmp_path, text, needle):
    path = tmp_path / "j.jsonl"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(JournalError, match=needle):
        read_journal(str(path))


def test_missing_journal_is_a_clear_error(tmp_path):
    with pytest.raises(JournalError, match="non posso leggere"):
        read_journal(str(tmp_path / "none.jsonl"))


# ---------------------------------------------------------------- tampering

GAME = [header(), {"do": {"type": "claim", "dice": [5, 3]}}, {"do": {"type": "doubt"}},
        {"do": {"type": "reveal", "dice": [5, 2]}}, {"do": {"type": "claim", "dice": [6, 1]}}]


def _write_lines(tmp_path, lines):
    path = tmp_path / "j.jsonl"
    path.write_text("".join(lines), encoding="utf-8")
    return path


def test_a_changed_record_is_reported_with_its_line(tmp_path):
    lines = chained_lines(GAME)
    lines[3] = lines[3].replace("[5,2]", "[5,3]")  # the cup "showed" the claim: the penalty moves
    with pytest.raises(JournalError, match=r"riga 4: giornale modificato"):
        read_journal(str(_write_lines(tmp_path, lines)))


def test_a_removed_record_is_reported_with_its_line(tmp_path):
    lines = chained_lines(GAME)
    del lines[2]
    with pytest.raises(JournalError, match=r"riga 3: giornale modificato"):
        read_journal(str(_write_lines(tmp_path, lines)))


def test_reordered_records_are_reported_with_the_first_moved_line(tmp_path):
    lines = chained_lines(GAME)
    lines[2], lines[3] = lines[3], lines[2]
    with pytest.raises(JournalError, match=r"riga 3: giornale modificato"):
        read_journal(str(_write_lines(tmp_path, lines)))


def test_a_changed_header_is_reported_on_line_1(tmp_path):
    lines = chained_lines(GAME)
    lines[0] = lines[0].replace('"Bruno"', '"Brunone"')
    with pytest.raises(JournalError, match=r"riga 1: giornale modificato"):
        read_journal(str(_write_lines(tmp_path, lines)))


# ---------------------------------------------------------------- strict types (with valid checksums)


@pytest.mark.parametrize("line", [
    '{"config": {"seed": 1e400}, "game": "yatzi", "journal": "voice-host journal", "version": 2}',
    '{"config": {"limit": 2.5}, "game": "tokio", "journal": "voice-host journal", "version": 2}',
    '{"config": {"limit": NaN}, "game": "tokio", "journal": "voice-host journal", "version": 2}',
    '{"config": {"limit": Infinity}, "game": "tokio", "journal": "voice-host journal", "version": 2}',
    '{"config": {"limit": ' + "9" * 5000 + '}, "game": "tokio", "journal": "voice-host journal", "version": 2}',
    '{"config": {"a": 1, "a": 2}, "game": "tokio", "journal": "voice-host journal", "version": 2}',
    '{"config": {"x": ' + "[" * 3000 + "]" * 3000 + '}, "game": "tokio", "journal": "voice-host journal", '
    '"version": 2}',
])
def test_floats_huge_integers_duplicates_and_deep_nesting_are_refused(tmp_path, line):
    # lines are type-checked as they are parsed, before their checksum is looked at
    path = tmp_path / "j.jsonl"
    path.write_text(line[:-1] + ', "sum": "0"}\n', encoding="utf-8")
    with pytest.raises(JournalError, match="riga 1"):
        read_journal(str(path))


@pytest.mark.parametrize("action", [
    {"type": "claim", "dice": [True, 1]},
    {"type": "claim", "dice": [[5], 3]},
    {"type": "claim", "dice": {"high": 5}},
    {"type": "x" * 1000},
    {"type": "claim", "dice": list(range(100))},
])
def test_actions_are_flat_with_integers_that_are_not_booleans(tmp_path, action):
    path = tmp_path / "j.jsonl"
    path.write_text(journal_text("tokio", None, [{"do": action}]), encoding="utf-8")
    with pytest.raises(JournalError, match="riga 2: voce sconosciuta"):
        read_journal(str(path))


def test_a_header_with_booleans_as_numbers_is_read_and_left_to_the_game(tmp_path):
    # the journal allows booleans in a configuration (Yatzi's "virtual"); the game's
    # strict check refuses {"limit": true} (see tests/e2e/test_hardening.py)
    path = tmp_path / "j.jsonl"
    path.write_text(journal_text("tokio", {"limit": True}, []), encoding="utf-8")
    assert read_journal(str(path))[0].config == {"limit": True}


# ---------------------------------------------------------------- bounded reads, wrong kinds of file


def test_an_over_long_line_is_refused_without_reading_it_all(tmp_path):
    path = tmp_path / "j.jsonl"
    with open(path, "wb") as handle:
        handle.write(HEAD.encode())
        handle.write(b"x" * (3 * 1024 * 1024))  # 3 MB on one line (under the size limit)
    started = time.monotonic()
    with pytest.raises(JournalError, match=r"riga 2.*troppo lunga"):
        read_journal(str(path))
    assert time.monotonic() - started < 1


def test_a_huge_journal_is_refused_before_reading(tmp_path):
    path = tmp_path / "j.jsonl"
    with open(path, "wb") as handle:
        handle.write(HEAD.encode())
        handle.truncate(200 * 1024 * 1024)  # 200 MB (sparse)
    started = time.monotonic()
    with pytest.raises(JournalError, match="supera"):
        Journal.resume(str(path))
    assert time.monotonic() - started < 1


@pytest.mark.parametrize("kind", ["fifo", "device", "directory"])
def test_non_regular_files_are_refused_at_once(tmp_path, kind):
    if kind == "fifo":
        path = str(tmp_path / "fifo")
        os.mkfifo(path)  # open() without O_NONBLOCK would wait for a writer forever
        needle = "pipe"
    elif kind == "device":
        path, needle = "/dev/zero", "dispositivo"
    else:
        path, needle = str(tmp_path), "cartella"
    started = time.monotonic()
    for attempt in (lambda: read_journal(path), lambda: Journal.resume(path)):
        with pytest.raises(JournalError, match=needle):
            attempt()
    assert time.monotonic() - started < 1


# ---------------------------------------------------------------- the end of a game ("fine partita", sì)

END = {"end": "stopped"}
CLAIM = {"do": {"type": "claim", "dice": [5, 3]}}


def test_an_ended_journal_reads_back_as_ended_with_its_actions(tmp_path):
    path = tmp_path / "j.jsonl"
    journal = Journal.create(str(path), "tokio", CONFIG)
    journal.append({"type": "claim", "dice": [5, 3]})
    journal.append_end()
    journal.close()
    # the documented form, written by hand
    assert path.read_text(encoding="utf-8") == "".join(chained_lines([header("tokio", CONFIG), CLAIM, END]))
    contents, _ = read_journal(str(path))
    assert contents.ended == "stopped" and contents.actions == [{"type": "claim", "dice": [5, 3]}]
    journal, contents = Journal.resume(str(path))
    journal.close()
    assert contents.ended == "stopped"


def test_a_journal_without_an_end_is_not_ended(tmp_path):
    path = tmp_path / "j.jsonl"
    path.write_text(journal_text("tokio", CONFIG, [CLAIM, {"undo": True}]), encoding="utf-8")
    contents, _ = read_journal(str(path))
    assert contents.ended is None and contents.actions == []


@pytest.mark.parametrize("records,needle", [
    ([CLAIM, END, CLAIM], "riga 4: voce dopo la fine della partita"),
    ([CLAIM, END, {"undo": True}], "riga 4: voce dopo la fine della partita"),  # annulla cannot reach back
    ([END, END], "riga 3: voce dopo la fine della partita"),
    ([{"end": "finished"}], "riga 2: voce sconosciuta"),
    ([{"end": True}], "riga 2: voce sconosciuta"),
    ([{"end": "stopped", "do": {"type": "doubt"}}], "riga 2: voce sconosciuta"),
])
def test_hostile_end_records_are_refused_with_their_line(tmp_path, records, needle):
    path = tmp_path / "j.jsonl"
    path.write_text(journal_text("tokio", CONFIG, records), encoding="utf-8")
    for attempt in (lambda: read_journal(str(path)), lambda: Journal.resume(str(path))):
        with pytest.raises(JournalError, match=needle):
            attempt()


def test_an_end_added_by_hand_breaks_the_chain(tmp_path):
    path = tmp_path / "j.jsonl"
    text = journal_text("tokio", CONFIG, [CLAIM])
    path.write_text(text + '{"end":"stopped","sum":"' + "0" * 64 + '"}\n', encoding="utf-8")
    with pytest.raises(JournalError, match="riga 3: giornale modificato"):
        read_journal(str(path))
