"""The added-echo watch on the rig: a slipped reference is told within a fifth of a second, a player is not."""

from __future__ import annotations

import numpy as np
import pytest

from voice_host.audio.echo_cancel import FrameCanceller, open_canceller
from voice_host.audio.echo_rig import ROOMS, to_int16

from .test_echo_cancel import speechlike

RATE = 16000
CHUNK = 800  # the microphone's 50 ms


def _run(mic: np.ndarray, far: np.ndarray) -> list[tuple[float, bool]]:
    """``mic`` cleaned against ``far`` chunk by chunk (the filter's 0.4 s of taps hold the rooms' delays, up to
    0.12 s, and their loud reverberation): (the chunk's end in seconds, whether the canceller said it adds echo)."""
    canceller: FrameCanceller = open_canceller("block-gate", sample_rate=RATE)
    far = np.concatenate([far, np.zeros(max(0, len(mic) - len(far)), np.int16)])[: len(mic)]
    told = []
    for start in range(0, len(mic) - CHUNK + 1, CHUNK):
        canceller.process(mic[start : start + CHUNK], far[start : start + CHUNK])
        told.append(((start + CHUNK) / RATE, canceller.adds_echo))
    return told


def _host() -> np.ndarray:
    return np.concatenate([speechlike(8.0, seed=4), speechlike(5.0, seed=7)])


@pytest.mark.slow  # seconds of audio through the canceller: the full tier
@pytest.mark.parametrize("room", range(len(ROOMS)))
@pytest.mark.parametrize("slip", [24, 128])
def test_an_echo_that_comes_later_than_the_reference_is_told_within_a_fifth_of_a_second(room: int, slip: int) -> None:
    """The output plays a few milliseconds of silence the host never wrote (PulseAudio's underrun, as seen
    through the sink: 8 ms): from then on the filter subtracts the host's voice where its echo is not."""
    host, slip_at = _host(), 9 * RATE
    played = np.concatenate([host[:slip_at], np.zeros(slip, np.int16), host[slip_at:]])
    told = _run(to_int16(ROOMS[room].echo(played, RATE)), host)
    assert not any(adding for at, adding in told if 3.0 <= at <= 9.0)  # converged: no alarm before the slip
    heard_at = 9.0 + ROOMS[room].delay_s  # the slip reaches the microphone after the echo path's delay
    first = min(at for at, adding in told if adding and at > 9.0)
    assert first <= heard_at + 0.2


@pytest.mark.slow
@pytest.mark.parametrize("over_db", [0.0, 10.0, 20.0])
def test_a_player_talking_over_the_host_is_not_taken_for_added_echo(over_db: float) -> None:
    """A player's voice is sound the filter's estimate does not touch: the output is as loud as the microphone,
    not louder, even 20 dB over the echo (the microphone clipping)."""
    room, host = ROOMS[1], _host()
    echo = room.echo(host, RATE).astype(np.float64)
    player, start = speechlike(2.0, seed=9).astype(np.float64), int(9.5 * RATE)
    span = slice(start, start + len(player))
    scale = np.sqrt(np.mean(echo[span] ** 2) / np.mean(player**2)) * 10 ** (over_db / 20)
    echo[span] += player * scale
    told = _run(to_int16(echo), host)
    assert not any(adding for at, adding in told if 3.0 <= at <= 11.5)
