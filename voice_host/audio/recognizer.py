"""The vosk listener: implements the ``Listener`` port.

For each :class:`ListenRequest` vosk gets only the phrases valid now (their
spellings the model knows), as a JSON grammar (``ensure_ascii=False``). One
``KaldiRecognizer`` per distinct grammar shares the one ``Model`` and is cached,
so a phase switch never calls ``SetGrammar`` mid-utterance. Each result is
mapped onto the nearest valid phrase (:mod:`voice_host.audio.matching`) and
``listen`` returns that phrase's canonical ``Phrase.text``; silence, steady noise
and far-off text produce nothing and listening goes on. Utterances are finalized
early when possible (:mod:`voice_host.audio.endpoint`).

A second ``KaldiRecognizer`` per grammar, whose grammar adds common words of the
language (a garbage model, :mod:`voice_host.hearing.fillers`), is fed the same
chunks; with the grammar decoder's own alternatives it tells how sure the host
is (:mod:`voice_host.hearing.confidence`): chatter is dropped, an utterance
that might have been another phrase comes back with ``sure=False``.
At a noisy table, decoded words much quieter than the loudest of their
utterance are dropped as background talk (:meth:`_PhaseDecoder.foreground`),
and an utterance ends after a stretch of sound well under its loudest, since
the next table never falls silent for vosk's own endpoint. A grammar decode
that joins a phrase with a word of others' talk ("서른 일흔") is cut down to the
words the second decode heard too, at the same times (:func:`heard_by_both`),
and asked back; how far the phrase stands above the room's recent sound
(:meth:`_PhaseDecoder.prominence_db`) tells talk at the next table from a
player speaking to the host. A phrase that is the tail of
another ("좋아요" of "안 좋아요") after speech-loud sound
(:meth:`_PhaseDecoder.lead_in`) is asked back: its first word may be lost.
Optionally (``foreground=True``) the audio between a near speaker's words is
attenuated before either decoder hears it
(:class:`~voice_host.audio.endpoint.ForegroundGate`).
"""

from __future__ import annotations

import json
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from grammars.phrases import LeadInPhrase, Phrase
from voice_host.audio.endpoint import EarlyEndpointer, EnergyTracker, ForegroundGate, rms
from voice_host.audio.gate import HalfDuplexGate
from voice_host.audio.matching import Match, MatchReason, PhraseMatcher
from voice_host.audio.quiet import QuietClock
from voice_host.audio.sources import AudioSource
from voice_host.audio.speech_gate import SpeechGate
from voice_host.audio.text import UNK, words
from voice_host.audio.vocabulary import Vocabulary
from voice_host.hearing.calibration import Calibration, for_model
from voice_host.hearing.confidence import LONGER_BY, Confidence, Evidence, LeadIn, Verdict, judge
from voice_host.hearing.fillers import filler_words
from voice_host.ports import Heard, ListenRequest, Silence

#: Quiet audio (counted from the end of speech) before answering with an early final
#: that a longer phrase extends: vosk's own rule2 trailing silence.
PENDING_S = 0.5
#: Alternatives asked of the grammar decoder (to find a rival phrase).
ALTERNATIVES = 4
#: A decoded word this many dB quieter than the loudest word of its utterance is
#: background talk (babble at a table sits ~10 dB under the near speaker).
FOREGROUND_DB = 6.0
#: After speech, this much audio at least :data:`UNDER_PEAK_DB` under the utterance's
#: loudest chunk, with the partial result unchanged, ends it even though vosk, which waits for real silence, has not
#: (talk at the next table never stops).
BACKGROUND_END_S = 0.3
UNDER_PEAK_DB = 6.0
#: Quieter than this is silence, which vosk's own endpoint handles (a pause between words).
BACKGROUND_RMS = 150.0
#: Chunks among which the loudest is looked for (about two seconds).
PEAK_CHUNKS = 40
#: The room's sound is this low percentile of the levels of :data:`FRAME_S` frames over the last ROOM_S seconds.
ROOM_S = 4.0
FRAME_S = 0.05
ROOM_PERCENTILE = 20.0
#: The sound just before a phrase's first decoded word: LEAD_IN_S seconds ending LEAD_GAP_S before it
#: (vosk's word start can fall a frame or two into the word's onset).
LEAD_IN_S = 0.3
LEAD_GAP_S = 0.05
#: Audio kept per decoder to measure the level of its decoded words.
RECENT_S = 20.0


