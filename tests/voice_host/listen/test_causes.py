"""The cause table of the hearing benchmark, without audio."""

from __future__ import annotations

from grammars.phrases import Phrase
from voice_host.hearing.confidence import Evidence, judge
from voice_host.listen.causes import NO_DECODE, OTHER_WORDS, TOO_LATE, WITH_OTHER_WORDS, cause, table
from voice_host.listen.messages import Decoded, Utterance
from voice_host.listen.nearest_phrase import Match, MatchReason


def _utterance(
    heard: str, phrase: str | None, *, score: float = 50.0, second: str = "", voiced: bool = True
) -> Utterance:
    match = Match(heard, Phrase.of(phrase) if phrase else None, 0, MatchReason.EXACT if phrase else MatchReason.TOO_FAR)
    confidence = None
    if phrase is not None:
        agrees = second == phrase
        evidence = Evidence(score, None, second, agrees, agrees, 0.0 if agrees else 1.0, len(second.split()) > 1)
        confidence = judge(evidence)
    return Utterance("claim", match, False, 0.0, voiced, confidence, Decoded(heard, score), Decoded(second, score))


def test_a_miss_with_nothing_decoded_is_no_decode_or_too_late() -> None:
    assert cause("서른", "missed", []) == NO_DECODE
    assert cause("서른", "missed", [], open_partial="서른 일흔") == TOO_LATE


def test_a_miss_decoded_with_a_babble_word_is_told_from_other_words() -> None:
    assert cause("서른", "missed", [_utterance("서른 일흔", None)]) == WITH_OTHER_WORDS
    assert cause("점수 취소", "missed", [_utterance("점수 예순 일흔", None)]) == OTHER_WORDS


def test_a_right_phrase_dropped_says_which_rule_dropped_it() -> None:
    weak = _utterance("여든", "여든", score=5.0, second="여든")
    assert cause("여든", "missed", [weak]) == "right phrase, dropped: weak score"
    talk = _utterance("삼백", "삼백", score=16.5, second="차 하늘 글쎄")
    assert cause("삼백", "missed", [talk]) == "right phrase, dropped: second decode is talk"


def test_an_ask_back_says_why() -> None:
    asked = _utterance("일흔", "일흔", score=66.6, second="네요")
    assert cause("일흔", "confirmed", [asked]) == "asked back: second decode disagrees"


def test_the_table_counts_clean_and_babble_side_by_side_largest_first() -> None:
    rows = [(False, "right"), (True, NO_DECODE), (True, NO_DECODE), (False, NO_DECODE), (True, "right")]
    lines = table(rows)
    assert lines[1].split() == [*NO_DECODE.split(), "1", "2"]
    assert lines[2].split() == ["right", "1", "1"]
