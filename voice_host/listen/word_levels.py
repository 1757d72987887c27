"""The level measures of the decoded words: how loud each was, against the room and each other.

:class:`RecentAudio` keeps the last :data:`RECENT_S` seconds fed to the
decoders, counted in the decoders' own stream time (vosk's word times start at
the first sample fed), so a decoded word's audio can be found and measured:
its level, how far it stands above the room's recent sound
(:meth:`RecentAudio.prominence_db`), and the sound just before it
(:meth:`RecentAudio.lead_in`). Pure: numpy on the samples, no vosk.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

import numpy as np

from voice_host.hearing.confidence import LeadIn
from voice_host.listen.messages import Decoded, Timed

#: The room's sound is this low percentile of the levels of :data:`FRAME_S` frames over the last ROOM_S seconds.
ROOM_S = 4.0
FRAME_S = 0.05
ROOM_PERCENTILE = 20.0
#: The sound just before a phrase's first decoded word: LEAD_IN_S seconds ending LEAD_GAP_S before it
#: (vosk's word start can fall a frame or two into the word's onset).
LEAD_IN_S = 0.3
LEAD_GAP_S = 0.05
#: Audio kept to measure the level of decoded words.
RECENT_S = 20.0


class RecentAudio:
    """The audio fed to the decoders lately, to measure the level of their decoded words.

    >>> audio = RecentAudio(sample_rate=10)
    >>> audio.remember(b"\\x64\\x00" * 10)  # one second at amplitude 100 (40 dB)
    >>> round(audio.level_db(0.0, 1.0) or 0.0, 1)
    40.0
    """

    def __init__(self, *, sample_rate: int = 16000) -> None:
        self.sample_rate = sample_rate
        self._fed = 0  # samples fed since the decoders were made (vosk's word times count from there)
        self._recent: deque[bytes] = deque()
        self._recent_samples = 0

    def remember(self, data: bytes) -> None:
        """Keep ``data`` (fed to the decoders)."""
        self._fed += len(data) // 2
        self._recent.append(data)
        self._recent_samples += len(data) // 2
        while self._recent_samples - len(self._recent[0]) // 2 > RECENT_S * self.sample_rate:
            self._recent_samples -= len(self._recent.popleft()) // 2

    @property
    def fed_s(self) -> float:
        """Seconds fed so far: the decoders' clock (their word times) at the end of the last chunk."""
        return self._fed / self.sample_rate

    def last(self, seconds: float) -> np.ndarray:
        """The last ``seconds`` fed (int16; shorter when less was kept).

        >>> audio = RecentAudio(sample_rate=10)
        >>> audio.remember(b"\\x01\\x00\\x02\\x00\\x03\\x00")
        >>> audio.last(0.2).tolist()
        [2, 3]
        """
        wanted = int(seconds * self.sample_rate)
        if wanted <= 0:
            return np.zeros(0, dtype=np.int16)
        return np.frombuffer(b"".join(self._recent), dtype="<i2")[-wanted:].astype(np.int16)

    def samples(self, start_s: float, end_s: float) -> np.ndarray | None:
        """The kept audio between ``start_s`` and ``end_s`` of the stream, None when gone or empty."""
        first = self._fed - self._recent_samples
        lo, hi = int(start_s * self.sample_rate) - first, int(end_s * self.sample_rate) - first
        if lo < 0 or hi <= lo:
            return None
        samples = np.frombuffer(b"".join(self._recent), dtype="<i2")[lo:hi].astype(np.float64)
        return samples if samples.size else None

    def level_db(self, start_s: float, end_s: float) -> float | None:
        """The level (dB) of the audio between ``start_s`` and ``end_s`` of the stream, None when gone."""
        samples = self.samples(start_s, end_s)
        if samples is None:
            return None
        return float(10.0 * np.log10(np.mean(samples**2) + 1.0))

    def loudest_of(self, timed: Iterable[Timed]) -> float | None:
        """The level (dB) of the loudest of the ``timed`` words, None when any is unknown (or none given)."""
        heard = [self.level_db(start, end) for _, start, end in timed]
        if not heard or any(level is None for level in heard):
            return None
        return max(level for level in heard if level is not None)

    def room_db(self) -> float | None:
        """The room's recent sound (dB): a low percentile of the levels of short frames over the
        last :data:`ROOM_S` seconds (the pauses of the next table's talk, or silence); None when too short."""
        levels = frame_levels(self._last(ROOM_S), int(FRAME_S * self.sample_rate))
        return float(np.percentile(levels, ROOM_PERCENTILE)) if levels.size else None

    def peak_db(self, seconds: float) -> float | None:
        """The level (dB) of the loudest :data:`FRAME_S` frame of the last ``seconds`` fed, None when too short."""
        levels = frame_levels(self._last(seconds), int(FRAME_S * self.sample_rate))
        return float(levels.max()) if levels.size else None

    def _last(self, seconds: float) -> np.ndarray:
        """The samples of the last ``seconds`` fed (fewer when less was kept), joining only the chunks needed."""
        wanted = int(seconds * self.sample_rate)
        last: list[bytes] = []
        held = 0
        for data in reversed(self._recent):
            if held >= wanted:
                break
            last.append(data)
            held += len(data) // 2
        samples = np.frombuffer(b"".join(reversed(last)), dtype="<i2").astype(np.float64)
        return samples[max(0, samples.size - wanted) :]

    def loudest_db(self, decoded: Decoded) -> float | None:
        """The level (dB) of the loudest word of ``decoded``, None when unknown."""
        return self.loudest_of(decoded.timed)

    def prominence_db(self, decoded: Decoded) -> float | None:
        """How far (dB) the loudest word of ``decoded`` stands above the room's recent sound, None when unknown."""
        loudest, room = self.loudest_db(decoded), self.room_db()
        if loudest is None or room is None:
            return None
        return loudest - room

    def lead_in(self, decoded: Decoded) -> LeadIn | None:
        """The sound just before the first word of ``decoded`` against the room and the phrase, None when unknown.

        Its level is the loudest :data:`FRAME_S` frame of the :data:`LEAD_IN_S` before
        the word, so a short lost word ("안") is not averaged away with the pause around it.
        """
        if not decoded.timed:
            return None
        start = decoded.timed[0][1] - LEAD_GAP_S
        samples = self.samples(start - LEAD_IN_S, start)
        loudest, room = self.loudest_db(decoded), self.room_db()
        if samples is None or loudest is None or room is None:
            return None
        levels = frame_levels(samples, int(FRAME_S * self.sample_rate))
        if not levels.size:
            return None
        before = float(levels.max())
        return LeadIn(above_room=before - room, under_phrase=loudest - before)


def frame_levels(samples: np.ndarray, frame: int) -> np.ndarray:
    """The level (dB) of each whole ``frame``-sample frame of ``samples`` (empty when shorter than one).

    >>> frame_levels(np.full(5, 100.0), 2).round(1).tolist()
    [40.0, 40.0]
    """
    if frame <= 0 or samples.size < frame:
        return np.zeros(0)
    frames = samples[: samples.size // frame * frame].reshape(-1, frame)
    return np.asarray(10.0 * np.log10(np.mean(frames**2, axis=1) + 1.0))