#: One decoded word and its span in the recognizer's stream: (word, start s, end s).
Timed = tuple[str, float, float]


def _timed(raw: Any) -> tuple[Timed, ...]:
    """vosk's ``result`` word list as :data:`Timed` words."""
    if not isinstance(raw, list):
        return ()
    words_ = [w for w in raw if isinstance(w, dict)]
    return tuple((str(w.get("word", "")), float(w.get("start", 0.0)), float(w.get("end", 0.0))) for w in words_)


@dataclass(frozen=True)
class Decoded:
    """One vosk result: best text, its score, every alternative ``(text, score)`` and its timed words."""

    text: str
    score: float
    alternatives: tuple[tuple[str, float], ...] = ()
    timed: tuple[Timed, ...] = ()
    trimmed: bool = False
    """True when background words were dropped (see :meth:`_PhaseDecoder.foreground`)."""

    @classmethod
    def parse(cls, raw: str) -> Decoded:
        """A vosk JSON result, with or without alternatives (and word times when vosk gave them)."""
        data = json.loads(raw)
        given = data.get("alternatives", [])
        alternatives = tuple((str(a.get("text", "")), float(a.get("confidence", 0.0))) for a in given)
        if alternatives:
            return cls(alternatives[0][0], alternatives[0][1], alternatives, _timed(given[0].get("result")))
        return cls(str(data.get("text", "")), 0.0, (), _timed(data.get("result")))

    def then(self, later: Decoded) -> Decoded:
        """This result followed by ``later`` (one utterance vosk ended twice)."""
        return Decoded(f"{self.text} {later.text}".strip(), self.score + later.score, (), self.timed + later.timed)

    def keeping(self, kept: tuple[Timed, ...]) -> Decoded:
        """This result with only the ``kept`` words (alternatives, which have other words, dropped)."""
        if kept == self.timed:
            return self
        return Decoded(" ".join(w for w, _, _ in kept), self.score, (), kept, trimmed=True)


@dataclass(frozen=True)
class Utterance:
    """One decoded utterance, accepted or not, for diagnostics and benchmarks.

    ``early`` is True when our endpointer finalized it; ``decoded_at`` is the
    monotonic time the final text was available; ``voiced`` whether any chunk
    was clearly above the noise floor.
    """

    phase: str
    match: Match
    early: bool
    decoded_at: float
    voiced: bool
    confidence: Confidence | None = None
    """How sure the host is (None without a second opinion or without a phrase)."""
    decoded: Decoded | None = None
    """The grammar decode behind ``match`` (after background words were trimmed)."""
    second: Decoded | None = None
    """The garbage-model decode of the same audio (None without a second opinion)."""


