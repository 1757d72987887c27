"""A whole game played with the table's own words, through the command line.

``games/classico_d6_natural.txt`` says every line of ``games/classico_d6.txt`` as
players say it ("ho fatto cinquantatré", "sì, ci credo", "torna indietro", "fammi
vedere", "prendo una penalità", "sì, confermo"...). The host must say and decide
exactly what it does for the canonical script: the same sentences (only the echo of
what was heard differs) and the same outcome.
"""

from __future__ import annotations

from pathlib import Path

import pytest

GAMES = Path(__file__).parent / "games"
ARGS = ("play", "--game", "tokio", "--players", "Anna,Bruno,Carla", "--limit", "2", "--tts", "print")


def _said(stdout: str) -> list[str]:
    """The host's sentences: every line but the echo of the input ("> ...")."""
    return [line for line in stdout.splitlines() if not line.startswith("> ")]


@pytest.mark.slow  # the host started as a process for a whole game or more: the full tier
def test_a_game_said_naturally_goes_exactly_as_the_canonical_one(voice_host):  # type: ignore[no-untyped-def]
    canonical = voice_host(*ARGS, "--input", f"script:{GAMES / 'classico_d6.txt'}")
    natural = voice_host(*ARGS, "--input", f"script:{GAMES / 'classico_d6_natural.txt'}")
    assert canonical.code == natural.code == 0, natural.stderr
    assert "Anna vince la partita!" in natural.stdout
    assert _said(natural.stdout) == _said(canonical.stdout)
    assert natural.summary == canonical.summary
    assert natural.players() == {"Anna": (1, 1, False), "Bruno": (3, 0, True), "Carla": (3, 0, True)}
