"""The thresholds derived from the self-test's scores: worked by hand on small made-up distributions."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from voice_host.hearing.calibrate import Measured, ScoreSheet, TooFew, derive, quantile
from voice_host.hearing.calibration import Calibration

CLEAN = (50.0, 60.0, 70.0, 80.0, 90.0, 100.0)
NOISY = (12.0, 20.0, 28.0, 36.0)
BABBLE = (-2.0, 2.0, 6.0, 10.0, 30.0)


def _derived(clean: tuple[float, ...], noisy: tuple[float, ...], babble: tuple[float, ...]) -> Calibration:
    found = derive(Measured(clean, noisy, babble), "vosk-model-small-it-0.22")
    assert isinstance(found, Calibration), found
    return found


def test_quantiles_lie_linearly_between_the_sorted_scores() -> None:
    assert quantile([40.0, 10.0, 30.0, 20.0], 0.1) == pytest.approx(13.0)  # 0.3 of the way from 10 to 20
    assert quantile([40.0, 10.0, 30.0, 20.0], 0.9) == pytest.approx(37.0)
    assert quantile([5.0], 0.1) == 5.0


def test_thresholds_from_separated_clean_noisy_and_babble_scores() -> None:
    found = _derived(CLEAN, NOISY, BABBLE)
    # noisy q(0.1): 12 + 0.3 * 8 = 14.4; babble median 6: weak halfway, (6 + 14.4) / 2
    assert found.weak_score == pytest.approx(10.2)
    # babble q(0.9): 10 + 0.6 * 20 = 22; clean q(0.1): 50 + 0.5 * 10 = 55; strong halfway
    assert found.strong_score == pytest.approx(38.5)
    # clean median 75, at the proxy's share 3 / 91.1
    assert found.rival_margin == pytest.approx(3.0 * 75.0 / 91.1)
    assert found.measured and found.model == "vosk-model-small-it-0.22"


def test_without_phrases_formed_by_babble_its_scores_count_as_zero() -> None:
    found = _derived((60.0, 70.0, 80.0, 90.0, 100.0), (20.0, 30.0, 40.0), ())
    assert found.weak_score == pytest.approx(11.0)  # halfway from 0 to the noisy q(0.1) of 22
    assert found.strong_score == pytest.approx(37.5)  # halfway from the weak score to the clean q(0.1) of 64


def test_babble_scoring_like_said_phrases_never_raises_the_weak_score_over_the_noisy_low_end() -> None:
    found = _derived((60.0, 70.0, 80.0, 90.0, 100.0), (10.0, 20.0, 30.0), (40.0, 50.0, 60.0))
    assert found.weak_score == pytest.approx(12.0)  # the noisy q(0.1), not halfway to the babble's 50
    assert found.strong_score == pytest.approx(61.0)  # halfway from 58 to 64


def test_the_strong_score_is_never_under_the_weak_one() -> None:
    found = _derived((5.0, 6.0, 7.0, 8.0, 9.0), (10.0, 10.0, 10.0), (0.0, 0.0, 0.0))
    assert found.weak_score == pytest.approx(5.0)
    assert found.strong_score == pytest.approx(5.0)  # halfway from 0 to 5.4 would be 2.7


def test_too_few_phrases_heard_derive_nothing() -> None:
    assert derive(Measured(CLEAN[:4], NOISY, BABBLE), "m") == TooFew(clean=4, noisy=4)
    assert derive(Measured(CLEAN, NOISY[:2], BABBLE), "m") == TooFew(clean=6, noisy=2)
    # a score that is not a number is no phrase heard
    assert derive(Measured((*CLEAN[:4], math.nan), NOISY, BABBLE), "m") == TooFew(clean=4, noisy=4)
    # clean phrases scoring at or under zero leave no scale for the margin
    assert isinstance(derive(Measured((-5.0, -1.0, 0.0, 0.0, 2.0), NOISY, BABBLE), "m"), TooFew)


def test_the_score_sheet_keeps_what_the_self_test_noted() -> None:
    sheet = ScoreSheet()
    sheet.clean.append(70.0)
    sheet.babble.extend([1.0, 2.0])
    assert sheet.measured() == Measured((70.0,), (), (1.0, 2.0))


SCORES = st.lists(st.integers(-80, 800).map(lambda n: n / 4), min_size=0, max_size=12)


@given(st.lists(st.integers(1, 800).map(lambda n: n / 4), min_size=5, max_size=12),
       st.lists(st.integers(-80, 800).map(lambda n: n / 4), min_size=3, max_size=12), SCORES,
       st.sampled_from([0.1, 10.0]))
def test_a_model_scoring_k_times_another_gets_thresholds_k_times_as_large(
    clean: list[float], noisy: list[float], babble: list[float], k: float
) -> None:
    base = _derived(tuple(clean), tuple(noisy), tuple(babble))
    scaled = _derived(tuple(k * s for s in clean), tuple(k * s for s in noisy), tuple(k * s for s in babble))
    assert scaled.weak_score == pytest.approx(k * base.weak_score, abs=1e-9)
    assert scaled.strong_score == pytest.approx(k * base.strong_score, abs=1e-9)
    assert scaled.rival_margin == pytest.approx(k * base.rival_margin, abs=1e-9)
