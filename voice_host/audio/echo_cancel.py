"""Echo cancellation: the host's own voice (and its cue) taken out of what the microphone hears.

The host knows what it plays, sample by sample (the far end); an adaptive filter
learns the room's echo path from it and subtracts its estimate from the
microphone (the near end), so a player can be heard while the host speaks.

Two maintained libraries with wheels for Linux, Windows and macOS are wrapped
here behind one small interface, beside a filter of our own in numpy
(``bench/echo_compare.py`` compares them on the same recordings of
:mod:`voice_host.audio.echo_rig`):

- ``webrtc``: WebRTC's audio processing module (AEC3, with its delay estimator
  and residual echo suppressor) as shipped in ``livekit``'s wheels
  (``rtc.AudioProcessingModule``);
- ``speex``: speexdsp's multi-delay filter and its residual echo suppression,
  as shipped in ``pyaec``'s wheels (the optional extra ``voice-host[aec]``);
- ``speex-gate``: speexdsp's linear filter alone (its preprocessor, which ducks,
  off) followed by :class:`~voice_host.audio.residual_gate.ResidualGate`, which
  passes only the frames that stand out of the echo left;
- ``block-gate``: :class:`~voice_host.audio.block_filter.BlockFilter` (numpy)
  followed by the same gate, the filter learning only from frames the gate did
  not open on (nobody talking over the host): the one barge-in uses.

All take 10 ms frames; :class:`FrameCanceller` cuts any length into frames and
keeps the remainder for the next call, so what comes out lags what went in by
less than one frame. Neither library is imported until a canceller is opened.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import numpy as np

from voice_host.audio.added_echo import AddedEcho
from voice_host.audio.block_filter import BlockFilter
from voice_host.audio.residual_gate import FAR_SILENT_DBFS, ResidualGate


class CancellerUnavailable(Exception):
    """The echo canceller's library is not installed or does not load here."""


class FrameProcessor(Protocol):
    """One library's canceller: one 10 ms frame of near and far end in, the near end cleaned out."""

    def frame(self, near: np.ndarray, far: np.ndarray) -> np.ndarray:
        """Cleaned ``near`` (int16, one frame) given the far end played in the same frame."""
        ...


