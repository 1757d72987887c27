"""What a phrase heard while the host may be speaking does: the barge-in rule, pure.

- a stop phrase cuts the host (``STOP``), or does nothing with the host quiet
  (``DROP``), unless it is also an answer of the phase and the host is quiet or
  asking its question (``ANSWER``);
- with the host quiet, any other phrase is the player's (``ANSWER``);
- over the host, a phrase counts only over the question and only when the
  confidence check is sure (``ANSWER``: the rest of the question stops);
  anything else is dropped (``DROP``): the host's words are never a player's.
"""

from __future__ import annotations

import enum
from collections.abc import Collection


class Verdict(enum.Enum):
    """What the listener does with a phrase heard."""

    ANSWER = "answer"
    STOP = "stop"
    DROP = "drop"


def verdict(
    text: str, *, sure: bool, host_on: bool, in_question: bool, stops: Collection[str], answers: Collection[str]
) -> Verdict:
    """The rule above for the phrase ``text``.

    >>> stops, answers = {"basta"}, {"otto", "dubito"}
    >>> verdict("basta", sure=True, host_on=True, in_question=False, stops=stops, answers=answers).value
    'stop'
    >>> verdict("otto", sure=True, host_on=True, in_question=False, stops=stops, answers=answers).value
    'drop'
    """
    if text in stops and not (text in answers and (in_question or not host_on)):
        return Verdict.STOP if host_on else Verdict.DROP
    if not host_on:
        return Verdict.ANSWER
    return Verdict.ANSWER if in_question and sure else Verdict.DROP
