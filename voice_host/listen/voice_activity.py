"""Decode only when someone speaks: a voice-activity gate in front of the recognizers.

Two grammar decoders on every 50 ms block cost 11-14 % of a core of the build
machine while the table thinks (``bench/idle.py``). :class:`SpeechGate` passes audio on only around voice: it
keeps the last :data:`PRE_ROLL_S` (0.5 s) of audio while closed and, at the first voiced
chunk (:class:`~voice_host.listen.early_end.EnergyTracker`: loud over the room's
floor and not flat noise), hands that pre-roll over first, so a soft first
syllable before the level rose is not lost. Only a voiced chunk standing
:data:`OPEN_DB` above the room opens it; once open, any voiced chunk holds it
(the soft end of a word belongs to the utterance). After the last voiced chunk it
stays open for :data:`HANGOVER_S`, so vosk still hears the trailing silence its
own endpoint waits for, and longer while the caller says an utterance is still
open (a partial result not ended yet). Closed, nothing is decoded.

The decoders only ever see whole stretches of real audio, in order: their word
times count the audio fed, which the listener keeps beside them.

>>> gate = SpeechGate(pre_roll_s=0.1, hangover_s=0.1, sample_rate=10)
>>> quiet, loud = b"\\x00\\x00", b"\\x10\\x27"
>>> [len(gate.push(c, c == loud)) for c in (quiet, quiet, quiet, loud, quiet, quiet, quiet)]
[0, 0, 0, 2, 1, 0, 0]
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

import numpy as np

from voice_host.listen.quantile import percentile

#: Audio kept while closed and fed first when voice starts: a first syllable's soft onset, and the
#: lead-in vosk's decode depends on. With 0.3 s, 4 of the 60 phrases of ``bench/hearing.py --offline``
#: (0.3 s of room before each) were decided otherwise (2 better, 2 worse); with 0.5 s none.
PRE_ROLL_S = 0.5
#: A chunk opens the gate when voiced and at least this far (dB) above the room (any voiced chunk holds
#: it open: counting the hangover from the last chunk this loud ended the hangover before vosk's endpoint
#: and lost clean phrases through the sink, missed_pct 26.7 -> 53.3): the confidence check
#: drops a phrase whose loudest word stands under 9 dB above it, and a word's level is under its
#: loudest chunk's. On the proxy, phrases said over babble at 10 dB SNR peaked 14.5-23 dB above the
#: room; babble alone (three talkers) came 12 dB above it a third of the time, 9 dB four fifths.
OPEN_DB = 12.0
#: The room: this low percentile of the chunk levels of the last ROOM_S seconds (every chunk, open or not).
ROOM_S = 4.0
ROOM_PERCENTILE = 20.0
#: Audio still fed after the last voiced chunk: vosk ends an utterance after 0.5 s of trailing
#: silence (and waits up to 1 s after a short one); the early endpoint waits 0.5 s at most.
HANGOVER_S = 1.0


class SpeechGate:
    """Which audio the recognizers get: the stretches around voice, with pre-roll and hangover.

    ``push`` each chunk in order with whether it is voiced; it returns the
    chunks to decode now (none while closed, the pre-roll and the chunk when
    voice starts, the chunk while open). ``busy`` (optional) is asked when the
    hangover runs out: True keeps the gate open another hangover (an utterance
    the decoders have not ended yet).
    """

    def __init__(
        self,
        *,
        pre_roll_s: float = PRE_ROLL_S,
        hangover_s: float = HANGOVER_S,
        sample_rate: int = 16000,
        busy: Callable[[], bool] | None = None,
        open_db: float = OPEN_DB,
    ) -> None:
        self._pre_roll_s = pre_roll_s
        self._hangover_s = hangover_s
        self._bytes_per_s = 2.0 * sample_rate
        self._busy = busy
        self._open_db = open_db
        self._levels: deque[tuple[float, float]] = deque()  # (dB, seconds) of recent chunks
        self._levels_s = 0.0
        self._kept: deque[bytes] = deque()
        self._kept_s = 0.0
        self._open = False
        self._quiet_s = 0.0
        self.opened = 0
        """How many times voice opened the gate (for benchmarks)."""
        self.heard_s = 0.0
        """Seconds of audio pushed, and of it passed on to the decoders (for benchmarks)."""
        self.passed_s = 0.0

    @property
    def open(self) -> bool:
        """True while audio goes through to the decoders."""
        return self._open

    def reset(self) -> None:
        """Close the gate and forget the pre-roll (after the host spoke, or a phase switch)."""
        self._kept.clear()
        self._kept_s = 0.0
        self._open = False
        self._quiet_s = 0.0

    def close(self) -> None:
        """Close now, keeping the room's levels: the utterance just heard was dropped (chatter, talk).

        Only a chunk standing :data:`OPEN_DB` above the room opens the gate again, so
        the next table's talk, which holds it open chunk after chunk, is not decoded on
        and on after the decoders have judged it.
        """
        self._open = False
        self._quiet_s = 0.0

    def push(self, chunk: bytes, voiced: bool) -> list[bytes]:
        """Take one chunk; return the chunks the decoders get now, in order."""
        seconds = len(chunk) / self._bytes_per_s
        above = self._above_room(chunk, seconds)  # every chunk counts in the room, voiced or not
        out = self._push(chunk, voiced, voiced and above, seconds)
        self.heard_s += seconds
        self.passed_s += sum(len(c) for c in out) / self._bytes_per_s
        return out

    def _push(self, chunk: bytes, voiced: bool, opens: bool, seconds: float) -> list[bytes]:
        if self._open:  # any voiced chunk holds it open: the soft end of a word is the utterance's too
            self._quiet_s = 0.0 if voiced else self._quiet_s + seconds
            if self._quiet_s >= self._hangover_s - 1e-9:
                if self._busy is not None and self._busy():
                    self._quiet_s = 0.0
                else:
                    self._open = False
            return [chunk]
        if opens:
            out = [*self._kept, chunk]
            self._kept.clear()
            self._kept_s = 0.0
            self._open = True
            self._quiet_s = 0.0
            self.opened += 1
            return out
        self._kept.append(chunk)
        self._kept_s += seconds
        while self._kept and self._kept_s - len(self._kept[0]) / self._bytes_per_s >= self._pre_roll_s - 1e-9:
            self._kept_s -= len(self._kept.popleft()) / self._bytes_per_s
        return []

    def _above_room(self, chunk: bytes, seconds: float) -> bool:
        """Record the chunk's level; True when it stands :data:`OPEN_DB` above the room before it."""
        samples = np.frombuffer(chunk, dtype="<i2").astype(np.float64)
        level = float(10.0 * np.log10(np.mean(samples**2) + 1.0)) if samples.size else 0.0
        room = percentile([lv for lv, _ in self._levels], ROOM_PERCENTILE) if self._levels else 0.0
        self._levels.append((level, seconds))
        self._levels_s += seconds
        while self._levels_s - self._levels[0][1] >= ROOM_S - 1e-9:
            self._levels_s -= self._levels.popleft()[1]
        return level >= room + self._open_db
