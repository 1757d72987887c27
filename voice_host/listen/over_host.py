"""What a phrase heard while the host may be speaking does: the barge-in rule, pure.

- a stop phrase cuts the host (``STOP``), or does nothing with the host quiet
  (``DROP``), unless it is also an answer of the phase and the host is quiet or
  asking its question (``ANSWER``); over the question, where a player is
  answering and an answer misheard may come out as a stop phrase, it cuts only
  when the confidence check is sure;
- with the host quiet, any other phrase is the player's (``ANSWER``);
- over the host, a phrase counts only over the question (``ANSWER``: the rest of
  the question stops), sure or not, as after the question: one the confidence
  check is unsure of is asked back where acting on it would cost (the session's
  rule), instead of dropped while the player thinks they have answered; but
  not an unsure phrase that is the last words of a longer one of the phase
  (``tail``): the host's voice masks the start of words said over it, and
  "non ci credo" heard as "ci credo" is the opposite answer;
  anything over the host's other sentences is dropped (``DROP``): the host's
  words are never a player's.

Before the rule, :func:`after_host` takes out of an utterance the words that lie
wholly within the host's own sound (what the canceller left of it) when the
player's words follow them.
"""

from __future__ import annotations

import enum
from collections.abc import Collection, Sequence

from voice_host.listen.messages import Timed


class Verdict(enum.Enum):
    """What the listener does with a phrase heard."""

    ANSWER = "answer"
    STOP = "stop"
    DROP = "drop"


def verdict(
    text: str, *, sure: bool, host_on: bool, in_question: bool, stops: Collection[str], answers: Collection[str],
    tail: bool = False,
) -> Verdict:
    """The rule above for the phrase ``text`` (``tail``: it is the last words of a longer phrase of the phase).

    >>> stops, answers = {"basta"}, {"otto", "dubito"}
    >>> verdict("basta", sure=True, host_on=True, in_question=False, stops=stops, answers=answers).value
    'stop'
    >>> verdict("otto", sure=True, host_on=True, in_question=False, stops=stops, answers=answers).value
    'drop'
    >>> verdict("basta", sure=False, host_on=True, in_question=True, stops=stops, answers=answers).value
    'drop'
    >>> verdict("otto", sure=False, host_on=True, in_question=True, stops=stops, answers=answers).value
    'answer'
    >>> verdict("otto", sure=False, host_on=True, in_question=True, stops=stops, answers=answers, tail=True).value
    'drop'
    """
    if text in stops and not (text in answers and (in_question or not host_on)):
        return Verdict.STOP if host_on and (sure or not in_question) else Verdict.DROP
    if not host_on:
        return Verdict.ANSWER
    return Verdict.ANSWER if in_question and (sure or not tail) else Verdict.DROP


def after_host(units: Sequence[Sequence[Timed]], host_until: float) -> tuple[Timed, ...]:
    """The words of an utterance that may be a player's, given as its ``units`` (its words, on the decoders'
    clock, cut into whole phrase variants and single other words) and that a word of the host's may have begun
    up to ``host_until``.

    A unit that ended by ``host_until`` lies wholly within the host's sound. Followed by units after it, it is
    the host's, left by the canceller, joined to the answer said after it: dropped ("됐어요 라면" through the
    sink: the end of "Un'altra?" and the player's "라면", which as one utterance matched no phrase). A phrase
    begun over the host and ended after it is one unit, kept whole ("점수 취소" is not cut to "취소"). An
    utterance wholly within the host's sound keeps its words: the rule above judges it (dropping it too cost
    a third of the answers said over the end of a question in ``bench/barge_in.py``: 62 % against 92 %).

    >>> after_host([(("됐어요", 0.0, 0.3),), (("라면", 0.81, 1.23),)], 0.7)
    (('라면', 0.81, 1.23),)
    >>> after_host([(("점수", 0.4, 0.6), ("취소", 0.6, 1.0))], 0.7)
    (('점수', 0.4, 0.6), ('취소', 0.6, 1.0))
    >>> after_host([(("됐어요", 0.18, 0.36),)], 0.7)
    (('됐어요', 0.18, 0.36),)
    """
    kept = tuple(word for unit in units if unit and unit[-1][2] > host_until for word in unit)
    return kept if kept else tuple(word for unit in units for word in unit)
