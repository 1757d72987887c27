"""Everything the command line prints is Italian, argparse's own parts included."""

from __future__ import annotations

import pytest

ENGLISH = ("usage", "options", "show this help", "invalid choice", "required", "arguments", "error:")


@pytest.mark.parametrize("args", [  # one real process in the fast tier, the others in the full tier
    ["--help"],
    *(pytest.param(a, marks=pytest.mark.slow) for a in (["play", "--help"], ["check", "--help"], ["model", "--help"])),
])
def test_help_is_italian(voice_host, args):
    run = voice_host(*args, summary=False)
    assert run.code == 0
    assert run.stdout.startswith("uso: voice-host")
    assert "opzioni:" in run.stdout and "mostra questo aiuto ed esce" in run.stdout
    assert not any(word in run.stdout.lower() for word in ENGLISH)


@pytest.mark.slow
@pytest.mark.parametrize("args, line", [
    (["play", "--dice", "5"], "voice-host: errore: --dice: 5 non va bene, scegli tra 4, 6, 8, 10"),
    (["play", "--game", "tokio", "--players", "Anna,Bruno", "--rules", "tedesco"],
     "voice-host: errore: --rules tedesco: per Tokio scegli classico, lizumo o milella"),
    (["play", "--limit", "tre"], "voice-host: errore: --limit: non è un numero: 'tre'"),
    (["play", "--truth"], "voice-host: errore: --truth: manca il valore"),
    # `voice-host` alone is no error line but how to start (issue 30): tests/voice_host/cli/test_command_line_edges.py
    (["gioca"], None),
    (["play", "--game", "tokio", "--players", "Anna,Bruno", "--colore", "rosso"],
     "voice-host: errore: opzioni sconosciute: --colore rosso"),
])
def test_usage_errors_are_one_italian_line(voice_host, args, line):
    run = voice_host(*args, summary=False)
    assert run.code == 2
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("voice-host: errore: ")
    if line is not None:
        assert lines[0] == line
    assert "Traceback" not in run.stderr
    assert not any(word in lines[0][len("voice-host: errore: "):].lower() for word in ENGLISH)
