"""The echo path's delay tracker on the synthetic rooms (no sink): where the reference must be cut from."""

from __future__ import annotations

import numpy as np
import pytest

from voice_host.audio.delay_tracker import DelayTracker, gcc_phat
from voice_host.audio.echo_rig import ROOMS, Room, to_int16

from .test_echo_cancel import speechlike

RATE = 16000
MARGIN = 80  # the tracker's default: the direct path 5 ms into the filter


def _track(far: np.ndarray, mic: np.ndarray, tracker: DelayTracker, slip_at: int | None = None,
           slip: int = 0) -> list[int]:
    """Feeds 50 ms chunks, the reference moved by the tracker's shift (and by ``slip`` samples from ``slip_at``:
    an output that underran); returns the shift after each second."""
    shifts = []
    padded = np.concatenate([np.zeros(RATE, np.int16), far])
    for i in range(0, len(mic) - 800, 800):
        moved = tracker.shift + (slip if slip_at is not None and i >= slip_at else 0)
        start = RATE + i - moved
        tracker.feed(mic[i : i + 800], padded[start : start + 800])
        if (i + 800) % RATE == 0:
            shifts.append(tracker.shift)
    return shifts


@pytest.mark.parametrize("room", ROOMS, ids=lambda room: f"{room.delay_s * 1000:.0f}ms")
def test_the_rooms_delay_is_found_while_the_host_speaks(room: Room) -> None:
    far = speechlike(6.0, seed=4)
    mic = to_int16(room.echo(far, RATE))
    tracker = DelayTracker(RATE)
    shifts = _track(far, mic, tracker)
    # the rig puts the direct path at delay_s exactly (test_echo_rig): the shift leaves MARGIN of it, within 1 ms
    assert abs(shifts[-1] - (round(room.delay_s * RATE) - MARGIN)) <= RATE // 1000
    assert tracker.moves == 1  # found once and kept: every move sends the filter back to converging


def test_a_reference_that_slips_is_followed() -> None:
    far = speechlike(10.0, seed=5)
    mic = to_int16(ROOMS[1].echo(far, RATE))
    tracker = DelayTracker(RATE)
    shifts = _track(far, mic, tracker, slip_at=5 * RATE, slip=-240)  # the output 15 ms behind from second 5
    expected = round(ROOMS[1].delay_s * RATE) - MARGIN
    assert abs(shifts[4] - expected) <= 16
    assert abs(shifts[-1] - (expected + 240)) <= 16
    # the echo slipped, not the room: the reference is moved back onto where the filter's taps already hold it
    assert abs(tracker.taps_move) <= 16 and not tracker.doubted


def test_a_slip_is_doubted_within_two_seconds_until_the_reference_is_moved() -> None:
    far = speechlike(10.0, seed=5)
    mic = to_int16(ROOMS[1].echo(far, RATE))
    tracker = DelayTracker(RATE)
    padded = np.concatenate([np.zeros(RATE, np.int16), far])
    doubted, moved_at = [], None
    for i in range(0, len(mic) - 800, 800):
        moves = tracker.moves
        start = RATE + i - tracker.shift - (-128 if i >= 5 * RATE else 0)  # 8 ms behind from second 5
        tracker.feed(mic[i : i + 800], padded[start : start + 800])
        if tracker.doubted:
            doubted.append((i + 800) / RATE)
        if i >= 5 * RATE and tracker.moves != moves:
            moved_at = (i + 800) / RATE
    assert all(at > 5.0 for at in doubted)  # never before the slip
    assert moved_at is not None and doubted and doubted[0] <= 7.0  # within two seconds of it
    assert max(doubted) < moved_at  # and no more once the reference is moved
    assert abs(tracker.taps_move) <= 2


