"""The verify stage: what one ended utterance means, and how sure the host is of it.

Given the grammar decode, the second (garbage-model) decode of the same audio
and the level of that audio (:class:`~voice_host.listen.word_levels.RecentAudio`),
:meth:`Verifier.verify` drops decoded words much quieter than the loudest of
their utterance (background talk, :meth:`Verifier.foreground`), maps the text
onto the nearest phrase valid now (:mod:`voice_host.listen.nearest_phrase`), cuts a
grammar decode that joined a phrase with a word of others' talk down to the
words the second decode heard too (:func:`~voice_host.listen.messages.heard_by_both`,
then never sure), and gathers the evidence for the confidence check
(:func:`voice_host.hearing.confidence.judge`): the rivals among both decodes'
alternatives, whether the second decode agrees, how far the phrase stands
above the room, and the sound before a phrase that is the tail of another
(:func:`tails`). A phrase left after background words were trimmed is sure only
when its decode scored as clean speech does (the calibration's strong score):
trimming drops the alternatives, so a rival could not show. Pure: no vosk.
"""

from __future__ import annotations

from dataclasses import dataclass

from grammars.phrases import Phrase
from voice_host.hearing.calibration import PROXY, Calibration
from voice_host.hearing.confidence import LONGER_BY, ROOM_DB, Confidence, Evidence, Verdict, judge
from voice_host.listen.messages import Decoded, Timed, heard_by_both
from voice_host.listen.nearest_phrase import Match, MatchReason, PhraseMatcher
from voice_host.listen.word_levels import RecentAudio
from voice_host.model.tokens import words

#: A decoded word this many dB quieter than the loudest word of its utterance is
#: background talk (babble at a table sits ~10 dB under the near speaker).
FOREGROUND_DB = 6.0
#: The loudest frame of this many seconds before a pause is the utterance's, for :meth:`Verifier.may_need_second`
#: (the longest phrase of a phase lasts about two seconds).
PEAK_S = 2.5


@dataclass(frozen=True)
class Verified:
    """What one utterance was taken for: the decode kept, its match and the confidence (None: not judged)."""

    decoded: Decoded
    match: Match
    confidence: Confidence | None


