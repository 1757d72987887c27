"""The echo stage on the synthetic rooms (no sink): the microphone cleaned of what the host played, by time."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest

from voice_host.audio.echo_cancel import CancellerUnavailable, open_canceller
from voice_host.audio.echo_rig import ROOMS, level_db, to_int16
from voice_host.audio.far_end import FarEnd
from voice_host.audio.wav import Clip, resample
from voice_host.core.ports import Silence
from voice_host.listen.echo import EchoStage
from voice_host.listen.gate import GateStage
from voice_host.listen.sources import AudioChunk
from voice_host.listen.stop_spotter import passed_share

from ..audio.test_echo_cancel import speechlike
from ..audio.test_slip_search import slipped

RATE = 16000
T0 = 1000.0


class TimedSource:
    """Replays a recording in 50 ms chunks, each stamped with its capture time from ``T0``."""

    def __init__(self, samples: np.ndarray, jitter_s: float = 0.0) -> None:
        self.sample_rate = RATE
        self._samples = samples
        self._pos = 0
        self._rng = np.random.default_rng(5)
        self._jitter_s = jitter_s

    def read(self) -> AudioChunk | None:
        if self._pos >= len(self._samples):
            return None
        chunk = self._samples[self._pos : self._pos + 800]
        at = T0 + self._pos / RATE
        if self._jitter_s:  # the callback's stamps jitter (10 ms standard deviation seen through PulseAudio)
            at += float(np.clip(self._rng.normal(0.0, self._jitter_s), -0.02, 0.02))
        self._pos += 800
        return AudioChunk(chunk.astype("<i2").tobytes(), at, at)

    def flush(self) -> int:
        return 0

    def close(self) -> None:
        pass


def _stage(host: np.ndarray, name: str = "speex-gate") -> EchoStage:
    try:
        canceller = open_canceller(name, sample_rate=RATE)
    except CancellerUnavailable as exc:
        pytest.skip(str(exc))
    far = FarEnd(keep_s=60.0)
    played = resample(Clip(host, RATE), 22050).samples.astype(np.int16)  # the output stream's rate
    for at in range(0, len(played), 512):  # in blocks, stamped by the device clock as the output stream does
        far.played(played[at : at + 512], 22050, at=T0 + at / 22050)
    return EchoStage(canceller, far)


def _cleaned_around_gap(
    stage: EchoStage, mic: np.ndarray, gap: tuple[int, int], offset: float
) -> Iterator[tuple[float, np.ndarray]]:
    """``mic`` cleaned by ``stage`` chunk by chunk, as (the chunk's end in seconds, its output): the chunks within
    ``gap`` (samples) never read, as in a half-duplex turn, and those after it stamped ``offset`` samples early."""
    source = TimedSource(mic)
    while (chunk := source.read()) is not None:
        at = source._pos - 800
        if gap[0] <= at < gap[1]:
            continue
        if at >= gap[1]:
            chunk = AudioChunk(chunk.data, chunk.captured_at - offset / RATE, chunk.arrived_at)
        yield source._pos / RATE, np.frombuffer(stage.clean(chunk), dtype="<i2")


@pytest.mark.slow  # seconds of simulation or processes: the full tier
@pytest.mark.parametrize("jitter_s", [0.0, 0.01], ids=["steady", "jittery"])
@pytest.mark.parametrize("room", ROOMS[:2], ids=lambda room: f"{room.delay_s * 1000:.0f}ms")
def test_the_host_is_taken_out_of_the_microphone_by_capture_time(room: object, jitter_s: float) -> None:
    host = np.concatenate([speechlike(8.0, seed=2), np.zeros(2 * RATE, np.int16)])
    mic = to_int16(room.echo(host, RATE))  # type: ignore[attr-defined]
    stage = _stage(host[: 8 * RATE], "speex-linear")  # the linear filter alone: the gate would hide a misalignment
    source = TimedSource(mic, jitter_s)
    out = []
    while (chunk := source.read()) is not None:
        out.append(np.frombuffer(stage.clean(chunk), dtype="<i2"))
    cleaned = np.concatenate(out)
    assert len(cleaned) == len(mic)
    settled = slice(4 * RATE, 8 * RATE)
    # as much as with a reference cut sample-exactly (18.7-21 dB on these rooms, bench/echo_compare.py: 16-22)
    assert level_db(mic[settled]) - level_db(cleaned[settled]) >= 15.0


@pytest.mark.slow  # seconds of audio through the canceller: the full tier
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


@pytest.mark.slow  # seconds of audio through the canceller: the full tier
def test_the_stage_settles_only_after_seconds_of_the_host_on_one_delay() -> None:
    from voice_host.listen.echo import SETTLE_S

    host = np.concatenate([speechlike(9.0, seed=4), np.zeros(2 * RATE, np.int16)])
    mic = to_int16(ROOMS[1].echo(host, RATE))
    stage = _stage(host[: 9 * RATE])
    source = TimedSource(mic)
    settled_at, moves_at = None, []
    while (chunk := source.read()) is not None:
        before = stage.tracker.moves if stage.tracker is not None else 0
        stage.clean(chunk)
        now = source._pos / RATE
        if stage.tracker is not None and stage.tracker.moves != before:
            moves_at.append(now)
            assert not stage.settled  # a move sends the filter back: its output is no evidence again
        if settled_at is None and stage.settled:
            settled_at = now
    assert settled_at is not None, "nine seconds of the host on one delay settle it"
    last_move = max(moves_at, default=0.0)
    assert settled_at >= last_move + SETTLE_S - 0.06  # SETTLE_S of the host's voice after the last move
    assert settled_at <= last_move + SETTLE_S + 0.3  # the far end sounds in every chunk of the host's speech
    assert stage.settled  # and stays so through the silence after (the room has not changed)


@pytest.mark.slow  # seconds of audio through the canceller: the full tier
def test_a_filter_that_follows_the_move_settles_from_the_first_seconds() -> None:
    """The barge-in's filter moves its taps with the reference: the seconds before the move count."""
    from voice_host.listen.echo import SETTLE_S

    host = np.concatenate([speechlike(9.0, seed=4), np.zeros(2 * RATE, np.int16)])
    mic = to_int16(ROOMS[1].echo(host, RATE))
    stage = _stage(host[: 9 * RATE], "block-gate")
    source = TimedSource(mic)
    settled_at = None
    while (chunk := source.read()) is not None:
        stage.clean(chunk)
        if settled_at is None and stage.settled:
            settled_at = source._pos / RATE
    assert stage.tracker is not None and stage.tracker.moves >= 1  # the reference did move
    assert settled_at is not None and settled_at <= SETTLE_S + 0.3


@pytest.mark.slow  # seconds of audio through the canceller: the full tier
def test_an_output_that_starts_again_a_few_ms_off_is_measured_again_before_it_counts() -> None:
    """Through PulseAudio each start of the output stream stamps its blocks with its own error (1.5-7 ms seen
    between runs through the null sink), under the tracker's tolerance as often as not: the reference lands off
    the filter's taps, its estimate adds echo instead of taking it out, and the gate lets the host through."""
    offset = 25  # samples at 16 kHz: the second run stamped 1.6 ms early, as measured through the sink
    first, second = speechlike(8.0, seed=4), speechlike(4.0, seed=7)
    gap = np.zeros(RATE, np.int16)  # the stream idle (stopped): no block handed to the far end
    host = np.concatenate([first, gap, second, np.zeros(RATE // 2, np.int16)])
    mic = to_int16(ROOMS[1].echo(host, RATE))
    try:
        canceller = open_canceller("block-gate", sample_rate=RATE)
    except CancellerUnavailable as exc:
        pytest.skip(str(exc))
    blocks = []  # (stamp, samples): as the output stream's callback hands them over, 512 at a time
    for part, start, error in ((first, 0, 0), (second, len(first) + len(gap), -offset)):
        played = resample(Clip(part, RATE), 22050).samples.astype(np.int16)
        stamp = T0 + (start + error) / RATE
        blocks += [(stamp + at / 22050, played[at : at + 512]) for at in range(0, len(played), 512)]
    far = FarEnd(keep_s=60.0)
    stage = EchoStage(canceller, far)
    source = TimedSource(mic)
    restart = (len(first) + len(gap)) / RATE
    out, settled = [], {}
    shift_before = None
    while (chunk := source.read()) is not None:
        while blocks and blocks[0][0] < chunk.captured_at + 0.3:  # the output plays ahead of the microphone
            at, samples = blocks.pop(0)
            far.played(samples, 22050, at=at)
        out.append(np.frombuffer(stage.clean(chunk), dtype="<i2"))
        now = source._pos / RATE
        settled[round(now, 2)] = stage.settled
        if shift_before is None and now >= restart:
            assert stage.tracker is not None
            shift_before = stage.tracker.shift
    assert settled[8.0]  # the first run settled it
    # the second run's first words: its delay not measured yet, what the gate lets through is no evidence
    assert not settled[round(restart + 0.3, 2)]
    assert settled[round(restart + 2.0, 2)]  # measured within two seconds of the host's speech
    assert stage.tracker is not None and shift_before is not None
    assert abs(stage.tracker.shift - shift_before - offset) <= 2  # moved onto the new delay, to the sample
    cleaned = np.concatenate(out)
    late = cleaned[int((restart + 1.5) * RATE) : int((restart + 3.0) * RATE)]
    # the host's echo taken out again from then on: the gate lets (almost) none of it through (all of it did
    # for two seconds when the offset was left for the filter to relearn, the gate holding it back from learning)
    assert passed_share(late) < 0.05


@pytest.mark.slow  # seconds of simulation: the full tier
def test_a_microphone_read_again_after_a_gap_a_few_ms_off_is_measured_again_before_it_counts() -> None:
    """A half-duplex turn drops the microphone's chunks at the source: the next chunk's stamp starts the count
    again, with its own error. Through the sink, taken as continuous, the canceller added 3-4 dB of echo at
    the question after a game's end and the host took its own "Un'altra?" for an answer."""
    offset = 25  # samples at 16 kHz: the stamp after the gap 1.6 ms early
    host = np.concatenate([speechlike(8.0, seed=4), speechlike(1.0, seed=5), speechlike(4.0, seed=7),
                           np.zeros(RATE // 2, np.int16)])
    gap = (8 * RATE, 9 * RATE)  # the half-duplex turn: the host speaks, no chunk reaches the listener
    mic = to_int16(ROOMS[1].echo(host, RATE))
    stage = _stage(host, "block-gate")  # one output run all along
    out, settled = [], {}
    for end, cleaned_chunk in _cleaned_around_gap(stage, mic, gap, offset):
        out.append(cleaned_chunk)
        settled[round(end, 2)] = stage.settled
    assert settled[8.0]  # settled before the gap
    assert not settled[9.3]  # the count started again: its delay not measured yet, nothing over the host counts
    assert settled[11.0]  # measured again within two seconds of the host's speech
    cleaned = np.concatenate(out)[8 * RATE :]  # what came after the gap (the gap's chunks were never cleaned)
    late = cleaned[int(1.5 * RATE) : int(3.0 * RATE)]
    assert passed_share(late) < 0.05  # the host's echo taken out again
    first = cleaned[: int(0.5 * RATE)]
    assert not np.any(first)  # until then its echo was kept from the decoder


@pytest.mark.slow  # seconds of simulation: the full tier
@pytest.mark.parametrize("room", range(len(ROOMS)))
def test_a_microphone_read_again_a_fraction_of_a_sample_off_counts_only_once_the_filter_takes_the_echo_out(
    room: int,
) -> None:
    """The stamp after a half-duplex turn lands the count between two samples: the tracker moves the reference
    to the nearest one, and the filter, half a sample off its taps, takes out only part of the echo without ever
    adding any. The gate, its bound learnt on the filter's best, let the host's echo through for 0.5-0.6 s while
    the stage counted as settled; through the sink the host took its own "va bene?" for a player's "no" there."""
    offset = 25.5  # samples at 16 kHz
    host = np.concatenate([speechlike(8.0, seed=4), speechlike(1.0, seed=5), speechlike(6.0, seed=7),
                           np.zeros(RATE // 2, np.int16)])
    gap = (8 * RATE, 9 * RATE)  # the half-duplex turn: the host speaks, no chunk reaches the listener
    mic = to_int16(ROOMS[room].echo(host, RATE))
    stage = _stage(host, "block-gate")
    # (end of the chunk in seconds, settled after it, share of its 10 ms frames let through)
    chunks = [(end, stage.settled, passed_share(out)) for end, out in _cleaned_around_gap(stage, mic, gap, offset)]
    # the host's echo that reaches the decoder while the stage counts as settled, after the gap: at most a few
    # frames (0.01-0.04 s here, as when the count lands on a sample)
    exposed = sum(0.05 * passed for at, ok, passed in chunks if ok and at > 9.0)
    assert exposed <= 0.1
    # and the filter shows it takes the echo out again within five seconds of the host's speech (2-4 s here)
    assert any(ok for at, ok, _ in chunks if 9.0 < at <= 14.0)


@pytest.mark.slow  # seconds of audio through the canceller: the full tier
@pytest.mark.parametrize(
    ("slip_s", "slip"), [(9.0, 128), (9.3, 128), (11.0, 128), (9.0, 24), (9.3, -64), (11.0, 800)]
)
def test_an_output_that_slips_mid_speech_is_muted_until_the_reference_is_moved_back_onto_the_taps(
    slip_s: float, slip: int
) -> None:
    """PulseAudio can play a few milliseconds of silence the host never wrote (an underrun on the server's side,
    which the output stream is not told of): from then on the echo comes later than the reference says. Through
    the sink a slip of 128 samples in the middle of a help sentence made the host miss the stop word said over
    it: the reference was moved some seconds later, and the filter's taps, moved with it, cut off the direct
    path, while the stage counted as settled. Slips of 71 samples and of a whole output block (800) were seen
    there too; one earlier (samples written and never played) is tried as well."""
    slip_at = int(slip_s * RATE)  # 128: 8 ms at 16 kHz, as the tracker measured it through the sink
    host = np.concatenate([speechlike(8.0, seed=4), speechlike(7.0, seed=7), np.zeros(RATE // 2, np.int16)])
    heard = slipped(host, slip, slip_at)  # what the room played
    mic = to_int16(ROOMS[1].echo(heard, RATE))
    stage = _stage(host, "block-gate")  # the far end as the stream stamped it: continuous, one run
    source = TimedSource(mic)
    chunks = []  # (end of the chunk in seconds, settled after it, share of its 10 ms frames let through)
    while (chunk := source.read()) is not None:
        out = np.frombuffer(stage.clean(chunk), dtype="<i2")
        chunks.append((source._pos / RATE, stage.settled, passed_share(out)))
    tracker = stage.tracker
    assert tracker is not None and tracker.moves == 2 and abs(tracker.taps_move) <= 2  # moved back onto the taps
    assert all(ok for at, ok, _ in chunks if 8.0 <= at <= slip_s)  # settled before the slip
    doubted = [at for at, ok, _ in chunks if at > slip_s and not ok]
    # within a fifth of a second: the canceller's output louder than the microphone (the tracker's watch alone,
    # which must measure the echo off its place, took 0.6-0.9 s)
    assert doubted and doubted[0] <= slip_s + 0.2
    back = max(doubted) + 0.05
    # until the reference is moved back, the filter's own taps finding where the echo went, and the filter has
    # shown in two tenths of a second of the host that it takes the echo out there: within 0.6 s (0.45-0.55 s
    # here, 0.25-0.35 s before it had to show it; the tracker, which must measure the echo's new place twice,
    # took 2.15-2.7 s, and never moved it for a slip under its tolerance, 24 samples: 3.4-4.8 s until the filter
    # had learnt it again)
    assert back <= slip_s + 0.6 and all(ok for at, ok, _ in chunks if at >= back)
    # meanwhile the host's echo, left whole by the filter, is kept from the decoder
    assert all(passed == 0.0 for at, _, passed in chunks if doubted[0] < at < back)
    # what reaches the decoder while the stage counts as settled, in the three seconds from the slip: at most a
    # window of the added-echo watch (0-0.08 s here). With the tracker's watch alone, 0.58-0.88 s; moved with the
    # reference, the taps cut off the direct path, and nothing doubted the delay: 2.0-2.2 s
    exposed = sum(0.05 * passed for at, ok, passed in chunks if ok and slip_s < at <= slip_s + 3.0)
    assert exposed <= 0.15


@pytest.mark.slow  # seconds of audio through the canceller: the full tier
def test_a_window_measured_off_the_agreed_delay_without_a_slip_is_dropped_once_the_filter_shows_it_in_place() -> None:
    """GCC-PHAT over a reverberant room now and then puts a window's echo off the agreed place though nothing
    slipped (9 times in bench/barge_in.py --rotations 6, lags 0-8 samples against the agreed 80; why, not
    looked into). Doubted, the stage was deaf over the host until a window measured it back in place (3.3 s of
    the host's 168 in 12 of the bench's streams); the filter's own taps, taking the echo out where the reference
    is, say at once that it was no slip."""
    host = np.concatenate([speechlike(10.0, seed=8), np.zeros(RATE, np.int16)])
    mic = to_int16(ROOMS[2].echo(host, RATE))
    stage = _stage(host[: 10 * RATE], "block-gate")
    tracker = stage.tracker
    assert tracker is not None
    source = TimedSource(mic)
    doubted_at = back_at = None
    shift = None
    while (chunk := source.read()) is not None:
        stage.clean(chunk)
        now = source._pos / RATE
        if doubted_at is None and now >= 7.0:
            assert stage.settled, "seven seconds of the host on one delay settle it (6.05 s)"
            shift = tracker.shift
            lag = tracker.margin - 80  # two measurements at one place 5 ms off the agreed one: a doubt
            tracker._judge(lag)
            tracker._judge(lag)
            assert tracker.doubted and not stage.settled
            doubted_at = now
        elif doubted_at is not None and back_at is None and stage.settled:
            back_at = now
    assert doubted_at is not None and back_at is not None
    assert tracker.shift == shift  # nothing was moved: the echo never left the taps
    assert back_at - doubted_at <= 0.15  # the next chunks of the host (a watch's window back in place: 0.25 s on)
