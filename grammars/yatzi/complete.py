"""When a Yatzi answer is whole: nothing the player could still add would change what it means.

The dice phases take dictations (:data:`~grammars.yatzi.grammar.SEQUENCE_PHASES`): a player may
pause between dice, so the listener waits a long pause after every word. The phase knows more
than the listener: five dice end a dictation of the roll, "tira" alone cannot go on, a keep that
names every die on the table leaves nothing to add. :func:`answer_complete` says so, from the
text, the phase and the dice on the table only; when unsure it says False, and the long pause
stays. A dictation cut short must never be called complete ("tre tre tre cinque" before "e sei",
"tengo cinque" before "e sei", "due cinque due sei uno" before "tre": counts said one by one).

>>> [answer_complete(t, Phase.DICE) for t in ("tre tre tre cinque e sei", "tre tre tre cinque")]
[True, False]
>>> [answer_complete(t, Phase.VIRTUAL, dice=(2, 5, 5, 5, 6)) for t in ("tira", "tengo cinque cinque", "basta")]
[True, False, True]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache

from engine.yatzi.score import DICE_COUNT
from grammars.intents import Intent
from grammars.normalize import fold, normalize, prepare
from grammars.yatzi.grammar import Phase, parse_yatzi
from grammars.yatzi.intents import ChooseBox, KeepAll, KeepDice, RerollDice, RollDice, SayDice
from grammars.yatzi.words import (
    ARTICLES,
    BOX_VERBS,
    BOX_WORDS,
    COUNT_ONE,
    DICE_LEAD_INS,
    EVERY_WORDS,
    FACE_WORDS,
    KEEP_ALL_WORDS,
    PATTERN_JOINS,
    PLURAL_FACE_WORDS,
    REROLL_ALL_WORDS,
    ROLL_WORDS,
)


def answer_complete(text: str, phase: Phase, *, dice: Sequence[int] = (), boxes: bool = False) -> bool:
    """True when ``text`` is a whole answer of ``phase`` that nothing more the player says could change.

    ``phase``: :attr:`Phase.DICE` (the roll dictated) or :attr:`Phase.VIRTUAL` (keep, reroll, roll,
    stop; ``dice`` are those on the table, ``boxes=True`` when a box may be named too, as after a
    virtual roll). Any other phase: False (its phrases are whole phrases; the listener tells them).

    >>> answer_complete("tengo tre tre tre cinque sei", Phase.VIRTUAL, dice=(3, 3, 3, 5, 6))
    True
    >>> answer_complete("tengo tutti", Phase.VIRTUAL, dice=(3, 3, 3, 5, 6))  # "... i tre"
    False
    >>> answer_complete("full", Phase.VIRTUAL, boxes=True), answer_complete("scala", Phase.VIRTUAL, boxes=True)
    (True, False)
    """
    said = fold(normalize(text)).split()
    if not said:
        return False
    if phase is Phase.DICE:
        return _dice_complete(said, parse_yatzi(text, Phase.DICE))
    if phase is Phase.VIRTUAL:
        intent = parse_yatzi(text, Phase.VIRTUAL)
        if isinstance(intent, (RollDice, KeepAll)) or intent == KeepDice(()):
            return _whole_command(prepare(text))
        if isinstance(intent, (KeepDice, RerollDice)):
            return said[-1] in _face_words() and _names_every_die(intent, dice)
        if boxes:
            return _box_complete(prepare(text), parse_yatzi(text, Phase.BOX))
    return False


def _dice_complete(said: list[str], intent: Intent) -> bool:
    """Five dice heard, the last a face, and the words not counts said so far ("due cinque due sei uno": "tre")."""
    if not isinstance(intent, SayDice) or intent.check or len(intent.values) != DICE_COUNT:
        return False
    if _all_five_cut_short(said):
        return False
    return said[-1] in _face_words() and not _counts_cut_short([w for w in said if w not in _dropped()])


def _all_five_cut_short(said: Sequence[str]) -> bool:
    """True when ``said`` ends with "tutti e cinque (i dadi fanno)": all five dice, their face still to come.

    >>> _all_five_cut_short("tutti e cinque".split()), _all_five_cut_short("tutti e cinque i dadi fanno".split())
    (True, True)
    >>> _all_five_cut_short("tutti cinque".split()), _all_five_cut_short("tutti e cinque fanno quattro".split())
    (False, False)
    """
    five = FACE_WORDS[DICE_COUNT][0]
    for i in range(len(said) - 2):
        if said[i : i + 3] == ["tutti", "e", five]:
            return all(w in PATTERN_JOINS for w in said[i + 3 :])
    return False


def _counts_cut_short(words: Sequence[str]) -> bool:
    """True when ``words`` could be dice said by counts with the last face still to come.

    >>> _counts_cut_short("due cinque due sei uno".split()), _counts_cut_short("tre tre tre cinque sei".split())
    (True, False)
    """
    if len(words) % 2 == 0:
        return False
    counts = [1 if w == COUNT_ONE else _count_of().get(w, 0) for w in words[::2]]
    faces_between = all(w in _face_words() for w in words[1::2])
    return faces_between and all(counts) and sum(counts) <= DICE_COUNT


def _names_every_die(intent: KeepDice | RerollDice, dice: Sequence[int]) -> bool:
    """True when the keep or reroll takes every die on the table: there is none left to name."""
    if len(dice) != DICE_COUNT:
        return False
    named = Counter(intent.faces) + Counter(d for d in dice if d in intent.every)
    return named == Counter(dice)


def _whole_command(tokens: tuple[str, ...]) -> bool:
    """True when no longer roll, keep-all or reroll-all spelling of another meaning, and no keep of faces,
    begins with ``tokens`` ("tengo tutti" may become "tengo tutti i cinque")."""
    if not tokens or tokens[-1] in EVERY_WORDS:
        return False
    own = _command_meaning().get(tokens)
    return own is not None and all(
        meaning == own for spelling, meaning in _command_meaning().items() if spelling[: len(tokens)] == tokens
    )


def _box_complete(tokens: tuple[str, ...], intent: Intent) -> bool:
    """A box named whole: no longer box name begins with its words ("scala" of "scala minima")."""
    if not isinstance(intent, ChooseBox):
        return False
    rest = [t for t in tokens if t not in ARTICLES and t not in BOX_VERBS]
    longer = (tuple(prepare(name)) for names in BOX_WORDS.values() for name in names)
    return bool(rest) and not any(len(n) > len(rest) and list(n[: len(rest)]) == rest for n in longer)


@cache
def _command_meaning() -> dict[tuple[str, ...], str]:
    spellings = {"roll": ROLL_WORDS, "keep_all": KEEP_ALL_WORDS, "reroll_all": REROLL_ALL_WORDS}
    return {prepare(s): meaning for meaning, words in spellings.items() for s in words}


@cache
def _face_words() -> frozenset[str]:
    return frozenset(fold(w) for words in (*FACE_WORDS.values(), *PLURAL_FACE_WORDS.values()) for w in words)


@cache
def _count_of() -> dict[str, int]:
    return {fold(w): face for face, words in FACE_WORDS.items() for w in words}


@cache
def _dropped() -> frozenset[str]:
    """Lead-ins and "e", which a dictation drops; "un" stays: it counts one die."""
    return frozenset(DICE_LEAD_INS - {COUNT_ONE}) | {"e"}
