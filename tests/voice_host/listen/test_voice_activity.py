"""The speech gate: only the audio around voice reaches the decoders, with pre-roll and hangover."""

from __future__ import annotations

import numpy as np

from voice_host.listen.gate import GateStage
from voice_host.listen.sources import BufferSource
from voice_host.listen.voice_activity import SpeechGate

RATE = 16000
CHUNK = 800  # 50 ms, as the microphone gives them


def chunk(index: int, level: int = 0) -> bytes:
    """A 50 ms chunk whose first sample is ``index`` (to follow it through the gate) and the rest ``level``."""
    samples = np.full(CHUNK, level, "<i2")
    samples[0] = index
    return samples.tobytes()


def first_sample(data: bytes) -> int:
    return int(np.frombuffer(data, "<i2")[0])


def run(gate: SpeechGate, voiced: list[bool]) -> list[int]:
    """Push one chunk per entry; the indexes of the chunks passed on, in order."""
    out: list[int] = []
    for index, loud in enumerate(voiced):
        out.extend(first_sample(c) for c in gate.push(chunk(index, 3000 if loud else 10), loud))
    return out


def test_silence_reaches_no_decoder() -> None:
    assert run(SpeechGate(sample_rate=RATE), [False] * 200) == []


def test_voice_brings_its_pre_roll_then_every_chunk_until_the_hangover_ends() -> None:
    # 2 s quiet, 0.5 s voice (chunks 40-49), then 3 s quiet
    voiced = [False] * 40 + [True] * 10 + [False] * 60
    passed = run(SpeechGate(pre_roll_s=0.3, hangover_s=1.0, sample_rate=RATE), voiced)
    # 0.3 s before the voice (chunks 34-39), the voice, and 1.0 s after it (chunks 50-69)
    assert passed == list(range(34, 70))


def test_the_pre_roll_and_hangover_carry_their_audio_in_order_without_gaps() -> None:
    voiced = [False] * 10 + [True] + [False] * 3 + [True] + [False] * 30 + [True] + [False] * 25
    passed = run(SpeechGate(pre_roll_s=0.1, hangover_s=0.5, sample_rate=RATE), voiced)
    # voice at 10, 14 and 45; 0.1 s pre-roll is 2 chunks, 0.5 s hangover 10:
    # first stretch 8-9, 10-14, 15-24; second 43-44, 45, 46-55
    assert passed == list(range(8, 25)) + list(range(43, 56))


def test_an_utterance_still_open_keeps_the_gate_open() -> None:
    open_until = 80
    position = {"at": 0}
    gate = SpeechGate(pre_roll_s=0.0, hangover_s=0.5, sample_rate=RATE, busy=lambda: position["at"] < open_until)
    passed = []
    for index, loud in enumerate([True] + [False] * 150):
        position["at"] = index
        passed.extend(first_sample(c) for c in gate.push(chunk(index, 3000 if loud else 10), loud))
    # open through chunk 80 (busy), then one more hangover of 0.5 s (10 chunks) at most
    assert passed[0] == 0 and passed == list(range(len(passed)))
    assert open_until <= passed[-1] <= open_until + 10
    assert gate.opened == 1


def test_reset_forgets_the_pre_roll_said_before_the_host_spoke() -> None:
    gate = SpeechGate(pre_roll_s=0.3, sample_rate=RATE)
    for index in range(10):
        gate.push(chunk(index, 10), False)
    gate.reset()
    assert [first_sample(c) for c in gate.push(chunk(99, 3000), True)] == [99]


def _fed(speech_gate: bool, audio: np.ndarray) -> bytes:
    """Everything the listener would hand its decoders for ``audio``."""
    intake = GateStage(BufferSource(audio.astype("<i2").tobytes()), speech_gate=speech_gate)
    fed = []
    while (data := intake.next()) is not None:
        assert isinstance(data, bytes)
        fed.append(data)
    return b"".join(fed)


