"""The settings file's option defaults (voice, rate, volume, earcon, reprompt waits, board) under the command line."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from voice_host.cli.main import build_parser
from voice_host.cli.remembered_options import apply_remembered
from voice_host.evening.settings import load_settings, remember

GAME = ["--game", "tokio", "--players", "Anna,Bruno"]


def _parsed(tmp_path: Path, text: str, argv: list[str]) -> argparse.Namespace:
    path = tmp_path / "impostazioni.toml"
    path.write_text(text, encoding="utf-8")
    parser = build_parser()
    apply_remembered(parser, argv[0], load_settings(path).options, path)
    return parser.parse_args(argv)


@pytest.mark.parametrize("command", [["play", *GAME], ["serata"]])
def test_the_files_options_are_the_defaults(tmp_path: Path, command: list[str]) -> None:
    text = 'voice = "it"\nrate = 150\nvolume = 0.5\nearcon = false\nreprompt_s = "12,30"\nboard = 8080\n'
    args = _parsed(tmp_path, text, command)
    assert (args.voice, args.rate, args.volume, args.earcon, args.reprompt_s, args.board) == (
        "it", 150, 0.5, "off", (12.0, 30.0), 8080)


def test_a_typed_option_wins_over_the_file(tmp_path: Path) -> None:
    args = _parsed(tmp_path, "rate = 150\nearcon = false\n", ["play", *GAME, "--rate", "200", "--earcon", "on"])
    assert (args.rate, args.earcon) == (200, "on")


def test_without_the_keys_the_options_keep_their_own_defaults(tmp_path: Path) -> None:
    args = _parsed(tmp_path, 'game = "tokio"\n', ["play", *GAME])
    assert (args.rate, args.earcon, args.reprompt_s, args.board) == (None, "on", (20.0, 20.0), None)


@pytest.mark.parametrize(("text", "key"), [
    ("volume = 2\n", "volume"),              # the option's own check refuses it
    ('earcon = "forse"\n', "earcon"),        # not one of the option's choices
    ('board = "ottanta"\n', "board"),        # not a TOML integer
    ('reprompt_s = "mai più"\n', "reprompt_s"),
])
def test_a_bad_value_is_named_in_one_line_and_the_rest_still_counts(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                     text: str, key: str) -> None:
    args = _parsed(tmp_path, text + "rate = 150\n", ["play", *GAME])
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f", {key}: " in err and f"per {key} uso il valore predefinito" in err
    assert "Traceback" not in err
    assert args.rate == 150


def test_the_evening_rewriting_the_file_keeps_the_hand_written_options(tmp_path: Path) -> None:
    path = tmp_path / "impostazioni.toml"
    path.write_text('rate = 150\nearcon = false\nvoice = "it"\n', encoding="utf-8")
    remember(["Anna", "Bruno"], ("tokio", {"dice": 10}), path)
    settings = load_settings(path)
    assert settings.options == {"--rate": "150", "--earcon": "off", "--voice": "it"}
    assert (settings.players, settings.game, settings.rules) == (["Anna", "Bruno"], "tokio", {"dice": 10})
