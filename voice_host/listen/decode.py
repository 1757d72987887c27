"""The decode stage: one phase's grammar decoder and its second, garbage-model decoder (vosk).

:class:`PhaseDecoders` wraps the two ``KaldiRecognizer`` of one grammar: the
grammar decoder (the phase's phrases only) and, optionally, the second one
(the same phrases plus common words of the language, a garbage model,
:mod:`voice_host.hearing.fillers`), fed the same audio. It only decodes: when an
utterance ends is the endpoint stage's (:mod:`voice_host.listen.endpoint`),
what the decodes mean the verify stage's (:mod:`voice_host.listen.verify`).
"""

from __future__ import annotations

import bisect
import json
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from voice_host.listen.decoder_thread import DecoderThread
from voice_host.listen.messages import Decoded

#: Alternatives asked of each decoder (to find a rival phrase).
ALTERNATIVES = 4
#: Audio the second decoder may lag behind the grammar decoder (while the grammar decoder hears no
#: word yet) before it catches up anyway.
MOST_DEFERRED_S = 5.0
#: Audio kept for the second decoder while the grammar decoder shows no word (:meth:`PhaseDecoders.keep_recent`):
#: the partial result shows a word within about 0.4 s of its end, so an utterance's first word began within
#: this of the chunk that shows it. Older audio is silence or the room: catching it up cost the first answer
#: after the host's opening 120-160 ms (issue 33: five seconds of the host's cleaned voice, kept back while
#: nobody spoke).
KEEP_BEFORE_WORD_S = 1.5


def recognizer(model: Any, sample_rate: int, grammar: Sequence[str]) -> Any:
    """A vosk ``KaldiRecognizer`` on ``model`` restricted to ``grammar``, with alternatives and word times."""
    import vosk

    made = vosk.KaldiRecognizer(model, float(sample_rate), json.dumps(list(grammar), ensure_ascii=False))
    made.SetMaxAlternatives(ALTERNATIVES)
    made.SetWords(True)
    return made


