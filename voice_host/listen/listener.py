"""The vosk listener: implements the ``Listener`` port by wiring the listening stages.

For each :class:`ListenRequest` vosk gets only the phrases valid now (their
spellings the model knows), as a JSON grammar (``ensure_ascii=False``). One
pair of ``KaldiRecognizer`` per distinct grammar shares the one ``Model`` and is
cached, so a phase switch never calls ``SetGrammar`` mid-utterance. One
utterance flows through the stages in one direction:

1. **gate** (:mod:`voice_host.listen.gate`): the audio the host may hear, only
   around voice (the half-duplex gate, the speech gate, the quiet clock);
2. **decode** (:mod:`voice_host.listen.decode`): the grammar decoder and the
   second, garbage-model decoder (:mod:`voice_host.hearing.fillers`) fed the same
   chunks, the audio kept beside them to measure their words
   (:mod:`voice_host.listen.word_levels`), and when the utterance ends
   (:mod:`voice_host.listen.endpoint`: early, before vosk's own endpoint, when
   possible, and after a stretch well under the utterance's loudest at a noisy table);
3. **verify** (:mod:`voice_host.listen.verify`): background words trimmed, the
   text mapped onto the nearest valid phrase, the evidence weighed by the
   confidence check (:mod:`voice_host.hearing.confidence`, with the model's
   :class:`~voice_host.hearing.calibration.Calibration`);
4. **decide** (:mod:`voice_host.listen.deliver`): heard (sure, or to be asked
   back), or dropped (nothing, noise, chatter) and listening goes on.

``listen`` returns the phrase's canonical ``Phrase.text``. The spotted words of the
phase (:class:`~grammars.phrases.SpottedPhrase`) are in the grammar too, beside
``[unk]``; a decode that is no phrase goes to the request's ``spot`` (the parser's
understanding), which names the phrase it means, or the text to ask about, or nothing.
"""

from __future__ import annotations

import functools
import logging
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from grammars.it.stop_words import STOP_PHRASES
from grammars.phrases import LeadInPhrase, Phrase, SpottedPhrase
from voice_host.audio.far_end import TalkOver
from voice_host.audio.half_duplex import HalfDuplexGate
from voice_host.core.ports import Heard, ListenRequest, Silence
from voice_host.hearing.calibration import Calibration, for_model
from voice_host.hearing.confidence import LONGER_BY
from voice_host.hearing.fillers import filler_words
from voice_host.listen.decode import ALTERNATIVES, PhaseDecoders, SpanDecoder, recognizer
from voice_host.listen.decoder_thread import DecoderThread
from voice_host.listen.deliver import deliver
from voice_host.listen.early_end import DEFAULT_HOLD_S, EarlyEndpointer, rms
from voice_host.listen.echo import EchoStage
from voice_host.listen.endpoint import BACKGROUND_RMS, LOOK_AHEAD_S, BackgroundEnd, UtteranceEnd
from voice_host.listen.gate import GateStage
from voice_host.listen.messages import Decoded, Timed, Utterance, heard_by_both
from voice_host.listen.nearest_phrase import MatchReason, PhraseMatcher
from voice_host.listen.over_host import Verdict, after_host, verdict
from voice_host.listen.sources import AudioSource
from voice_host.listen.stop_spotter import WORD_SPAN_S, StopSpotter, word_share
from voice_host.listen.verify import Verified, Verifier, tails
from voice_host.listen.voice_activity import PRE_ROLL_S
from voice_host.listen.word_levels import RecentAudio
from voice_host.model.loading import check_all, load_model, vocabulary_of
from voice_host.model.tokens import UNK, words
from voice_host.model.vocabulary import Vocabulary

logger = logging.getLogger(__name__)

__all__ = [
    "ALTERNATIVES", "Decoded", "Timed", "Utterance", "VoskListener", "check_all", "heard_by_both",
    "load_model", "tails", "vocabulary_of",
]