class _PhaseDecoder:
    """A recognizer restricted to one grammar, with its matcher and endpointer.

    ``second`` (or None) decodes the same audio with the grammar plus filler
    words; ``second_so_far`` holds what it ended early in the current utterance.
    """

    def __init__(
        self,
        recognizer: Any,
        matcher: PhraseMatcher,
        endpointer: EarlyEndpointer,
        second: Any = None,
        *,
        sample_rate: int = 16000,
    ) -> None:
        self.recognizer = recognizer
        self.matcher = matcher
        self.endpointer = endpointer
        self.second = second
        self.second_so_far: Decoded | None = None
        self.phrase_words = matcher.words
        self.sample_rate = sample_rate
        self._fed = 0  # samples fed since the recognizers were made (vosk's word times count from there)
        self._recent: deque[bytes] = deque()
        self._recent_samples = 0
        self.tails = tails(matcher)

    def reset(self) -> None:
        self.recognizer.Reset()
        self.endpointer.reset()
        if self.second is not None:
            self.second.Reset()
        self.second_so_far = None

    def remember(self, data: bytes) -> None:
        """Keep ``data`` (fed to both recognizers) to measure the level of decoded words."""
        self._fed += len(data) // 2
        self._recent.append(data)
        self._recent_samples += len(data) // 2
        while self._recent_samples - len(self._recent[0]) // 2 > RECENT_S * self.sample_rate:
            self._recent_samples -= len(self._recent.popleft()) // 2

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

    def room_db(self) -> float | None:
        """The room's recent sound (dB): a low percentile of the levels of short frames over the
        last :data:`ROOM_S` seconds (the pauses of the next table's talk, or silence); None when too short."""
        samples = np.frombuffer(b"".join(self._recent), dtype="<i2").astype(np.float64)
        samples = samples[max(0, samples.size - int(ROOM_S * self.sample_rate)) :]
        levels = _frame_levels(samples, int(FRAME_S * self.sample_rate))
        return float(np.percentile(levels, ROOM_PERCENTILE)) if levels.size else None

    def loudest_db(self, decoded: Decoded) -> float | None:
        """The level (dB) of the loudest word of ``decoded``, None when unknown."""
        heard = [self.level_db(start, end) for _, start, end in decoded.timed]
        if not heard or any(level is None for level in heard):
            return None
        return max(level for level in heard if level is not None)

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
        levels = _frame_levels(samples, int(FRAME_S * self.sample_rate))
        if not levels.size:
            return None
        before = float(levels.max())
        return LeadIn(above_room=before - room, under_phrase=loudest - before)

    def foreground(self, decoded: Decoded) -> Decoded:
        """``decoded`` without the words much quieter than its loudest (background talk).

        A run of words that spells a whole phrase variant is kept or dropped as one
        (its level is its loudest word's), so a softer last word never cuts
        "점수 취소" down to "점수".
        """
        if len(decoded.timed) < 2:
            return decoded
        units = self._units(decoded.timed)
        levels: list[float] = []
        for unit in units:
            heard = [self.level_db(start, end) for _, start, end in unit]
            if any(level is None for level in heard):
                return decoded
            levels.append(max(level for level in heard if level is not None))
        near = max(levels) - FOREGROUND_DB
        kept = (unit for unit, level in zip(units, levels, strict=True) if level >= near)
        return decoded.keeping(tuple(w for unit in kept for w in unit))

    def _units(self, timed: tuple[Timed, ...]) -> list[tuple[Timed, ...]]:
        """``timed`` cut into whole phrase variants (longest first) and single other words."""
        units: list[tuple[Timed, ...]] = []
        start = 0
        while start < len(timed):
            said = tuple(w for w, _, _ in timed[start:])
            size = max((len(key) for key in self.matcher.keys if said[: len(key)] == key), default=1)
            units.append(timed[start : start + size])
            start += size
        return units

    def feed_second(self, data: bytes) -> None:
        """Feed one chunk to the second decoder, keeping what it ends on its own."""
        if self.second is not None and self.second.AcceptWaveform(data):
            ended = Decoded.parse(self.second.Result())
            self.second_so_far = ended if self.second_so_far is None else self.second_so_far.then(ended)

    def take_second(self) -> Decoded | None:
        """The second decoder's result for the utterance just ended (None without one); starts the next."""
        if self.second is None:
            return None
        ended = Decoded.parse(self.second.FinalResult())
        whole = ended if self.second_so_far is None else self.second_so_far.then(ended)
        self.second_so_far = None
        return whole