class FrameCanceller:
    """Cancels the far end's echo from the near end, any length at a time (int16 mono).

    ``process(near, far)``: ``far`` is what the host played, aligned by clock with
    ``near`` (the same number of samples, the same span of time); returns the
    cleaned near end of every whole frame so far.
    """

    def __init__(self, name: str, processor: FrameProcessor, sample_rate: int) -> None:
        self.name = name
        self.sample_rate = sample_rate
        self.frame_size = sample_rate // 100
        self._processor = processor
        self._near = np.zeros(0, dtype=np.int16)
        self._far = np.zeros(0, dtype=np.int16)

    @property
    def follows_moves(self) -> bool:
        """True when :meth:`moved` keeps the canceller adapted (its filter's taps move with the reference)."""
        return hasattr(self._processor, "move")

    def moved(
        self, samples: int, *, taps: int | None = None, reference: Callable[[int], np.ndarray] | None = None
    ) -> None:
        """The reference comes ``samples`` later from now on (a new delay measured): the filter follows if it can,
        its taps moving by ``taps`` (by default as much as the reference; see :meth:`BlockFilter.move`).

        ``reference(count)``, when given, is the far end as now placed over the last ``count`` samples given to
        :meth:`process`: what the filter holds, and the part of a frame still waiting, are read from it again
        instead of being moved (a move earlier would leave the newest of them silent)."""
        move = getattr(self._processor, "move", None)
        if move is None:
            return
        move(samples, taps=taps)
        inner = self._block_filter()
        if reference is not None and inner is not None:
            waiting = len(self._far)
            again = np.asarray(reference(inner.span + waiting), dtype=np.float64)
            inner.refill(again[: inner.span])
            self._far = np.round(again[inner.span :]).astype(np.int16)

    def taps(self) -> np.ndarray | None:
        """The filter's impulse response, the direct path first (None: a filter whose taps are not its own)."""
        inner = self._block_filter()
        return inner.taps() if inner is not None else None

    def _block_filter(self) -> BlockFilter | None:
        inner = getattr(self._processor, "filter", None)
        return inner if isinstance(inner, BlockFilter) else None

    def path_energy(self, at: int) -> float | None:
        """How much of the echo path the filter holds around tap ``at`` (None: a filter whose taps are not its own)."""
        inner = self._block_filter()
        return inner.path_energy(at) if inner is not None else None

    @property
    def adds_echo(self) -> bool:
        """True when the filter's output was louder than the microphone over its last window while the host played
        (:mod:`voice_host.audio.added_echo`); False for a library that does not tell."""
        watch = self._added_watch()
        return watch is not None and watch.adding

    @property
    def added_db(self) -> float | None:
        """The filter's output over the microphone in its last window, in dB (None: the library does not tell)."""
        watch = self._added_watch()
        return watch.last_db if watch is not None else None

    @property
    def shown_clean(self) -> bool:
        """True when the filter has shown it takes the echo out, as it did before and with the gate shut, since
        its reference was last placed anew (:attr:`~voice_host.audio.added_echo.AddedEcho.proven`); True for a
        library that does not tell."""
        watch = self._added_watch()
        return watch is None or watch.proven

    def reset_proof(self) -> None:
        """The reference was placed anew (the microphone's or the output's count started again): until the filter
        shows again that it takes the echo out, :attr:`shown_clean` is False."""
        watch = self._added_watch()
        if watch is not None:
            watch.reset_proof()

    def realigned(self) -> None:
        """The reference was put back where the filter's taps were shown to take the echo out of the microphone
        (:mod:`voice_host.audio.slip_search`): what the slipped echo did to the judges after the filter (the
        added-echo watch, the residual-echo gate held open over it) is undone."""
        realigned = getattr(self._processor, "realigned", None)
        if realigned is not None:
            realigned()

    def _added_watch(self) -> AddedEcho | None:
        watch = getattr(self._processor, "added", None)
        return watch if isinstance(watch, AddedEcho) else None

    def process(self, near: np.ndarray, far: np.ndarray) -> np.ndarray:
        """The cleaned near end of every whole 10 ms frame available (the rest waits for the next call)."""
        if len(near) != len(far):
            raise ValueError("near and far ends must have the same length")
        near_all = np.concatenate([self._near, near.astype(np.int16)])
        far_all = np.concatenate([self._far, far.astype(np.int16)])
        size = self.frame_size
        whole = len(near_all) // size * size
        out = [self._processor.frame(near_all[i : i + size], far_all[i : i + size]) for i in range(0, whole, size)]
        self._near, self._far = near_all[whole:], far_all[whole:]
        return np.concatenate(out) if out else np.zeros(0, dtype=np.int16)


class _WebRtc:
    def __init__(self, sample_rate: int, options: dict[str, bool] | None = None) -> None:
        try:
            from livekit import rtc
        except Exception as exc:  # not installed, or its native library does not load
            raise CancellerUnavailable(f"livekit: {exc}") from None
        self._rtc = rtc
        self._rate = sample_rate
        self._apm: Any = rtc.AudioProcessingModule(echo_cancellation=True, **(options or {"high_pass_filter": True}))

    def frame(self, near: np.ndarray, far: np.ndarray) -> np.ndarray:
        rtc, n = self._rtc, len(near)
        reverse = rtc.AudioFrame(bytearray(far.astype("<i2").tobytes()), self._rate, 1, n)
        self._apm.process_reverse_stream(reverse)
        frame = rtc.AudioFrame(bytearray(near.astype("<i2").tobytes()), self._rate, 1, n)
        self._apm.set_stream_delay_ms(0)  # the far end comes aligned by clock: what is left is the room's
        self._apm.process_stream(frame)
        return np.frombuffer(bytes(frame.data), dtype="<i2").astype(np.int16)


#: speexdsp's filter length: the echo tail it can model, 4096 samples (256 ms at 16 kHz) covers 120 ms of
#: delay and the loud part of a living room's reverberation.
SPEEX_TAIL_S = 0.256


