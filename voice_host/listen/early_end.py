"""Early finalization of an utterance, and a speech/noise energy detector.

vosk 0.3.45 has no runtime endpointer API: its final result waits for ~0.5 s of
trailing silence. :class:`EarlyEndpointer` finalizes sooner when the partial
result is already a complete valid phrase that no longer valid phrase extends,
and the audio after it has been quiet (or the partial unchanged) for a short
hold. :class:`EnergyTracker` follows the noise floor so that a result decoded
from steady noise (no chunk clearly above the floor) can be dropped.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable

import numpy as np

from voice_host.listen.decisive import decisive_variants
from voice_host.listen.quantile import percentile
from voice_host.model.tokens import UNK, words

#: Trailing quiet audio required before finalizing early a complete phrase whose sounds begin a longer phrase
#: of the phase ("cinque" while "cinquantatré" is being said: see :mod:`voice_host.listen.decisive`).
DEFAULT_HOLD_S = 0.2
#: The same for a decisive phrase (nothing longer begins with its sounds): two 50 ms chunks of quiet, the
#: least that tells a pause from one quiet chunk inside a word (issue 33: the turn gap). Only in silence (every
#: chunk at most :data:`SILENT_RMS`): at a noisy table a short hold ended babble-made phrases early and lost a
#: right one (bench/hearing.py --offline).
DECISIVE_HOLD_S = 0.1
SILENT_RMS = 150.0
#: An unchanged partial finalizes after this long even in a noisy room.
DEFAULT_STABLE_S = 0.4
#: A complete phrase that a longer phrase extends ("cinquanta" of "cinquanta tre") finalizes after this
#: pause: a player says the words of one phrase without stopping between them (espeak-ng's voices leave
#: 0.05-0.15 s), while vosk's own endpoint waits 0.75-1.06 s. Only on quiet: an unchanged partial in a
#: noisy room ended babble-made prefixes early and moved the utterances after them (bench/hearing.py
#: --offline lost a clean "아니요" over babble).
PREFIX_PAUSE_S = 0.3


def rms(chunk: bytes) -> float:
    """Root mean square of int16 little-endian samples (0.0 for an empty chunk)."""
    samples = np.frombuffer(chunk, dtype="<i2")
    if samples.size == 0:
        return 0.0
    return float(np.sqrt(np.mean(samples.astype(np.float64) ** 2)))


class EnergyTracker:
    """Tells speech-loud chunks from the room's noise floor.

    The floor is a low percentile of the RMS of the last ``window`` chunks, so it
    follows steady noise (a fan, a pub's hum) within a couple of seconds. A chunk
    is loud when it is above ``ratio`` times the floor and above ``min_rms``; it
    is *voiced* when loud and not spectrally flat (hiss, fans, white noise).

    >>> t = EnergyTracker()
    >>> t.feed(b"\\x00\\x00" * 800), t.feed(np.full(800, 3000, "<i2").tobytes())
    (False, True)
    """

    def __init__(
        self,
        *,
        window: int = 40,
        percentile: float = 20.0,
        ratio: float = 2.5,
        min_rms: float = 150.0,
        max_flatness: float = 0.45,
    ) -> None:
        self._max_flatness = max_flatness
        self._levels: deque[float] = deque(maxlen=window)
        self._percentile = percentile
        self._ratio = ratio
        self._min_rms = min_rms
        self._threshold: float | None = None  # for the levels as they are now (None: to be computed)

    def threshold(self) -> float:
        """The level above which a chunk counts as loud now."""
        if self._threshold is None:
            floor = percentile(self._levels, self._percentile) if self._levels else 0.0
            self._threshold = max(self._min_rms, floor * self._ratio)
        return self._threshold

    def feed(self, chunk: bytes) -> bool:
        """Record one chunk; True when it is voiced: loud relative to the floor and not flat noise."""
        level = rms(chunk)
        self._levels.append(level)
        self._threshold = None
        return level > self.threshold() and spectral_flatness(chunk) < self._max_flatness


def spectral_flatness(chunk: bytes) -> float:
    """Geometric over arithmetic mean of the power spectrum: ~0.55 for white noise, <0.35 for voice."""
    samples = np.frombuffer(chunk, dtype="<i2").astype(np.float64)
    if samples.size < 16:
        return 1.0
    power = np.abs(np.fft.rfft(samples * np.hanning(samples.size))) ** 2 + 1e-9
    return float(np.exp(np.mean(np.log(power))) / np.mean(power))


def final_variants(variants: Iterable[tuple[str, ...]]) -> frozenset[tuple[str, ...]]:
    """The variants that no other variant extends word by word.

    >>> sorted(final_variants([("sessanta",), ("sessanta", "due"), ("credo",)]))
    [('credo',), ('sessanta', 'due')]
    """
    unique = set(variants)
    prefixes = {v[:end] for v in unique for end in range(1, len(v))}  # linear, not every pair (d10: 326)
    return frozenset(unique - prefixes)


class EarlyEndpointer:
    """Decides, chunk by chunk, whether to finalize before vosk's own endpoint.

    Feed every chunk with the partial text vosk reports after it. Durations are
    audio time (samples), so the decision is the same live and from a file. A
    complete variant no longer one extends ends after ``decisive_hold_s`` of quiet
    when it is decisive (no longer variant begins with its sounds), else after
    ``hold_s``; one a longer variant extends (a prefix phrase) after ``prefix_pause_s``.

    >>> import numpy as np
    >>> ends = EarlyEndpointer([("cinquanta",), ("cinquanta", "tre")], sample_rate=1000)
    >>> quiet = np.zeros(50, "<i2").tobytes()  # 50 ms
    >>> [ends.update(quiet, "cinquanta") for _ in range(6)]
    [False, False, False, False, False, True]
    """

    def __init__(
        self,
        variants: Iterable[tuple[str, ...]],
        *,
        sample_rate: int = 16000,
        hold_s: float = DEFAULT_HOLD_S,
        stable_s: float = DEFAULT_STABLE_S,
        quiet_rms: float = 300.0,
        prefix_pause_s: float = PREFIX_PAUSE_S,
        decisive_hold_s: float = DECISIVE_HOLD_S,
    ) -> None:
        self._prefix_pause_s = prefix_pause_s
        self._all = frozenset(variants)
        self._finals = final_variants(self._all)
        self._decisive = decisive_variants(self._finals, self._all)
        self._bytes_per_s = 2.0 * sample_rate
        self._hold_s = hold_s
        self._decisive_hold_s = min(hold_s, decisive_hold_s)
        self._meaning: Callable[[str], object] | None = None
        self._settled: dict[tuple[str, ...], bool] = {}  # per meaning: prefix phrase -> settled
        self._stable_s = stable_s
        self._quiet_rms = quiet_rms
        self.reset()

    def reset(self) -> None:
        """Forget the current utterance."""
        self._partial: tuple[str, ...] = ()
        self._stable = 0.0
        self._quiet = 0.0
        self._silent = 0.0  # seconds of silence (not only quiet) since the last chunk that was not
        self._spoke = False  # a loud chunk was fed since the reset
        self._loud_chunks = 0

    def is_complete(self, text: str) -> bool:
        """True when ``text`` is a valid variant that no longer variant extends."""
        return tuple(w for w in words(text) if w != UNK) in self._finals and UNK not in words(text)

    @property
    def quiet_s(self) -> float:
        """Seconds of quiet audio since the last loud chunk of the current utterance."""
        return self._quiet

    @property
    def silent_s(self) -> float:
        """Seconds of silence (every chunk at most :data:`SILENT_RMS`, and quiet) since the last chunk that was not."""
        return self._silent

    @property
    def decisive_hold_s(self) -> float:
        """The silence after which a decisive phrase (or a whole answer) ends."""
        return self._decisive_hold_s

    @property
    def loud_chunks(self) -> int:
        """Loud chunks fed since the reset: a pause is the quiet after the last of them."""
        return self._loud_chunks

    @property
    def paused_s(self) -> float:
        """Seconds of quiet since the last loud chunk, 0.0 when no loud chunk came since the reset."""
        return self._quiet if self._spoke else 0.0

    @property
    def meaning(self) -> Callable[[str], object] | None:
        """What a text means in the current request (its ``spot``), or None: then every prefix phrase waits."""
        return self._meaning

    @meaning.setter
    def meaning(self, meaning: Callable[[str], object] | None) -> None:
        if meaning is not self._meaning:
            self._meaning = meaning
            self._settled = {}

    def settled(self, current: tuple[str, ...]) -> bool:
        """True when ``current`` is a variant and every longer variant that extends it means what it means
        ("sì" of "sì confermo" at a sì/no question): ending there cannot change the answer."""
        if self._meaning is None or current not in self._all:
            return False
        known = self._settled.get(current)
        if known is None:
            meaning = self._meaning
            own = meaning(" ".join(current))
            longer = [v for v in self._all if len(v) > len(current) and v[: len(current)] == current]
            known = own is not None and all(meaning(" ".join(v)) == own for v in longer)
            self._settled[current] = known
        return known

    def is_extendable(self, text: str) -> bool:
        """True when some longer valid variant starts with the words of ``text`` and may mean something else."""
        current = tuple(w for w in words(text) if w != UNK)
        return (
            bool(current)
            and any(len(v) > len(current) and v[: len(current)] == current for v in self._all)
            and not self.settled(current)
        )

    def update(self, chunk: bytes, partial: str, *, quiet_level: float | None = None) -> bool:
        """Account for ``chunk``; True when the utterance should be finalized now.

        ``quiet_level`` overrides the fixed quiet threshold (e.g. the tracker's).
        """
        seconds = len(chunk) / self._bytes_per_s
        current = words(partial)
        if current != self._partial:
            self._partial = current
            self._stable = 0.0
        else:
            self._stable += seconds
        threshold = self._quiet_rms if quiet_level is None else quiet_level
        level = rms(chunk)
        loud = level > threshold
        self._quiet = 0.0 if loud else self._quiet + seconds
        self._silent = self._silent + seconds if level <= min(threshold, SILENT_RMS) else 0.0
        self._spoke = self._spoke or loud
        self._loud_chunks += loud
        if not current or UNK in current:
            return False
        if self.is_complete(partial):
            decisive = current in self._decisive and self._silent >= self._decisive_hold_s - 1e-6
            return decisive or self._quiet >= self._hold_s - 1e-6 or self._stable >= self._stable_s - 1e-6
        if self.settled(current):  # a prefix phrase whose every extension means the same: as a complete one
            return self._quiet >= self._hold_s - 1e-6 or self._stable >= self._stable_s - 1e-6
        if current in self._all:  # a phrase a longer one extends: complete once the player has paused
            return self._quiet >= self._prefix_pause_s - 1e-6  # (not in noise: talk goes on, so may the phrase)
        return False


class ForegroundGate:
    """Attenuates the audio between a near speaker's words before the decoders hear it.

    At a noisy table the background (other tables' talk) runs on without a
    pause, so vosk never sees the silence that ends an utterance, and it turns
    the background into grammar words around the player's. A chunk is passed
    as it is when a loud chunk (from :class:`EnergyTracker`) is within ``lead``
    chunks after it or ``hang`` chunks before it; other chunks are scaled by
    ``attenuation``. Chunks come out ``lead`` chunks late (the look-ahead that
    keeps a word's soft onset). Gating on the loudest recent chunk instead
    (the near speaker is the loudest) was measured and dropped: it cut the
    quieter second word of two-word phrases.

    >>> gate = ForegroundGate(lead=1, hang=1, attenuation=0.0)
    >>> loud, soft = np.full(4, 1000, "<i2").tobytes(), np.full(4, 10, "<i2").tobytes()
    >>> out = [gate.push(c, c == loud) for c in (soft, soft, loud, soft, soft, soft)]
    >>> [[rms(c) for c in chunks] for chunks in out]
    [[], [0.0], [10.0], [1000.0], [10.0], [0.0]]
    """

    def __init__(self, *, lead: int = 2, hang: int = 6, attenuation: float = 0.05) -> None:
        self._lead = lead
        self._hang = hang
        self._attenuation = attenuation
        self._waiting: deque[tuple[bytes, bool]] = deque()
        self._since_loud = hang + 1

    def reset(self) -> None:
        """Forget buffered audio (after the host spoke, or a phase switch)."""
        self._waiting.clear()
        self._since_loud = self._hang + 1

    def push(self, chunk: bytes, loud: bool) -> list[bytes]:
        """Take one chunk; return the chunks now ready for the decoders (0 or 1)."""
        self._waiting.append((chunk, loud))
        if len(self._waiting) <= self._lead:
            return []
        data, was_loud = self._waiting.popleft()
        self._since_loud = 0 if was_loud else self._since_loud + 1
        keep = self._since_loud <= self._hang or any(loud for _, loud in self._waiting)
        if keep:
            return [data]
        samples = np.frombuffer(data, dtype="<i2").astype(np.float64) * self._attenuation
        return [samples.astype("<i2").tobytes()]