class VoskListener:
    """Listens for the phrases of each request through vosk.

    ``model`` is a loaded ``vosk.Model``; ``source`` gives audio chunks; ``gate``
    (shared with the speaker) makes the listener deaf to the host's own voice.
    ``early_endpoint=False`` keeps vosk's own endpointing only.
    ``fillers`` are candidate common words for the second, garbage-model decode
    (those the model knows and no phrase uses); ``second_opinion=False`` skips
    that decode: every phrase is then returned as sure and nothing is dropped
    as chatter. ``foreground=True`` attenuates the audio between a near
    speaker's words first (off by default: on the Korean proxy it gained
    nothing measurable and lost the first word of the first utterance of a
    fresh microphone stream). ``speech_gate=False`` decodes every chunk, not
    only the audio around voice (:class:`~voice_host.audio.speech_gate.SpeechGate`).
    ``calibration`` holds the score thresholds of the confidence check (by default
    the one for ``vocabulary.model_name``: the proxy's measured ones, or uncalibrated,
    :mod:`voice_host.hearing.calibration`).
    """

    def __init__(
        self,
        model: Any,
        vocabulary: Vocabulary,
        source: AudioSource,
        *,
        gate: HalfDuplexGate | None = None,
        early_endpoint: bool = True,
        cache_size: int = 16,
        on_utterance: Callable[[Utterance], None] | None = None,
        fillers: Sequence[str] = (),
        second_opinion: bool = True,
        foreground: bool = False,
        speech_gate: bool = True,
        calibration: Calibration | None = None,
    ) -> None:
        self._model = model
        self._vocabulary = vocabulary
        self._source = source
        self._gate = gate
        self._early = early_endpoint
        self._sequence = False
        self._cache: OrderedDict[tuple[str, ...], _PhaseDecoder] = OrderedDict()
        self._cache_size = cache_size
        self._current: _PhaseDecoder | None = None
        self._generation = gate.generation if gate is not None else 0
        self._energy = EnergyTracker()
        self._voiced = False
        self.on_utterance = on_utterance
        self.last: Utterance | None = None
        self._fillers = tuple(fillers)
        self._second_opinion = second_opinion
        self._foreground = ForegroundGate() if foreground else None
        self._calibration = calibration if calibration is not None else for_model(vocabulary.model_name)
        self._speech = SpeechGate(sample_rate=source.sample_rate, busy=self._utterance_open) if speech_gate else None
        self._ready: deque[bytes] = deque()
        self._pending_reset = False
        self._levels: deque[float] = deque(maxlen=PEAK_CHUNKS)
        self._under_s = 0.0
        self._under_partial = ""
        self._quiet = QuietClock(source.sample_rate)
        self._in_utterance = False  # the decoder holds words of an utterance not ended: not silence

    # ---- grammar

    def usable(self, phrases: Sequence[Phrase]) -> dict[Phrase, tuple[str, ...]]:
        """Each phrase's spellings the model knows (phrases with none are left out)."""
        usable: dict[Phrase, tuple[str, ...]] = {}
        for phrase in phrases:
            variants = self._vocabulary.usable_variants(phrase)
            if variants:
                usable[phrase] = variants
        return usable

    def grammar(self, phrases: Sequence[Phrase]) -> list[str]:
        """The vosk phrase list for ``phrases`` (plus ``[unk]`` when the model has it)."""
        seen: dict[str, None] = {}
        for variants in self.usable(phrases).values():
            for variant in variants:
                seen.setdefault(variant, None)
        if self._vocabulary.has_unk:
            seen.setdefault(UNK, None)
        return list(seen)

    def _decoder(self, phrases: Sequence[Phrase]) -> _PhaseDecoder:
        usable = self.usable(phrases)
        grammar = self.grammar(phrases)
        key = tuple(grammar) + tuple(f"{p.text}\x00{'|'.join(v)}" for p, v in usable.items())
        decoder = self._cache.get(key)
        if decoder is None:
            import vosk

            recognizer = vosk.KaldiRecognizer(
                self._model, float(self._source.sample_rate), json.dumps(grammar, ensure_ascii=False)
            )
            recognizer.SetMaxAlternatives(ALTERNATIVES)
            recognizer.SetWords(True)
            endpointer = EarlyEndpointer(  # a lead-in ("fatto") is never complete: the roll follows
                (words(v) for p, vs in usable.items() if not isinstance(p, LeadInPhrase) for v in vs),
                sample_rate=self._source.sample_rate,
            )
            second = None
            if self._second_opinion:
                garbage = grammar + filler_words(self._fillers, self._vocabulary.knows, grammar)
                second = vosk.KaldiRecognizer(
                    self._model, float(self._source.sample_rate), json.dumps(garbage, ensure_ascii=False)
                )
                second.SetMaxAlternatives(ALTERNATIVES)
                second.SetWords(True)
            rate = self._source.sample_rate
            decoder = _PhaseDecoder(recognizer, PhraseMatcher(usable), endpointer, second, sample_rate=rate)
            self._cache[key] = decoder
            while len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)
        else:
            self._cache.move_to_end(key)
        return decoder

    # ---- listening

    def _sync_with_gate(self) -> None:
        """After the host spoke: drop queued audio and start a fresh utterance."""
        if self._gate is None or self._gate.generation == self._generation:
            return
        self._generation = self._gate.generation
        self._source.flush()
        if self._current is not None:
            self._current.reset()
        self._restart_audio()
        self._voiced = False

    def _restart_audio(self) -> None:
        self._ready.clear()
        if self._speech is not None:  # what it kept was heard before the host spoke (or the phase changed)
            self._speech.reset()
        if self._foreground is not None:
            self._foreground.reset()

    def _next_data(self, patience_s: float | None = None) -> bytes | Silence | None:
        """The next audio for the decoders (foreground-gated), or None when the source ended.

        Chunks the half-duplex gate says the host must not hear are skipped, and
        with the speech gate only the audio around voice is decoded (:mod:`voice_host.audio.speech_gate`).
        Every chunk read counts once on the quiet clock, whether the speech gate
        passes it or keeps it back, and :class:`Silence` comes back once
        ``patience_s`` of it had no voice and no utterance in progress.
        """
        while not self._ready:
            chunk = self._source.read()
            if chunk is None:
                return None
            if self._gate is not None:
                if self._gate.generation != self._generation:
                    self._sync_with_gate()
                    self._pending_reset = True
                    continue
                if not self._gate.hears(chunk.captured_at):
                    continue
            loud = self._energy.feed(chunk.data)
            self._voiced = self._voiced or loud
            passed = [chunk.data] if self._speech is None else self._speech.push(chunk.data, loud)
            if self._foreground is None:
                self._ready.extend(passed)
            else:
                for data in passed:
                    self._ready.extend(self._foreground.push(data, loud))
            # every chunk heard counts once, held back by the speech gate or not (its pre-roll is not counted again)
            quiet_s = self._quiet.feed(chunk.data, busy=self._in_utterance)
            if patience_s is not None and quiet_s >= patience_s:
                return Silence(quiet_s)  # what is ready stays queued for the next call
        return self._ready.popleft()

    def _utterance_open(self) -> bool:
        """True while the current grammar decoder holds words of an utterance it has not ended."""
        return bool(self.partial())

    def _judge(
        self, decoder: _PhaseDecoder, decoded: Decoded, match: Match, sequence: bool, heard: Decoded | None
    ) -> Confidence | None:
        if match.phrase is None or heard is None:
            return None
        second = heard.text
        rival: float | None = None
        for text, score in decoded.alternatives[1:]:
            other = decoder.matcher.match_sequence(text) if sequence else decoder.matcher.match(text)
            if other.phrase is not None and other.phrase != match.phrase:
                rival = score if rival is None else max(rival, score)
        # the second decode nearly chose another phrase ("안 좋아요" 1 point under "좋아요")
        margin = self._calibration.rival_margin
        second_rival = not sequence and any(
            heard.score - score < margin and _phrase_among_fillers(text, decoder) not in (None, match.phrase)
            for text, score in heard.alternatives[1:]
        )
        again = decoder.matcher.match_sequence(second) if sequence else decoder.matcher.match(second)
        said = words(second)
        shared = any(word in decoder.phrase_words for word in said)
        # A phrase cut out of a longer decode must be heard as itself again, not merely among fillers.
        # ... and a phrase among fillers agrees only when they are a word or so, not a stretch of talk
        near_length = len(said) <= len(words(decoded.text)) + LONGER_BY
        among = not decoded.trimmed and near_length and _said_among_fillers(said, decoder, match.phrase)
        agrees = again.phrase == match.phrase or among
        if not agrees and not decoded.trimmed:  # the second decode nearly chose the phrase
            agrees = _close_alternative(heard, decoder, match.phrase, len(words(decoded.text)), margin)
        fillers = sum(word not in decoder.phrase_words for word in said) / len(said) if said else 0.0
        longer = not near_length
        prominence = decoder.prominence_db(decoded)
        lead_in = decoder.lead_in(decoded) if not sequence and match.phrase in decoder.tails else None
        both = heard_by_both(decoded, heard).text
        together = (decoder.matcher.match_sequence(both) if sequence else decoder.matcher.match(both)).phrase
        evidence = Evidence(
            decoded.score, rival, second, agrees, shared, fillers, longer, prominence, together == match.phrase,
            second_rival, lead_in,
        )
        return judge(evidence, self._calibration)

    def listen(self, request: ListenRequest) -> Heard | Silence | None:
        """Block until a valid phrase is heard; return its canonical text, or None when audio ends.

        Chatter (the second opinion far from every phrase) is dropped and
        listening goes on; a phrase that might have been another comes back
        with ``sure=False``. With ``request.patience_s``, :class:`Silence` once
        no voice has been heard for that long (:class:`~voice_host.audio.quiet.QuietClock`);
        nothing is reset then, so the next call goes on with the same audio.
        """
        self._quiet.reset()
        self._sync_with_gate()
        self._sequence = request.sequence
        decoder = self._decoder(request.phrases)
        if decoder is not self._current:
            # Phase switch between utterances: the new recognizer starts clean.
            decoder.reset()
            if self._current is not None:
                self._current.reset()
            self._current = decoder
            self._restart_audio()
            self._voiced = False
        pending: Decoded | None = None  # an early final that a longer phrase could still extend
        pending_s = 0.0
        partial = ""
        while True:
            self._pending_reset = False
            self._in_utterance = pending is not None or bool(partial)
            data = self._next_data(request.patience_s)
            if data is None or isinstance(data, Silence):
                return data
            if self._pending_reset:  # the host spoke: what was pending is gone
                pending = None
            decoded, early, partial = self._feed(decoder, data)
            if decoded is not None:  # an utterance just ended: the wait starts again from here
                self._quiet.reset()
            if decoded is None:
                if pending is None:
                    continue
                pending_s = 0.0 if partial else pending_s + len(data) / (2.0 * self._source.sample_rate)
                if pending_s < PENDING_S:
                    continue
                decoded, early, pending = pending, False, None
            elif pending is not None:
                decoded, early, pending = pending.then(decoded), False, None
            elif early and decoder.endpointer.is_extendable(decoded.text):
                # vosk's partial looked complete but its final is a prefix ("sessanta" of
                # "sessanta due"): wait as long as vosk would have before answering.
                pending, pending_s = decoded, decoder.endpointer.quiet_s
                continue
            decoded = decoder.foreground(decoded)
            text = decoded.text
            match = decoder.matcher.match_sequence(text) if request.sequence else decoder.matcher.match(text)
            second = decoder.take_second()
            cut = False
            if match.phrase is None and second is not None and not request.sequence:
                # a phrase and a babble word in one decode: keep what the second decode heard too,
                # when it heard the phrase with a word or so, not inside a stretch of talk
                both = heard_by_both(decoded, second)
                found = decoder.matcher.match(both.text)
                near = len(words(second.text)) <= len(words(both.text)) + LONGER_BY
                if found.phrase is not None and found.reason is MatchReason.EXACT and near:
                    decoded, match, cut = both, found, True
            confidence = self._judge(decoder, decoded, match, request.sequence, second)
            if cut and confidence is not None and confidence.verdict is not Verdict.CHATTER:
                # found only by cutting the grammar decode down: never sure
                confidence = Confidence(Verdict.UNSURE, confidence.evidence, "cut by the second decode")
            utterance = Utterance(
                request.phase, match, early, time.monotonic(), self._voiced, confidence, decoded, second
            )
            self._voiced = False
            decoder.endpointer.reset()
            self.last = utterance
            if self.on_utterance is not None:
                self.on_utterance(utterance)
            if utterance.match.phrase is None or not utterance.voiced:
                continue
            if confidence is None:
                return Heard(utterance.match.phrase.text)
            if confidence.verdict is not Verdict.CHATTER:
                return Heard(utterance.match.phrase.text, confidence.sure)

    def _feed(self, decoder: _PhaseDecoder, data: bytes) -> tuple[Decoded | None, bool, str]:
        """Feed one chunk: (final result when an utterance ended, whether early, current partial)."""
        decoder.remember(data)
        decoder.feed_second(data)
        recognizer = decoder.recognizer
        if recognizer.AcceptWaveform(data):
            return Decoded.parse(recognizer.Result()), False, ""
        if not self._early or self._sequence:  # a dictation must not end after its first word
            return None, False, ""
        partial = json.loads(recognizer.PartialResult()).get("partial", "")
        if self._ended_in_background(data, partial) and not decoder.endpointer.is_extendable(partial):
            return Decoded.parse(recognizer.FinalResult()), True, ""
        if partial and decoder.endpointer.update(data, partial, quiet_level=self._energy.threshold()):
            return Decoded.parse(recognizer.FinalResult()), True, ""
        if not partial:
            decoder.endpointer.reset()
        return None, False, partial

    def _ended_in_background(self, data: bytes, partial: str) -> bool:
        """True when, after a partial result, the audio has stayed well under the recent loudest for a while."""
        level = rms(data)
        self._levels.append(level)
        under = BACKGROUND_RMS <= level <= max(self._levels) * 10 ** (-UNDER_PEAK_DB / 20)
        if not partial or not under or partial != self._under_partial:
            self._under_s = 0.0
            self._under_partial = partial
            return False
        self._under_s += len(data) / (2.0 * self._source.sample_rate)
        if self._under_s < BACKGROUND_END_S:
            return False
        self._under_s = 0.0
        self._levels.clear()
        return True

    def partial(self) -> str:
        """What the current grammar decoder has heard of an utterance not ended yet ("" when none)."""
        if self._current is None:
            return ""
        return str(json.loads(self._current.recognizer.PartialResult()).get("partial", ""))

    def close(self) -> None:
        """Close the audio source and drop the recognizers."""
        self._source.close()
        self._cache.clear()
        self._current = None


