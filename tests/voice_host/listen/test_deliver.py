"""The decide stage: what the listener does with one verified utterance."""

from __future__ import annotations

from grammars.phrases import Phrase
from voice_host.core.ports import Heard
from voice_host.hearing.confidence import Confidence, Evidence, Verdict
from voice_host.listen.deliver import deliver
from voice_host.listen.messages import Utterance
from voice_host.listen.nearest_phrase import Match, MatchReason

THIRTY = Match("서른", Phrase.of("서른"), 0, MatchReason.EXACT)
NOTHING = Match("시작", None, 2, MatchReason.TOO_FAR)
EVIDENCE = Evidence(score=50.0, rival=None, second="서른", agrees=True, phrase_words=True)


def _said(match: Match, verdict: Verdict | None, voiced: bool = True) -> Utterance:
    confidence = None if verdict is None else Confidence(verdict, EVIDENCE)
    return Utterance("claim", match, True, 0.0, voiced, confidence)


def test_a_sure_phrase_is_heard_sure_and_an_unsure_one_to_be_asked_back() -> None:
    assert deliver(_said(THIRTY, Verdict.SURE)) == Heard("서른", True)
    assert deliver(_said(THIRTY, Verdict.UNSURE)) == Heard("서른", False)


def test_chatter_no_phrase_and_unvoiced_audio_are_dropped() -> None:
    assert deliver(_said(THIRTY, Verdict.CHATTER)) is None
    assert deliver(_said(NOTHING, None)) is None
    assert deliver(_said(THIRTY, Verdict.SURE, voiced=False)) is None


def test_without_a_second_opinion_a_phrase_is_heard_sure() -> None:
    assert deliver(_said(THIRTY, None)) == Heard("서른", True)
