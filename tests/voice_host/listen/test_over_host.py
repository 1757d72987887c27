"""The barge-in rule: what a phrase heard while the host may speak does (worked from the issue's list)."""

from __future__ import annotations

import pytest

from voice_host.listen.over_host import Verdict, after_host, verdict

STOPS = {"basta", "zitto", "stop", "ok ho capito"}
ANSWERS = {"ci credo", "dubito", "basta"}  # "basta" is also an answer here (Yatzi: "basta", I keep them all)


@pytest.mark.parametrize(
    ("text", "sure", "host_on", "in_question", "expected"),
    [
        # a stop word cuts the host at any moment ...
        ("zitto", True, True, False, Verdict.STOP),
        ("zitto", True, True, True, Verdict.STOP),
        ("ok ho capito", False, True, False, Verdict.STOP),
        # ... except over the question when not sure: a player is answering there, and an answer misheard
        # as a stop phrase would cut the question and lose the answer (bench/barge_in.py: "취소" as "멈춰")
        ("zitto", False, True, True, Verdict.DROP),
        # ... and with the host quiet there is nothing to cut: it is no answer either
        ("stop", True, False, False, Verdict.DROP),
        # a stop word that is also an answer of the phase: an answer over the question or after it ...
        ("basta", True, True, True, Verdict.ANSWER),
        ("basta", True, False, False, Verdict.ANSWER),
        # ... and a cut before the question
        ("basta", True, True, False, Verdict.STOP),
        # an answer over the question's end is taken (unsure, the session asks it back, as after the question),
        # never over the host's other sentences
        ("dubito", True, True, True, Verdict.ANSWER),
        ("dubito", False, True, True, Verdict.ANSWER),
        ("dubito", True, True, False, Verdict.DROP),
        # the host quiet: as without barge-in, sure or to be asked back
        ("ci credo", False, False, False, Verdict.ANSWER),
    ],
)
def test_verdict(text: str, sure: bool, host_on: bool, in_question: bool, expected: Verdict) -> None:
    assert verdict(text, sure=sure, host_on=host_on, in_question=in_question, stops=STOPS, answers=ANSWERS) is expected


@pytest.mark.parametrize(("sure", "expected"), [(True, Verdict.ANSWER), (False, Verdict.DROP)])
def test_a_tail_over_the_question_counts_only_when_sure(sure: bool, expected: Verdict) -> None:
    # "non ci credo" said over the question, its "non" under the host's voice: heard as "ci credo", the opposite
    answers = {"ci credo", "non ci credo"}
    got = verdict("ci credo", sure=sure, host_on=True, in_question=True, stops=STOPS, answers=answers, tail=True)
    assert got is expected


# after_host: the host's last word may begin up to 2.0 s (the decoders' clock)
HOST_UNTIL = 2.0


@pytest.mark.parametrize(
    ("units", "host_until", "expected"),
    [
        # the host's question left by the canceller, then the answer said after it: the answer alone
        ([(("altra", 1.2, 1.5),), (("rivincita", 2.3, 2.9),)], HOST_UNTIL, (("rivincita", 2.3, 2.9),)),
        ([(("altra", 1.2, 1.5),), (("basta", 1.6, 2.0),), (("tre", 2.1, 2.4),)], HOST_UNTIL, (("tre", 2.1, 2.4),)),
        # a phrase begun within the host's sound and ended after it is kept whole
        ([(("altra", 1.0, 1.3),), (("ci", 1.7, 1.8), ("credo", 1.8, 2.3))], HOST_UNTIL,
         (("ci", 1.7, 1.8), ("credo", 1.8, 2.3))),
        # wholly within the host's sound: kept for the rule to judge (an answer said before the question ended)
        ([(("dubito", 1.2, 1.6),)], HOST_UNTIL, (("dubito", 1.2, 1.6),)),
        # an answer said over the question's end runs past it: kept whole
        ([(("dubito", 1.7, 2.2),)], HOST_UNTIL, (("dubito", 1.7, 2.2),)),
        # no host at all: everything is the player's
        ([(("tre", 0.0, 0.2),), (("cinque", 0.3, 0.6),)], -1.0, (("tre", 0.0, 0.2), ("cinque", 0.3, 0.6))),
        ([], HOST_UNTIL, ()),
    ],
)
def test_the_hosts_own_words_before_a_players_are_taken_out(
    units: list[tuple[tuple[str, float, float], ...]], host_until: float,
    expected: tuple[tuple[str, float, float], ...],
) -> None:
    assert after_host(units, host_until) == expected
