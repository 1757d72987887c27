"""The options of ``serata`` (issue 31): journaled as one record at the start, kept in the printed resume command."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest
from test_evening import run_evening

from voice_host.cli.main import build_parser

pytestmark = pytest.mark.slow


def test_the_command_lines_options_are_one_record_then_the_game_starts(tmp_path: Path) -> None:
    done = run_evening(tmp_path, ["fine partita", "sì", "basta per stasera", "no"], "--game", "tokio",
                       "--players", "Anna,Bruno", "--limit", "3", "--dice", "8")
    assert done.returncode == 0, done.stderr
    records = [json.loads(line)["do"] for line in (tmp_path / "serata.jsonl").read_text().splitlines()[1:]]
    assert records[0] == {"r": "begin", "records": [
        {"r": "game", "game": "tokio"}, {"r": "set", "option": "dice", "value": 8},
        {"r": "set", "option": "limit", "value": 3}, {"r": "rules_ok"},
        {"r": "player", "name": "Anna"}, {"r": "player", "name": "Bruno"}, {"r": "players_ok"}]}
    assert records[1]["r"] == "start"  # no question was asked before the game: the options answered them
    assert "Anna, tira e dichiara." in done.stdout


def test_the_printed_resume_command_keeps_every_option_that_changes_the_evening(tmp_path: Path) -> None:
    options = ["--reprompt-s", "12,30.5", "--earcon", "off", "--board", "0", "--captions", "off"]
    done = run_evening(tmp_path, ["tokio"], *options)
    assert done.returncode == 3, done.stderr  # the input ended: the evening can go on
    line = done.stderr.strip().splitlines()[-1]
    command = line[line.index("per riprendere la serata: ") + len("per riprendere la serata: "):]
    words = shlex.split(command)
    assert words[:2] == ["voice-host", "riprendi"] and words[2] == str(tmp_path / "serata.jsonl")
    resumed = build_parser().parse_args(words[1:])
    first = build_parser().parse_args(["serata", "--input", f"script:{tmp_path / 'serata.txt'}", "--tts", "print",
                                       "--summary", str(tmp_path / "sum.json"), *options])  # as run_evening runs it
    for option in ("reprompt_s", "earcon", "board", "captions", "tts", "input", "summary"):
        assert getattr(resumed, option) == getattr(first, option), option
    assert resumed.reprompt_s == (12.0, 30.5)
