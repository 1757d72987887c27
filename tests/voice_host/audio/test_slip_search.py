"""The slip search on the rig: the filter's own taps find where a slipped echo went, and a player moves nothing."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

from voice_host.audio.echo_cancel import FrameCanceller, open_canceller
from voice_host.audio.echo_rig import ROOMS, to_int16
from voice_host.audio.slip_search import MAX_SLIP_S, WINDOW_S, SlipSearch

from .test_echo_cancel import speechlike

RATE = 16000
CHUNK = 800  # the microphone's 50 ms
SLIP_AT = 9 * RATE


def _host() -> np.ndarray:
    return np.concatenate([speechlike(8.0, seed=4), speechlike(5.0, seed=7)])


def _taps(room: int, host: np.ndarray) -> np.ndarray:
    """The taps of a filter converged on ``room`` over the host's first 8.5 s, the echo where the reference says."""
    canceller: FrameCanceller = open_canceller("block-gate", sample_rate=RATE)
    echo = to_int16(ROOMS[room].echo(host, RATE))
    for start in range(0, int(8.5 * RATE), CHUNK):
        canceller.process(echo[start : start + CHUNK], host[start : start + CHUNK])
    taps = canceller.taps()
    assert taps is not None
    return taps


def slipped(host: np.ndarray, slip: int, at: int = SLIP_AT) -> np.ndarray:
    """What the room played: ``host`` with ``slip`` samples of silence it never wrote put in at sample ``at``
    (PulseAudio's underrun), or, negative, that many of its samples never played."""
    if slip > 0:
        return np.concatenate([host[:at], np.zeros(slip, np.int16), host[at:]])
    return np.concatenate([host[:at], host[at - slip :]])


def _fed(mic: np.ndarray, end_s: float) -> SlipSearch:
    """A search fed ``mic`` in chunks up to ``end_s`` (a window and a chunk of it)."""
    search = SlipSearch(RATE)
    end = int(end_s * RATE)
    for start in range(end - int(WINDOW_S * RATE) - CHUNK, end, CHUNK):
        search.feed(mic[start : start + CHUNK], start / RATE)
    return search


def _reference(host: np.ndarray) -> Callable[[float, int], np.ndarray]:
    """The far end as the stream stamped it (``host`` from time 0), silence around it."""
    padded = np.concatenate([np.zeros(RATE, np.int16), host, np.zeros(RATE, np.int16)])

    def reference(at: float, count: int) -> np.ndarray:
        first = round(at * RATE)
        return padded[first + RATE : first + RATE + count]

    return reference


def _search(mic: np.ndarray, host: np.ndarray, taps: np.ndarray, end_s: float) -> int | None:
    """The search over the window of ``mic`` ending at ``end_s``, the far end as the stream stamped it."""
    return _fed(mic, end_s).find(taps, _reference(host))


@pytest.fixture(scope="module")
def learnt() -> dict[int, tuple[np.ndarray, np.ndarray]]:
    host = _host()
    return {room: (host, _taps(room, host)) for room in range(len(ROOMS))}


@pytest.mark.slow  # seconds of audio through the canceller: the full tier
@pytest.mark.parametrize("room", range(len(ROOMS)))
@pytest.mark.parametrize("slip", [24, 71, 128, 800, -64, -900, -1200])
def test_the_echo_of_a_slipped_output_is_found_where_it_went(
    learnt: dict[int, tuple[np.ndarray, np.ndarray]], room: int, slip: int
) -> None:
    """Silence the host never wrote played at 9 s (PulseAudio's underrun; 4.4 ms, 8 ms and a whole output block
    of 50 ms were seen through the sink), or samples it wrote never played: the echo comes that much later (or
    sooner) from then on, and the shift found is exactly that (the number of samples put in or taken out), from
    half a second after the slip reached the microphone at the latest (until then the room's reverberation still
    holds what was played before it, at the old place)."""
    host, taps = learnt[room]
    mic = to_int16(ROOMS[room].echo(slipped(host, slip), RATE))
    heard_s = 9.0 + ROOMS[room].delay_s + max(slip, 0) / RATE  # the slip's first echo in the microphone
    found = {round(after, 2): _search(mic, host, taps, heard_s + after) for after in np.arange(0.3, 0.85, 0.1)}
    if abs(slip) > MAX_SLIP_S * RATE:  # beyond the search: nothing is moved (the tracker will measure it)
        assert set(found.values()) == {None}
    else:
        assert set(found.values()) <= {None, slip}
        assert all(shift == slip for after, shift in found.items() if after >= 0.5)
        assert found[0.3] == slip or abs(slip) > 128  # the slips seen through the sink: within 0.3 s
    assert _search(mic, host, taps, 8.9) is None  # before the slip the reference is where it should be


@pytest.mark.slow
@pytest.mark.parametrize("over_db", [0.0, 10.0, 20.0])
@pytest.mark.parametrize("slip", [0, 128])
def test_a_player_talking_over_the_host_moves_nothing_wrongly(
    learnt: dict[int, tuple[np.ndarray, np.ndarray]], over_db: float, slip: int
) -> None:
    """A player's voice is sound no shift of the reference explains: over an echo where it should be, nothing is
    found; over a slipped one, at most the slip itself."""
    room = 1
    host, taps = learnt[room]
    echo = ROOMS[room].echo(slipped(host, slip), RATE).astype(np.float64)
    player, start = speechlike(2.0, seed=9).astype(np.float64), int(9.1 * RATE)
    span = slice(start, start + len(player))
    echo[span] += player * np.sqrt(np.mean(echo[span] ** 2) / np.mean(player**2)) * 10 ** (over_db / 20)
    mic = to_int16(echo)
    for end_s in np.arange(9.5, 11.0, 0.25):
        found = _search(mic, host, taps, float(end_s))
        assert found is None if slip == 0 else found in (None, slip)


@pytest.mark.slow
@pytest.mark.parametrize("room", range(len(ROOMS)))
@pytest.mark.parametrize("slip", [71, 800, -64])
def test_the_instant_of_the_slip_is_found_to_a_frame(
    learnt: dict[int, tuple[np.ndarray, np.ndarray]], room: int, slip: int
) -> None:
    """What was played before the slip stays at its old place in the filter's span: the instant it changed is
    found within two 10 ms frames of where its echo reached the microphone, the window holding both sides."""
    host, taps = learnt[room]
    mic = to_int16(ROOMS[room].echo(slipped(host, slip), RATE))
    heard_s = 9.0 + ROOMS[room].delay_s  # the first sample the slip changed, in the microphone
    end_s = int((heard_s + 0.12) * RATE) // CHUNK * CHUNK / RATE
    since = _fed(mic, end_s).started(taps, _reference(host), slip)
    assert since is not None and abs(since - heard_s) <= 0.02 + 1e-9
