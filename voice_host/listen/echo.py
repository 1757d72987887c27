"""The echo stage: the microphone with the host's own voice taken out, while a player may talk over it.

Each chunk read from the microphone is cleaned against what the host played over
the same span of time (:class:`~voice_host.audio.far_end.FarEnd`, by capture
time) with the barge-in canceller (:mod:`voice_host.audio.echo_cancel`: the block
filter of :mod:`voice_host.audio.block_filter` and the residual-echo gate). The
canceller sees every chunk, the host silent or not, so it stays adapted to the
room (it is never reset between sentences), and the reference is moved onto the
echo path's delay as measured while the host speaks
(:mod:`voice_host.audio.delay_tracker`), so the filter's taps go to the room's
reverberation and a slipping output is followed; a filter that can move its taps
with the reference (:attr:`~voice_host.audio.echo_cancel.FrameCanceller.follows_moves`)
is told, and stays converged.

Each start of the output stream lands the reference a few milliseconds off where
the last one did (:attr:`~voice_host.audio.far_end.FarEnd.run`): from the first
chunk captured in a new run the tracker measures the delay again
(:meth:`~voice_host.audio.delay_tracker.DelayTracker.restart`). Until it has, the
canceller is shown silence for the far end (its filter neither subtracts nor
learns, so its taps stay as the room taught them); then the reference is put back
onto those taps to the sample. Until the stage has settled again nothing over the
host counts (:attr:`EchoStage.settled`), and what it gives while the host is
audible is silence: the host's echo, not taken out (or only in part while the
filter's span fills again), must not reach the decoder. Through the null sink a
filter fed a reference 1.5 ms off took out less echo than it added, learnt from
it once the gate stopped holding it back, and the host cut itself on its own voice.
Barge-in's speaker keeps its stream running through a table's turns and drains it
on a cut (:data:`~voice_host.speak.playback.TALK_OVER_IDLE_STOP_S`), so a restart,
and the second or so it costs, comes only after a long pause.

Within a run the echo can slip too (most likely PulseAudio playing a few
milliseconds of silence the host never wrote: an underrun on the server's side,
which the stream is not told of), and from then on it comes later than the
reference says.
The tracker watches the last second between its windows and doubts the delay
within about a second (:attr:`~voice_host.audio.delay_tracker.DelayTracker.doubted`):
from then on nothing over the host counts and what the stage gives while the host
speaks is silence, until the reference is moved back onto the filter's taps (which
stay where they are: the echo path did not change) and the filter's span has filled
again. Through the sink such a slip, 8 ms in the middle of a help sentence, made
the host miss the stop word said over it: the filter's taps, moved with the
reference, cut off the echo's direct path, and the gate let the echo through for
two seconds while the stage counted as settled. The canceller tells sooner than the
tracker: from the first tenth of a second after a slip its output is louder than
the microphone (:mod:`voice_host.audio.added_echo`), and the stage is not settled,
and silent while the host speaks, until it takes echo out again. With the tracker's
watch alone the echo reached the decoder for 0.6-0.9 s of a slip on the rig while
the stage counted as settled, and once through the sink that was enough for the
host to take its own echo for the stop word.

Where the echo went is found by the filter itself (:mod:`voice_host.audio.slip_search`):
while the canceller adds echo or the tracker measures the echo off its place, its
taps are tried on the last quarter of a second at every shift of the reference
within 60 ms, and a shift that takes the echo out as before, and clearly better than
any other, moves the reference back onto the taps at once (the filter's span read
again, spliced at the slip's instant, the added-echo watch and the residual-echo
gate judging afresh), and once the filter has shown it takes the echo out there (below).
The stage is settled again 0.45-0.55 s after a slip of the tests' speech-like sound on
the rig (0.55 s at the median of ``bench/slip_recovery.py``'s slips of the host's speech,
at most 0.75 s), where the tracker, which must measure the echo's new place twice, took 2.2-2.7 s (and a slip
under its tolerance, 3.4-4.8 s): seconds in which nobody could stop the host. Through
the sink a slip of 71 samples just before the stop word kept it from being heard.

The microphone's side starts again the same way when chunks were not read (a
half-duplex turn, such as a game's end, drops them at the source): its chunks are
placed from a fresh stamp, a few milliseconds off the count the filter was taught
on. Through the sink, taken as continuous, the canceller then added 3-4 dB of echo
at every lobby question after a game ("Un'altra?"), where it had taken out 34-61 dB
over the game's own questions, and the host took its own question for an answer.

Wherever the reference is placed anew (a new run, a count started again, a move, a slip
undone) it can land a fraction of a sample off the taps, which no shift by whole samples
mends: the filter then takes out 5-12 dB, adds none, and the gate, its bound learnt on the
filter's best, lets the host's echo through. Through the sink, after the capture started
again at the Tokio games' ends, the host took the end of its own "va bene?" for a player's
"no" there, in 2-3 evenings of 18. So the stage is settled only once the canceller has shown
again that it takes the echo out, nearly as well as before, the residual-echo gate shut over it
(:attr:`~voice_host.audio.echo_cancel.FrameCanceller.shown_clean`, :mod:`voice_host.audio.added_echo`);
on the rig, a count started again half a sample off let 0.5-0.6 s of the host's echo through as
settled before, 0.01-0.04 s after, settling 1-3 s later.
"""