@dataclass
class _Phase:
    """The stages of one grammar: its decoders, the audio they were fed, its endpoint and its verifier."""

    decoders: PhaseDecoders
    audio: RecentAudio
    end: UtteranceEnd
    verifier: Verifier
    cut: bool = False
    """The utterance in progress held a stop word that cut the host: it is dropped whole when it ends."""
    host_until: float = -1.0
    """Barge-in: up to when (the decoders' clock) a word of the host's may have begun in the audio fed."""
    other_until: float = -1.0
    """Barge-in: ... while the host was saying something other than its question."""
    ahead: _Ahead | None = None
    """The dictation waiting out the player's pause, verified already (see :meth:`VoskListener._verified`)."""
    without_stops: SpanDecoder | None = None
    """Barge-in: a grammar decoder of the phase's phrases alone, made when first needed (see
    :meth:`VoskListener._heard_without_stops`)."""

    def fed_over_host(self, question: bool) -> None:
        """A word of the host's may begin in the chunk just fed (``question``: of its question, or after it)."""
        self.host_until = self.audio.fed_s
        if not question:
            self.other_until = self.audio.fed_s

    def reset(self) -> None:
        self.decoders.reset()
        self.end.reset()
        self.cut = False
        self.ahead = None


@dataclass(frozen=True)
class _Ahead:
    """A dictation verified while the player's pause lasts: the grammar decode as it ended (``raw``), what
    the verify stage took it for, and the second decode it was verified with."""

    raw: Decoded
    verified: Verified
    second: Decoded | None


def most_words(usable: dict[Phrase, tuple[str, ...]]) -> int:
    """The most words an utterance of a phase can have and be a phrase: its longest variant, two lead-ins
    before it (each as long as the longest lead-in) and :data:`~voice_host.hearing.confidence.LONGER_BY`
    word of others' talk (which the verify stage may cut off).

    >>> most_words({Phrase.of("서른"): ("서른",), Phrase.of("점수 취소"): ("점수 취소",)})
    3
    >>> most_words({Phrase.of("cinquanta tre"): ("cinquanta tre",), LeadInPhrase.of("fatto"): ("fatto",)})
    5
    """
    whole = [(p, vs) for p, vs in usable.items() if not isinstance(p, (LeadInPhrase, SpottedPhrase))]
    phrases = [len(words(v)) for _, vs in whole for v in vs]
    lead_ins = [len(words(v)) for p, vs in usable.items() if isinstance(p, LeadInPhrase) for v in vs]
    return max(phrases, default=0) + 2 * max(lead_ins, default=0) + LONGER_BY


def whole_dictation(matcher: PhraseMatcher, text: str) -> bool:
    """True when ``text`` is a whole dictation of ``matcher``'s phrases: each word one of them (or a command
    said whole), the last not a lead-in ("sono usciti": the dice follow).

    >>> from grammars.phrases import LeadInPhrase
    >>> m = PhraseMatcher({Phrase.of("tre"): ("tre",), Phrase.of("e"): ("e",), LeadInPhrase.of("sono"): ("sono",)})
    >>> [whole_dictation(m, t) for t in ("tre tre", "sono tre e tre", "tre sono", "sono", "tre sei")]
    [True, True, False, False, False]
    """
    said = words(text)
    if not said or matcher.match_sequence(text, spot=False).phrase is None:
        return False
    return matcher.match(said[-1], spot=False).reason is not MatchReason.LEAD_IN_ONLY


