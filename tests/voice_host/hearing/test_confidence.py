"""The verdict rules, filler choice, foreground gate and figures line, without audio."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from voice_host.core.ports import Heard
from voice_host.hearing.confidence import Evidence, Verdict, judge, letters, similarity
from voice_host.hearing.fillers import filler_words
from voice_host.hearing.trial import Tally
from voice_host.listen.early_end import ForegroundGate, rms


def _evidence(**changes: object) -> Evidence:
    base = {"score": 100.0, "rival": None, "second": "ventuno", "agrees": True, "phrase_words": True}
    base.update(changes)
    return Evidence(**base)  # type: ignore[arg-type]


def test_agreement_without_a_close_rival_is_sure() -> None:
    assert judge(_evidence()).verdict is Verdict.SURE
    assert judge(_evidence(rival=96.9)).verdict is Verdict.SURE  # 3.1 points behind: not close


def test_a_close_rival_or_disagreement_is_unsure() -> None:
    assert judge(_evidence(rival=98.0)).verdict is Verdict.UNSURE
    assert judge(_evidence(agrees=False, second="trentuno")).verdict is Verdict.UNSURE


def test_no_phrase_word_in_the_second_decode_is_chatter() -> None:
    confidence = judge(_evidence(agrees=False, phrase_words=False, second="allora dopo"))
    assert confidence.verdict is Verdict.CHATTER and not confidence.sure


def test_another_phrase_word_lost_among_fillers_is_chatter() -> None:
    # heard "점수", the second decode found talk with one word of another phrase in it
    babble = _evidence(agrees=False, second="낮 겨울 아 나 예순", filler_share=0.8)
    assert judge(babble).verdict is Verdict.CHATTER
    # "넷" heard as "네": the second decode says "넷", another phrase, and nothing else
    assert judge(_evidence(agrees=False, second="넷", filler_share=0.0)).verdict is Verdict.UNSURE


def test_fillers_close_in_sound_to_a_phrase_word_are_left_out() -> None:
    # 점심 (lunch) is ㅈㅓㅁㅅㅣㅁ, 점수 (score) ㅈㅓㅁㅅㅜ: 2 edits over 6 letters, similarity 2/3.
    assert similarity(letters("점심"), letters("점수")) == 1 - 2 / 6
    assert filler_words(["점심", "커피", "점수"], lambda w: True, ["점수 취소"]) == ["커피"]
    # unknown to the model: left out as well
    assert filler_words(["allora", "dopo"], lambda w: w == "dopo", ["ci credo"]) == ["dopo"]


def test_the_foreground_gate_keeps_words_and_turns_the_gaps_down() -> None:
    gate = ForegroundGate(lead=2, hang=1, attenuation=0.05)
    quiet = np.full(160, 400, "<i2").tobytes()
    loud = np.full(160, 4000, "<i2").tobytes()
    fed = [
        c
        for chunk, is_loud in [(quiet, False)] * 4 + [(loud, True)] + [(quiet, False)] * 5
        for c in gate.push(chunk, is_loud)
    ]
    levels = [round(rms(c)) for c in fed]
    # two chunks late; the two quiet chunks before the word (its onset) and one after are kept
    assert levels == [20, 20, 400, 400, 4000, 400, 20, 20]


def test_figures_line_counts_each_outcome() -> None:
    tally = Tally()
    outcomes = [
        tally.add("ventuno", Heard("ventuno")),
        tally.add("ventuno", Heard("trentuno")),
        tally.add("ventuno", Heard("trentuno", sure=False)),
        tally.add("ventuno", None),
    ]
    assert outcomes == ["right", "wrong", "confirmed", "missed"]
    tally.false_accepts, tally.babble_s = 1, 120.0
    assert tally.line() == (
        "hearing utterances=4 wrong_intent_pct=25.0 confirmed_pct=25.0 missed_pct=25.0 false_accepts_per_10min=5.0"
    )


def test_a_strong_phrase_the_garbage_model_took_for_one_common_word_is_asked_back() -> None:
    # clean "일흔" (seventy) scored 67 and the second decode said "해요" (a verb ending): both
    # decoders give it some support, so the host asks rather than ignoring a real claim
    short = _evidence(score=67.0, agrees=False, phrase_words=False, second="해요", second_longer=False)
    assert judge(short).verdict is Verdict.UNSURE
    # the same second decode under a weak grammar score is still talk
    weak = _evidence(score=30.0, agrees=False, phrase_words=False, second="해요", second_longer=False)
    assert judge(weak).verdict is Verdict.CHATTER
    # more common words than the grammar heard words: talk, however strong the score
    long = _evidence(score=67.0, agrees=False, phrase_words=False, second="나 집 어머니", second_longer=True)
    assert judge(long).verdict is Verdict.CHATTER


def test_a_phrase_scored_under_the_weak_floor_is_chatter_even_when_both_decoders_agree() -> None:
    # babble alone made "삼백" for both decoders with a score of 5
    assert judge(_evidence(score=5.0)).verdict is Verdict.CHATTER
    assert judge(_evidence(score=15.0)).verdict is Verdict.SURE


def test_a_phrase_not_above_the_room_is_chatter_even_when_both_decoders_agree() -> None:
    # babble alone formed phrases 2-8 dB above the room's sound on the Korean proxy
    assert judge(_evidence(prominence_db=5.0)).verdict is Verdict.CHATTER
    assert judge(_evidence(prominence_db=5.0)).reason == "not above the room"
    assert judge(_evidence(prominence_db=12.0)).verdict is Verdict.SURE
    assert judge(_evidence(prominence_db=None)).verdict is Verdict.SURE  # unknown: the other rules decide


def test_talk_around_a_phrase_the_second_decode_also_heard_is_asked_back() -> None:
    # heard "삼백" over babble; the second decode made "삼백 때 하다" of the same audio
    over_babble = _evidence(score=22.8, agrees=False, second="삼백 때 하다", filler_share=2 / 3)
    assert judge(over_babble).verdict is Verdict.CHATTER
    assert judge(replace(over_babble, heard_together=True)).verdict is Verdict.UNSURE


def test_a_strong_phrase_split_into_two_fillers_is_asked_back_but_longer_talk_is_dropped() -> None:
    # clear "여든" (score 67) came out of the garbage model as "어 귀": one word more than the phrase
    split = _evidence(score=67.0, agrees=False, phrase_words=False, second="어 귀", second_longer=False)
    assert judge(split).verdict is Verdict.UNSURE
    talk = _evidence(score=67.0, agrees=False, phrase_words=False, second="어머니 언제 나라 아", second_longer=True)
    assert judge(talk).verdict is Verdict.CHATTER


def test_a_phrase_inside_a_long_stretch_of_talk_is_the_talks_even_when_heard_together() -> None:
    # through the sink, babble alone: "여든" inside "집 그래서 경우 그냥 여든 줘요" (5 of 6 words common)
    inside = _evidence(score=13.3, agrees=False, second="집 그래서 경우 그냥 여든 줘요", filler_share=5 / 6)
    assert judge(replace(inside, heard_together=True)).verdict is Verdict.CHATTER
    # a word or two of talk around it ("여든 야 우리"): asked back
    around = _evidence(score=35.0, agrees=False, second="여든 야 우리", filler_share=2 / 3, heard_together=True)
    assert judge(around).verdict is Verdict.UNSURE


def test_another_phrase_close_among_the_second_decodes_alternatives_is_unsure() -> None:
    # through the sink: "안 좋아요" lost its "안"; both decoders said "좋아요", the second decode's
    # next alternative, one point behind, was "안 좋아요"
    assert judge(_evidence(second="좋아요", second_rival=True)).verdict is Verdict.UNSURE
    assert judge(_evidence(second="좋아요", second_rival=True)).reason == "close rival"
