"""What the real-audio tests play and measure: espeak-ng speech, silence, the null sink, loud spans."""

from __future__ import annotations

import functools
import subprocess
import tempfile
from pathlib import Path

import numpy as np

from voice_host.audio.wav import Clip, read_wav, resample, write_wav

SINK = "table"


@functools.cache
def speech(text: str, voice: str = "ko") -> Clip:
    """``text`` spoken by espeak-ng (``voice``), 16 kHz mono."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "speech.wav"
        subprocess.run(["espeak-ng", "-v", voice, "-w", str(path), text], check=True, capture_output=True, timeout=30)
        return resample(read_wav(path), 16000)


def silence(seconds: float) -> bytes:
    """``seconds`` of 16 kHz int16 silence."""
    return bytes(2 * int(16000 * seconds))


#: A fresh input stream may deliver nothing for its first two seconds (measured: 0.1 s mostly, 1.9 s once in
#: four opens through the ALSA pulse plugin): what is played sooner into a just-opened microphone can be lost.
FRESH_MIC_S = 2.5


def play_into_sink(clip: Clip, *, delay: float = 0.0) -> subprocess.Popen[bytes]:
    """Start ``paplay`` of ``clip`` into the null sink (after ``delay`` seconds); returns the process, whose exit
    status is ``paplay``'s."""
    folder = tempfile.mkdtemp(prefix="voice-host-test-")
    path = Path(folder) / "play.wav"
    write_wav(path, clip)
    command = f"sleep {delay:.3f}; paplay --device={SINK} {path}; status=$?; rm -rf {folder}; exit $status"
    return subprocess.Popen(["sh", "-c", command])


def loud_span(
    samples: np.ndarray, rate: int, *, block_s: float = 0.02, threshold: float = 200.0
) -> tuple[float, float] | None:
    """(start, end) seconds of the audio above ``threshold`` RMS, or None when all quiet."""
    block = max(1, int(rate * block_s))
    usable = len(samples) // block * block
    if usable == 0:
        return None
    blocks = samples[:usable].astype(np.float64).reshape(-1, block)
    levels = np.sqrt(np.mean(blocks**2, axis=1))
    loud = np.nonzero(levels > threshold)[0]
    if loud.size == 0:
        return None
    return loud[0] * block_s, (loud[-1] + 1) * block_s