class _Speex:
    def __init__(self, sample_rate: int, *, preprocess: bool = True) -> None:
        try:
            import pyaec  # type: ignore[import-untyped]
        except Exception as exc:
            raise CancellerUnavailable(f"pyaec: {exc}") from None
        if getattr(pyaec, "lib", None) is None:
            raise CancellerUnavailable("pyaec: its native library did not load")
        self._aec = pyaec.Aec(sample_rate // 100, int(SPEEX_TAIL_S * sample_rate), sample_rate, preprocess)

    def frame(self, near: np.ndarray, far: np.ndarray) -> np.ndarray:
        return np.asarray(self._aec.cancel_echo(near.tolist(), far.tolist()), dtype=np.int16)


class _Gated:
    """A linear canceller followed by the residual-echo gate (:mod:`voice_host.audio.residual_gate`)."""

    def __init__(self, inner: FrameProcessor, **tuning: Any) -> None:
        self._inner = inner
        self.gate = ResidualGate(**tuning)

    def frame(self, near: np.ndarray, far: np.ndarray) -> np.ndarray:
        return self.gate.frame(self._inner.frame(near, far), far)


class _HeldBlock:
    """:class:`BlockFilter` followed by the residual-echo gate; the filter does not learn from a frame the gate
    opened on while the host's echo can be there (a player talking over it), for at most ``hold_limit`` frames in
    a row (an echo path that changed opens the gate too, and the filter must learn it). ``added`` tells when the
    filter's output is louder than the microphone (:mod:`voice_host.audio.added_echo`)."""

    def __init__(self, rate: int, *, hold_limit: int = 150) -> None:
        self.filter = BlockFilter(rate // 100, rate=rate)
        self.gate = ResidualGate()
        self._hold_limit = hold_limit
        self._held = 0
        self.added = AddedEcho()

    def frame(self, near: np.ndarray, far: np.ndarray) -> np.ndarray:
        cleaned = self.filter.cancel(near, far)
        out = self.gate.frame(cleaned, far)
        self.added.frame(near, cleaned, far, passed=self.gate.open)
        if self.gate.open and self.gate.envelope_dbfs >= FAR_SILENT_DBFS and self._held < self._hold_limit:
            self._held += 1
        else:
            self.filter.learn()
            self._held = self._held if self.gate.open else 0
        return out

    def move(self, samples: int, *, taps: int | None = None) -> None:
        self.filter.move(samples, taps=taps)
        self.added.reset_proof()

    def realigned(self) -> None:
        self.added.clear()
        self.gate.relearn()
        self._held = 0


BACKENDS: dict[str, Callable[[int], FrameProcessor]] = {
    "webrtc": _WebRtc,
    "webrtc-plain": lambda rate: _WebRtc(rate, {}),
    "webrtc-ns": lambda rate: _WebRtc(rate, {"high_pass_filter": True, "noise_suppression": True}),
    "webrtc-agc": lambda rate: _WebRtc(rate, {"high_pass_filter": True, "auto_gain_control": True}),
    "speex": _Speex,
    "speex-linear": lambda rate: _Speex(rate, preprocess=False),
    "speex-gate": lambda rate: _Gated(_Speex(rate, preprocess=False)),
    "speex-pp-gate": lambda rate: _Gated(_Speex(rate)),
    "speex-gate-loose": lambda rate: _Gated(_Speex(rate, preprocess=False), margin_db=4.0, quantile=0.8,
                                            lookahead_frames=6),
    "block-gate": _HeldBlock,
}
"""The configurations compared by ``bench/echo_compare.py`` and ``bench/barge_in.py``, by name:
WebRTC AEC3 with livekit's switches (high-pass filter, noise suppression, gain control), speexdsp with and
without its preprocessor, and speexdsp's linear filter followed by the residual-echo gate (strict, and a
looser tuning that lets echo through)."""

DEFAULT = "block-gate"
"""The one barge-in uses: of the configurations that take no false accept on the rig (``bench/barge_in.py``),
the one that hears most of a player talking over the host; speexdsp's filter, which goes on learning while the
player talks, heard fewer (``speex-gate``)."""


def open_canceller(name: str = DEFAULT, *, sample_rate: int = 16000) -> FrameCanceller:
    """A fresh canceller of library ``name``; raises :class:`CancellerUnavailable` when it cannot run here."""
    if name not in BACKENDS:
        raise CancellerUnavailable(f"unknown echo canceller {name!r}")
    if sample_rate not in (8000, 16000, 32000, 48000):
        raise CancellerUnavailable(f"echo cancellation needs 8, 16, 32 or 48 kHz, not {sample_rate} Hz")
    return FrameCanceller(name, BACKENDS[name](sample_rate), sample_rate)


def erle_db(before: np.ndarray, after: np.ndarray) -> float:
    """Echo return loss enhancement: how much quieter the echo is after cancellation, in dB.

    >>> round(erle_db(np.full(160, 1000), np.full(160, 100)), 1)
    20.0
    """
    power_before = float(np.mean(before.astype(np.float64) ** 2))
    power_after = max(float(np.mean(after.astype(np.float64) ** 2)), 1e-6)
    return 10 * float(np.log10(max(power_before, 1e-6) / power_after))
