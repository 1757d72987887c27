"""The barge-in's own linear filter on the synthetic rooms (no sink): it holds still while a player talks over
the host, and follows a reference moved onto a new delay without starting over."""

from __future__ import annotations

import numpy as np
import pytest

from voice_host.audio.block_filter import BlockFilter
from voice_host.audio.echo_cancel import erle_db, open_canceller
from voice_host.audio.echo_rig import ROOMS, Room, to_int16

from .test_echo_cancel import ROOM_CASES, speechlike

RATE = 16000
FRAME = RATE // 100


def _filtered(frame: object, mic: np.ndarray, far: np.ndarray) -> np.ndarray:
    """Each 10 ms frame of ``mic`` and ``far`` through ``frame`` (a filter's or a processor's)."""
    return np.concatenate([frame(mic[i : i + FRAME], far[i : i + FRAME]) for i in range(0, len(mic), FRAME)])  # type: ignore[operator]


@pytest.mark.parametrize("room", ROOM_CASES, ids=lambda room: f"{room.delay_s * 1000:.0f}ms")
def test_the_echo_of_the_host_is_taken_out(room: Room) -> None:
    far = speechlike(8.0, seed=1)
    mic = to_int16(room.echo(far, RATE))
    shift = round(room.delay_s * RATE) - 80  # the reference moved onto the delay, as the echo stage does
    moved = np.concatenate([np.zeros(shift, np.int16), far[:-shift]])
    out = _filtered(BlockFilter(FRAME).frame, mic, moved)
    settled = slice(3 * RATE, None)
    assert erle_db(mic[settled], out[settled]) >= 15.0  # speexdsp's filter on the same: 12 dB or more


@pytest.mark.slow  # ten seconds of audio, twice, through two filters: the full tier
@pytest.mark.parametrize("room", ROOMS[:2], ids=lambda room: f"{room.delay_s * 1000:.0f}ms")
def test_a_player_over_the_host_does_not_pull_the_filter_off_the_echo_path(room: Room) -> None:
    host = speechlike(10.0, seed=1)
    echo = to_int16(room.echo(host, RATE)).astype(np.int32)
    echo[6 * RATE : 8 * RATE] += (speechlike(2.0, seed=9) * 0.5).astype(np.int32)  # the player, over the host
    mic = np.clip(echo, -32768, 32767).astype(np.int16)
    held = open_canceller("block-gate", sample_rate=RATE)._processor
    learning = BlockFilter(FRAME)
    held_out, learning_out = [], []
    for i in range(0, len(mic), FRAME):
        held.frame(mic[i : i + FRAME], host[i : i + FRAME])  # type: ignore[attr-defined]
        held_out.append(mic[i : i + FRAME] - held.filter.last_estimate)  # type: ignore[attr-defined]
        learning_out.append(learning.frame(mic[i : i + FRAME], host[i : i + FRAME]))
    after = slice(8 * RATE, 9 * RATE)  # the host alone again, just after the player
    held_db = erle_db(mic[after], np.concatenate(held_out)[after])
    learning_db = erle_db(mic[after], np.concatenate(learning_out)[after])
    assert held_db >= 18.0
    assert held_db >= learning_db + 6.0  # learning all along, it had drifted off (8-10 dB here)


@pytest.mark.slow  # seconds of audio through the canceller: the full tier
def test_a_moved_reference_keeps_the_filter_converged() -> None:
    far = speechlike(8.0, seed=3)
    mic = to_int16(ROOMS[1].echo(far, RATE))
    errors = {}
    for follow in (True, False):
        f = BlockFilter(FRAME)
        out = list(_filtered(f.frame, mic[: 5 * RATE], far[: 5 * RATE]))
        if follow:
            f.move(480)  # the reference comes 30 ms later from now on (a delay measured anew)
        later = np.concatenate([np.zeros(480, np.int16), far])[: len(far)]
        out += list(_filtered(f.frame, mic[5 * RATE :], later[5 * RATE :]))
        errors[follow] = np.asarray(out)
    next_second = slice(5 * RATE, 6 * RATE)
    assert erle_db(mic[next_second], errors[True][next_second]) >= 15.0
    assert erle_db(mic[next_second], errors[False][next_second]) <= 8.0  # not moved, it starts over


