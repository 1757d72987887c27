"""The score thresholds of one model, derived from the scores the self-test measured on it.

``voice-host check --selftest`` says every phrase clean, then over babble, then
lets babble play alone, and notes the grammar decode's score of every utterance
(:class:`ScoreSheet`): the **clean** scores of phrases heard as themselves in
clean audio, the **noisy** scores of phrases heard as themselves over babble,
and the **babble** scores of the phrases babble alone formed (nobody said them).
From those three distributions (:func:`derive`, ``q(p)`` the ``p`` quantile,
linear between the sorted scores):

- ``weak_score``, under which a phrase is chatter whatever the second decode
  says, lies halfway between the babble scores' median and the noisy scores'
  ``q(0.1)``, and never above that ``q(0.1)`` (so at most a tenth of the phrases
  said over babble score under it);
- ``strong_score``, over which a phrase the garbage model took for a common word
  is asked back rather than dropped, lies halfway between the babble scores'
  ``q(0.9)`` and the clean scores' ``q(0.1)``, and never under ``weak_score``;
- ``rival_margin``, within which another phrase among the alternatives is a close
  rival, keeps the proxy's share of a clean phrase's score: ``PROXY_RIVAL_MARGIN``
  times the clean scores' median over :data:`PROXY_CLEAN_MEDIAN`.

With no phrase formed by babble, its scores count as 0 (the median) and as
``weak_score`` (the top). Every rule is a quantile, a midpoint or a ratio, so a
model whose scores are ``k`` times another's gets thresholds ``k`` times as large
(``k > 0``). On the proxy itself (espeak-ng's "ko" voice, the self-test's 120 s of
babble, 9 phrases formed) the rules give weak 9.4, strong 45.9, margin 2.8, beside the
bench-tuned 10, 45 and 3. With 60 s of babble only 3 phrases form, too few: weak 5.6.

>>> sheet = Measured(clean=(60.0, 70.0, 80.0, 90.0, 100.0), noisy=(20.0, 30.0, 40.0), babble=(0.0, 4.0, 8.0))
>>> found = derive(sheet, "vosk-model-it")
>>> (found.weak_score, found.strong_score, round(found.rival_margin, 3), found.measured)
(13.0, 35.6, 2.634, True)
>>> derive(Measured(clean=(60.0,), noisy=(), babble=()), "vosk-model-it").clean_needed
5
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from voice_host.hearing.calibration import PROXY_RIVAL_MARGIN, Calibration

#: The median score of clean phrases the self-test measured on the proxy (espeak-ng "ko": 24 of the
#: 25 phrases of :mod:`voice_host.hearing.korean` heard as themselves, scores 67.8-120.8).
PROXY_CLEAN_MEDIAN = 91.1
#: The fewest clean phrases heard as themselves, and phrases over babble, that a calibration needs.
MIN_CLEAN = 5
MIN_NOISY = 3
#: The quantile of the low end of a phrase's scores, and of the top of the babble's.
LOW_END = 0.1
TOP_END = 0.9


@dataclass(frozen=True)
class Measured:
    """The grammar decode's scores the self-test noted, by condition (see the module)."""

    clean: tuple[float, ...]
    noisy: tuple[float, ...]
    babble: tuple[float, ...]


@dataclass
class ScoreSheet:
    """Scores as the self-test notes them, one utterance at a time."""

    clean: list[float] = field(default_factory=list)
    noisy: list[float] = field(default_factory=list)
    babble: list[float] = field(default_factory=list)

    def measured(self) -> Measured:
        """What was noted so far."""
        return Measured(tuple(self.clean), tuple(self.noisy), tuple(self.babble))


@dataclass(frozen=True)
class TooFew:
    """Too few phrases were heard as themselves to derive thresholds."""

    clean: int
    noisy: int
    clean_needed: int = MIN_CLEAN
    noisy_needed: int = MIN_NOISY


def quantile(values: Sequence[float], p: float) -> float:
    """The ``p`` quantile of ``values`` (not empty), linear between the sorted values.

    >>> quantile([3.0, 1.0, 2.0, 4.0], 0.5), quantile([10.0, 20.0], 0.1), quantile([7.0], 0.9)
    (2.5, 11.0, 7.0)
    """
    ordered = sorted(values)
    position = p * (len(ordered) - 1)
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (position - low) * (ordered[high] - ordered[low])


def derive(measured: Measured, model: str) -> Calibration | TooFew:
    """The thresholds for ``model`` (its folder's name) from ``measured`` (see the module), or TooFew.

    Scores that are not finite are left out; clean scores whose median is not
    positive leave no scale for the margin, and count as too few.
    """
    clean = [s for s in measured.clean if math.isfinite(s)]
    noisy = [s for s in measured.noisy if math.isfinite(s)]
    babble = [s for s in measured.babble if math.isfinite(s)]
    if len(clean) < MIN_CLEAN or len(noisy) < MIN_NOISY or quantile(clean, 0.5) <= 0:
        return TooFew(len(clean), len(noisy))
    noisy_low = quantile(noisy, LOW_END)
    babble_middle = quantile(babble, 0.5) if babble else 0.0
    weak = min(noisy_low, (babble_middle + noisy_low) / 2)
    babble_top = quantile(babble, TOP_END) if babble else weak
    strong = max(weak, (babble_top + quantile(clean, LOW_END)) / 2)
    margin = PROXY_RIVAL_MARGIN * quantile(clean, 0.5) / PROXY_CLEAN_MEDIAN
    return Calibration(model, weak_score=weak, strong_score=strong, rival_margin=margin, measured=True)