def test_a_doubt_the_filter_contradicts_is_dropped_with_the_windows_off_the_agreed_place() -> None:
    """The echo stage tells the tracker when the filter's taps take the echo out where the reference is
    (:meth:`DelayTracker.shown_in_place`): the doubt goes, and a window found off the agreed place no longer counts
    towards a move (two agreeing would move the reference off the taps)."""
    far = speechlike(6.0, seed=4)
    mic = to_int16(ROOMS[1].echo(far, RATE))
    tracker = DelayTracker(RATE)
    _track(far, mic, tracker)
    placed = tracker._placed
    assert tracker.confirmed and placed is not None
    off = placed - 80  # 5 ms early: no slip of the output puts the echo there
    tracker._found.append(off)
    tracker._judge(off)
    tracker._judge(off)
    assert tracker.doubted
    tracker.shown_in_place()
    assert not tracker.doubted and not tracker.suspect
    assert off not in tracker._found and tracker._found  # the windows at the agreed place stay


def test_a_player_alone_or_a_quiet_host_never_moves_it() -> None:
    player = speechlike(5.0, seed=6)
    tracker = DelayTracker(RATE)
    assert _track(np.zeros_like(player), player, tracker) == [0] * 4  # the host silent: nothing to learn
    # the host speaking (noise at speech's level), nothing of it in the microphone: no peak strong enough
    unrelated = to_int16(np.random.default_rng(7).standard_normal(len(player)) * 3000)
    tracker = DelayTracker(RATE)
    _track(unrelated, player, tracker)
    assert tracker.last is not None and tracker.moves == 0


def test_gcc_phat_finds_a_lead_as_well_as_a_lag() -> None:
    rng = np.random.default_rng(8)
    far = rng.standard_normal(RATE)
    near = np.concatenate([far[200:], np.zeros(200)])  # the microphone 200 samples ahead of the reference
    assert gcc_phat(near, far, 800, RATE)[0] == -200


def test_after_a_restart_the_new_runs_error_is_undone_to_the_sample_and_the_taps_stay() -> None:
    far = speechlike(8.0, seed=8)
    mic = to_int16(ROOMS[1].echo(far, RATE))
    tracker = DelayTracker(RATE)
    first = _track(far[: 4 * RATE], mic[: 4 * RATE], tracker)
    expected = round(ROOMS[1].delay_s * RATE) - MARGIN
    assert first[-1] == expected and tracker.confirmed
    tracker.restart()  # the output started again, its reference 25 samples early: under the tolerance (48)
    assert not tracker.confirmed
    shifts = _track(far[4 * RATE :], mic[4 * RATE :], tracker, slip_at=0, slip=-25)
    assert shifts[-1] == expected + 25 and tracker.confirmed
    assert tracker.taps_move == 0  # the filter's taps were learnt where the reference is put back: they stay


def test_the_cue_s_tones_never_put_the_delay_in_doubt_nor_move_it() -> None:
    """A tone's GCC-PHAT peak is as clear as the echo's, but anywhere (lag 0 at strength 51-55 where the echo's is
    at 80 at strength 30, on the rig and through the sink): windows of the host's cue are not measured."""
    tone = np.arange(int(0.6 * RATE)) / RATE
    parts = []
    for k in range(4):  # speech, then two tones, as a question ends with its cue
        parts += [speechlike(2.5, seed=10 + k), (np.sin(2 * np.pi * 880 * tone) * 6000).astype(np.int16),
                  (np.sin(2 * np.pi * 660 * tone) * 6000).astype(np.int16)]
    far = np.concatenate(parts)
    mic = to_int16(ROOMS[1].echo(far, RATE))
    tracker = DelayTracker(RATE)
    padded = np.concatenate([np.zeros(RATE, np.int16), far])
    doubted = False
    for i in range(0, len(mic) - 800, 800):
        start = RATE + i - tracker.shift
        tracker.feed(mic[i : i + 800], padded[start : start + 800])
        doubted = doubted or tracker.doubted
    assert tracker.moves == 1 and abs(tracker.shift - (round(ROOMS[1].delay_s * RATE) - MARGIN)) <= 2
    assert not doubted
