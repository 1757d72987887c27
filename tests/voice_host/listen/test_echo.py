"""The echo stage on the synthetic rooms (no sink): the microphone cleaned of what the host played, by time."""

from __future__ import annotations

import numpy as np
import pytest

from voice_host.audio.echo_cancel import CancellerUnavailable, open_canceller
from voice_host.audio.echo_rig import ROOMS, level_db, to_int16
from voice_host.audio.far_end import FarEnd
from voice_host.core.ports import Silence
from voice_host.listen.echo import EchoStage
from voice_host.listen.gate import GateStage
from voice_host.listen.sources import AudioChunk

from ..audio.test_echo_cancel import speechlike

RATE = 16000
T0 = 1000.0


class TimedSource:
    """Replays a recording in 50 ms chunks, each stamped with its capture time from ``T0``."""

    def __init__(self, samples: np.ndarray) -> None:
        self.sample_rate = RATE
        self._samples = samples
        self._pos = 0

    def read(self) -> AudioChunk | None:
        if self._pos >= len(self._samples):
            return None
        chunk = self._samples[self._pos : self._pos + 800]
        at = T0 + self._pos / RATE
        self._pos += 800
        return AudioChunk(chunk.astype("<i2").tobytes(), at, at)

    def flush(self) -> int:
        return 0

    def close(self) -> None:
        pass


def _stage(host: np.ndarray) -> EchoStage:
    try:
        canceller = open_canceller("speex-gate", sample_rate=RATE)
    except CancellerUnavailable as exc:
        pytest.skip(str(exc))
    far = FarEnd(keep_s=60.0)
    for at in range(0, len(host), 441):  # played at 22.05 kHz in blocks, as the output stream does
        block = host[at : at + 441]
        resampled = np.interp(np.arange(0, len(block), RATE / 22050), np.arange(len(block)), block)
        far.played(resampled.astype(np.int16), 22050, at=T0 + at / RATE)
    return EchoStage(canceller, far)


@pytest.mark.parametrize("room", ROOMS[:2], ids=lambda room: f"{room.delay_s * 1000:.0f}ms")
def test_the_host_is_taken_out_of_the_microphone_by_capture_time(room: object) -> None:
    host = np.concatenate([speechlike(8.0, seed=2), np.zeros(2 * RATE, np.int16)])
    mic = to_int16(room.echo(host, RATE))  # type: ignore[attr-defined]
    stage = _stage(host[: 8 * RATE])
    source = TimedSource(mic)
    out = []
    while (chunk := source.read()) is not None:
        out.append(np.frombuffer(stage.clean(chunk), dtype="<i2"))
    cleaned = np.concatenate(out)
    assert len(cleaned) == len(mic)
    settled = slice(4 * RATE, 8 * RATE)
    assert level_db(mic[settled]) - level_db(cleaned[settled]) >= 20.0


def test_the_host_talking_is_not_the_players_silence() -> None:
    host = np.concatenate([speechlike(5.0, seed=3), np.zeros(3 * RATE, np.int16)])
    mic = to_int16(ROOMS[0].echo(host, RATE))
    source = TimedSource(mic)
    gate = GateStage(source, echo=_stage(host[: 5 * RATE]))
    read = 0
    while not isinstance(got := gate.next(patience_s=1.0), Silence):
        assert got is not None, "the recording ended before any silence"
        read += len(got) // 2
    # no voice in the cleaned audio, yet the quiet counts only once the host (and its echo tail) is silent
    assert source._pos / RATE >= 5.0 + 1.0
    assert source._pos / RATE <= 5.0 + 1.0 + 0.4 + 0.1
