"""--voice, --rate and --volume: one validator, the same refusal in play, say and check (issue 17, item 7)."""

from __future__ import annotations

import contextlib
import io
import shlex
from pathlib import Path

import pytest

from voice_host.cli import main as cli

COMMANDS = {
    # --no-journal: a setting let through (as before the validators) must not leave a journal behind
    "play": ["play", "--game", "tokio", "--players", "Anna,Bruno", "--tts", "none", "--input", "keyboard",
             "--no-journal"],
    "say": ["say", "ciao"],
    "check": ["check", "--seconds", "0"],
}


def _main(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = cli.main(argv)
        except SystemExit as exit_:
            code = exit_.code if isinstance(exit_.code, int) else 1
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("option,value,expected", [
    # espeak-ng takes 80 to 450 words per minute and clamps anything else without a word
    ("--rate", "1000", "--rate: 1000 non va bene: la velocità va da 80 a 450 parole al minuto (normale 175)"),
    ("--rate", "79", "--rate: 79 non va bene: la velocità va da 80 a 450 parole al minuto (normale 175)"),
    ("--rate", "veloce", "--rate: veloce non va bene: la velocità va da 80 a 450 parole al minuto (normale 175)"),
    ("--volume", "1.5", "--volume: 1.5 non va bene: il volume va da 0 a 1 (per esempio 0,8)"),
    ("--volume", "-0.1", "--volume: -0.1 non va bene: il volume va da 0 a 1 (per esempio 0,8)"),
    ("--volume", "nan", "--volume: nan non va bene: il volume va da 0 a 1 (per esempio 0,8)"),
    ("--voice", " ", "--voice: scrivi l'id, il nome o la lingua di una voce (le elenca voice-host voci)"),
])
@pytest.mark.parametrize("command", list(COMMANDS))
def test_a_bad_voice_setting_is_one_italian_line_and_exit_2_in_every_command(
    monkeypatch, command, option, value, expected
):
    monkeypatch.delenv("VOICE_HOST_COMMAND", raising=False)
    code, out, err = _main([*COMMANDS[command], f"{option}={value}"])
    assert code == 2
    assert err.splitlines() == [f"voice-host: errore: {expected}"] and out == ""


def test_the_edges_and_an_italian_decimal_comma_are_taken():
    parser = cli.build_parser()
    for command in ("play", "say"):
        argv = [*COMMANDS[command], "--rate", "80", "--volume", "0,8", "--voice", "roa/it"]
        args = parser.parse_args(argv)
        assert (args.rate, args.volume, args.voice) == (80, 0.8, "roa/it")
        args = parser.parse_args([*COMMANDS[command], "--rate", "450", "--volume", "0"])
        assert (args.rate, args.volume) == (450, 0.0)


def test_the_readme_examples_of_voice_settings_parse():
    readme = (Path(__file__).resolve().parents[3] / "README.md").read_text(encoding="utf-8")
    section = readme.split("### Choosing the voice and its speed", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    commands = [shlex.split(line.split("#", 1)[0]) for line in section.strip().splitlines()]
    assert [command[:2] for command in commands] == [["voice-host", "voci"], ["voice-host", "say"],
                                                     ["voice-host", "play"]]
    parser = cli.build_parser()
    for command in commands:
        args = parser.parse_args(command[1:])
        assert getattr(args, "rate", None) in (None, 150) and getattr(args, "volume", None) in (None, 0.8)
