"""The synthetic room of the echo tests (voice_host/audio/echo_rig.py), checked against what it claims."""

from __future__ import annotations

import numpy as np

from voice_host.audio.echo_rig import ROOMS, Room, level_db, mix

RATE = 16000


def _sine(hz: float, seconds: float = 1.0, amplitude: float = 8000.0) -> np.ndarray:
    t = np.arange(int(RATE * seconds)) / RATE
    return (amplitude * np.sin(2 * np.pi * hz * t)).astype(np.int16)


def test_the_direct_path_arrives_after_the_delay() -> None:
    for room in ROOMS:
        ir = room.impulse_response(RATE)
        first = int(np.argmax(np.abs(ir) > 0.05))
        assert abs(first - room.delay_s * RATE) <= 0.003 * RATE, room  # a few taps of the band-pass's spread


def test_the_tail_has_fallen_by_about_sixty_db_at_rt60() -> None:
    room = Room(delay_s=0.02, rt60_s=0.4, low_hz=20.0, high_hz=7900.0)
    ir = room.impulse_response(RATE)[int(0.02 * RATE) :]
    window = int(0.02 * RATE)
    early = np.mean(ir[int(0.03 * RATE) : int(0.03 * RATE) + window] ** 2)  # after the early reflections
    late = np.mean(ir[int(0.37 * RATE) : int(0.37 * RATE) + window] ** 2)
    drop = 10 * np.log10(early / late)
    # the envelope falls 60 dB over 0.4 s: 51 dB between 30 ms and 370 ms (noise: +- 6 dB)
    assert 45 <= drop <= 57


def test_a_laptop_speaker_gives_little_bass() -> None:
    room = Room(delay_s=0.02, rt60_s=0.05, drive=0.0)
    mid = level_db(room.echo(_sine(1000), RATE)[RATE // 2 :])
    bass = level_db(room.echo(_sine(100), RATE)[RATE // 2 :])
    assert mid - bass >= 10


def test_full_volume_bends_the_peaks_a_little() -> None:
    clean = _sine(500, amplitude=30000)
    driven = Room(drive=0.3).loudspeaker(clean)
    spectrum = np.abs(np.fft.rfft(driven))
    third = spectrum[1500] / spectrum[500]  # 1 s of audio: bin k is k Hz
    assert 0.005 < third < 0.1  # heard as a mild colouring, not as distortion
    assert np.abs(Room(drive=0.0).loudspeaker(clean) - clean).max() < 1e-6


def test_the_echo_keeps_the_level_asked_for() -> None:
    played = _sine(1000, amplitude=20000)
    room = Room(echo_gain=0.5, drive=0.0, rt60_s=0.05)
    echo = room.echo(played, RATE)[RATE // 2 :]
    # the direct path at half the level (-6 dB), the reflections adding or taking a few dB at 1 kHz
    assert abs(level_db(echo) - (level_db(played) - 6.0)) <= 4.0
    assert np.allclose(Room(echo_gain=0.25, drive=0.0, rt60_s=0.05).echo(played, RATE)[RATE // 2 :], echo / 2)


def test_mix_adds_the_player_and_clips_like_a_converter() -> None:
    out = mix(np.array([30000.0, 0.0, 0.0]), np.array([10000, -5]), at=0)
    assert out.tolist() == [32767, -5, 0]
