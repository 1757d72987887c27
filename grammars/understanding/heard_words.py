"""The words a recognizer must be able to output for the understanding to work on speech.

A recognizer in grammar mode outputs only its grammar's words (and ``[unk]`` for the
rest). The understanding model spots content words that are no phrase of the phase
("bluffi", "mi fido", "non", "ripetere", "tris"): each game lists them per phase, and
:func:`spotted_phrases` turns them into :class:`~grammars.phrases.SpottedPhrase` for the
recognizer, leaving out those a phrase of the phase already spells.

:func:`meaning_of_heard` is the other direction: what the parser made of a recognised
text, as the phrase of the phase that means the same (so the host hears "dubito" for
"[unk] bluffi"), the text itself when the parser asks back (a conflict), or None when it
decides nothing (table talk).

>>> from grammars.phrases import Phrase
>>> [p.text for p in spotted_phrases(("bluffi", "dubito", "quante penalità"), (Phrase.of("dubito"),))]
['bluffi', 'quante penalità']
>>> spotted_phrases(("quante penalità",), ())[0].variants
('quante penalità', 'quante penalita')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from grammars.intents import AskBack, Conflict, Intent, NotUnderstood
from grammars.normalize import key, phrase
from grammars.phrases import Phrase, SpottedPhrase


def spotted_phrases(wordings: Iterable[str], phrases: Iterable[Phrase]) -> tuple[SpottedPhrase, ...]:
    """One :class:`SpottedPhrase` per wording (with its accent-free spelling), unless a phrase spells it already."""
    taken = {key(v) for p in phrases for v in p.variants}
    out: dict[str, SpottedPhrase] = {}
    for wording in wordings:
        k = key(wording)
        if k and k not in taken and k not in out:
            out[k] = SpottedPhrase(wording, phrase(wording).variants)
    return tuple(out.values())


def decisive(intent: Intent) -> bool:
    """True when ``intent`` settles something or must be asked (a conflict): not a plain "not understood".

    >>> from grammars.intents import Yes, Unsettled
    >>> decisive(Yes()), decisive(NotUnderstood("boh", Unsettled.CONFLICT)), decisive(Conflict("x", Unsettled.CONFLICT))
    (True, False, True)
    """
    return not isinstance(intent, NotUnderstood) or isinstance(intent, Conflict)


def meaning_of_heard(
    parse: Callable[[str], Intent], phrases: Sequence[Phrase]
) -> Callable[[str], Phrase | None]:
    """A function from a recognised text to the phrase of ``phrases`` that means what ``parse`` makes of it.

    A text that decides nothing gives None; one whose meaning no phrase has (a conflict, dice
    by pattern) gives a phrase of the text itself, which the parser reads again the same way.
    The phrases' meanings are worked out once, on first need.

    >>> from grammars.intents import Yes, No, Unsettled
    >>> meanings = {"sì": Yes(), "no": No(), "unk certo": Yes(), "sì no": Conflict("sì no", Unsettled.CONFLICT)}
    >>> parse = lambda text: meanings.get(text, NotUnderstood(text, Unsettled.CONFLICT))
    >>> heard = meaning_of_heard(parse, (Phrase.of("sì"), Phrase.of("no")))
    >>> heard("unk certo").text, heard("sì no").text, heard("unk unk")
    ('sì', 'sì no', None)
    """
    by_meaning: dict[Intent, Phrase] | None = None

    def heard(text: str) -> Phrase | None:
        nonlocal by_meaning
        intent = parse(text)
        if not decisive(intent):
            return None
        if isinstance(intent, (Conflict, AskBack)):
            return Phrase.of(text)
        if by_meaning is None:
            by_meaning = {}
            for p in phrases:
                if not isinstance(p, SpottedPhrase):
                    by_meaning.setdefault(parse(p.text), p)
        return by_meaning.get(intent, Phrase.of(text))

    return heard
