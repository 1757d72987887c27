"""argparse in Italian: a misspelt option is matched against the chosen command's options only."""

from __future__ import annotations

import pytest

from voice_host.cli.main import build_parser


def _error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as ended:
        build_parser().parse_args(argv)
    assert ended.value.code == 2
    return capsys.readouterr().err.strip()


def test_a_swapped_letter_is_offered_the_option_meant(capsys: pytest.CaptureFixture[str]) -> None:
    line = _error(["play", "--game", "tokio", "--plyers", "Anna,Bruno"], capsys)
    assert line.endswith("forse intendevi --players?")


def test_another_commands_option_is_never_offered(capsys: pytest.CaptureFixture[str]) -> None:
    # --giocatore is storico's; play has none like it
    line = _error(["play", "--game", "tokio", "--players", "Anna,Bruno", "--giocatre", "x"], capsys)
    assert "--giocatore" not in line and "forse" not in line


def test_a_different_word_gets_no_guess(capsys: pytest.CaptureFixture[str]) -> None:
    line = _error(["play", "--game", "tokio", "--players", "Anna,Bruno", "--colore", "rosso"], capsys)
    assert line == "voice-host: errore: opzioni sconosciute: --colore rosso"
