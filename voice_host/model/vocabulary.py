"""Which spellings of each phrase the vosk model can recognise.

Every word of every variant is looked up with ``Model.vosk_model_find_word``
(-1 means unknown). A variant is usable when all its words are known; a phrase
with no usable variant stops start-up with a message naming it and the model,
unless it is an :class:`~grammars.phrases.ExtraPhrase` (another way of saying
what other phrases say), which is then left out.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from grammars.it import catalogue
from grammars.phrases import ExtraPhrase, Phrase
from voice_host.audio.errors import VoiceUnavailable
from voice_host.model.tokens import UNK, words


@dataclass(frozen=True)
class Coverage:
    """The vocabulary check of one phase: usable variants and uncovered phrases."""

    phase: str
    usable: dict[Phrase, tuple[str, ...]] = field(default_factory=dict)
    missing: tuple[Phrase, ...] = ()

    @property
    def covered(self) -> int:
        """How many phrases have at least one usable variant."""
        return len(self.usable)


class Vocabulary:
    """Word lookups against one model, cached.

    ``knows`` is ``lambda w: model.vosk_model_find_word(w) != -1`` for a real
    model; tests of the logic may pass a set's ``__contains__``.
    """

    def __init__(self, knows: Callable[[str], bool], model_name: str) -> None:
        self._knows = knows
        self._cache: dict[str, bool] = {}
        self.model_name = model_name

    def knows(self, word: str) -> bool:
        """True when the model's vocabulary has ``word``."""
        if word not in self._cache:
            self._cache[word] = bool(self._knows(word))
        return self._cache[word]

    @property
    def has_unk(self) -> bool:
        """True when the model has the ``[unk]`` word (grammar garbage model)."""
        return self.knows(UNK)

    def usable_variants(self, phrase: Phrase) -> tuple[str, ...]:
        """The variants of ``phrase`` whose every word the model knows, normalised, in order."""
        usable: dict[str, None] = {}
        for variant in phrase.variants:
            tokens = words(variant)
            if tokens and all(self.knows(token) for token in tokens):
                usable.setdefault(" ".join(tokens), None)
        return tuple(usable)

    def coverage(self, phase: str, phrases: Sequence[Phrase]) -> Coverage:
        """Check one phase."""
        usable: dict[Phrase, tuple[str, ...]] = {}
        missing: list[Phrase] = []
        for phrase in phrases:
            variants = self.usable_variants(phrase)
            if variants:
                usable[phrase] = variants
            elif phrase not in missing:
                missing.append(phrase)
        return Coverage(phase, usable, tuple(missing))

    def check(self, all_phrases: Mapping[str, Sequence[Phrase]]) -> dict[str, Coverage]:
        """Check every phase; raise :class:`VoiceUnavailable` naming the uncovered phrases."""
        report = {phase: self.coverage(phase, phrases) for phase, phrases in all_phrases.items()}
        missing: dict[str, None] = {}
        for coverage in report.values():
            for phrase in coverage.missing:
                if not isinstance(phrase, ExtraPhrase):  # other phrases say the same: go on without it
                    missing.setdefault(phrase.text, None)
        if missing:
            raise VoiceUnavailable(catalogue.voice_phrases_missing(list(missing), self.model_name))
        return report
