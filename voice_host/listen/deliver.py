"""The deliver stage: what the listener does with one verified utterance.

Nothing matched, or nothing voiced (a decode of steady noise): listening goes
on. Without a second opinion a phrase is heard as sure. Chatter (the confidence
check's verdict) is dropped and listening goes on; any other verdict is heard,
``sure`` or to be asked back.
"""

from __future__ import annotations

from voice_host.core.ports import Heard
from voice_host.hearing.confidence import Verdict
from voice_host.listen.messages import Utterance


def deliver(utterance: Utterance) -> Heard | None:
    """What the host heard in ``utterance``, or None to go on listening.

    >>> from voice_host.listen.nearest_phrase import Match, MatchReason
    >>> from grammars.phrases import Phrase
    >>> said = Match("서른", Phrase.of("서른"), 0, MatchReason.EXACT)
    >>> deliver(Utterance("claim", said, early=True, decoded_at=0.0, voiced=True))
    Heard(text='서른', sure=True)
    >>> deliver(Utterance("claim", said, early=True, decoded_at=0.0, voiced=False)) is None
    True
    """
    phrase = utterance.match.phrase
    if phrase is None or not utterance.voiced:
        return None
    confidence = utterance.confidence
    if confidence is None:
        return Heard(phrase.text)
    if confidence.verdict is Verdict.CHATTER:
        return None
    return Heard(phrase.text, confidence.sure)
