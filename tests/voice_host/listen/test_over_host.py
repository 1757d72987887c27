"""The barge-in rule: what a phrase heard while the host may speak does (worked from the issue's list)."""

from __future__ import annotations

import pytest

from voice_host.listen.over_host import Verdict, verdict

STOPS = {"basta", "zitto", "stop", "ok ho capito"}
ANSWERS = {"ci credo", "dubito", "basta"}  # "basta" is also an answer here (Yatzi: "basta", I keep them all)


@pytest.mark.parametrize(
    ("text", "sure", "host_on", "in_question", "expected"),
    [
        # a stop word cuts the host at any moment ...
        ("zitto", True, True, False, Verdict.STOP),
        ("zitto", True, True, True, Verdict.STOP),
        ("ok ho capito", False, True, False, Verdict.STOP),
        # ... and with the host quiet there is nothing to cut: it is no answer either
        ("stop", True, False, False, Verdict.DROP),
        # a stop word that is also an answer of the phase: an answer over the question or after it ...
        ("basta", True, True, True, Verdict.ANSWER),
        ("basta", True, False, False, Verdict.ANSWER),
        # ... and a cut before the question
        ("basta", True, True, False, Verdict.STOP),
        # an answer over the question's end is taken when sure, never over the host's other sentences
        ("dubito", True, True, True, Verdict.ANSWER),
        ("dubito", False, True, True, Verdict.DROP),
        ("dubito", True, True, False, Verdict.DROP),
        # the host quiet: as without barge-in, sure or to be asked back
        ("ci credo", False, False, False, Verdict.ANSWER),
    ],
)
def test_verdict(text: str, sure: bool, host_on: bool, in_question: bool, expected: Verdict) -> None:
    assert verdict(text, sure=sure, host_on=host_on, in_question=in_question, stops=STOPS, answers=ANSWERS) is expected