class PhaseDecoders:
    """The grammar decoder of one phase and its second opinion (``second``, or None), fed the same chunks.

    The second decoder, which costs more (a larger grammar), may be fed late:
    ``accept(data, defer=True)`` keeps the chunk for it, and it gets every kept
    chunk, in order, before the next one it is fed (:meth:`catch_up`). An
    utterance whose second decode is not needed (:meth:`drop_second`) is never
    decoded by it. Its word times then count fewer samples than the grammar
    decoder's (vosk counts the samples it was fed, across ``Reset``), so they are
    shifted by the audio it never heard. The digital silence :meth:`finalize` pads the
    grammar decoder with is counted by vosk too, but it is no audio the listener heard:
    word times after it are shifted back, so both decoders' times stay on the clock of
    the audio fed (:class:`~voice_host.listen.word_levels.RecentAudio`'s, which measures
    the words' levels by them). ``second_so_far`` holds what the second decoder ended
    on its own within the current utterance.

    With ``thread``, every call of the second decoder runs on that thread, in order
    (:mod:`voice_host.listen.decoder_thread`): it decodes while the grammar decoder does,
    and :meth:`take_second` waits only for what is left. ``second_so_far`` is then the
    thread's, read by :meth:`take_second` there.
    """

    def __init__(
        self, grammar: Any, second: Any = None, *, sample_rate: int = 16000, thread: DecoderThread | None = None
    ) -> None:
        self.grammar = grammar
        self.second = second
        self.second_so_far: Decoded | None = None
        self._thread = thread
        self._bytes_per_s = 2.0 * sample_rate
        self._deferred: list[bytes] = []
        self._deferred_bytes = 0
        self._skipped_s = 0.0  # audio the second decoder never heard (its times are this much early)
        self._heard_s = 0.0  # audio fed to the grammar decoder, padding included: vosk's clock
        self._pads: list[tuple[float, float]] = []  # (where on vosk's clock, padding fed there so far)
        self._live = False  # caught up within this utterance: fed as the chunks come
        self._ending: list[Decoded] | None = None  # the second's final started by end_second, filled where it ran

    def reset(self) -> None:
        """Drop the current utterance from both decoders."""
        self.grammar.Reset()
        self._ending = None
        if self.second is not None:
            self._post(self._reset_second)
        self._skip_deferred()

    def accept(self, data: bytes, *, defer: bool = False) -> Decoded | None:
        """Feed one chunk to the grammar decoder, and to the second (now, or later with ``defer``);
        the grammar decoder's result when vosk ended an utterance."""
        if self.second is not None:
            if self._ending is not None:  # the utterance went on after its early end: that final joins the rest
                ending, self._ending = self._ending, None
                self._post(lambda: self._went_on(ending))
            self._deferred.append(data)
            self._deferred_bytes += len(data)
            if self._live or not defer or self._deferred_bytes > MOST_DEFERRED_S * self._bytes_per_s:
                self.catch_up()
        self._heard_s += len(data) / self._bytes_per_s
        if self.grammar.AcceptWaveform(data):
            return self._unpadded(Decoded.parse(self.grammar.Result()))
        return None

    @property
    def second_live(self) -> bool:
        """True once the second decoder has caught up within this utterance (it is fed as the chunks come)."""
        return self._live

    def catch_up(self) -> None:
        """Feed the second decoder every chunk kept for it, and the rest of this utterance as it comes."""
        self._live = True
        deferred, self._deferred, self._deferred_bytes = self._deferred, [], 0
        for data in deferred:
            self._feed_second(data)

    def keep_recent(self, keep_s: float = KEEP_BEFORE_WORD_S) -> None:
        """The grammar decoder shows no word: forget all but the last ``keep_s`` of the audio kept for the
        second decoder (which has heard nothing since its last utterance, so it simply starts later).

        Its word times stay on the clock of the audio fed, as after :meth:`drop_second`. A second decoder
        already fed as the chunks come keeps hearing everything.
        """
        if self.second is None or self._live:
            return
        most = int(keep_s * self._bytes_per_s)
        while self._deferred and self._deferred_bytes - len(self._deferred[0]) >= most:
            dropped = self._deferred.pop(0)
            self._deferred_bytes -= len(dropped)
            self._skipped_s += len(dropped) / self._bytes_per_s

    def drop_second(self) -> None:
        """The utterance just ended needs no second decode: forget what the second decoder heard of it."""
        if self.second is None:
            return
        self._ending = None
        self._post(self._reset_second)
        self._skip_deferred()

    def _reset_second(self) -> None:
        self.second.Reset()
        self.second_so_far = None

    def _post(self, call: Callable[[], None]) -> None:
        """Run a call of the second decoder: on its thread when it has one, without waiting."""
        if self._thread is None:
            call()
        else:
            self._thread.post(call)

    def _skip_deferred(self) -> None:
        self._live = False
        self._skipped_s += self._deferred_bytes / self._bytes_per_s
        self._deferred, self._deferred_bytes = [], 0

    def partial(self) -> str:
        """What the grammar decoder has heard of the utterance not ended yet ("" when none)."""
        return str(json.loads(self.grammar.PartialResult()).get("partial", ""))

    def look_ahead(self, pad_s: float) -> Decoded | None:
        """Feed the grammar decoder ``pad_s`` of digital silence, so that its partial result shows the words
        said so far; its result when vosk's own endpoint came within the silence, else None.

        vosk decodes a frame only once it has the audio after it: a word's partial result shows about
        0.3 s after the word ends (a clean "네" shows after 0.3 s of silence, or after 0.1 s and 0.2 s of
        padding; "삼백" after 0.1 s is still "점수"). The utterance goes on: a player who speaks again was
        heard with a longer pause. Word times after the padding are shifted back, as after :meth:`finalize`'s.
        """
        pad = self._padding(pad_s)
        return self._unpadded(Decoded.parse(self.grammar.Result())) if self.grammar.AcceptWaveform(pad) else None

    def finalize(self, *, pad_s: float = 0.0) -> Decoded:
        """End the utterance now (before vosk's own endpoint): the grammar decoder's result.

        ``pad_s``: digital silence fed first, so that an utterance ended after a short hold is decoded
        with the trailing quiet a longer hold would have given it (it costs milliseconds, not the wait).
        """
        pad = self._padding(pad_s)
        if pad and self.grammar.AcceptWaveform(pad):  # vosk's own endpoint came within the padding
            return self._unpadded(Decoded.parse(self.grammar.Result()))
        return self._unpadded(Decoded.parse(self.grammar.FinalResult()))

    def _padding(self, pad_s: float) -> bytes:
        """``pad_s`` of digital silence, counted where it is fed: the words after it were said this much earlier."""
        pad = bytes(2 * int(self._bytes_per_s / 2 * pad_s))
        if pad:
            before = self._pads[-1][1] if self._pads else 0.0
            self._pads.append((self._heard_s, before + len(pad) / self._bytes_per_s))
            self._heard_s += len(pad) / self._bytes_per_s
        return pad

    def _feed_second(self, data: bytes) -> None:
        """Feed one chunk to the second decoder, keeping what it ends on its own."""
        if self.second is not None:
            shift = self._skipped_s  # the audio it never heard up to this chunk, whenever the chunk is decoded
            self._post(lambda: self._second_heard(data, shift))

    def _second_heard(self, data: bytes, shift: float) -> None:
        if self.second.AcceptWaveform(data):
            ended = _moved(Decoded.parse(self.second.Result()), shift)
            self.second_so_far = ended if self.second_so_far is None else self.second_so_far.then(ended)

    def end_second(self) -> None:
        """The utterance ends now: start the second decoder's final result (on its thread, beside the grammar
        decoder's :meth:`finalize`), so that :meth:`take_second` waits only for what is left of it.

        Both decoders then end the utterance together. When the utterance goes on (a prefix phrase waiting
        for more, a chunk fed before :meth:`take_second`), what the final gave is put in front of the rest,
        as the grammar decoder's early result is; :meth:`drop_second` and :meth:`reset` forget it.
        """
        if self.second is not None:
            self._ending = self._start_final()

    def _start_final(self) -> list[Decoded]:
        """Catch the second decoder up and post its final result: the list it will be put in, where it runs."""
        self.catch_up()
        shift = self._skipped_s
        self._live = False
        ending: list[Decoded] = []
        self._post(lambda: ending.append(self._second_final(shift)))
        return ending

    def _went_on(self, ending: list[Decoded]) -> None:
        """What the second decoder's final gave, kept as what it ended on its own within the utterance."""
        self.second_so_far = ending[0]

    def take_second(self) -> Decoded | None:
        """The second decoder's result for the utterance just ended (None without one); starts the next."""
        if self.second is None:
            return None
        ending = self._ending if self._ending is not None else self._start_final()  # started beside the grammar's?
        self._ending = None
        return ending[0] if self._thread is None else self._thread.run(lambda: ending[0])  # after that final

    def _second_final(self, shift: float) -> Decoded:
        """The second decoder's final result, its word times on the clock of the audio fed (``shift``: the
        audio it never heard); what it ended on its own before is put in front."""
        ended = _moved(Decoded.parse(self.second.FinalResult()), shift)
        whole = ended if self.second_so_far is None else self.second_so_far.then(ended)
        self.second_so_far = None
        return whole

    def _unpadded(self, decoded: Decoded) -> Decoded:
        """``decoded`` (the grammar decoder's) with its word times on the clock of the audio fed: each word
        moved back by the padding fed before it began (a word said before a padding is not moved by it)."""
        if not self._pads or not decoded.timed:
            return decoded
        starts = [at for at, _ in self._pads]
        timed = []
        for word, start, end in decoded.timed:
            i = bisect.bisect_right(starts, start + 1e-6) - 1
            shift = self._pads[i][1] if i >= 0 else 0.0
            timed.append((word, start - shift, end - shift))
        return replace(decoded, timed=tuple(timed))


