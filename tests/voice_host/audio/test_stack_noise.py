"""The audio stack's English lines on descriptor 2 never reach the players (issue 17, item 7).

The first tests write through the C library's own ``write(2, ...)``, as ALSA and
JACK do, in a real child process; the last one plays through the real sink.
"""

from __future__ import annotations

import os
import select
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
GLITCH_LINE = "voice-host: l'audio si è interrotto per un attimo (il computer è sotto sforzo?)"

CHILD = textwrap.dedent("""
    import ctypes, sys
    from voice_host.audio.stack_noise import filtered_stderr
    libc = ctypes.CDLL(None)

    def c_write(text):  # below Python, as the C libraries write
        data = text.encode()
        libc.write(2, data, len(data))

    with filtered_stderr():
        for _ in range(3):  # alsa-lib writes its prefix, the message and the newline separately
            c_write("ALSA lib pcm.c:8570:(snd_pcm_recover) ")
            c_write("underrun occurred")
            c_write("\\n")
        c_write("ALSA lib confmisc.c:767:(parse_card) cannot find card '0'\\n")
        c_write("jack server is not running or cannot be started\\n")
        c_write("JackShmReadWritePtr::~JackShmReadWritePtr - Init not done for -1, skipping unlock\\n")
        c_write("Cannot connect to server socket err = No such file or directory\\n")
        c_write("Expression 'ret' failed in 'src/hostapi/alsa/pa_linux_alsa.c', line: 1736\\n")
        print("voice-host: una riga nostra", file=sys.stderr)
        c_write("Bruno> ")  # a prompt waits for its answer without a newline
        sys.stdin.readline()
    print("voice-host: dopo", file=sys.stderr)
""")


def _child() -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-c", CHILD], stdin=subprocess.PIPE, stderr=subprocess.PIPE,
                            cwd=REPO, env=dict(os.environ, PYTHONPATH=str(REPO)))


def _read_until(proc: subprocess.Popen[bytes], needle: bytes, timeout: float = 10.0) -> bytes:
    assert proc.stderr is not None
    seen = b""
    deadline = time.monotonic() + timeout
    while needle not in seen:
        ready, _, _ = select.select([proc.stderr], [], [], max(0.0, deadline - time.monotonic()))
        if not ready:
            raise AssertionError(f"{needle!r} never came; got {seen!r}")
        chunk = os.read(proc.stderr.fileno(), 4096)
        assert chunk, seen
        seen += chunk
    return seen


def test_library_lines_are_dropped_a_glitch_is_said_once_in_italian_and_ours_pass():
    proc = _child()
    early = _read_until(proc, b"Bruno> ")  # the prompt is not held back waiting for a newline
    _, out = proc.communicate(b"\n", timeout=10)
    text = (early + out).decode("utf-8")
    assert proc.returncode == 0, text
    assert text.splitlines() == [GLITCH_LINE, "voice-host: una riga nostra", "Bruno> voice-host: dopo"]


@pytest.mark.audio
def test_speaking_through_the_sink_prints_no_english(pulse: str, espeak: str) -> None:
    # a turn's worth of speech: under load the sink's buffer runs dry, and alsa-lib says so on every underrun
    text = "Cinquantatré. Bruno, ci credi? Bruno dubita. Anna ha cinque e due: prende una penalità, ne ha una."
    result = subprocess.run([sys.executable, "-m", "voice_host", "say", text], capture_output=True, text=True,
                            timeout=120, cwd=REPO, env=dict(os.environ, PYTHONPATH=str(REPO)))
    assert result.returncode == 0, result.stderr
    lines = result.stderr.splitlines()
    assert not [line for line in lines if "ALSA" in line or "underrun" in line or "jack" in line.lower()], lines
    assert lines.count(GLITCH_LINE) <= 1
    assert all(line.startswith("voice-host: ") for line in lines), lines


@pytest.mark.audio
def test_no_sound_server_is_said_in_italian(tmp_path: Path) -> None:
    # PortAudio finds no default device and says "Error querying device -1"
    env = {key: value for key, value in os.environ.items() if key != "VOSK_MODEL_PATH"}
    env.update(PYTHONPATH=str(REPO), PULSE_SERVER="unix:/nonexistent", HOME=str(tmp_path),
               XDG_CACHE_HOME=str(tmp_path))
    result = subprocess.run([sys.executable, "-m", "voice_host", "check", "--seconds", "0.5", "--game", "tokio"],
                            capture_output=True, text=True, timeout=120, cwd=tmp_path, env=env)
    lines = [line for line in (result.stdout + result.stderr).splitlines() if not line.startswith("fase ")]
    assert result.returncode == 1, lines
    assert not [line for line in lines if "Error" in line or "querying" in line or "ALSA" in line], lines
    assert ("microfono: NON FUNZIONA (Non riesco ad aprire il microfono: nessun dispositivo audio predefinito "
            "(nessuna scheda audio, o il server audio è spento). Vedi: voice-host devices)") in lines