def _erle_after_talk(far: np.ndarray, voice_at: list[slice], seed: int) -> float:
    """The echo the filter takes out of the last half second of ``far``'s echo, after a player (a voice 10 dB
    over the echo) spoke over the spans ``voice_at`` and the filter learnt from every frame (as before the gate
    opens); the frames after the last voice are cleaned without learning."""
    rng = np.random.default_rng(seed)
    path = np.zeros(800)
    path[[40, 300, 700]] = [0.6, -0.3, 0.1]
    echo = np.convolve(far, path)[: len(far)]
    mic = echo.copy()
    for span in voice_at:
        mic[span] += rng.standard_normal(span.stop - span.start) * 5400
    f = BlockFilter(FRAME, tail_s=0.06)
    learnt = voice_at[-1].stop
    _filtered(f.frame, mic[:learnt], far[:learnt])
    out = _filtered(f.cancel, echo[learnt:], far[learnt:]).astype(np.float64)[-RATE // 2 :]
    return float(10 * np.log10(np.mean(echo[-RATE // 2 :] ** 2) / max(float(np.mean(out**2)), 1e-9)))


def test_a_few_frames_of_a_player_learnt_from_do_not_pull_the_filter_off_the_echo_path() -> None:
    # Before the residual-echo gate opens on a player (the onset of a word, a syllable between loud ones) the
    # filter learns from the player's voice. An NLMS step of 1 on such a frame all but resets it: after 50 ms of a
    # voice 10 dB over the echo the plain filter took out less than 1 dB of the echo. The robust step learns from
    # an error far over the usual as if it were only a few times the usual.
    far = np.random.default_rng(5).standard_normal(RATE * 4) * 3000
    assert _erle_after_talk(far, [slice(3 * RATE, 3 * RATE + 5 * FRAME)], seed=5) > 30.0


def test_the_usual_error_does_not_grow_while_the_host_is_silent() -> None:
    # With no far end in the filter's span the microphone holds only the room (or a player): its error says
    # nothing of the echo path. Counted against a reference of nothing it made the usual error grow 15 % a
    # frame, and after a second of the host's silence with a player talking, the player's frames over the host
    # again were learnt from unweighted (-9 dB: the filter undone).
    far = np.random.default_rng(6).standard_normal(RATE * 4) * 3000
    far[2 * RATE : 3 * RATE] = 0.0
    spans = [slice(2 * RATE, 3 * RATE), slice(3 * RATE, 3 * RATE + 5 * FRAME)]
    assert _erle_after_talk(far, spans, seed=6) > 30.0


@pytest.mark.slow  # seconds of audio through the canceller: the full tier
def test_a_player_over_the_hosts_first_words_after_a_pause_does_not_undo_the_filter() -> None:
    # After a pause the far end comes back in a few frequency bins first (a voice's harmonics): each bin's step
    # was normalised by its own far power, next to nothing there, so the room or a player in those bins moved the
    # taps a long way in one frame; and frames with no far end in the span at all were learnt from. A player
    # talking across the host's first words after a second's pause left the filter at 1.6 dB.
    room = ROOMS[0]
    far = speechlike(10.0, seed=3).astype(np.float64)
    far[6 * RATE : 7 * RATE] = 0.0
    echo = room.echo(far, RATE)
    rng = np.random.default_rng(2)
    near = rng.standard_normal(len(far)) * 30  # the room
    near[int(6.9 * RATE) : int(7.05 * RATE)] += rng.standard_normal(int(0.15 * RATE)) * 3000  # a player
    mic = to_int16(echo + near)
    shift = round(room.delay_s * RATE) - 80  # the reference moved onto the delay, as the echo stage does
    moved = np.concatenate([np.zeros(shift), far[:-shift]])
    out = _filtered(BlockFilter(FRAME).frame, mic, moved).astype(np.float64)
    later = slice(int(7.5 * RATE), 8 * RATE)
    residual = out[later] - near[later]
    assert 10 * np.log10(np.mean(echo[later] ** 2) / np.mean(residual**2)) > 15.0


class _AlwaysTransforming(BlockFilter):
    """The filter without its shortcut for a long-silent far end (every frame transformed)."""

    def _silent(self, near: np.ndarray) -> np.ndarray:
        self._line[-1] = 1e-300  # not silent to the shortcut's test, nothing to the arithmetic
        return self.cancel(near, np.zeros(len(near)))


@pytest.mark.slow  # seconds of audio through the canceller: the full tier
def test_the_shortcut_while_the_host_is_silent_changes_nothing() -> None:
    # Through a pause longer than the filter's span, and after it, the output is the same whether or not the
    # frames of silence are transformed.
    room = ROOMS[1]
    far = speechlike(6.0, seed=7).astype(np.float64)
    far[2 * RATE : 3 * RATE] = 0.0
    mic = to_int16(room.echo(far, RATE) + np.random.default_rng(3).standard_normal(len(far)) * 30)
    fast = _filtered(BlockFilter(FRAME).frame, mic, far)
    slow = _filtered(_AlwaysTransforming(FRAME).frame, mic, far)
    assert np.count_nonzero(np.abs(fast.astype(int) - slow.astype(int)) > 1) == 0
