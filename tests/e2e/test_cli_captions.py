"""Captions: every sentence the host says is also a line on standard output (--captions on|off)."""

from __future__ import annotations

from pathlib import Path

import pytest

# RULES.md 1.2, classico, limit 1: Anna declares 53, Bruno doubts, the cup shows 53:
# Bruno doubted wrongly, takes his only penalty and is out; Anna wins.
SCRIPT = "cinquantatré\ndubito\ncinque e tre\n"
BASE = ("play", "--game", "tokio", "--players", "Anna,Bruno", "--limit", "1")


def _play(voice_host, tmp_path: Path, *options: str):
    script = tmp_path / "game.txt"
    script.write_text(SCRIPT, encoding="utf-8")
    return voice_host(*BASE, "--input", f"script:{script}", *options)


def _spoken(run) -> list[str]:
    """The printed sentences of a ``--tts print`` run (without the script's echoed answers)."""
    return [line for line in run.stdout.splitlines() if not line.startswith("> ")]


@pytest.mark.slow  # a real process: the full tier (the fast tier keeps one of each kind)
def test_a_silent_voice_still_shows_every_sentence_in_order(voice_host, tmp_path):
    silent = _play(voice_host, tmp_path, "--tts", "none")
    printed = _play(voice_host, tmp_path, "--tts", "print")
    assert silent.code == printed.code == 0
    lines = silent.stdout.splitlines()
    # the same sentences, in the same order, as the host says them
    assert lines == _spoken(printed)
    assert any("cinquantatré" in line.lower() for line in lines)  # the claim
    assert "Anna" in lines[-2] + lines[-1]  # the winner comes last, with the standings
    assert {name: (penalties, out) for name, (penalties, _, out) in silent.players().items()} == {
        "Anna": (0, False), "Bruno": (1, True)}


@pytest.mark.slow  # a real process: the full tier (the fast tier keeps one of each kind)
def test_captions_are_on_by_default_and_off_on_request(voice_host, tmp_path):
    on = _play(voice_host, tmp_path, "--tts", "none", "--captions", "on")
    off = _play(voice_host, tmp_path, "--tts", "none", "--captions", "off")
    default = _play(voice_host, tmp_path, "--tts", "none")
    assert off.code == on.code == 0
    assert off.stdout == ""
    assert on.stdout == default.stdout != ""


@pytest.mark.slow  # a real process: the full tier (the fast tier keeps one of each kind)
def test_printed_speech_is_not_printed_twice(voice_host, tmp_path):
    with_captions = _play(voice_host, tmp_path, "--tts", "print", "--captions", "on")
    without = _play(voice_host, tmp_path, "--tts", "print", "--captions", "off")
    assert with_captions.stdout == without.stdout
    lines = _spoken(with_captions)
    assert lines == _play(voice_host, tmp_path, "--tts", "none").stdout.splitlines()


@pytest.mark.slow  # the host started as a process for a whole game or more: the full tier
def test_a_bad_captions_value_is_one_line_and_exit_2(voice_host):
    run = voice_host(*BASE, "--captions", "maybe", summary=False)
    assert run.code == 2
    assert len(run.stderr.strip().splitlines()) == 1 and "--captions" in run.stderr