def _frame_levels(samples: np.ndarray, frame: int) -> np.ndarray:
    """The level (dB) of each whole ``frame``-sample frame of ``samples`` (empty when shorter than one)."""
    if frame <= 0 or samples.size < frame:
        return np.zeros(0)
    frames = samples[: samples.size // frame * frame].reshape(-1, frame)
    return np.asarray(10.0 * np.log10(np.mean(frames**2, axis=1) + 1.0))


def tails(matcher: PhraseMatcher) -> frozenset[Phrase]:
    """The phrases some variant of which is the last words of another phrase's variant ("좋아요" of "안 좋아요").

    When a first word is lost, such a phrase is what the decoders hear instead of the longer one.

    >>> good, bad = Phrase.of("좋아요"), Phrase.of("안 좋아요")
    >>> sorted(p.text for p in tails(PhraseMatcher({good: ("좋아요",), bad: ("안 좋아요",), Phrase.of("네"): ("네",)})))
    ['좋아요']
    """
    # Every proper ending of every variant, with the phrases whose variants end so: one pass over the
    # words instead of comparing every pair of variants (3 s for d10's 326 variants).
    endings: dict[tuple[str, ...], set[Phrase]] = {}
    for long in matcher.phrases:
        for variant in matcher.variants_of(long):
            said = words(variant)
            for start in range(1, len(said)):
                endings.setdefault(said[start:], set()).add(long)
    return frozenset(
        short
        for short in matcher.phrases
        if any(endings.get(words(v), set()) - {short} for v in matcher.variants_of(short))
    )


def heard_by_both(decoded: Decoded, second: Decoded) -> Decoded:
    """``decoded`` keeping only the words ``second`` heard too, at overlapping times.

    Over babble the grammar decode joins the phrase with a word made of the
    next table's talk ("여든 시작"); the garbage-model decode of the same audio
    puts a common word there instead ("여든 있어요"). The words both decoders
    heard are what was said to the host; a word repeated back to back is kept
    once. The score stays the whole decode's (the chatter rules judge it).

    >>> grammar = Decoded("여든 시작", 30.0, (), (("여든", 0.5, 0.9), ("시작", 0.9, 1.3)))
    >>> heard_by_both(grammar, Decoded("여든 있어요", 33.0, (), (("여든", 0.5, 0.9), ("있어요", 0.9, 1.4)))).text
    '여든'
    """
    kept: list[Timed] = []
    for word, start, end in decoded.timed:
        both = any(w == word and s < end and start < e for w, s, e in second.timed)
        if both and not (kept and kept[-1][0] == word):
            kept.append((word, start, end))
    if not kept:
        return Decoded("", 0.0)
    return Decoded(" ".join(w for w, _, _ in kept), decoded.score, (), tuple(kept), trimmed=True)


def _close_alternative(heard: Decoded, decoder: _PhaseDecoder, phrase: Phrase, length: int, margin: float) -> bool:
    """True when the second decode nearly chose ``phrase``: an alternative within ``margin`` (the rival margin)
    of its best holds it (alone or with one common word), and none of those holds another phrase's word."""
    own = {w for v in decoder.matcher.variants_of(phrase) for w in words(v)}
    others = decoder.phrase_words - own
    close = [text for text, score in heard.alternatives if heard.score - score < margin]
    if any(word in others for text in close for word in words(text)):
        return False
    for text in close[1:]:
        said = words(text)
        if len(said) <= length + LONGER_BY and (
            decoder.matcher.match(text).phrase == phrase or _said_among_fillers(said, decoder, phrase)
        ):
            return True
    return False


def _phrase_among_fillers(text: str, decoder: _PhaseDecoder) -> Phrase | None:
    """The phrase ``text`` is, alone or among common words only (None when none, or two)."""
    exact = decoder.matcher.match(text)
    if exact.phrase is not None and exact.reason is MatchReason.EXACT:
        return exact.phrase
    said = words(text)
    found = {p for p in decoder.matcher.phrases if _said_among_fillers(said, decoder, p)}
    return found.pop() if len(found) == 1 else None


def _said_among_fillers(second: tuple[str, ...], decoder: _PhaseDecoder, phrase: Phrase) -> bool:
    """True when ``second`` holds a variant of ``phrase`` whole and no other phrase word ("취소 있어요")."""
    for variant in decoder.matcher.variants_of(phrase):
        key = words(variant)
        for start in range(len(second) - len(key) + 1):
            if second[start : start + len(key)] == key:
                rest = second[:start] + second[start + len(key) :]
                if not any(word in decoder.phrase_words for word in rest):
                    return True
    return False


def load_model(path: str, probe_seconds: float | None = None) -> Any:
    """Load a vosk model quietly (vosk logs to stderr otherwise), once it is known to load and decode.

    The model is first tried in a child process (:mod:`voice_host.audio.model_probe`,
    remembered per folder contents): a model that makes vosk abort, hang or fail
    raises :class:`~voice_host.audio.model_probe.ModelUnusable` with the reason in
    Italian. Then it is loaded here with SIGINT, SIGTERM and SIGHUP deferred until
    ``vosk.Model()`` returns, and freed, when dropped, away from the main thread:
    a signal never meets a half-built or half-freed model, and is never lost.
    """
    from pathlib import Path

    import vosk

    from grammars.it import catalogue
    from voice_host.audio.model_probe import PROBE_SECONDS, ModelUnusable, probe
    from voice_host.stop_signals import deferred_signals

    probe(Path(path), PROBE_SECONDS if probe_seconds is None else probe_seconds)
    vosk.SetLogLevel(-1)
    with deferred_signals():
        try:
            return _safe_model_class(vosk)(path)
        except Exception:  # vosk's "Failed to create a model": the probe passed, the files changed since
            raise ModelUnusable(catalogue.voice_model_probe_failed()) from None


def _safe_model_class(vosk: Any) -> Any:
    """``vosk.Model`` whose ``__del__`` neither fails on a model never built nor frees in the main thread.

    vosk's own ``__del__`` reads ``self._handle``, which a failed ``__init__``
    never set, and a signal handled while it frees the model (in C, for a
    fraction of a second) raises inside ``__del__``, where Python swallows it.
    Freed in a short daemon thread instead, the main thread handles the signal.
    """
    import sys
    import threading

    free = vosk._c.vosk_model_free  # vosk 0.3.45: the function vosk.Model.__del__ calls
    null = vosk._ffi.NULL

    class SafeModel(vosk.Model):  # type: ignore[misc]
        def __del__(self) -> None:
            handle = self.__dict__.pop("_handle", null)
            if handle == null:
                return
            if sys.is_finalizing():  # a thread started now would never run, and start() would wait for ever
                free(handle)
                return
            try:
                threading.Thread(target=free, args=(handle,), name="vosk-free", daemon=True).start()
            except RuntimeError:  # the interpreter is shutting down: no new thread
                free(handle)

    return SafeModel


def vocabulary_of(model: Any, model_name: str) -> Vocabulary:
    """A :class:`Vocabulary` backed by ``model.vosk_model_find_word`` (-1 = unknown)."""
    return Vocabulary(lambda word: model.vosk_model_find_word(word) != -1, model_name)


def check_all(vocabulary: Vocabulary, all_phrases: Mapping[str, Sequence[Phrase]]) -> None:
    """Raise :class:`VoiceUnavailable` when some phrase has no spelling the model knows."""
    vocabulary.check(all_phrases)