def test_the_listener_decodes_only_around_voice_and_keeps_its_onset() -> None:
    rng = np.random.default_rng(1)
    room = rng.normal(0.0, 10.0, 10 * RATE)  # a quiet room: 10 s
    t = np.arange(int(0.6 * RATE)) / RATE
    onset = np.minimum(1.0, t / 0.15)  # a 150 ms soft onset, as a first syllable's
    voice = 4000 * onset * np.sin(2 * np.pi * 220 * t) * (1 + 0.5 * np.sin(2 * np.pi * 3 * t))
    audio = room.copy()
    start = 8 * RATE
    audio[start : start + voice.size] += voice
    gated, everything = _fed(True, audio), _fed(False, audio)
    assert len(everything) == 2 * audio.size
    # the voice, 0.5 s before it (pre-roll) and about 1 s after it: not the 8 s of room before
    assert 1.8 * 2 * RATE <= len(gated) <= 2.4 * 2 * RATE
    # the fed audio is one stretch of the real audio, starting before the voice's first sample
    offset = everything.find(gated[:1600])
    assert 0 < offset <= 2 * start and everything[offset : offset + len(gated)] == gated
    assert offset <= 2 * (start - int(0.45 * RATE))


def test_only_voice_well_above_the_room_opens_the_gate_and_any_voice_holds_it_open() -> None:
    gate = SpeechGate(pre_roll_s=0.0, hangover_s=0.5, sample_rate=RATE)
    for i in range(80):  # 4 s of the room's sound at one level (the next table, a fan)
        assert gate.push(chunk(i, 300), False) == []
    assert gate.push(chunk(80, 900), True) == []  # voice 9.5 dB over the room: under the gate's 12 dB
    assert [first_sample(c) for c in gate.push(chunk(81, 1800), True)] == [81]  # 15.6 dB over it
    # the soft end of the word, voiced but only 3.5 dB over the room, holds it open past the hangover
    held = [first_sample(c) for i in range(82, 102) for c in gate.push(chunk(i, 450), True)]
    assert held == list(range(82, 102)) and gate.open
    after = [first_sample(c) for i in range(102, 130) for c in gate.push(chunk(i, 300), False)]
    assert after == list(range(102, 112)) and not gate.open  # then 0.5 s of hangover


def test_what_the_gate_kept_before_the_host_spoke_is_never_decoded_after() -> None:
    from voice_host.audio.half_duplex import HalfDuplexGate

    gate = HalfDuplexGate(tail_s=0.0)
    before = np.full(RATE, 7, "<i2").tobytes()  # 1 s of the room before the host spoke, marked by its value
    source = BufferSource(before)
    intake = GateStage(source, gate=gate)
    assert intake.next() is None  # all kept as pre-roll, nothing decoded; the source ran dry
    with gate.speaking():
        pass
    t = np.arange(int(0.5 * RATE)) / RATE
    source.append((4000 * np.sin(2 * np.pi * 220 * t)).astype("<i2").tobytes() + np.zeros(RATE, "<i2").tobytes())
    assert intake.sync() and intake.host_spoke  # as listen() does first
    fed = []
    while (data := intake.next()) is not None:
        assert isinstance(data, bytes)
        fed.append(np.frombuffer(data, "<i2"))
    assert fed and not any(np.all(samples == 7) for samples in fed)


def test_after_a_dropped_utterance_only_voice_that_stands_out_again_opens_the_gate() -> None:
    gate = SpeechGate(pre_roll_s=0.1, hangover_s=0.5, sample_rate=RATE)
    for i in range(80):  # 4 s of a quiet room
        gate.push(chunk(i, 300), False)
    assert [first_sample(c) for c in gate.push(chunk(80, 1800), True)] == [78, 79, 80]  # 15.6 dB over the room
    gate.close()  # the decoders judged what they heard: talk at the next table
    assert not gate.open
    # the talk goes on, voiced but only 3.5 dB over the room: before, it held the gate open chunk by chunk
    assert [c for i in range(81, 121) for c in gate.push(chunk(i, 450), True)] == []
    # a player's voice standing out again opens it, with its pre-roll
    assert [first_sample(c) for c in gate.push(chunk(121, 1800), True)] == [119, 120, 121]
    assert gate.opened == 2