def _moved(decoded: Decoded, shift: float) -> Decoded:
    """``decoded`` with its word times ``shift`` seconds later."""
    if not shift:
        return decoded
    timed = tuple((word, start + shift, end + shift) for word, start, end in decoded.timed)
    return replace(decoded, timed=timed)


class SpanDecoder:
    """A recognizer that decodes spans of audio whole, one after another, each span's word times on the clock of
    the audio it was cut from (vosk counts them over every sample it was ever fed, across ``Reset``).

    >>> import json
    >>> class Counting:  # one word over each span, timed as vosk times it
    ...     fed = 0.0
    ...     def Reset(self): pass
    ...     def AcceptWaveform(self, data): self.start = self.fed; self.fed += len(data) / 32000
    ...     def FinalResult(self):
    ...         return json.dumps({"text": "w", "result": [{"word": "w", "start": self.start, "end": self.fed}]})
    >>> import numpy as np
    >>> spans = SpanDecoder(Counting())
    >>> spans.decode(np.zeros(8000, np.int16), 10.0).timed, spans.decode(np.zeros(16000, np.int16), 3.0).timed
    ((('w', 10.0, 10.5),), (('w', 3.0, 4.0),))
    """

    def __init__(self, made: Any, *, sample_rate: int = 16000) -> None:
        self._made = made
        self._rate = sample_rate
        self._fed_s = 0.0

    def decode(self, samples: Any, start_s: float) -> Decoded:
        """``samples`` (int16) decoded whole; ``start_s``: where they begin on the clock of their audio."""
        self._made.Reset()
        self._made.AcceptWaveform(samples.astype("<i2").tobytes())
        decoded = Decoded.parse(self._made.FinalResult())
        shift = start_s - self._fed_s
        self._fed_s += len(samples) / self._rate
        return _moved(decoded, shift)