from __future__ import annotations

import logging

import numpy as np

from voice_host.audio.delay_tracker import DelayTracker
from voice_host.audio.echo_cancel import FrameCanceller
from voice_host.audio.far_end import FarEnd, SteadyClock
from voice_host.audio.slip_search import SlipSearch, clear_shift, slip_of
from voice_host.listen.sources import AudioChunk

logger = logging.getLogger(__name__)

#: How much of the host's speech the canceller must have cleaned (since the reference last moved, for a filter
#: that starts over then) before its output is taken as evidence of a player (speexdsp reaches 20 dB of ERLE
#: after 5-8 s of the host's speech).
SETTLE_S = 6.0
#: After the host's last sample, how long its echo may still be in the room (the rig's longest: 120 ms of
#: delay and a 0.6 s reverberation's loud part).
ECHO_TAIL_S = 0.4
#: After the host's last sample, how long a word of its own may still begin in the microphone: the echo path's
#: delay (the rig's longest, 120 ms) and a frame. Later only its reverberation dies away: no word begins there.
WORD_TAIL_S = 0.15


class EchoStage:
    """Cleans microphone chunks against the far end; :meth:`host_audible` tells when the host's echo may be in them.

    ``track_delay``: move the reference onto the echo path's measured delay; ``find_slips``: after a slip, move it
    back where the filter's taps find the echo (off: only the tracker's measurement does, seconds later; for
    ``bench/slip_recovery.py``)."""

    def __init__(
        self, canceller: FrameCanceller, far: FarEnd, *, track_delay: bool = True, find_slips: bool = True
    ) -> None:
        self._canceller = canceller
        self.far = far
        self.tracker = DelayTracker(canceller.sample_rate) if track_delay else None
        """Moves the reference onto the echo path's measured delay (None: the reference as timed)."""
        self._clock = SteadyClock(canceller.sample_rate)  # capture stamps jitter: the chunks' times steadied
        self._search = SlipSearch(canceller.sample_rate) if find_slips else None  # the microphone's last window
        self.last_far = np.zeros(0, dtype=np.int16)
        """The reference the last chunk was cleaned against (for diagnostics)."""
        self.heard_s = 0.0
        """Seconds of the host's voice cleaned (since the reference last moved, if that sends the filter back)."""
        self._run = far.run[0]  # the output's run the tracker measures the delay of
        self._blind = False  # the canceller is shown silence until the new run's delay is found
        self._shown_s = 0.0  # seconds of the far end shown to the canceller since it was last blind
        self._muted = False  # after a restart, until settled again: silence out while the host is audible
        self._adding = False  # the canceller adds echo (its output louder than the microphone while the host plays)

    def clean(self, chunk: AudioChunk) -> bytes:
        """``chunk``'s audio with the host's echo taken out (the same length: a frame's lag is padded once)."""
        near = np.frombuffer(chunk.data, dtype="<i2").astype(np.int16)
        rate = self._canceller.sample_rate
        starts = self._clock.starts
        start = self._clock.place(chunk.captured_at, len(near))
        # the microphone's chunks were not all read (a half-duplex turn dropped them at the source): the count starts
        # again from a stamp, a few milliseconds off where it was, as a new run of the output lands the reference
        captured_again = starts > 0 and self._clock.starts != starts
        if self._search is not None:
            self._search.feed(near, start)
        run, began = self.far.run
        new_run = run != self._run and start >= began  # the first chunk all of the new run: its delay measured alone
        if new_run or captured_again:
            self._run = run if new_run else self._run
            if self.tracker is not None and (self.tracker.confirmed or self._blind):  # a delay found on the run before
                self._blind = True  # and a filter learnt on it
                self._muted = True
                self.tracker.restart()
                self._canceller.reset_proof()
                logger.info("echo: the %s started again: the delay measured again", "output" if new_run else "capture")
        shift = self.tracker.shift if self.tracker is not None else 0
        far = self.far.reference(start - shift / rate, len(near), rate)
        if self.tracker is not None:
            doubted, suspect = self.tracker.doubted, self.tracker.suspect
            self.tracker.feed(near, far)
            if self.tracker.suspect and not suspect:  # maybe a slip: its echo kept from the decoder till judged
                self._muted = True
            if self.tracker.doubted and not doubted:  # the output slipped: the filter adds echo until moved back
                self._muted = True
                logger.info("echo: the echo came off the agreed delay (%s)", self.describe())
        self.last_far = far
        if np.any(far):
            self.heard_s += len(near) / rate
        # a reference off the taps by a few ms: the filter's estimate would add echo, and what it learnt from it
        # (the gate holding it back for at most 1.5 s) would undo its taps; shown silence, it keeps them as they are
        out = self._canceller.process(near, np.zeros_like(far) if self._blind else far)
        adding = self._canceller.adds_echo
        if adding and not self._adding:  # a slip's first tenth of a second: kept from the decoder till it is undone
            self._muted = True
            logger.info("echo: the canceller adds echo (%.1f dB; %s)", self._canceller.added_db, self.describe())
        self._adding = adding
        end = start + len(near) / rate
        slip = self._find_slip() if self.tracker is not None and self.tracker.shift == shift else None
        # the filter's span read again, spliced at the slip: its estimate is whole at once (read all at the new
        # place, what was played before the slip left 0.48 s of the host's echo through in one of the 30 slips of
        # bench/slip_recovery.py; waiting for it to leave the span cost 0.4 s more of deafness)
        if slip is not None:
            self._move_back(shift, slip, end)
            moved = False
        elif self.tracker is not None and self.tracker.shift != shift:  # the next chunk's reference comes moved
            logger.info("echo: the reference moved by %d samples (%s)", self.tracker.shift - shift, self.describe())
            self._canceller.moved(self.tracker.shift - shift, taps=self._taps_move(self.tracker.shift - shift))
            if not self._canceller.follows_moves:  # its filter starts over on the new delay
                self.heard_s = 0.0
            moved = True
        else:
            moved = False
        # the filter's span fills with the reference as now placed before its estimate is whole again
        self._shown_s = 0.0 if self._blind or moved else self._shown_s + len(near) / rate
        if self._blind and self.tracker is not None and self.tracker.confirmed:
            self._blind = False
        if len(out) < len(near):
            out = np.concatenate([np.zeros(len(near) - len(out), np.int16), out])
        muted = self._muted
        self._muted = self._muted and not self.settled
        if muted and (self.host_speaking(start) or self.host_speaking(start + len(near) / rate)):
            # the host's echo left whole (then taken out only in part while the filter's span fills again): the
            # decoder must not take it in, its words would still end the partial result once the stage has
            # settled and be taken as a stop or an answer (a second cut, through the sink): what comes out is
            # silence, as from a closed residual-echo gate. Only while a word of the host's may begin: muted
            # through its reverberation too (0.4 s), an answer said 0.3 s after "Un'altra?" lost its first
            # syllable and was not heard (the listener takes words begun there for the player's anyway)
            return bytes(2 * len(near))
        return out[-len(near) :].astype("<i2").tobytes()

    def _find_slip(self) -> int | None:
        """How far the echo slipped off the filter's taps (samples, later = positive), found just now, or None.
        The search (:mod:`voice_host.audio.slip_search`) runs only while something says the output slipped: the
        canceller adds echo, or the tracker measured the echo off its agreed place."""
        tracker = self.tracker
        if tracker is None or self._search is None or self._blind or not tracker.confirmed:
            return None
        if not (self._adding or tracker.suspect or tracker.doubted):
            return None
        taps = self._canceller.taps()
        if taps is None:
            return None
        rate = self._canceller.sample_rate
        shift = tracker.shift
        erle = self._search.erle(taps, lambda at, count: self.far.reference(at - shift / rate, count, rate))
        if erle is None:
            return None
        if (tracker.suspect or tracker.doubted) and clear_shift(erle, self._search.max_slip, rate) == 0:
            # the taps take the echo out where the reference is, and nowhere else as well: GCC-PHAT's window off
            # the agreed place was no slip (in the rig's reverberant rooms its peak came 2-5 ms off now and then),
            # and waiting for a window back at it kept the decoder deaf over the host for seconds
            tracker.shown_in_place()
            logger.info("echo: the filter takes the echo out where the reference is: no slip (%s)", self.describe())
            return None
        return slip_of(erle, self._search.max_slip, rate)

    def _move_back(self, shift: int, slip: int, end: float) -> None:
        """Move the reference (now ``shift``) by ``slip``, the filter's taps staying where they are (the room did
        not change), and read the filter's span again up to ``end``: what was played before the slip (its instant
        found by :meth:`~voice_host.audio.slip_search.SlipSearch.started`) at the old place, the rest at the new
        one. The stage is settled again from the next chunk, seconds before the tracker could say so."""
        assert self.tracker is not None and self._search is not None
        rate = self._canceller.sample_rate
        taps = self._canceller.taps()
        since = None if taps is None else self._search.started(
            taps, lambda at, count: self.far.reference(at - shift / rate, count, rate), slip
        )
        self.tracker.moved_back(slip)
        # what was played before the slip stays at the old place in the filter's span, the rest comes anew
        boundary = -np.inf if since is None else since - self.tracker.margin / rate

        def spliced(count: int) -> np.ndarray:
            first = end - count / rate
            times = first + np.arange(count) / rate
            before = self.far.reference(first - shift / rate, count, rate)
            after = self.far.reference(first - (shift + slip) / rate, count, rate)
            out = np.where(times < boundary, before, after)
            out[(times >= boundary) & (times < boundary + slip / rate)] = 0  # silence the output played
            return out

        self._canceller.moved(slip, taps=0, reference=spliced)
        self._canceller.realigned()
        self._adding = False
        underflow = self.far.underflow_before(end)
        logger.info(
            "echo: the echo slipped by %d samples: the reference moved back onto the taps (%s; %s)", slip,
            self.describe(), "no underflow of the output told" if underflow is None else
            f"the output underflowed {underflow:.2f} s before",
        )

    def _taps_move(self, moved: int) -> int:
        """How far the filter's taps move with a reference moved by ``moved``: not at all (or by the new run's
        error) when it is moved back onto them (:attr:`~voice_host.audio.delay_tracker.DelayTracker.taps_move`),
        all the way when the filter learnt the echo where it is now (a delay first found, or one agreed wrongly).
        The tracker cannot tell these apart (through the sink the reference was twice moved by a whole output
        block, 800 samples, seconds after a run's delay was agreed); the filter's own taps decide: the place
        that holds more of the echo path."""
        assert self.tracker is not None
        kept = self.tracker.taps_move
        if kept == moved:
            return moved
        margin = self.tracker.margin
        at_kept = self._canceller.path_energy(margin + kept)
        at_moved = self._canceller.path_energy(margin + moved)
        if at_kept is None or at_moved is None:
            return kept
        return moved if at_moved > at_kept else kept

    def describe(self) -> str:
        """The stage's state in a few words, for the log: settled, the host's voice cleaned, the delay."""
        tracker = self.tracker
        delay = "as timed" if tracker is None else (
            f"shift {tracker.shift}, {'confirmed' if tracker.confirmed else 'unconfirmed'}, last window {tracker.last}"
        )
        state = "settled" if self.settled else "adding echo" if self._adding else (
            "settling" if self._canceller.shown_clean else "settling, the echo not yet shown taken out"
        )
        return f"{state}, {self.heard_s:.1f} s of the host cleaned, run {self._run}, delay {delay}"

    @property
    def settled(self) -> bool:
        """True once the canceller has had :data:`SETTLE_S` of the host's voice (on the reference's current delay,
        for a filter that starts over when it moves) and the tracker has confirmed the delay of the output's
        current run (and has no doubt of it, nor a measurement off it not yet judged: an output that slipped is
        false until the reference is moved back onto the filter's taps), and (after a restart) the filter has
        been shown the far end over the echo's tail again, and the canceller is not adding echo
        (:mod:`voice_host.audio.added_echo`: from a tenth of a second of the host in which its output was louder
        than the microphone until three in a row in which it was not; an output that slipped, in its first tenth
        of a second, before the tracker has measured the echo off its place), and has shown since the reference
        was last placed anew that it takes the echo out (:attr:`FrameCanceller.shown_clean`).

        Before that its output over the host is no evidence of a player: on a fresh canceller, or one that
        starts over on a new delay, or a reference a few milliseconds off the filter's taps after the output
        started again, the residual-echo gate lets the host's own echo through.
        """
        tracker = self.tracker
        confirmed = tracker is None or (tracker.confirmed and not tracker.doubted and not tracker.suspect)
        # once shown the far end again, the filter's span must fill with it before its estimate is whole
        return (
            self.heard_s >= SETTLE_S and confirmed and self._shown_s >= ECHO_TAIL_S and not self._adding
            and self._canceller.shown_clean
        )

    def host_audible(self, captured_at: float) -> bool:
        """True when the host's voice (or its echo) may be in audio captured at ``captured_at``."""
        return self.far.sounding(captured_at, tail_s=ECHO_TAIL_S)

    def host_speaking(self, captured_at: float) -> bool:
        """True when a word of the host's may begin in audio captured at ``captured_at`` (its voice, delayed by
        the echo path; not the reverberation after its last word)."""
        return self.far.sounding(captured_at, tail_s=WORD_TAIL_S)
