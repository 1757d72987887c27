"""The echo cancellers on the synthetic rooms (no sink): how much of the host's voice they take out.

The far end is a speech-like signal made here (voiced harmonics, syllable-rate
modulation, pauses), played through each room of :mod:`voice_host.audio.echo_rig`.
"""

from __future__ import annotations

import numpy as np
import pytest
from tiers import first_in_fast

from voice_host.audio.echo_cancel import CancellerUnavailable, erle_db, open_canceller
from voice_host.audio.echo_rig import ROOMS, to_int16

RATE = 16000
#: The rig's rooms for a test that runs seconds of audio through a canceller in each: the first in the fast tier,
#: the others in the full one.
ROOM_CASES = first_in_fast(ROOMS)


def speechlike(seconds: float, seed: int) -> np.ndarray:
    """Voiced harmonics of a wandering pitch, four syllables a second, a pause every second."""
    rng = np.random.default_rng(seed)
    t = np.arange(int(RATE * seconds)) / RATE
    pitch = 120 + 30 * np.sin(2 * np.pi * 0.7 * t)
    phase = 2 * np.pi * np.cumsum(pitch) / RATE
    voiced = sum(np.sin(k * phase) / k for k in range(1, 20))
    envelope = np.clip(np.sin(2 * np.pi * 4 * t), 0, None) * (np.sin(2 * np.pi * 0.5 * t) > -0.6)
    noise = rng.standard_normal(len(t)) * 0.05
    return to_int16((voiced * envelope + noise) * 6000)


def _cancel(name: str, far: np.ndarray, mic: np.ndarray) -> np.ndarray:
    try:
        canceller = open_canceller(name, sample_rate=RATE)
    except CancellerUnavailable as exc:
        pytest.skip(str(exc))
    out = np.concatenate([canceller.process(mic[i : i + 800], far[i : i + 800]) for i in range(0, len(mic), 800)])
    assert len(out) == len(mic)  # 50 ms blocks are whole 10 ms frames: nothing waits
    return out


@pytest.mark.parametrize(("name", "least_db"), [("webrtc", 12.0), ("speex", 12.0)])
@pytest.mark.parametrize("room", ROOM_CASES, ids=lambda room: f"{room.delay_s * 1000:.0f}ms")
def test_the_echo_of_the_host_is_taken_out(name: str, least_db: float, room: object) -> None:
    far = speechlike(8.0, seed=1)
    mic = to_int16(room.echo(far, RATE))  # type: ignore[attr-defined]
    out = _cancel(name, far, mic)
    settled = slice(3 * RATE, None)
    assert erle_db(mic[settled], out[settled]) >= least_db


def test_a_player_alone_comes_through() -> None:
    """WebRTC's (the host's choice; speexdsp's denoiser takes 7.5 dB of this voice: bench/echo_compare.py)."""
    player = speechlike(4.0, seed=2)
    out = _cancel("webrtc", np.zeros_like(player), player)
    # the same speech, the same level: at most 3 dB lost (WebRTC's high-pass takes a little of the lowest harmonic)
    assert erle_db(player[RATE:], out[RATE:]) <= 3.0


def test_a_click_comes_out_within_two_frames() -> None:
    noise = (np.random.default_rng(3).standard_normal(2 * RATE) * 300).astype(np.int16)
    noise[RATE : RATE + 80] = 12000
    out = _cancel("webrtc", np.zeros_like(noise), noise)
    around = slice(RATE - 400, RATE + 1200)
    lag = int(np.argmax(np.correlate(out[around].astype(float), noise[around].astype(float), "full"))) - 1599
    assert 0 <= lag <= 2 * RATE // 100


def test_an_unknown_canceller_is_unavailable() -> None:
    with pytest.raises(CancellerUnavailable):
        open_canceller("nonesuch")
    with pytest.raises(CancellerUnavailable):
        open_canceller("webrtc", sample_rate=22050)


def test_the_remainder_of_a_frame_waits_for_the_next_call() -> None:
    try:
        canceller = open_canceller("webrtc", sample_rate=RATE)
    except CancellerUnavailable as exc:
        pytest.skip(str(exc))
    first = canceller.process(np.zeros(250, np.int16), np.zeros(250, np.int16))
    second = canceller.process(np.zeros(70, np.int16), np.zeros(70, np.int16))
    assert (len(first), len(second)) == (160, 160)
