"""The vosk listener: implements the ``Listener`` port.

For each :class:`ListenRequest` vosk gets only the phrases valid now (their
spellings the model knows), as a JSON grammar (``ensure_ascii=False``). One
``KaldiRecognizer`` per distinct grammar shares the one ``Model`` and is cached,
so a phase switch never calls ``SetGrammar`` mid-utterance. Each result is
mapped onto the nearest valid phrase (:mod:`voice_host.audio.matching`) and
``listen`` returns that phrase's canonical ``Phrase.text``; silence, steady noise
and far-off text produce nothing and listening goes on. Utterances are finalized
early when possible (:mod:`voice_host.audio.endpoint`).
"""

from __future__ import annotations

import json
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from grammars.phrases import Phrase
from voice_host.audio.endpoint import EarlyEndpointer, EnergyTracker
from voice_host.audio.gate import HalfDuplexGate
from voice_host.audio.matching import Match, PhraseMatcher
from voice_host.audio.sources import AudioSource
from voice_host.audio.text import UNK, words
from voice_host.audio.vocabulary import Vocabulary
from voice_host.ports import ListenRequest

#: Quiet audio (counted from the end of speech) before answering with an early final
#: that a longer phrase extends: vosk's own rule2 trailing silence.
PENDING_S = 0.5


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


class _PhaseDecoder:
    """A recognizer restricted to one grammar, with its matcher and endpointer."""

    def __init__(self, recognizer: Any, matcher: PhraseMatcher, endpointer: EarlyEndpointer) -> None:
        self.recognizer = recognizer
        self.matcher = matcher
        self.endpointer = endpointer

    def reset(self) -> None:
        self.recognizer.Reset()
        self.endpointer.reset()


class VoskListener:
    """Listens for the phrases of each request through vosk.

    ``model`` is a loaded ``vosk.Model``; ``source`` gives audio chunks; ``gate``
    (shared with the speaker) makes the listener deaf to the host's own voice.
    ``early_endpoint=False`` keeps vosk's own endpointing only.
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

            recognizer = vosk.KaldiRecognizer(self._model, float(self._source.sample_rate), json.dumps(grammar, ensure_ascii=False))
            endpointer = EarlyEndpointer(
                (words(v) for vs in usable.values() for v in vs), sample_rate=self._source.sample_rate
            )
            decoder = _PhaseDecoder(recognizer, PhraseMatcher(usable), endpointer)
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
        self._voiced = False

    def listen(self, request: ListenRequest) -> str | None:
        """Block until a valid phrase is heard; return its canonical text, or None when audio ends."""
        self._sync_with_gate()
        self._sequence = request.sequence
        decoder = self._decoder(request.phrases)
        if decoder is not self._current:
            # Phase switch between utterances: the new recognizer starts clean.
            decoder.reset()
            if self._current is not None:
                self._current.reset()
            self._current = decoder
            self._voiced = False
        pending: str | None = None  # an early final that a longer phrase could still extend
        pending_s = 0.0
        while True:
            chunk = self._source.read()
            if chunk is None:
                return None
            if self._gate is not None:
                if self._gate.generation != self._generation:
                    self._sync_with_gate()
                    pending = None
                    continue
                if not self._gate.hears(chunk.captured_at):
                    continue
            text, early, partial = self._feed(decoder, chunk.data)
            if text is None:
                if pending is None:
                    continue
                pending_s = 0.0 if partial else pending_s + len(chunk.data) / (2.0 * self._source.sample_rate)
                if pending_s < PENDING_S:
                    continue
                text, early, pending = pending, False, None
            elif pending is not None:
                text, early, pending = f"{pending} {text}".strip(), False, None
            elif early and decoder.endpointer.is_extendable(text):
                # vosk's partial looked complete but its final is a prefix ("sessanta" of
                # "sessanta due"): wait as long as vosk would have before answering.
                pending, pending_s = text, decoder.endpointer.quiet_s
                continue
            match = decoder.matcher.match_sequence(text) if request.sequence else decoder.matcher.match(text)
            utterance = Utterance(request.phase, match, early, time.monotonic(), self._voiced)
            self._voiced = False
            decoder.endpointer.reset()
            self.last = utterance
            if self.on_utterance is not None:
                self.on_utterance(utterance)
            if utterance.match.phrase is not None and utterance.voiced:
                return utterance.match.phrase.text

    def _feed(self, decoder: _PhaseDecoder, data: bytes) -> tuple[str | None, bool, str]:
        """Feed one chunk: (final text when an utterance ended, whether early, current partial)."""
        loud = self._energy.feed(data)
        self._voiced = self._voiced or loud
        recognizer = decoder.recognizer
        if recognizer.AcceptWaveform(data):
            return json.loads(recognizer.Result()).get("text", ""), False, ""
        if not self._early or self._sequence:  # a dictation must not end after its first word
            return None, False, ""
        partial = json.loads(recognizer.PartialResult()).get("partial", "")
        if partial and decoder.endpointer.update(data, partial, quiet_level=self._energy.threshold()):
            return json.loads(recognizer.FinalResult()).get("text", ""), True, ""
        if not partial:
            decoder.endpointer.reset()
        return None, False, partial

    def close(self) -> None:
        """Close the audio source and drop the recognizers."""
        self._source.close()
        self._cache.clear()
        self._current = None


def load_model(path: str) -> Any:
    """Load a vosk model quietly (vosk logs to stderr otherwise)."""
    import vosk

    vosk.SetLogLevel(-1)
    return vosk.Model(path)


def vocabulary_of(model: Any, model_name: str) -> Vocabulary:
    """A :class:`Vocabulary` backed by ``model.vosk_model_find_word`` (-1 = unknown)."""
    return Vocabulary(lambda word: model.vosk_model_find_word(word) != -1, model_name)


def check_all(vocabulary: Vocabulary, all_phrases: Mapping[str, Sequence[Phrase]]) -> None:
    """Raise :class:`VoiceUnavailable` when some phrase has no spelling the model knows."""
    vocabulary.check(all_phrases)