def holds_answer(matcher: PhraseMatcher, text: str) -> bool:
    """True when the understanding spots one answer of the phase in ``text`` (no phrase of it whole: "[unk] [unk]
    bluffi"); not a conflict or a question to ask back, which the long talk of a table is full of.

    >>> from grammars.phrases import Phrase
    >>> doubt = Phrase.of("dubito")
    >>> m = PhraseMatcher({doubt: ("dubito",)}, spot=lambda t: doubt if "dubito" in t else None)
    >>> holds_answer(m, "[unk] [unk] [unk] dubito"), holds_answer(m, "[unk] [unk] [unk]")
    (True, False)
    """
    found = matcher.match(text)
    return found.reason is MatchReason.SPOTTED and found.phrase in matcher.phrases


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
    only the audio around voice (:class:`~voice_host.listen.voice_activity.SpeechGate`).
    ``calibration`` holds the score thresholds of the confidence check (by default
    the one for ``vocabulary.model_name``: the proxy's measured ones, or uncalibrated,
    :mod:`voice_host.hearing.calibration`). After an utterance is dropped the speech gate
    waits for voice that stands out from the room again (the next table's talk, which
    holds it open, is not decoded on and on); ``close_after_drop=False`` keeps it open,
    to sample everything babble can form (the self-test's calibration).

    Barge-in: with ``talk_over`` and ``echo`` the microphone stays open while the
    host speaks, cleaned of the host's voice (:mod:`voice_host.listen.echo`), and
    ``stop_phrases`` join every phase. Heard while the host may be audible, a stop
    phrase cuts it (:meth:`TalkOver.stop`) and listening goes on; an answer counts
    only over the question and only when sure (it then cuts the rest of it); anything
    else is dropped: the host's own words are never taken as a player's. Until the
    echo stage has settled (:attr:`EchoStage.settled`) nothing heard over the host counts.
    While the host is audible a :class:`~voice_host.listen.stop_spotter.StopSpotter` reads the
    partial result of the phase's decoder and cuts once a stop phrase ends two partials in a
    row with the residual-echo gate open over it (``spot_stops=True``, as ``--barge-in on``
    wires it; off by default here); over the question a stop phrase cuts when its utterance ends.
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
        close_after_drop: bool = True,
        talk_over: TalkOver | None = None,
        echo: EchoStage | None = None,
        stop_phrases: Sequence[Phrase] = STOP_PHRASES,
        spot_stops: bool = False,
    ) -> None:
        self._model = model
        self._spot_stops = spot_stops
        self._stop_spellings = frozenset(v for p in stop_phrases for v in (p.text, *p.variants))
        self._spotter = StopSpotter(self._stop_spellings)
        self._talk_over = talk_over if echo is not None else None
        self._echo = echo
        if self._talk_over is not None:
            self._talk_over.listening = True
        self._stop_phrases = tuple(stop_phrases)
        self._vocabulary = vocabulary
        self._source = source
        self._early = early_endpoint
        self._cache: OrderedDict[tuple[str, ...], _Phase] = OrderedDict()
        self._cache_size = cache_size
        self._current: _Phase | None = None
        self.on_utterance = on_utterance
        self.last: Utterance | None = None
        self._fillers = tuple(fillers)
        self._second_opinion = second_opinion
        # the second decoders of every phase decode on one thread beside this one (vosk releases the GIL)
        self._second_thread = DecoderThread() if second_opinion else None
        self._calibration = calibration if calibration is not None else for_model(vocabulary.model_name)
        self._gate = GateStage(
            source, gate=gate, busy=self._utterance_open, speech_gate=speech_gate, foreground=foreground,
            close_after_drop=close_after_drop, echo=echo if talk_over is not None else None,
        )
        self._speech = self._gate.speech
        self._background = BackgroundEnd(sample_rate=source.sample_rate)

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

    def _phase(self, phrases: Sequence[Phrase]) -> _Phase:
        usable = self.usable(phrases)
        grammar = self.grammar(phrases)
        key = tuple(grammar) + tuple(f"{p.text}\x00{'|'.join(v)}" for p, v in usable.items())
        phase = self._cache.get(key)
        if phase is None:
            phase = self._build(usable, grammar)
            self._cache[key] = phase
            while len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)
        else:
            self._cache.move_to_end(key)
        return phase

    def _build(self, usable: dict[Phrase, tuple[str, ...]], grammar: list[str]) -> _Phase:
        rate = self._source.sample_rate
        second = None
        if self._second_opinion:
            garbage = grammar + filler_words(self._fillers, self._vocabulary.knows, grammar)
            second = recognizer(self._model, rate, garbage)
        endpointer = EarlyEndpointer(  # a lead-in ("fatto") is never complete: the roll follows; nor a spotted word
            (words(v) for p, vs in usable.items() if not isinstance(p, (LeadInPhrase, SpottedPhrase)) for v in vs),
            sample_rate=rate,
        )
        matcher = PhraseMatcher(usable)
        return _Phase(
            PhaseDecoders(recognizer(self._model, rate, grammar), second, sample_rate=rate, thread=self._second_thread),
            RecentAudio(sample_rate=rate),
            UtteranceEnd(
                endpointer, self._background, sample_rate=rate, early=self._early, most_words=most_words(usable),
                dictation=functools.partial(whole_dictation, matcher),
                answer=functools.partial(holds_answer, matcher),
            ),
            Verifier(matcher, self._calibration),
        )

    # ---- listening

    def listen(self, request: ListenRequest) -> Heard | Silence | None:
        """Block until a valid phrase is heard; return its canonical text, or None when audio ends.

        Chatter (the second opinion far from every phrase) is dropped and
        listening goes on; a phrase that might have been another comes back
        with ``sure=False``. With ``request.patience_s``, :class:`Silence` once
        no voice has been heard for that long (:class:`~voice_host.listen.quiet_clock.QuietClock`);
        nothing is reset then, so the next call goes on with the same audio.
        """
        intake = self._gate
        intake.reset_quiet()
        self._after_host_spoke(intake.sync())
        phrases = request.phrases
        if self._talk_over is not None:
            phrases = (*phrases, *(p for p in self._stop_phrases if p not in phrases))
        phase = self._phase(phrases)
        if phase is not self._current:
            # Phase switch between utterances: the new recognizer starts clean.
            phase.reset()
            if self._current is not None:
                self._current.reset()
            self._current = phase
            intake.restart()
        phase.verifier.matcher.spot = request.spot  # the parser's understanding of the phase as it is now
        phase.end.endpointer.meaning = request.spot  # a prefix phrase whose extensions all mean the same ends early
        phase.end.complete = request.complete  # a whole dictation nothing could be added to ends early
        partial = ""
        while True:
            data = intake.next(request.patience_s, busy=phase.end.pending or bool(partial))
            self._after_host_spoke(False)
            if data is None or isinstance(data, Silence):
                return data
            ended, partial = self._decode(phase, data, request.sequence)
            talk = self._talk_over
            if talk is not None and (talk.speaking or self._gate.host_speaking):
                phase.fed_over_host(question=talk.in_question or not talk.speaking)
            if ended is None and talk is not None and not phase.cut and self._spotted(partial, request, talk, phase):
                # the stop word is taken; the rest of its utterance is not decoded again as another (the word's
                # tail heard as an answer once the host is quiet, or as a second stop over the question)
                phase.cut = True
                continue
            if ended is None:
                waiting = phase.end.waiting
                if waiting is not None and (phase.ahead is None or phase.ahead.raw is not waiting):
                    # the dictation is verified while the pause lasts, not after it (issue 33: the turn gap)
                    verified, second = self._verified(phase, waiting, request.sequence)
                    phase.ahead = _Ahead(waiting, verified, second)
                continue
            decoded, early = ended
            intake.reset_quiet()  # an utterance just ended: the wait starts again from here
            if phase.cut:  # the stop word's utterance: already acted on
                phase.cut = False
                phase.ahead = None
                phase.decoders.drop_second()
                phase.end.done()
                intake.voiced = False
                intake.dropped()
                continue
            verified, second = self._verified(phase, decoded, request.sequence)
            phase.ahead = None
            utterance = Utterance(
                request.phase, verified.match, early, time.monotonic(), intake.voiced, verified.confidence,
                verified.decoded, second,
            )
            intake.voiced = False
            phase.end.done()
            self.last = utterance
            if self.on_utterance is not None:
                self.on_utterance(utterance)
            heard = deliver(utterance)
            if heard is not None and self._talk_over is not None:
                heard = self._over_host(heard, request, self._talk_over, phase, verified.decoded, utterance)
            if heard is not None:
                return heard
            intake.dropped()

    def _verified(self, phase: _Phase, decoded: Decoded, sequence: bool) -> tuple[Verified, Decoded | None]:
        """The verify stage for ``decoded`` (the grammar decode, as it ended): what it is taken for, and the
        second decode it was verified with (None when none was needed).

        A dictation verified while the player's pause lasted (:attr:`_Phase.ahead`) is not verified again.
        One the player went on with is verified whole, its first part's second decode joined to the rest's.
        """
        ahead = phase.ahead
        if ahead is not None and ahead.raw is decoded:
            phase.decoders.drop_second()  # what the second decoder was kept of the pause
            return ahead.verified, ahead.second
        if self._talk_over is not None:  # the host's own words before a player's are no player's
            decoded = decoded.keeping(after_host(phase.verifier.units(decoded.timed), phase.host_until))
        needed = phase.decoders.second is None or phase.verifier.needs_second(decoded, phase.audio)
        second = phase.decoders.take_second() if needed else None
        if not needed:
            phase.decoders.drop_second()
        elif ahead is not None and ahead.second is not None and second is not None:
            second = ahead.second.then(second)
        verified = phase.verifier.verify(decoded, second, phase.audio, sequence=sequence, skipped=not needed)
        return verified, second

    def _over_host(
        self, heard: Heard, request: ListenRequest, talk: TalkOver, phase: _Phase, decoded: Decoded,
        utterance: Utterance,
    ) -> Heard | None:
        """Barge-in: what to do with ``heard`` (None: listening goes on) given whether the host was audible when
        its words were said, or is now.

        An utterance whose first word began while the host was speaking (:meth:`EchoStage.host_speaking`) is
        judged as said over the host even when it ends after the host's echo has died away: the host's own last
        words, left by the canceller, end there too, and were taken for a player's answer through the sink
        ("di' i cinque valori" as a dictation of four numbers). Words begun after the host's last word (in its
        reverberation, or later) are the player's, whatever the decoder heard before them.

        With the host quiet there is nothing to stop: an utterance decoded as a stop phrase is decoded again
        without the stop phrases (:meth:`_heard_without_stops`), as the listener would without barge-in, and
        a phrase heard then is taken unsure (asked back where acting on it would cost).
        """
        said_from = decoded.timed[0][1] if decoded.timed else float("inf")
        host_on = self._host_audible() or said_from < phase.host_until
        if host_on and self._echo is not None and not self._echo.settled:
            return None  # a fresh canceller leaves the host's own echo standing out: nothing over it is a player's
        in_question = (talk.in_question or not talk.speaking) and said_from >= phase.other_until
        stops = self._stop_spellings
        said = verdict(
            heard.text, sure=heard.sure, host_on=host_on, in_question=in_question, stops=stops,
            answers={phrase.text for phrase in request.phrases},
            tail=any(phrase.text == heard.text for phrase in phase.verifier.tails),
        )
        if said is Verdict.DROP and not host_on and heard.text in stops:
            behind = self._heard_without_stops(request, phase, decoded, utterance)
            if behind is not None:
                logger.info("barge-in: the stop phrase %r with the host quiet heard %r without it, unsure",
                            heard.text, behind)
                return Heard(behind, sure=False)
        if said is Verdict.STOP:
            logger.info("barge-in: the stop phrase %r ended an utterance (sure: %s, host on: %s); %s",
                        heard.text, heard.sure, host_on, self._state())
            talk.stop()
        elif said is Verdict.ANSWER:
            if host_on:
                logger.info("barge-in: the answer %r cut the question (sure: %s); %s", heard.text, heard.sure,
                            self._state())
                talk.interrupt()
            return heard
        return None

    def _heard_without_stops(
        self, request: ListenRequest, phase: _Phase, decoded: Decoded, utterance: Utterance
    ) -> str | None:
        """Barge-in, the host quiet: what a grammar of the phase's phrases alone hears in the audio of an utterance
        decoded as a stop phrase (what the listener would have heard without barge-in), if it is a phrase of the
        phase the confidence check does not call chatter; None otherwise.

        Decoded again from :data:`~voice_host.listen.voice_activity.PRE_ROLL_S` before its first word, the
        lead-in the speech gate gives every utterance.
        """
        if not decoded.timed:
            return None
        start_s = max(0.0, decoded.timed[0][1] - PRE_ROLL_S)
        samples = phase.audio.samples(start_s, phase.audio.fed_s)
        if samples is None:
            return None
        if phase.without_stops is None:
            rate = self._source.sample_rate
            phase.without_stops = SpanDecoder(recognizer(self._model, rate, self.grammar(request.phrases)),
                                              sample_rate=rate)
        again = phase.without_stops.decode(samples, start_s)
        verified = phase.verifier.verify(again, utterance.second, phase.audio, sequence=request.sequence)
        heard = deliver(replace(utterance, match=verified.match, confidence=verified.confidence,
                                decoded=verified.decoded))
        return heard.text if heard is not None else None

    def _spotted(self, partial: str, request: ListenRequest, talk: TalkOver, phase: _Phase) -> bool:
        """Barge-in: True when a stop phrase ends ``partial`` while the host is audible, and the host was cut.

        The word must end two partials in a row, the residual-echo gate must have let its frames through
        (:mod:`voice_host.listen.stop_spotter`), and the canceller must have settled on the room
        (:attr:`EchoStage.settled`): until then the stop word waits for the utterance's end. Over the question
        it waits too: there a player is answering, and a partial that ends like a stop word may be an answer
        still being said (an answer cut short there was lost with its utterance); its end decides.
        """
        settled = self._echo is None or self._echo.settled  # a fresh canceller's output is no evidence
        audible = self._host_audible()
        if not self._spot_stops or not settled or not audible or talk.in_question:
            self._spotter.reset()
            return False
        rate = self._source.sample_rate
        said = self._spotter.see(partial, passed=word_share(phase.audio.last(WORD_SPAN_S), frame=rate // 100,
                                                            sample_rate=rate))
        if said is None:
            return False
        phrase = next((p for p in self._stop_phrases if said in (p.text, *p.variants)), None)
        answers = {p.text for p in request.phrases}
        text = phrase.text if phrase is not None else said
        stops = self._stop_spellings
        if verdict(text, sure=True, host_on=True, in_question=talk.in_question, stops=stops, answers=answers) \
                is not Verdict.STOP:  # a stop phrase that answers the question being asked: its end decides
            return False
        logger.info("barge-in: the stop phrase %r ended the partial %r; %s", said, partial, self._state())
        talk.stop()
        return True

    def _state(self) -> str:
        """For the log of a cut: how far behind the microphone the listener is, and the echo stage's state."""
        behind = time.monotonic() - self._gate.captured_at
        echo = self._echo.describe() if self._echo is not None else "no echo stage"
        return f"{behind * 1000:.0f} ms behind the microphone, {echo}"

    def _after_host_spoke(self, synced: bool) -> None:
        """When the host has spoken (now, or while the gate stage read): the current utterance is gone."""
        if not (synced or self._gate.host_spoke):
            return
        self._gate.host_spoke = False
        if self._current is not None:
            self._current.reset()

    def _decode(self, phase: _Phase, data: bytes, sequence: bool) -> tuple[tuple[Decoded, bool] | None, str]:
        """Feed one chunk to the decode and endpoint stages: (the ended utterance and whether early, or None;
        the current partial result, "" when not watched)."""
        phase.audio.remember(data)
        watched = phase.end.watches(sequence)
        # the second decoder hears an utterance's audio only once it is known to be needed
        final = phase.decoders.accept(data, defer=watched)
        early, partial = False, ""
        quiet = self._gate.energy.threshold()
        if final is None and watched:
            partial = phase.decoders.partial()
            if not partial:  # no word yet: the second decoder needs no more than the lead-up to one
                phase.decoders.keep_recent()
            if not sequence and phase.end.is_talk(partial):  # too long for any phrase: the table's talk, dropped
                phase.reset()
                self._gate.dropped()
                return None, ""
            ends_now = phase.end.finalize_now(data, partial, quiet_level=quiet, sequence=sequence)
            padded = 0.0
            # the player paused: let the partial catch up. Not while the host is audible: a quiet there is the
            # canceller's, and the stop spotter reads the live partials (with it, one stop word in 12 was missed)
            if not ends_now and not self._host_audible() and phase.end.look_ahead_due():
                ahead = phase.decoders.look_ahead(LOOK_AHEAD_S)
                if ahead is not None:  # vosk's own endpoint within the silence: an early end, as ours
                    return phase.end.ended(data, ahead, True, "", quiet_level=quiet, sequence=sequence), ""
                padded, partial = LOOK_AHEAD_S, phase.decoders.partial()
                # the same chunk again, as no audio: the pause rules see the words without counting it twice
                ends_now = phase.end.finalize_now(b"", partial, quiet_level=quiet, sequence=sequence)
            # a word said but not shown yet (the partial lags): the second decode is guessed from the level alone
            unseen = not partial and phase.end.endpointer.paused_s > 0.0
            if ends_now:
                if phase.decoders.second is not None and phase.verifier.may_need_second(
                    partial, phase.audio, unseen=unseen
                ):
                    phase.decoders.end_second()  # on its thread: the second ends while the grammar decoder does
                quiet_s = phase.end.endpointer.quiet_s  # a decisive phrase's short hold: decoded as after the long
                pad_s = max(0.0, DEFAULT_HOLD_S - quiet_s - padded) if quiet_s > 0.0 else 0.0
                final, early, partial = phase.decoders.finalize(pad_s=pad_s), True, ""
            elif self._pause_began(phase, data) and phase.verifier.may_need_second(
                partial, phase.audio, unseen=unseen
            ):
                phase.decoders.catch_up()  # during the player's pause, not after it
            elif self._spoke_in_quiet(phase, quiet) and phase.verifier.may_need_second(
                partial, phase.audio, unseen=True
            ):
                phase.decoders.catch_up()  # from the word's onset: only its final is left at the end
        return phase.end.ended(data, final, early, partial, quiet_level=quiet, sequence=sequence), partial

    def _host_audible(self) -> bool:
        """Barge-in: the host is speaking, or its sound may still be in the microphone."""
        talk = self._talk_over
        return talk is not None and (talk.speaking or self._gate.host_audible)

    def _spoke_in_quiet(self, phase: _Phase, quiet: float) -> bool:
        """True when a player speaks in a quiet room (``quiet``: the level a chunk must pass to be loud) and the
        second decoder has not caught up.

        There the second decoder hears the words as they are said (issue 33: caught up at the pause, it
        was still decoding 1.5 s of audio when the utterance ended, 12-64 ms of the turn gap). In a
        noisy room, or over the host, it waits for the pause: the table's talk would keep it decoding.
        """
        decoders = phase.decoders
        if decoders.second is None or decoders.second_live or phase.end.endpointer.loud_chunks <= 0:
            return False
        return quiet <= BACKGROUND_RMS and not self._host_audible()

    @staticmethod
    def _pause_began(phase: _Phase, data: bytes) -> bool:
        """True while the player pauses in silence after speech and the second decoder has not caught up.

        Only in silence: over babble a quiet chunk comes every few words, and catching up
        then cost about 1 % of a core (``bench/idle.py``) for endpoints that wait longer anyway.
        """
        decoders = phase.decoders
        if decoders.second is None or decoders.second_live or phase.end.endpointer.quiet_s <= 0.0:
            return False
        return rms(data) <= BACKGROUND_RMS

    def _utterance_open(self) -> bool:
        """True while the current grammar decoder holds words of an utterance it has not ended."""
        return bool(self.partial())

    def partial(self) -> str:
        """What the current grammar decoder has heard of an utterance not ended yet ("" when none)."""
        if self._current is None:
            return ""
        return self._current.decoders.partial()

    def close(self) -> None:
        """Close the audio source and drop the recognizers."""
        self._source.close()
        if self._second_thread is not None:
            self._second_thread.close()
        self._cache.clear()
        self._current = None
