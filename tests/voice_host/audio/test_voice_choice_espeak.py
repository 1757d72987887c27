"""The real pyttsx3 engine over a real espeak-ng: its Italian voice is chosen, and without it the host says how to
add it. The voice data is a copy of espeak-ng's with the Italian voice removed (``ESPEAK_DATA_PATH``), in a fresh
process each time: espeak-ng reads its data once per process."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from grammars.it import catalogue

pytestmark = pytest.mark.audio

ENGINE = (
    "from voice_host.speak.speaker import Pyttsx3Engine, TtsUnavailable\n"
    "try:\n"
    "    print('voice', Pyttsx3Engine().voice.id)\n"
    "except TtsUnavailable as exc:\n"
    "    print('unavailable', exc)\n"
)
REPO = Path(__file__).resolve().parents[3]


def _engine(env: dict[str, str]) -> str:
    proc = subprocess.run([sys.executable, "-c", ENGINE], capture_output=True, text=True, timeout=60,
                          env=dict(os.environ, PYTHONPATH=str(REPO), **env), check=True)
    return proc.stdout.strip().splitlines()[-1]


@pytest.fixture
def data_dir(espeak: str) -> Path:
    """espeak-ng's own voice data folder (``Data at:`` of ``espeak-ng --version``)."""
    version = subprocess.run([espeak, "--version"], capture_output=True, text=True, check=True).stdout
    found = re.search(r"Data at: (\S+)", version)
    assert found, version
    return Path(found.group(1))


def test_espeaks_italian_voice_is_chosen(data_dir: Path) -> None:
    assert _engine({"ESPEAK_DATA_PATH": str(data_dir.parent)}) == "voice roa/it"


def test_without_espeaks_italian_voice_the_host_says_how_to_add_it(data_dir: Path, tmp_path: Path) -> None:
    copy = tmp_path / "espeak-ng-data"
    shutil.copytree(data_dir, copy)
    (copy / "lang" / "roa" / "it").unlink()
    assert _engine({"ESPEAK_DATA_PATH": str(tmp_path)}) == "unavailable " + catalogue.voice_no_italian_voice_linux()