class Verifier:
    """Verifies the utterances of one phase: its ``matcher`` and the score thresholds of ``calibration``."""

    def __init__(self, matcher: PhraseMatcher, calibration: Calibration = PROXY) -> None:
        self.matcher = matcher
        self.calibration = calibration
        self.phrase_words = matcher.words
        self.tails = tails(matcher)
        self.longer = longer(matcher)

    def needs_second(self, decoded: Decoded, audio: RecentAudio) -> bool:
        """True when the second decode could change what ``decoded`` is taken for.

        Without a phrase's word ("", "[unk]") no phrase matches and none can be cut
        out of it; a decode whose loudest word (background words trimmed) stands
        under :data:`~voice_host.hearing.confidence.ROOM_DB` above the room is
        chatter whatever the second decode says (a phrase cut out of it is no louder).
        """
        if not any(word in self.phrase_words for word in words(decoded.text)):
            return False
        prominence = audio.prominence_db(self.foreground(decoded, audio))
        return prominence is None or prominence >= ROOM_DB

    def may_need_second(self, partial: str, audio: RecentAudio, *, unseen: bool = False) -> bool:
        """While the player pauses: True when :meth:`needs_second` will probably say yes for ``partial``.

        A guess from the partial (a phrase's word in it) and the loudest frame of
        the last :data:`PEAK_S` seconds against the room (no word is louder than
        the loudest frame around it), so that the second decoder can catch up
        during the pause rather than after it. A wrong guess costs CPU or time,
        never a verdict: :meth:`needs_second` decides at the end. ``unseen``: the player spoke and
        paused, and the partial shows no word yet (vosk's partial lags a short word): the level alone guesses.
        """
        if not unseen and not any(word in self.phrase_words for word in words(partial)):
            return False
        peak, room = audio.peak_db(PEAK_S), audio.room_db()
        return peak is None or room is None or peak - room >= ROOM_DB

    def verify(
        self, decoded: Decoded, second: Decoded | None, audio: RecentAudio, *, sequence: bool, skipped: bool = False
    ) -> Verified:
        """The phrase ``decoded`` (with ``second``, the garbage-model decode, or None) is taken for, and how sure.

        ``skipped``: the second decode was not made, since :meth:`needs_second` said it
        could change nothing; a phrase is then chatter (under the room).
        """
        decoded = self.foreground(decoded, audio)
        match = self._match(decoded.text, sequence)
        if skipped and match.phrase is not None:
            evidence = Evidence(decoded.score, None, "", False, False, prominence_db=audio.prominence_db(decoded))
            return Verified(decoded, match, Confidence(Verdict.CHATTER, evidence, "not above the room"))
        cut = False
        if match.phrase is None and second is not None and not sequence:
            # a phrase and a babble word in one decode: keep what the second decode heard too,
            # when it heard the phrase with a word or so, not inside a stretch of talk
            both = heard_by_both(decoded, second)
            found = self.matcher.match(both.text, spot=False)  # only a phrase said whole is cut out
            near = len(words(second.text)) <= len(words(both.text)) + LONGER_BY
            if found.phrase is not None and found.reason is MatchReason.EXACT and near:
                decoded, match, cut = both, found, True
        confidence = self._judge(decoded, match, sequence, second, audio)
        if cut and confidence is not None and confidence.verdict is not Verdict.CHATTER:
            # found only by cutting the grammar decode down: never sure
            confidence = Confidence(Verdict.UNSURE, confidence.evidence, "cut by the second decode")
        spotted_in_trimmed = decoded.trimmed and match.reason is MatchReason.SPOTTED
        if spotted_in_trimmed and confidence is not None and confidence.verdict is Verdict.SURE:
            # words dropped as background, then an answer spotted among the rest: two guesses, never sure
            # (bench/hearing.py: "점수" over babble decoded "취소 안" and trimmed was taken for "취소")
            confidence = Confidence(Verdict.UNSURE, confidence.evidence, "spotted in a trimmed decode")
        weak_in_trimmed = decoded.trimmed and decoded.score < self.calibration.strong_score
        if weak_in_trimmed and confidence is not None and confidence.verdict is Verdict.SURE:
            # a trimmed decode lost its alternatives (they hold the dropped words), so no rival can show,
            # and its score is the whole decode's: under the clean scores, the phrase left is a guess
            # (bench/hearing.py: "오백" over babble decoded "여든" with talk around it, score 28.5)
            confidence = Confidence(Verdict.UNSURE, confidence.evidence, "weak, after background words were trimmed")
        return Verified(decoded, match, confidence)

    def _match(self, text: str, sequence: bool) -> Match:
        return self.matcher.match_sequence(text) if sequence else self.matcher.match(text)

    def foreground(self, decoded: Decoded, audio: RecentAudio) -> Decoded:
        """``decoded`` without the words much quieter than its loudest (background talk).

        A run of words that spells a whole phrase variant is kept or dropped as one
        (its level is its loudest word's), so a softer last word never cuts
        "점수 취소" down to "점수".
        """
        if len(decoded.timed) < 2:
            return decoded
        units = self.units(decoded.timed)
        levels: list[float] = []
        for unit in units:
            level = audio.loudest_of(unit)
            if level is None:
                return decoded
            levels.append(level)
        near = max(levels) - FOREGROUND_DB
        kept = (unit for unit, level in zip(units, levels, strict=True) if level >= near)
        return decoded.keeping(tuple(w for unit in kept for w in unit))

    def units(self, timed: tuple[Timed, ...]) -> list[tuple[Timed, ...]]:
        """``timed`` cut into whole phrase variants (longest first) and single other words."""
        units: list[tuple[Timed, ...]] = []
        start = 0
        while start < len(timed):
            said = tuple(w for w, _, _ in timed[start:])
            size = max((len(key) for key in self.matcher.keys if said[: len(key)] == key), default=1)
            units.append(timed[start : start + size])
            start += size
        return units

    def _judge(
        self, decoded: Decoded, match: Match, sequence: bool, heard: Decoded | None, audio: RecentAudio
    ) -> Confidence | None:
        if match.phrase is None or heard is None:
            return None
        second = heard.text
        rival: float | None = None
        for text, score in decoded.alternatives[1:]:
            other = self._match(text, sequence)
            if other.phrase is not None and other.phrase != match.phrase:
                rival = score if rival is None else max(rival, score)
        # the second decode nearly chose another phrase ("안 좋아요" 1 point under "좋아요")
        margin = self.calibration.rival_margin
        second_rival = not sequence and any(
            heard.score - score < margin and self._phrase_among_fillers(text) not in (None, match.phrase)
            for text, score in heard.alternatives[1:]
        )
        again = self._match(second, sequence)
        said = words(second)
        shared = any(word in self.phrase_words for word in said)
        # A phrase cut out of a longer decode must be heard as itself again, not merely among fillers.
        # ... and a phrase among fillers agrees only when they are a word or so, not a stretch of talk
        near_length = len(said) <= len(words(decoded.text)) + LONGER_BY
        among = not decoded.trimmed and near_length and self._said_among_fillers(said, match.phrase)
        # ... and a phrase only spotted in the second decode agrees on the same terms: not in a stretch of talk
        # (bench/hearing.py: "네" over babble, grammar "아니요", second "집 아니요 느리다 먼저 하다")
        spotted_in_talk = again.reason is MatchReason.SPOTTED and not near_length
        agrees = (again.phrase == match.phrase and not spotted_in_talk) or among
        nearly = False
        if not agrees and not decoded.trimmed:  # the second decode nearly chose the phrase
            agrees = nearly = self._close_alternative(heard, match.phrase, len(words(decoded.text)), margin)
        fillers = sum(word not in self.phrase_words for word in said) / len(said) if said else 0.0
        longer = not near_length
        prominence = audio.prominence_db(decoded)
        lead_in = audio.lead_in(decoded) if not sequence and match.phrase in self.tails else None
        both = heard_by_both(decoded, heard).text
        together = self._match(both, sequence).phrase
        evidence = Evidence(
            decoded.score, rival, second, agrees, shared, fillers, longer, prominence, together == match.phrase,
            second_rival, lead_in,
        )
        verdict = judge(evidence, self.calibration)
        if nearly and verdict.verdict is Verdict.SURE and match.phrase in self.longer:
            # "안 좋아요" ("non ci credo") only nearly chosen by the second decode: its shorter, opposite
            # tail was as near (bench/hearing.py: "좋아요" over babble taken for "안 좋아요")
            return Confidence(Verdict.UNSURE, evidence, "the longer of a tail pair, only nearly agreed")
        return verdict

    def _close_alternative(self, heard: Decoded, phrase: Phrase, length: int, margin: float) -> bool:
        """True when the second decode nearly chose ``phrase``: an alternative within ``margin`` (the rival margin)
        of its best holds it (alone or with one common word), and none of those holds another phrase's word."""
        own = {w for v in self.matcher.variants_of(phrase) for w in words(v)}
        others = self.phrase_words - own
        close = [text for text, score in heard.alternatives if heard.score - score < margin]
        if any(word in others for text in close for word in words(text)):
            return False
        for text in close[1:]:
            said = words(text)
            if len(said) <= length + LONGER_BY and (
                self.matcher.match(text).phrase == phrase or self._said_among_fillers(said, phrase)
            ):
                return True
        return False

    def _phrase_among_fillers(self, text: str) -> Phrase | None:
        """The phrase ``text`` is, alone or among common words only (None when none, or two)."""
        exact = self.matcher.match(text)
        if exact.phrase is not None and exact.reason is MatchReason.EXACT:
            return exact.phrase
        said = words(text)
        found = {p for p in self.matcher.phrases if self._said_among_fillers(said, p)}
        return found.pop() if len(found) == 1 else None

    def _said_among_fillers(self, second: tuple[str, ...], phrase: Phrase) -> bool:
        """True when ``second`` holds a variant of ``phrase`` whole and no other phrase word ("취소 있어요")."""
        for variant in self.matcher.variants_of(phrase):
            key = words(variant)
            for start in range(len(second) - len(key) + 1):
                if second[start : start + len(key)] == key:
                    rest = second[:start] + second[start + len(key) :]
                    if not any(word in self.phrase_words for word in rest):
                        return True
        return False


def longer(matcher: PhraseMatcher) -> frozenset[Phrase]:
    """The phrases some variant of which ends with another phrase's variant ("안 좋아요" ends with "좋아요").

    >>> good, bad = Phrase.of("좋아요"), Phrase.of("안 좋아요")
    >>> m = PhraseMatcher({good: ("좋아요",), bad: ("안 좋아요",), Phrase.of("네"): ("네",)})
    >>> sorted(p.text for p in longer(m))
    ['안 좋아요']
    """
    owner: dict[tuple[str, ...], set[Phrase]] = {}
    for phrase in matcher.phrases:
        for variant in matcher.variants_of(phrase):
            owner.setdefault(words(variant), set()).add(phrase)
    return frozenset(
        long
        for long in matcher.phrases
        for variant in matcher.variants_of(long)
        if any(owner.get(words(variant)[start:], set()) - {long} for start in range(1, len(words(variant))))
    )


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
