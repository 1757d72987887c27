"""How sure the host is of one utterance heard in grammar mode.

A grammar-only decoder always answers with grammar words, so its own text
cannot say whether those words were said. Two pieces of evidence can:

- **a second decode of the same audio with a garbage model**: the same phrases
  plus a few hundred common words of the language (and ``[unk]`` when the model
  has it). Talk that is not for the host finds its own words there; a phrase
  that was really said is decoded as itself again. Agreement makes the host
  sure; no phrase word at all, or mostly common words around another phrase's
  word, means chatter.
- **the grammar decode's own alternatives**: a different phrase scoring almost as
  well as the best one ("넷" against "네", "ventuno" against "trentuno") means
  the audio sits between two phrases.

Over others' talk the second decode turns the talk around a phrase into
common words; when it heard the phrase's own words at the same times, the
phrase is asked back rather than dropped. Talk at the next table is told from
a player speaking to the host by level: a phrase that stands less than
:data:`ROOM_DB` above the room's recent sound is chatter. A phrase that is the
tail of another valid now, after sound as loud as a player's speech
(:class:`LeadIn`), may have lost its first word to both decoders: it is asked back.

The verdict is ``sure`` (act on it), ``unsure`` (a costly action is asked back)
or ``chatter`` (dropped without a word). Measured on the Korean proxy model and
left out: vosk's per-word confidences in grammar mode (1.0 for most wrong
words) and an open-vocabulary second decode (its language model turns short
isolated words into other words, and it decodes slower than real time).

>>> judge(Evidence(score=150.0, rival=None, second="ventuno", agrees=True, phrase_words=True)).verdict
<Verdict.SURE: 'sure'>
>>> judge(Evidence(score=150.0, rival=149.0, second="ventuno", agrees=True, phrase_words=True)).verdict
<Verdict.UNSURE: 'unsure'>
>>> judge(Evidence(score=130.0, rival=None, second="allora dopo", agrees=False, phrase_words=False)).verdict
<Verdict.CHATTER: 'chatter'>
"""

from __future__ import annotations

import enum
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from voice_host.hearing.calibration import (
    PROMINENT_DB,
    PROXY,
    PROXY_RIVAL_MARGIN,
    PROXY_STRONG_SCORE,
    PROXY_WEAK_SCORE,
    Calibration,
)
from voice_host.hearing.phonemes import bounded_distance

#: A different phrase among the grammar's alternatives within this score: unsure.
RIVAL_MARGIN = PROXY_RIVAL_MARGIN
#: A grammar decode scoring at least this, whose second decode is one short filler
#: word, is asked back rather than dropped: the garbage model took a clear phrase
#: for a common word (on the Korean proxy: 일흔 as 해요, 다시 as 무엇, scores 54-67;
#: talk that the grammar turned into a phrase scored 37 at most).
STRONG_SCORE = PROXY_STRONG_SCORE
#: A second decode more than this many words longer than the grammar decode is talk even
#: under a strong phrase (the garbage model split espeak's clear "여든" into "어 귀").
LONGER_BY = 1
#: A phrase the second decode heard at the same times among common words is asked back
#: when those words are at most this share of its decode (a word or two of talk around
#: the phrase); a phrase inside a longer stretch of talk is the talk's.
TOGETHER_SHARE = 2 / 3
#: A grammar decode scoring under this is chatter whatever the second decode says:
#: on the Korean proxy, phrases that babble alone formed (and both decoders agreed
#: on) scored 0-5; phrases really said over babble 13 or more.
WEAK_SCORE = PROXY_WEAK_SCORE
#: A phrase whose loudest word stands less than this (dB) above the room's recent sound is
#: chatter: the player talking to the host is nearer than the next table. On the Korean
#: proxy, of 192 phrases that babble alone formed through the sink all but 5 stood under
#: 9 dB above it; phrases said over babble at 10 dB SNR stood 10 dB or more above it. In dB,
#: not in the model's scores, it carries over to other models.
ROOM_DB = 9.0
#: Sound just before the first word of a phrase that is the tail of another phrase valid now
#: ("좋아요" of "안 좋아요", "ci credo" of "non ci credo"), standing at least :data:`ROOM_DB` above
#: the room and at most this many dB under the phrase's loudest word, is a first word both decoders
#: lost: the phrase is asked back. Talk at the next table sits further under the near player.
LEAD_IN_UNDER_DB = 6.0


