"""The gate stage: which audio of the source reaches the decoders.

Chunks the half-duplex gate says the host must not hear are skipped; with the
speech gate only the audio around voice goes on
(:mod:`voice_host.listen.voice_activity`), optionally attenuated between a near
speaker's words (:class:`~voice_host.listen.early_end.ForegroundGate`). Every
chunk read counts once on the quiet clock (:mod:`voice_host.listen.quiet_clock`),
whether the speech gate passes it or keeps it back, so ``patience_s`` of no
voice gives :class:`~voice_host.core.ports.Silence`. When the host has spoken (the
half-duplex gate's generation changed) the queued audio is dropped and
:attr:`GateStage.host_spoke` tells the stages after it to start afresh.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from voice_host.audio.half_duplex import HalfDuplexGate
from voice_host.core.ports import Silence
from voice_host.listen.early_end import EnergyTracker, ForegroundGate
from voice_host.listen.echo import EchoStage
from voice_host.listen.quiet_clock import QuietClock
from voice_host.listen.sources import AudioChunk, AudioSource
from voice_host.listen.voice_activity import SpeechGate


class GateStage:
    """The audio for the decoders, chunk by chunk, from ``source``.

    ``gate`` (shared with the speaker) makes the host deaf to its own voice;
    ``busy`` tells the speech gate an utterance is still open (the decoders hold
    words not ended yet); ``speech_gate=False`` passes every chunk;
    ``foreground=True`` attenuates the audio between a near speaker's words;
    ``close_after_drop=False`` keeps the speech gate open after a dropped utterance
    (see :meth:`dropped`); ``echo`` cleans every chunk of the host's own voice first (barge-in).
    """

    def __init__(
        self,
        source: AudioSource,
        *,
        gate: HalfDuplexGate | None = None,
        busy: Callable[[], bool] | None = None,
        speech_gate: bool = True,
        foreground: bool = False,
        close_after_drop: bool = True,
        echo: EchoStage | None = None,
    ) -> None:
        self._source = source
        self._echo = echo
        self.host_audible = False
        """True when the last chunk read may hold the host's voice (barge-in: it was cleaned, not dropped)."""
        self.host_speaking = False
        """True when a word of the host's may begin in the last chunk read (its echo's tail excluded)."""
        self.captured_at = 0.0
        """When the last chunk read was captured (monotonic seconds)."""
        self._close_after_drop = close_after_drop
        self._gate = gate
        self._generation = gate.generation if gate is not None else 0
        self.energy = EnergyTracker()
        """The room's floor: which chunks are voiced (its threshold is the endpointer's quiet level)."""
        self.voiced = False
        """True once a chunk of the current utterance was voiced (cleared by the listener)."""
        self.host_spoke = False
        """True when the host spoke since the flag was last cleared: what the decoders hold is gone."""
        self._speech = SpeechGate(sample_rate=source.sample_rate, busy=busy) if speech_gate else None
        self._foreground = ForegroundGate() if foreground else None
        self._ready: deque[bytes] = deque()
        self._quiet = QuietClock(source.sample_rate)

    @property
    def speech(self) -> SpeechGate | None:
        """The speech gate (None when every chunk is decoded)."""
        return self._speech

    def reset_quiet(self) -> None:
        """Count the quiet again from zero (a new question, or an utterance just ended)."""
        self._quiet.reset()

    def sync(self) -> bool:
        """After the host spoke: drop queued audio, set :attr:`host_spoke`; True when it had spoken."""
        if self._gate is None or self._gate.generation == self._generation:
            return False
        self._generation = self._gate.generation
        self._source.flush()
        self.restart()
        self.host_spoke = True
        return True

    def restart(self) -> None:
        """Forget what is queued or kept back (the host spoke, or the phase changed)."""
        self._ready.clear()
        self.voiced = False
        if self._speech is not None:  # what it kept was heard before the host spoke (or the phase changed)
            self._speech.reset()
        if self._foreground is not None:
            self._foreground.reset()

    def dropped(self) -> None:
        """The utterance just decoded was dropped: the speech gate waits for voice that stands out again."""
        self.voiced = False
        if self._speech is not None and self._close_after_drop:
            self._speech.close()

    def next(self, patience_s: float | None = None, *, busy: bool = False) -> bytes | Silence | None:
        """The next audio for the decoders, :class:`Silence` after ``patience_s`` of no voice, None at the end.

        ``busy``: an utterance is in progress (its quiet is not silence). What is
        ready stays queued when :class:`Silence` comes back, for the next call.
        """
        while not self._ready:
            chunk = self._source.read()
            if chunk is None:
                return None
            self.captured_at = chunk.captured_at
            if self._echo is not None:  # barge-in: the host's voice is taken out instead of the audio dropped
                chunk = AudioChunk(self._echo.clean(chunk), chunk.captured_at, chunk.arrived_at)
                self.host_audible = self._echo.host_audible(chunk.captured_at)
                self.host_speaking = self._echo.host_speaking(chunk.captured_at)
                if self.host_audible:
                    self._quiet.reset()  # the host talking is not the players' silence
            if self._gate is not None:
                if self.sync():
                    continue
                if not self._gate.hears(chunk.captured_at):
                    continue
            loud = self.energy.feed(chunk.data)
            self.voiced = self.voiced or loud
            passed = [chunk.data] if self._speech is None else self._speech.push(chunk.data, loud)
            if self._foreground is None:
                self._ready.extend(passed)
            else:
                for data in passed:
                    self._ready.extend(self._foreground.push(data, loud))
            # every chunk heard counts once, held back by the speech gate or not (its pre-roll is not counted again)
            quiet_s = self._quiet.feed(chunk.data, busy=busy)
            if patience_s is not None and quiet_s >= patience_s:
                return Silence(quiet_s)
        return self._ready.popleft()
