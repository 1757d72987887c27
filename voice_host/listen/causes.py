"""Why a spoken phrase ended as it did: the cause table of ``bench/hearing.py --detail``.

Each phrase spoken in a trial ends right, asked back, wrong or missed
(:class:`voice_host.hearing.trial.Tally`). To attack the largest causes the
benchmark sorts every phrase not heard right by what the decoders did with it,
from the utterances the listener reported while it was played.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from voice_host.listen.messages import Utterance
from voice_host.model.tokens import words

NO_DECODE = "no decode at all"
TOO_LATE = "still open when the answer window closed"
WITH_OTHER_WORDS = "phrase + other words in one decode"
OTHER_WORDS = "decoded other words only"
NOT_VOICED = "right phrase, not voiced"
ANOTHER_DROPPED = "another phrase, dropped as chatter"


def cause(said: str, outcome: str, seen: Sequence[Utterance], open_partial: str = "") -> str:
    """Why ``said`` ended as ``outcome`` ("right", "confirmed", "wrong", "missed").

    ``seen`` are the utterances reported while it was played; ``open_partial``
    what the decoder had heard of an utterance still open when listening stopped.
    """
    judged = [u for u in seen if u.confidence is not None]
    if outcome == "right":
        return "right"
    if outcome == "wrong":
        return f"wrong: {judged[-1].match.heard if judged else '?'}"
    if outcome == "confirmed":
        reason = judged[-1].confidence.reason if judged and judged[-1].confidence is not None else ""
        trimmed = judged[-1].decoded is not None and judged[-1].decoded.trimmed if judged else False
        return f"asked back: {reason}{' (trimmed)' if trimmed else ''}"
    if not seen:
        return TOO_LATE if open_partial.strip() else NO_DECODE
    key = words(said)
    for utterance in seen:
        if utterance.match.phrase is not None and utterance.match.phrase.text == said:
            if not utterance.voiced:
                return NOT_VOICED
            if utterance.confidence is not None:
                return f"right phrase, dropped: {utterance.confidence.reason}"
    for utterance in seen:
        heard = words(utterance.match.heard)
        if any(heard[i : i + len(key)] == key for i in range(len(heard) - len(key) + 1)):
            return WITH_OTHER_WORDS
    if any(u.confidence is not None for u in seen):
        return ANOTHER_DROPPED
    return OTHER_WORDS


def table(rows: Sequence[tuple[bool, str]]) -> list[str]:
    """Lines counting ``(over babble, cause)`` rows by cause, clean and babble side by side, largest first."""
    clean = Counter(c for noisy, c in rows if not noisy)
    noisy = Counter(c for noisy, c in rows if noisy)
    causes = sorted(set(clean) | set(noisy), key=lambda c: (-(clean[c] + noisy[c]), c))
    lines = [f"{'cause':45} clean babble"]
    lines += [f"{c:45} {clean[c]:5} {noisy[c]:6}" for c in causes]
    return lines
