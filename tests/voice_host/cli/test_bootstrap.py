"""The bootstrap builds what the options ask for and closes all of it, also when it fails half-way.

Real adapters throughout: a script file, the printing speaker, a journal on disk.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from grammars.it import catalogue as say
from voice_host.cli.bootstrap import assemble
from voice_host.cli.main import build_parser
from voice_host.games import GAMES
from voice_host.storage.journal import Journal, JournalError
from voice_host.terminal.text_io import PrintSpeaker, ScriptListener


def _open_fds() -> set[str]:
    return set(os.listdir("/proc/self/fd"))


def _options(script: Path, *more: str) -> list[str]:
    return ["play", "--game", "tokio", "--players", "Anna,Bruno", "--input", f"script:{script}", "--tts", "print",
            *more]


def test_a_new_game_is_wired_from_the_options_and_closed_whole(tmp_path: Path) -> None:
    script, journal_path = tmp_path / "script.txt", tmp_path / "game.jsonl"
    script.write_text("dubito\n", encoding="utf-8")
    args = build_parser().parse_args(_options(script, "--journal", str(journal_path)))
    before = _open_fds()
    host = assemble(args, str(script))
    assert host.entry is GAMES["tokio"]
    assert isinstance(host.listener, ScriptListener) and isinstance(host.speaker, PrintSpeaker)
    assert host.journal is not None and host.journal.path == str(journal_path)
    summary = host.session.dialog.summary()  # a fresh game of the default preset
    assert (summary["rules"], [p["name"] for p in summary["players"]]) == ("classico", ["Anna", "Bruno"])
    with pytest.raises(JournalError):  # the journal is locked while the game is on
        Journal.resume(str(journal_path))
    host.close()
    assert _open_fds() == before
    journal, contents = Journal.resume(str(journal_path))  # the lock went with the close
    journal.close()
    assert (contents.game, contents.config["players"], contents.actions) == ("tokio", ["Anna", "Bruno"], [])


def test_when_the_journal_cannot_be_made_the_host_says_so_and_leaves_nothing_open(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "script.txt"
    script.write_text("dubito\n", encoding="utf-8")
    args = build_parser().parse_args(_options(script, "--journal", str(tmp_path / "missing" / "game.jsonl")))
    before = _open_fds()
    with pytest.raises(JournalError):
        assemble(args, str(script))
    assert _open_fds() == before  # the script file was closed again
    assert say.say_cannot_save_at_start() in capsys.readouterr().out  # said aloud (printed): no screen needed


def test_a_resumed_journal_with_a_bad_configuration_is_the_journal_s_fault(tmp_path: Path) -> None:
    journal_path = tmp_path / "game.jsonl"
    Journal.create(str(journal_path), "tokio", {"rules": "classico", "players": ["Anna"]}).close()  # one player
    args = build_parser().parse_args(["play", "--resume", str(journal_path), "--input", "keyboard", "--tts", "none"])
    before = _open_fds()
    with pytest.raises(JournalError, match=str(journal_path)):
        assemble(args, None)
    assert _open_fds() == before  # the reopened, locked journal was closed