class Verdict(str, enum.Enum):
    """What the host makes of one utterance."""

    SURE = "sure"
    UNSURE = "unsure"
    CHATTER = "chatter"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Evidence:
    """What the decoders said about one utterance the grammar mapped onto a phrase.

    ``score`` is the grammar decode's total score (vosk's ``confidence`` of its
    best alternative: higher is better); ``rival`` the best score of an
    alternative that maps to a different phrase (None when there is none);
    ``second`` the garbage-model decode's text; ``agrees`` whether it maps to
    the same phrase (or holds it whole among filler words only); ``phrase_words``
    whether it holds any word of a phrase valid now.
    """

    score: float
    rival: float | None
    second: str
    agrees: bool
    phrase_words: bool
    filler_share: float = 0.0
    """The share of the second decode's words that are fillers (0.0 when it is empty)."""
    second_longer: bool = True
    """Whether the second decode has more than :data:`LONGER_BY` words more than the grammar decode
    (talk is longer than a phrase)."""
    prominence_db: float | None = None
    """How far (dB) the phrase's loudest word stands above the room's recent sound (None when unknown)."""
    heard_together: bool = False
    """Whether the second decode heard the phrase's words at the same times as the grammar decode
    (among the common words it made of the talk around them)."""
    second_rival: bool = False
    """Whether an alternative of the second decode within :data:`RIVAL_MARGIN` of its best is another phrase."""
    lead_in: LeadIn | None = None
    """The sound just before the phrase's first word, when the phrase is the tail of another phrase valid
    now (None otherwise, or when unknown)."""


@dataclass(frozen=True)
class LeadIn:
    """The sound just before a tail phrase's first decoded word, in dB.

    ``above_room`` is how far it stands above the room's recent sound; ``under_phrase``
    how far it lies under the phrase's loudest word (negative when louder).
    """

    above_room: float
    under_phrase: float

    @property
    def speech(self) -> bool:
        """True when it is loud as the near player's speech: a first word the decoders lost.

        >>> LeadIn(above_room=30.0, under_phrase=3.0).speech
        True
        >>> LeadIn(above_room=30.0, under_phrase=12.0).speech  # the next table's talk
        False
        >>> LeadIn(above_room=2.0, under_phrase=0.0).speech  # the room itself
        False
        """
        return self.above_room >= ROOM_DB and self.under_phrase <= LEAD_IN_UNDER_DB


@dataclass(frozen=True)
class Confidence:
    """A verdict and the evidence behind it."""

    verdict: Verdict
    evidence: Evidence
    reason: str = ""
    """Why, in a few words ("not above the room", "weak score", "second decode is talk", "heard over
    others' talk", "second decode disagrees", "close rival", "speech before a tail", "agreed"; the
    listener adds "cut by the second decode"): for diagnostics and benchmarks."""

    @property
    def sure(self) -> bool:
        """True when the host may act without asking."""
        return self.verdict is Verdict.SURE


def judge(evidence: Evidence, calibration: Calibration = PROXY) -> Confidence:
    """The verdict on ``evidence``, with the score thresholds of ``calibration`` (the proxy's by default).

    With a calibration not measured on the model, a phrase standing :data:`PROMINENT_DB` or more
    above the room is asked back where the thresholds would drop it: they may be on another scale.
    """
    verdict = _judge(evidence, calibration)
    prominent = evidence.prominence_db is not None and evidence.prominence_db >= PROMINENT_DB
    if verdict.verdict is Verdict.CHATTER and prominent and not calibration.measured:
        return Confidence(Verdict.UNSURE, evidence, f"{verdict.reason}, but above the room (uncalibrated)")
    return verdict


def _judge(evidence: Evidence, calibration: Calibration) -> Confidence:
    strong = evidence.score >= calibration.strong_score and not evidence.second_longer
    talk = not evidence.phrase_words or (not evidence.agrees and evidence.filler_share > 0.5)
    if evidence.prominence_db is not None and evidence.prominence_db < ROOM_DB:
        return Confidence(Verdict.CHATTER, evidence, "not above the room")
    if evidence.score < calibration.weak_score:
        return Confidence(Verdict.CHATTER, evidence, "weak score")
    if talk and not strong:
        if evidence.heard_together and evidence.filler_share <= TOGETHER_SHARE:
            return Confidence(Verdict.UNSURE, evidence, "heard over others' talk")
        return Confidence(Verdict.CHATTER, evidence, "second decode is talk")
    if not evidence.agrees:
        return Confidence(Verdict.UNSURE, evidence, "second decode disagrees")
    close = evidence.rival is not None and evidence.score - evidence.rival < calibration.rival_margin
    if evidence.second_rival or close:
        return Confidence(Verdict.UNSURE, evidence, "close rival")
    if evidence.lead_in is not None and evidence.lead_in.speech:
        return Confidence(Verdict.UNSURE, evidence, "speech before a tail")
    return Confidence(Verdict.SURE, evidence, "agreed")


def letters(text: str) -> tuple[str, ...]:
    """The letters of ``text``: lower case, accents and punctuation dropped, Hangul as jamo."""
    out: list[str] = []
    for char in unicodedata.normalize("NFD", text.lower()):
        if unicodedata.category(char).startswith(("L", "N")):
            out.append(char)
    return tuple(out)


def similarity(a: Sequence[str], b: Sequence[str]) -> float:
    """1 - edit distance / the longer length (1.0 identical, 0.0 nothing in common).

    >>> similarity(letters("trentuno"), letters("ventuno"))
    0.75
    """
    longest = max(len(a), len(b))
    if longest == 0:
        return 1.0
    return 1.0 - bounded_distance(tuple(a), tuple(b), longest) / longest


def best_similarity(text: str, variants: Iterable[str]) -> float:
    """The letter similarity of ``text`` to the closest of ``variants``."""
    mine = letters(text)
    return max((similarity(mine, letters(v)) for v in variants), default=0.0)
