"""voice-host voci, and an unknown --voice, on the real pyttsx3 with espeak-ng (issue 17, item 7)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
pytestmark = pytest.mark.audio


def voice_host(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "voice_host", *args], capture_output=True, text=True, timeout=120,
                          cwd=REPO)


def _listed(stdout: str) -> list[tuple[bool, str, str]]:
    """(marked, id, "name (languages)") of each voice line, in order."""
    voices = []
    for line in stdout.splitlines():
        if line.startswith(("   ", " * ")):
            voice_id, name = line[3:].split(": ", 1)
            voices.append((line.startswith(" * "), voice_id, name))
    return voices


def test_voci_lists_the_italian_voices_first_and_marks_the_italian_one(espeak: str) -> None:
    result = voice_host("voci")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    # espeak-ng ships one Italian voice for pyttsx3: roa/it, "Italian"
    assert lines[0] == "voci italiane (1):" and lines[1] == " * roa/it: Italian (it)"
    assert lines[2].startswith("altre voci (") and lines[-1].startswith("* = userei roa/it;")
    listed = _listed(result.stdout)
    assert len(listed) > 50 and sum(marked for marked, _, _ in listed) == 1
    assert ("gmw/en-us", "English (America) (en-us)") in [(voice_id, name) for _, voice_id, name in listed]
    assert result.stderr == ""


def test_voci_marks_the_voice_that_voice_would_choose(espeak: str) -> None:
    result = voice_host("voci", "--voice", "roa/pt")
    assert result.returncode == 0, result.stderr
    assert [voice_id for marked, voice_id, _ in _listed(result.stdout) if marked] == ["roa/pt"]
    assert result.stdout.splitlines()[1] == "   roa/it: Italian (it)"  # Italian first still, not marked


@pytest.mark.parametrize("command", [["voci"], ["say", "ciao"], ["play", "--game", "tokio", "--players", "A,B",
                                                                 "--input", "keyboard", "--no-journal"]])
def test_an_unknown_voice_is_one_italian_line_and_exit_2_everywhere(espeak: str, command: list[str]) -> None:
    # refused when the synthesizer starts, before anything is played or listened to
    result = voice_host(*command, "--voice", "nessuna-voce")
    assert result.returncode == 2, result.stderr
    assert result.stderr.strip().splitlines() == [
        "voice-host: errore: La voce 'nessuna-voce' non esiste. Le voci installate: voice-host voci"
    ]
