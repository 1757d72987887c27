"""The Italian language of Yatzi: phrases per phase, and text -> intent.

Phases (:class:`Phase`, what the host is waiting for):

- ``"dice"``: physical dice, the five final values said one by one
  ("tre tre tre cinque sei", "tre, tre, tre, cinque e sei", "sono usciti tre, tre,
  tre, un cinque e un sei", or "3 3 3 5 6" on a keyboard), or by counts of faces
  ("tre sei e due quattro", "due cinque, due sei e un tre", "tre assi e due sei")
  -> ``SayDice``; counts that could be a dictation cut short are marked ``check``.
  Any other count of dice -> ``NotUnderstood`` with ``Reason.WRONG_DICE_COUNT``
  (the host asks again).
- ``"box"``: a scorecard box, optionally after a verb ("segno", "metti",
  "scrivi", "faccio"...), an article and a pronoun ("segno la scala minima", "metti
  nei due", "lo metto nel tris", "il full") -> ``ChooseBox``. Here "due" is the
  box ``due``; in the dice phase it is a die showing 2.
- ``"virtual"``: virtual dice: "tira" -> ``RollDice``; "tengo 3 3 5" ->
  ``KeepDice``; "ritira 1 2" -> ``RerollDice``; "tengo tutto"/"basta (così)" ->
  ``KeepAll``; "ritira tutto"/"rilancia tutto" -> ``KeepDice(())`` (keep nothing). Faces are
  named die by die ("tengo tre tre": two dice showing 3), or every die of a face ("tengo i
  cinque", "ritira gli assi": ``every``), or a count of a face ("tengo i due cinque"); the host
  checks them against the dice on the table.
- ``"confirm"``: "sì"/"confermo"/"certo" -> ``Yes``, "no"/"non confermo"/"no, ho sbagliato" -> ``No``.
- ``"start"``: who starts: the value of one die ("tre", "ho fatto tre", "mi è uscito un tre", "3")
  -> ``SayDice`` of one value. Several dice -> ``Reason.WRONG_DICE_COUNT``.

Every phase also understands the phase-independent commands of
:mod:`grammars.commands` (ripeti, classifica, punteggi, aiuto, annulla, fine
partita), and every phase but ``"confirm"`` "consiglio" -> ``AskAdvice``. Nothing valid gives
``NotUnderstood``, never an exception.

Recognizer note: :func:`yatzi_phrases` gives, for the ``"dice"`` and
``"virtual"`` phases, the face words (and "e", "tengo", "ritira") as single-word
phrases instead of every sequence (7776 for five dice): the recognizer must
accept *sequences* of these phrases in these two phases
(:data:`SEQUENCE_PHASES`). The ``"box"``, ``"confirm"`` and ``"start"`` phases
are whole phrases.

>>> parse_yatzi("tre, tre, tre, cinque e sei", Phase.DICE)
SayDice(values=(3, 3, 3, 5, 6), check=False)
>>> parse_yatzi("due", Phase.DICE).reason, parse_yatzi("due", Phase.BOX)
(<Reason.WRONG_DICE_COUNT: 'wrong_dice_count'>, ChooseBox(box='due'))
>>> parse_yatzi("segno la scala minima", Phase.BOX)
ChooseBox(box='scala_minima')
>>> parse_yatzi("tengo 3 3 e 5", Phase.VIRTUAL), parse_yatzi("ripeti", Phase.VIRTUAL)
(KeepDice(faces=(3, 3, 5), every=()), Repeat())
>>> parse_yatzi("tengo i cinque", Phase.VIRTUAL), parse_yatzi("ritira gli assi e il due", Phase.VIRTUAL)
(KeepDice(faces=(), every=(5,)), RerollDice(faces=(2,), every=(1,)))
>>> say_dice((3, 3, 3, 5, 6)), box_name("scala_massima")
('tre, tre, tre, cinque e sei', 'scala massima')
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache

from engine.yatzi.score import BOXES, DICE_COUNT, FACES
from grammars.commands import assent_entries, command_entries, command_table, yes_no_entries
from grammars.intents import Intent, No, NotUnderstood, Yes
from grammars.it.numbers import NUMBER_OF_WORD
from grammars.it.words import COMMAND_WORDS, NEGATORS, SKIP_WORDS, YES_NO, YES_NO_WORDS
from grammars.normalize import fold, join, key, normalize, phrase, prepare
from grammars.phases import ListeningPhase, NotUnderstoodReason
from grammars.phrase_table import PhraseTable
from grammars.phrases import ExtraPhrase, LeadInPhrase, Phrase, SpottedPhrase
from grammars.understanding.heard_words import spotted_phrases
from grammars.understanding.spotting import HARMLESS, Vocabulary, settle, spot, understand
from grammars.yatzi.intents import AskAdvice, ChooseBox, KeepAll, KeepDice, ReadCard, RerollDice, RollDice, SayDice
from grammars.yatzi.words import (
    ADVICE_WORDS,
    AGAIN_VERBS,
    ALL_DICE_WORDS,
    ALL_WORDS,
    AND,
    ARTICLES,
    BOX_VERBS,
    BOX_WORDS,
    CARD_WORDS,
    COUNT_ONE,
    DESCRIPTION_COUNTS,
    DICE_LEAD_IN_PHRASES,
    DICE_LEAD_INS,
    DICTATION_ARTICLES,
    DICTATION_SPOILERS,
    EVERY_WORDS,
    EXCEPT_WORDS,
    FACE_WORDS,
    FULL_WORD,
    GROUP_COUNTS,
    HEARD_KEEP_WORDS,
    HEARD_PATTERN_JOINS,
    KEEP_ALL_HELP,
    KEEP_ALL_WORDS,
    KEEP_CLOSERS,
    KEEP_VERBS,
    LOOSE_REROLL_VERBS,
    ONE_WORDS,
    PATTERN_COUNTS,
    PATTERN_JOINS,
    PLURAL_FACE_WORDS,
    REROLL_ALL_WORDS,
    REROLL_VERBS,
    REST_WORDS,
    ROLL_WORDS,
    SMALL_STRAIGHT,
    SPOTTED_ADVICE_WORDS,
    SPOTTED_BOX_WORDS,
    SPOTTED_CARD_WORDS,
    SPOTTED_STOP_WORDS,
    START_LEAD_IN,
    START_LEAD_INS,
    STRAIGHT_SIZES,
    STRAIGHT_WORD,
    TIMES_WORD,
)


class Phase(ListeningPhase):
    """What the host is waiting for; each phase has its own small grammar."""

    DICE = "dice"
    """Physical dice: the five final values, one by one."""
    BOX = "box"
    """The box to fill."""
    VIRTUAL = "virtual"
    """Virtual dice: roll, keep, reroll, stop."""
    CONFIRM = "confirm"
    """A sì/no question."""
    START = "start"
    """Who starts: the value of one die."""


class Reason(NotUnderstoodReason):
    """Why :func:`parse_yatzi` did not understand; the host picks its sentence from this."""

    EMPTY = "empty"
    """Nothing but silence, fillers or punctuation."""
    UNKNOWN = "unknown"
    """Nothing Yatzi knows in this phase or any other."""
    WRONG_DICE_COUNT = "wrong_dice_count"
    """Dice said one by one, but not five (dice phase), more than five (keep/reroll), or not one (start)."""
    NO_DICE = "no_dice"
    """"tengo" / "ritira" with no face after it."""
    NOT_NOW = "not_now"
    """Valid in another phase, not in this one ("tris" while waiting for the dice)."""


#: Phases whose utterances are *sequences* of the listed phrases ("tre tre tre
#: cinque sei", "tengo tre e cinque"): a recognizer/matcher must not snap them to
#: one phrase but pass the words on (checking each against the vocabulary).
SEQUENCE_PHASES: frozenset[Phase] = frozenset({Phase.DICE, Phase.VIRTUAL})


# ---------------------------------------------------------------- phrase data


# ---------------------------------------------------------------- speaking


def face_word(face: int) -> str:
    """The word the host says for one die showing ``face`` ("uno" .. "sei")."""
    if face not in FACE_WORDS:
        raise ValueError(f"not a face of a die: {face!r}")
    return FACE_WORDS[face][0]


def say_dice(dice: Sequence[int]) -> str:
    """The dice as the host says them, in the order given.

    >>> say_dice((3, 3, 3, 5, 6)), say_dice((1, 6)), say_dice((4,)), say_dice(())
    ('tre, tre, tre, cinque e sei', 'uno e sei', 'quattro', '')
    """
    words = [face_word(d) for d in dice]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {AND} " + words[-1]


def box_name(box: str) -> str:
    """The spoken Italian name of ``box`` (a key of ``engine.yatzi.score.BOXES``).

    >>> box_name("scala_minima"), box_name("assi"), box_name("yatzi")
    ('scala minima', 'assi', 'yatzi')
    """
    if box not in BOX_WORDS:
        raise ValueError(f"unknown box: {box!r}")
    return BOX_WORDS[box][0]


# ---------------------------------------------------------------- tables


def _face_phrase(face: int) -> Phrase:
    return phrase(*FACE_WORDS[face])


def _box_phrase(box: str) -> Phrase:
    """A box name, alone and after each verb, each with its accent-free spelling."""
    names = BOX_WORDS[box]
    spellings = list(names) + [f"{verb} {name}" for verb in BOX_VERBS[:2] for name in names]
    return phrase(*spellings)


@cache
def _box_table() -> PhraseTable[Intent]:
    return PhraseTable([(phrase(*BOX_WORDS[box]), ChooseBox(box)) for box in BOXES])


@cache
def _virtual_table() -> PhraseTable[Intent]:
    return PhraseTable(
        [
            (phrase(*ROLL_WORDS), RollDice()),
            (phrase(*KEEP_ALL_WORDS), KeepAll()),
            (phrase(*REROLL_ALL_WORDS), KeepDice(())),
        ]
    )


@cache
def _face_of_word() -> dict[str, int]:
    return {fold(word): face for face, words in FACE_WORDS.items() for word in words}


@cache
def _face_of_plural_word() -> dict[str, int]:
    return {fold(word): face for face, words in PLURAL_FACE_WORDS.items() for word in words}


def _card_phrase() -> Phrase:
    return phrase(*CARD_WORDS)


def _advice_phrase() -> Phrase:
    return phrase(*ADVICE_WORDS)


@cache
def _card_table() -> PhraseTable[Intent]:
    return PhraseTable([(_card_phrase(), ReadCard()), (_advice_phrase(), AskAdvice())])


def _start_phrase(face: int) -> Phrase:
    """One die to choose who starts: its words, alone and after each lead-in."""
    words = FACE_WORDS[face]
    return phrase(*words, *(f"{START_LEAD_IN} {word}" for word in words))


def _box_phrases() -> tuple[Phrase, ...]:
    return tuple(_box_phrase(box) for box in BOXES)


def _sequence_phrases() -> tuple[Phrase, ...]:
    return tuple(_face_phrase(face) for face in FACES) + (Phrase.of(AND),)


def _plural_phrases() -> tuple[Phrase, ...]:
    """The plural face words, each a phrase of its own: "gli assi", "tre assi"."""
    return tuple(ExtraPhrase.of(*phrase(*words).variants) for words in PLURAL_FACE_WORDS.values())


def _virtual_phrases() -> tuple[Phrase, ...]:
    # each word before a face its own phrase, as the faces are: "tengo i cinque", "tutti i cinque"
    joining = tuple(Phrase.of(word) for word in (*EVERY_WORDS, *ONE_WORDS))
    return (
        phrase(*ROLL_WORDS),
        phrase(*KEEP_ALL_WORDS),
        phrase(*REROLL_ALL_WORDS),
        phrase(*KEEP_VERBS),
        phrase(*REROLL_VERBS),
    ) + _sequence_phrases() + joining + _plural_phrases()


def yatzi_phrases(phase: Phase) -> tuple[Phrase, ...]:
    """The phrases valid in ``phase``, commands included.

    In ``"dice"`` and ``"virtual"`` the dice are single-word phrases (see the
    module note): the recognizer must accept sequences of them. Raises
    ``ValueError`` for an unknown phase.

    >>> [p.text for p in yatzi_phrases(Phase.DICE)][:7]
    ['uno', 'due', 'tre', 'quattro', 'cinque', 'sei', 'e']
    >>> yatzi_phrases(Phase.BOX)[9].variants[:2]
    ('scala minima', 'scala piccola')
    """
    ph = Phase(phase)  # a member of another game's phases, or a bare name, must still be one of Yatzi's
    own: tuple[Phrase, ...]
    if ph is Phase.DICE:
        own = _sequence_phrases() + tuple(LeadInPhrase.of(word) for word in DICE_LEAD_IN_PHRASES) + _plural_phrases()
    elif ph is Phase.BOX:
        own = _box_phrases()
    elif ph is Phase.VIRTUAL:
        own = _virtual_phrases()
    elif ph is Phase.START:
        own = tuple(_start_phrase(face) for face in FACES)
    else:
        own = tuple(p for p, _ in yes_no_entries() + assent_entries())
    card: tuple[Phrase, ...] = (_card_phrase(),) if ph in (Phase.DICE, Phase.BOX, Phase.VIRTUAL) else ()
    card += (_advice_phrase(),) if ph in (Phase.DICE, Phase.BOX, Phase.VIRTUAL, Phase.START) else ()
    listed = own + card + tuple(p for p, _ in command_entries())
    return listed + _spotted(ph, listed)


@cache
def _spotted(phase: Phase, listed: tuple[Phrase, ...]) -> tuple[SpottedPhrase, ...]:
    """The content words the understanding spots in ``phase`` that no phrase of it spells, for the recognizer.

    Every phase: the command content words; dice: the pattern words ("tris di quattro più un
    due"); keeps: "tutto tranne", "tira di nuovo", "solo"; boxes: their other names; a sì/no
    question: the spotted sì and no and the negators; the advice and card words where they count.

    >>> words = [p.text for p in yatzi_phrases(Phase.DICE) if isinstance(p, SpottedPhrase)]
    >>> "tris" in words, "più" in words, "ripetere" in words, "tre" in words
    (True, True, True, False)
    """
    wordings: list[str] = [w for _, ws in COMMAND_WORDS for w in ws]
    if phase is Phase.DICE:
        wordings += [*PATTERN_COUNTS, FULL_WORD, STRAIGHT_WORD, *HEARD_PATTERN_JOINS]
    elif phase is Phase.VIRTUAL:
        wordings += HEARD_KEEP_WORDS
    elif phase is Phase.BOX:
        wordings += [w for ws in SPOTTED_BOX_WORDS.values() for w in ws]
    elif phase is Phase.CONFIRM:
        wordings += [*(w for _, ws in YES_NO_WORDS for w in ws), *sorted(NEGATORS)]
    if phase is not Phase.CONFIRM:
        wordings += SPOTTED_ADVICE_WORDS
        if phase is not Phase.START:
            wordings += SPOTTED_CARD_WORDS
    return spotted_phrases(wordings, listed)


def yatzi_all_phrases() -> dict[Phase, tuple[Phrase, ...]]:
    """Phase -> its phrases, for vocabulary checks at start-up (as ``tokio_all_phrases``)."""
    return {ph: yatzi_phrases(ph) for ph in Phase}


# ---------------------------------------------------------------- examples for the help

#: The five dice of an example dictation in the help.
_EXAMPLE_DICE = (3, 3, 3, 5, 6)
#: The die of the example answer while choosing who starts.
_EXAMPLE_START_DIE = 4


def help_examples(phase: Phase, *, dice: Sequence[int] = (), boxes: Sequence[str] = ()) -> tuple[str, ...]:
    """The phrases the help names for ``phase``, made from the same word tables the parser reads.

    ``dice`` are the dice on the table: with them the virtual phase gives a keep,
    a reroll and a stop fitted to them (keep every die of the most frequent face),
    without them a roll. ``boxes`` are the player's free boxes, best first: the box phase
    names the first three. Every example is understood in its phase (the tests
    parse each one).

    >>> help_examples(Phase.DICE), help_examples(Phase.START), help_examples(Phase.VIRTUAL)
    (('tre tre tre cinque sei',), ('quattro',), ('tira',))
    >>> help_examples(Phase.VIRTUAL, dice=(2, 5, 5, 5, 6))
    ('tengo i cinque', 'ritira due', 'basta')
    >>> help_examples(Phase.VIRTUAL, dice=(1, 2, 3, 4, 6))[0], help_examples(Phase.VIRTUAL, dice=(4,) * 5)[0]
    ('tengo sei', 'tengo quattro, quattro, quattro e quattro')
    >>> help_examples(Phase.BOX, boxes=["full", "tris", "assi", "due"])
    ('full', 'tris', 'assi')
    """
    if phase is Phase.START:
        return (face_word(_EXAMPLE_START_DIE),)
    if phase is Phase.DICE:
        return (" ".join(face_word(d) for d in _EXAMPLE_DICE),)
    if phase is Phase.BOX:
        return tuple(box_name(box) for box in boxes[:3])
    if phase is Phase.VIRTUAL:
        if not dice:
            return (ROLL_WORDS[0],)
        ordered = sorted(dice)
        face = max(ordered, key=lambda d: (ordered.count(d), d))
        shown = ordered.count(face)
        if 1 < shown < DICE_COUNT:  # "tengo i cinque": every die of the face
            keep = f"{_word(EVERY_WORDS, 'i')} {face_word(face)}"
        else:
            keep = say_dice([face] * min(shown, DICE_COUNT - 1))
        rest = [d for d in ordered if d != face] or [face]
        stop = _word(KEEP_ALL_WORDS, KEEP_ALL_HELP)
        return (f"{KEEP_VERBS[0]} {keep}", f"{REROLL_VERBS[0]} {face_word(rest[0])}", stop)
    return tuple(p.text for p, _ in yes_no_entries())


def _word(words: Sequence[str], text: str) -> str:
    """``text``, checked to be one of ``words`` (a table of :mod:`grammars.it.words`)."""
    assert text in words, f"{text!r} is not one of {words!r}"
    return text


# ---------------------------------------------------------------- parsing


def _faces(tokens: Sequence[str]) -> tuple[int, ...] | None:
    """The faces the tokens name one by one, or None if a token names no face."""
    words = _face_of_word()
    faces: list[int] = []
    for token in tokens:
        if token in words:
            faces.append(words[token])
        elif token.isascii() and token.isdigit() and all(c in "123456" for c in token):
            faces.extend(int(c) for c in token)  # keyboard: "3 3 3 5 6" or "33356"
        else:
            return None
    return tuple(faces)


def _parse_dice(tokens: tuple[str, ...]) -> Intent | Reason:
    faces = _faces([t for t in tokens if t not in DICE_LEAD_INS])
    counted = _counted_dice(tokens)
    # "un" before every count of one says the dice are counted: "due cinque, due sei e un tre" is 5 5 6 6 3,
    # though its words one by one are five dice too
    if counted is not None and COUNT_ONE in tokens:
        return SayDice(counted)
    if faces is not None and len(faces) == DICE_COUNT:
        return SayDice(faces)
    if counted is not None:  # no "un", no "assi": the same words may be four dice of a dictation cut short
        return SayDice(counted, check=faces is not None)
    return Reason.UNKNOWN if faces is None else Reason.WRONG_DICE_COUNT


def _counted_dice(tokens: Sequence[str]) -> tuple[int, ...] | None:
    """Five dice said as counts of faces ("tre sei e due quattro", "due cinque, un tre e due sei"), or None.

    Only when every word pairs a count with a face ("un" is a count of one), some count is more
    than one, and the counts make five dice. The parser prefers the dice one by one unless "un"
    marks the counting.

    >>> _counted_dice(("fatto", "tre", "sei", "due", "quattro"))
    (6, 6, 6, 4, 4)
    >>> _counted_dice(("tre", "assi", "un", "due", "un", "sei"))
    (1, 1, 1, 2, 6)
    >>> [_counted_dice(w) for w in (("tre", "sei", "due"), ("un", "tre", "un", "sei"), ("due", "sei", "due", "tre"))]
    [None, None, None]
    """
    words = [t for t in tokens if t not in DICE_LEAD_INS or t == COUNT_ONE]
    if len(words) % 2:
        return None
    singular, plural = _face_of_word(), _face_of_plural_word()
    dice: list[int] = []
    counts: list[int] = []
    for count_word, face_word in zip(words[::2], words[1::2]):
        count = 1 if count_word == COUNT_ONE else singular.get(count_word, 0)
        face = singular.get(face_word) or plural.get(face_word)
        if not 1 <= count <= DICE_COUNT or face is None:
            return None
        counts.append(count)
        dice.extend([face] * count)
    if len(dice) != DICE_COUNT or max(counts) < 2:
        return None
    return tuple(dice)


def _parse_start(tokens: tuple[str, ...]) -> Intent | Reason:
    i = 0
    while i < len(tokens) - 1 and tokens[i] in START_LEAD_INS:
        i += 1
    faces = _faces(tokens[i:])
    if faces is None:
        return Reason.UNKNOWN
    if len(faces) != 1:
        return Reason.WRONG_DICE_COUNT
    return SayDice(faces)


def _parse_box(tokens: tuple[str, ...]) -> Intent | Reason:
    rest = list(tokens)
    while rest and rest[0] in ARTICLES:  # "lo metto nel tris": the pronoun before the verb
        rest.pop(0)
    if rest and rest[0] in BOX_VERBS:
        rest.pop(0)
    while rest and rest[0] in ARTICLES:
        rest.pop(0)
    meaning = _box_table().get(join(rest)) if rest else None
    return meaning if meaning is not None else Reason.UNKNOWN


def _parse_virtual(tokens: tuple[str, ...]) -> Intent | Reason:
    meaning = _virtual_table().get(join(tokens))
    if meaning is not None:
        return meaning
    if tokens[0] not in KEEP_VERBS + REROLL_VERBS:
        return Reason.UNKNOWN
    named = _named_dice(tokens[1:])
    if named is None:
        return Reason.UNKNOWN
    faces, every = named
    if not faces and not every:
        return Reason.NO_DICE
    if len(faces) > DICE_COUNT:
        return Reason.WRONG_DICE_COUNT
    return KeepDice(faces, every) if tokens[0] in KEEP_VERBS else RerollDice(faces, every)


def _named_dice(tokens: Sequence[str]) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """The dice a keep or a reroll names: (faces one die each, faces of which every die), or None.

    One face after the words that make it every die showing it is every such die ("i cinque",
    "tutti i cinque", "gli assi"); a number and a face after them are that many dice ("i due
    cinque", "tutti e due i cinque"), as is a number before a plural face ("due assi"). Any
    other run of faces names dice one by one, whatever article stands before ("il cinque",
    "un cinque", "i cinque cinque cinque").

    >>> _named_dice(("tre", "tre", "cinque")), _named_dice(("i", "cinque", "il", "sei"))
    (((3, 3, 5), ()), ((6,), (5,)))
    >>> _named_dice(("i", "due", "cinque")), _named_dice(("gli", "assi")), _named_dice(("due", "assi"))
    (((5, 5), ()), ((), (1,)), ((1, 1), ()))
    >>> _named_dice(("i", "cinque", "cinque", "cinque")), _named_dice(("tutti", "due", "i", "cinque"))
    (((5, 5, 5), ()), ((5, 5), ()))
    >>> _named_dice(("il", "tavolo")), _named_dice(("i",))
    (None, ((), ()))
    """
    plural = _face_of_plural_word()
    faces: list[int] = []
    every: list[int] = []
    rest = list(tokens)
    while rest:
        before = _take_while(rest, _joins_a_face)
        if not rest:
            break  # "tengo il": the dice are still to be said
        if before == ["tutti"] and len(rest) > 2 and rest[1] in EVERY_WORDS:  # "tutti (e) due i cinque"
            del rest[1]
            before = ["i"]  # as "i due cinque"
        run = _take_while(rest, lambda word: not _joins_a_face(word) and word not in plural)
        named = _faces(run)
        if named is None:
            return None
        all_of = any(word in EVERY_WORDS for word in before)
        if rest and rest[0] in plural:  # "gli assi", "due assi"
            face = plural[rest.pop(0)]
            if not run:
                every.append(face)
            elif len(run) == 1 and len(named) == 1 and 2 <= named[0] <= DICE_COUNT:
                faces.extend([face] * named[0])
            else:
                return None
        elif not run:
            return None  # an article before no face: "il tavolo"
        elif all_of and len(run) == 1 and len(named) == 1:  # "i cinque"
            every.extend(named)
        elif all_of and len(run) == 2 and len(named) == 2 and 2 <= named[0] <= DICE_COUNT:  # "i due cinque"
            faces.extend([named[1]] * named[0])
        else:  # die by die, whatever article stands before ("i cinque cinque cinque", "l'asso")
            faces.extend(named)
    return tuple(faces), tuple(every)


def counted_faces(faces: Sequence[int], joined: Sequence[bool] | None = None) -> tuple[int, ...]:
    """``faces`` read with each count before a face as that many dice of it ("due cinque" -> 5 5).

    A number word before a face may be a die or a count of the face after it: "tengo due cinque"
    names a two and a five, or two fives. ``joined[i]`` says face ``i`` was said right after face
    ``i - 1`` (no "e" between: "due e cinque" is no count); None: all were. The host tries this
    reading only where the dice named one by one are not on the table, never by guess.

    >>> counted_faces((2, 5)), counted_faces((3, 6, 1)), counted_faces((6, 2, 4)), counted_faces((1, 6))
    ((5, 5), (6, 6, 6, 1), (6, 4, 4), (1, 6))
    >>> counted_faces((2, 5), joined=(False, False))
    (2, 5)
    """
    together = list(joined) if joined is not None else [True] * len(faces)
    out: list[int] = []
    i = 0
    while i < len(faces):
        if 2 <= faces[i] <= DICE_COUNT and i + 1 < len(faces) and together[i + 1]:
            out += [faces[i + 1]] * faces[i]
            i += 2
        else:
            out.append(faces[i])
            i += 1
    return tuple(out)


def _with_count_reading(intent: Intent, text: str) -> Intent:
    """A keep or a reroll with its count reading (:func:`counted_faces`) from the words as said, else ``intent``.

    >>> _with_count_reading(KeepDice((2, 5)), "tengo due cinque").counted
    (5, 5)
    >>> _with_count_reading(KeepDice((2, 5)), "tengo due e cinque").counted
    ()
    """
    if not isinstance(intent, (KeepDice, RerollDice)) or not intent.faces:
        return intent
    words = _face_of_word()
    said: list[int] = []
    joined: list[bool] = []
    previous_was_face = False
    for word in fold(normalize(text)).split():
        face = words.get(word)
        if face is not None:
            said.append(face)
            joined.append(previous_was_face)
        previous_was_face = face is not None
    if tuple(said) != intent.faces:
        return intent  # named otherwise ("i due cinque", digits): no second reading
    counted = counted_faces(said, joined)
    if counted == intent.faces:
        return intent
    return type(intent)(intent.faces, intent.every, counted)


def _joins_a_face(word: str) -> bool:
    """An article or a word that says how many dice of the face after it ("i", "tutti", "il")."""
    return word in EVERY_WORDS or word in ONE_WORDS or word in ARTICLES


def _take_while(words: list[str], wanted: Callable[[str], bool]) -> list[str]:
    """Remove and return the leading ``words`` that are ``wanted``."""
    taken: list[str] = []
    while words and wanted(words[0]):
        taken.append(words.pop(0))
    return taken


def _parse_in(phase: Phase, tokens: tuple[str, ...]) -> Intent | Reason:
    if phase is Phase.DICE:
        return _parse_dice(tokens)
    if phase is Phase.BOX:
        return _parse_box(tokens)
    if phase is Phase.VIRTUAL:
        return _parse_virtual(tokens)
    if phase is Phase.START:
        return _parse_start(tokens)
    return Reason.UNKNOWN


def speaks_of_rolling(text: str) -> bool:
    """True when ``text`` holds a verb of keeping, rerolling or rolling: then a face in it is a die, not a box.

    >>> speaks_of_rolling("rilancia tutti e cinque i dadi"), speaks_of_rolling("ci metto il cinque")
    (True, False)
    """
    verbs = _rolling_verbs()
    return any(fold(word) in verbs for word in prepare(text))


@cache
def _rolling_verbs() -> frozenset[str]:
    """The first word of every keep, reroll and roll wording, folded (built once: the parser asks per utterance)."""
    return frozenset(fold(w.split()[0]) for words in (KEEP_VERBS, REROLL_VERBS, ROLL_WORDS, tuple(AGAIN_VERBS))
                     for w in words)


def parse_yatzi(text: str, phase: Phase) -> Intent:
    """What ``text`` means in ``phase``; never raises on any text.

    Case, punctuation, accents, fillers ("ehm", "allora"), the "e" between dice
    and typed digits do not matter. Commands (ripeti, classifica, ...) are
    understood in every phase; "sì"/"no" only in ``"confirm"``. Anything else
    that is not valid now gives ``NotUnderstood(text, reason)`` with a
    :class:`Reason`. Raises ``ValueError`` only for an unknown phase.

    >>> parse_yatzi("Ehm... 3, 3, 3, 5 e 6!", Phase.DICE)
    SayDice(values=(3, 3, 3, 5, 6), check=False)
    >>> parse_yatzi("tre tre cinque sei", Phase.DICE).reason
    <Reason.WRONG_DICE_COUNT: 'wrong_dice_count'>
    >>> parse_yatzi("metti nei due", Phase.BOX), parse_yatzi("basta", Phase.VIRTUAL), parse_yatzi("si", Phase.CONFIRM)
    (ChooseBox(box='due'), KeepAll(), Yes())
    """
    ph = Phase(phase)  # as in yatzi_phrases
    command = command_table(yes_no=ph is Phase.CONFIRM).lookup(text)
    if command is None and ph in (Phase.DICE, Phase.BOX, Phase.VIRTUAL, Phase.START):
        command = _card_table().lookup(text)
        if isinstance(command, ReadCard) and ph is Phase.START:
            command = None
    if command is not None:
        return command
    tokens = prepare(text)
    if not tokens:
        return NotUnderstood(text, Reason.EMPTY)
    result = _parse_in(ph, tokens)
    if not isinstance(result, Reason):
        return _with_count_reading(result, text)
    if result is Reason.UNKNOWN and not _valid_elsewhere(text, tokens, ph):  # "tengo tre" after the last roll
        spotted = _understand(text, ph, tokens)
        if isinstance(spotted, Reason):
            return NotUnderstood(text, spotted)
        if spotted is not None:
            return _with_count_reading(spotted, text)
    if result is Reason.UNKNOWN and _valid_elsewhere(text, tokens, ph):
        return NotUnderstood(text, Reason.NOT_NOW)
    return NotUnderstood(text, result)


def _valid_elsewhere(text: str, tokens: tuple[str, ...], phase: Phase) -> bool:
    """True when another phase would understand ``text`` (e.g. "tris" in the dice phase)."""
    if phase is not Phase.CONFIRM and command_table(yes_no=True).lookup(text) is not None:
        return True
    return any(not isinstance(_parse_in(other, tokens), Reason) for other in Phase if other is not phase)


# ---------------------------------------------------------------- understanding (issue 28)


def _understand(text: str, phase: Phase, tokens: tuple[str, ...]) -> Intent | Reason | None:
    """What a text the exact grammar does not know decides: dice by pattern, keeps said loosely, spotted phrases."""
    if phase is Phase.DICE:
        counted = _counted_with_di(tokens)
        if counted is not None:
            return counted
        dice = _pattern_dice(tokens)
        if dice is None and not spot(text, _vocabulary(phase), weak=True):  # "..., ripeti": the command counts
            dice = _dictation_among_words(tokens)
        if dice is not None:
            return dice
    if phase is Phase.VIRTUAL:
        keep = _loose_keep(tokens)
        if keep is not None:
            return keep
    vocabulary = _vocabulary(phase)
    found = understand(text, vocabulary)
    if phase is Phase.VIRTUAL and isinstance(found, KeepAll):
        if _keeps_some(tokens):
            return None  # "tengo il sei, basta così, no...": a keep not understood is no stop
        command = settle(text, spot(text, vocabulary, weak=True), vocabulary)
        if command is not None:
            return command  # "basta così, finiamo la partita": the stop is the command's, not the dice's
    return found


def _before_the_rest(words: list[str]) -> list[str]:
    """``words`` cut before a second verb about the rest of the dice ("i cinque ritira il resto" -> "i cinque").

    >>> _before_the_rest(["i", "cinque", "ritira", "il", "resto"]), _before_the_rest(["l", "asso", "tieni", "altri"])
    (['i', 'cinque'], ['l', 'asso'])
    >>> _before_the_rest(["i", "cinque", "e", "il", "sei"]), _before_the_rest(["i", "cinque", "il", "resto", "lo"])
    (['i', 'cinque', 'e', 'il', 'sei'], ['i', 'cinque'])
    """
    verbs = {*KEEP_VERBS, *REROLL_VERBS, *ROLL_WORDS}
    for i, word in enumerate(words):
        if word in verbs and any(w in REST_WORDS for w in words[i + 1 : i + 4]):
            return words[:i]
        if i > 1 and word in REST_WORDS and words[i - 1] in ARTICLES:  # "i cinque, il resto lo ritiri"
            return words[: i - 1]
    return words


def _keeps_some(tokens: Sequence[str]) -> bool:
    """True when ``tokens`` hold a verb of keeping or rerolling some dice, not a wording of keeping them all.

    >>> _keeps_some(("tengo", "i", "tre", "cinque", "basta")), _keeps_some(("tengo", "tutto", "basta", "cosi"))
    (True, False)
    """
    said = f" {' '.join(tokens)} "
    verbs = {*KEEP_VERBS, *REROLL_VERBS, *(w for loose in LOOSE_REROLL_VERBS for w in loose.split()[:1])}
    if not any(t in verbs and (i == 0 or tokens[i - 1] not in NEGATORS) for i, t in enumerate(tokens)):
        return False  # no verb, or only negated ones ("basta, non rilancio")
    return not any(f" {key(w)} " in said for w in KEEP_ALL_WORDS if key(w).split()[0] in verbs)


def _pattern_dice(tokens: Sequence[str]) -> Intent | Reason | None:
    """Five dice described by pattern, or WRONG_DICE_COUNT when the words cannot be five dice; None: no pattern.

    A description is a run of groups: a pattern of a face ("tris di quattro", "tutti sei", "una coppia
    di sei"), "full di A e B", "scala da A a B", a count of a plural face ("tre assi") or one die ("un
    due"). A pattern named with no face ("..., yatzi!") must fit the dice the groups make.

    >>> _pattern_dice(("full", "di", "tre", "due")), _pattern_dice(("scala", "da", "uno", "a", "cinque"))
    (SayDice(values=(3, 3, 3, 2, 2), check=False), SayDice(values=(1, 2, 3, 4, 5), check=False))
    >>> _pattern_dice(("tris", "di", "quattro", "piu", "un", "due", "un", "cinque"))
    SayDice(values=(4, 4, 4, 2, 5), check=False)
    >>> _pattern_dice(("poker", "di", "sei")), _pattern_dice(("scala", "piccola")), _pattern_dice(("tris",))
    (<Reason.WRONG_DICE_COUNT: 'wrong_dice_count'>, <Reason.WRONG_DICE_COUNT: 'wrong_dice_count'>, None)
    >>> _pattern_dice(("tre", "assi", "una", "coppia", "di", "sei")), _pattern_dice(("tutti", "sei", "yatzi"))
    (SayDice(values=(1, 1, 1, 6, 6), check=False), SayDice(values=(6, 6, 6, 6, 6), check=False))
    >>> _pattern_dice(("tris", "di", "due", "cinque", "sei", "yatzi"))
    <Reason.WRONG_DICE_COUNT: 'wrong_dice_count'>
    """
    words = [t for t in tokens if t not in PATTERN_JOINS]
    named = (*PATTERN_COUNTS, *GROUP_COUNTS, FULL_WORD, STRAIGHT_WORD, TIMES_WORD)
    at = next((i for i, w in enumerate(words) if w in named), None)
    if at is None:
        return None
    faces, plural = _face_of_word(), _face_of_plural_word()
    dice: list[int] = []
    singles = 0  # dice named by a face word alone: they may be counts ("full, tre sei e due due")
    sized = False  # a straight named with its size ("scala piccola"): dice must follow
    bare: list[str] = []  # patterns named with no face: they must fit the dice
    i = 0
    while i < len(words) and words[i] in DICE_LEAD_INS and words[i] not in faces:
        i += 1
    while i < len(words):
        w, after = words[i], [faces.get(x) or plural.get(x) for x in words[i + 1 : i + 3]]  # "tris di assi"
        if w == ALL_WORDS[1] and len(after) == 2 and after[0] == DICE_COUNT and after[1] is not None:
            dice += [after[1]] * DICE_COUNT  # "tutti e cinque (i dadi fanno) quattro": all five dice
            i += 3
        elif w in DESCRIPTION_COUNTS and words[i + 1 : i + 2] == [TIMES_WORD] and after[1:] and after[1] is not None:
            dice += [after[1]] * DESCRIPTION_COUNTS[w]  # "quattro volte sei"
            i += 3
        elif w in PATTERN_COUNTS or w in GROUP_COUNTS:
            if not after or after[0] is None or words[i + 2 : i + 3] == [TIMES_WORD]:  # "poker: quattro volte sei"
                bare.append(w)
                i += 1
                continue
            dice += [after[0]] * {**PATTERN_COUNTS, **GROUP_COUNTS}[w]
            i += 2
        elif w == STRAIGHT_WORD and words[i + 1 : i + 2] and words[i + 1] in STRAIGHT_SIZES:
            bare.append(STRAIGHT_SIZES[words[i + 1]])  # "scala grande, dall'uno al cinque": the dice must fit
            sized = True
            del words[i + 1]  # then read on as "scala dall'uno al cinque"
        elif w in (FULL_WORD, STRAIGHT_WORD):
            a, b = (after + [None, None])[:2]
            listed = len(words) > i + 3 and faces.get(words[i + 3]) is not None  # "scala uno due tre quattro cinque"
            if a is None or listed:  # "full: tris di cinque e coppia di sei": the groups say the faces
                if not (w == STRAIGHT_WORD and sized):  # its size is already the pattern to fit
                    bare.append(w)
                i += 1
                continue
            if a is None or b is None:
                return Reason.WRONG_DICE_COUNT
            if w == FULL_WORD and a != b:
                dice += [a] * 3 + [b] * 2
            elif w == STRAIGHT_WORD and abs(b - a) == DICE_COUNT - 1:
                dice += list(range(a, b + (1 if b > a else -1), 1 if b > a else -1))
            else:
                return Reason.WRONG_DICE_COUNT
            i += 3
        elif w in DESCRIPTION_COUNTS and i + 1 < len(words) and words[i + 1] in plural:
            dice += [plural[words[i + 1]]] * DESCRIPTION_COUNTS[w]
            i += 2
        elif w in faces or w in plural:
            dice.append(faces.get(w) or plural[w])
            singles += w in faces
            i += 1
        else:
            return None if i < at else Reason.WRONG_DICE_COUNT  # words before any pattern: not a description
    if not dice:
        return Reason.WRONG_DICE_COUNT if sized else None  # "tris" alone names a box
    if len(dice) != DICE_COUNT and bare and singles == len(dice):  # "full, tre sei e due due": counts of faces
        dice = list(counted_faces(dice))
    if len(dice) != DICE_COUNT or not all(_fits(name, dice) for name in bare):
        return Reason.WRONG_DICE_COUNT
    return SayDice(tuple(dice))


def _counted_with_di(tokens: Sequence[str]) -> Intent | None:
    """Five dice said as counts joined to their faces by "di" ("tre di quattro e due di cinque"), or None.

    >>> _counted_with_di(("tre", "di", "quattro", "due", "di", "cinque")), _counted_with_di(("tris", "di", "tre"))
    (SayDice(values=(4, 4, 4, 5, 5), check=False), None)
    """
    words = list(tokens)
    joined = [i for i in range(1, len(words) - 1) if words[i] == "di" and words[i - 1] in DESCRIPTION_COUNTS]
    if not joined:
        return None
    counted = _counted_dice([w for i, w in enumerate(words) if i not in joined])
    return SayDice(counted) if counted is not None else None


def _dictation_among_words(tokens: Sequence[str]) -> Intent | None:
    """The dice of the one dictation said among other words ("ecco qua: un sei, un tre ..."), or None.

    The dictation is the one run of face words, their articles and lead-ins; the words around it
    mean nothing, unless one of them corrects or denies (:data:`DICTATION_SPOILERS`, a negator), or
    names a number or a face elsewhere (two runs): then nothing is read.

    >>> _dictation_among_words(("vediamo", "un", "sei", "un", "due", "tre", "tre", "l", "asso", "mi", "pare"))
    SayDice(values=(6, 2, 3, 3, 1), check=False)
    >>> [_dictation_among_words(t) for t in (("sei", "sicuro", "tre", "tre", "tre", "due", "uno"),
    ...                                       ("tre", "tre", "tre", "due", "uno", "anzi", "no"), ("vediamo",))]
    [None, None, None]
    """
    faces, plural = _face_of_word(), _face_of_plural_word()
    inside = faces.keys() | plural.keys() | DICE_LEAD_INS | DICTATION_ARTICLES
    runs: list[list[str]] = []
    outside: list[str] = []
    current: list[str] = []
    for token in (*tokens, ""):
        if token in inside or (token.isascii() and token.isdigit()):
            current.append(token)
            continue
        if any(t in faces or t in plural or t.isdigit() for t in current):
            runs.append(current)
        else:
            outside += current
        current = []
        outside.append(token)
    spoilers = (DICTATION_SPOILERS, NEGATORS, NUMBER_OF_WORD)
    if len(runs) != 1 or any(t in words for t in outside for words in spoilers):
        return None
    run = tuple(t for t in runs[0] if t not in DICTATION_ARTICLES)
    dice = _parse_dice(run)
    return dice if isinstance(dice, SayDice) else None  # fewer or more dice: the words may be a command


def _fits(pattern: str, dice: Sequence[int]) -> bool:
    """True when five ``dice`` show ``pattern`` (a pattern named with no face: "tutti sei, yatzi!")."""
    counts = sorted(Counter(dice).values())
    if pattern == FULL_WORD:
        return counts == [2, 3]
    if pattern == STRAIGHT_WORD:
        return len(counts) == DICE_COUNT and max(dice) - min(dice) == DICE_COUNT - 1
    if pattern == SMALL_STRAIGHT:  # four faces in a row among the five
        faces = set(dice)
        return any(all(f + k in faces for k in range(DICE_COUNT - 1)) for f in faces)
    return counts[-1] >= {**PATTERN_COUNTS, **GROUP_COUNTS}[pattern]


def _loose_keep(tokens: Sequence[str]) -> Intent | None:
    """A keep or a reroll said among other words ("tengo solo i cinque", "tira di nuovo l'asso",
    "rilancio tutto tranne il cinque"), or None.

    >>> _loose_keep(("rilancio", "tutto", "tranne", "il", "cinque")), _loose_keep(("tira", "di", "nuovo", "l", "asso"))
    (KeepDice(faces=(5,), every=()), RerollDice(faces=(1,), every=()))
    """
    said = " ".join(t for t in tokens if t not in SKIP_WORDS)
    for again, verb in AGAIN_VERBS.items():
        said = re.sub(rf"\b{again}\b", verb, said)
    for all_dice in ALL_DICE_WORDS:  # "ritira tutti e cinque i dadi" is "ritira tutti"
        said = re.sub(rf"\b{all_dice}\b", ALL_WORDS[1], said)
    for loose, verb in LOOSE_REROLL_VERBS.items():  # longest first: "butta via l'asso"
        said = re.sub(rf"\b{loose}\b", verb, said)
    words = said.split()
    verbs = KEEP_VERBS + REROLL_VERBS
    at = next((i for i, w in enumerate(words) if w in verbs), None)
    if at is None:
        return None
    verb, rest = words[at], words[at + 1 :]
    rest = _before_the_rest(rest)
    while len(rest) > 1 and rest[-1] in KEEP_CLOSERS:  # "tengo i tre cinque e basta": only those
        rest.pop()
    if len(rest) > 2 and rest[0] in ALL_WORDS and rest[1] in EXCEPT_WORDS:  # "tutto tranne il cinque"
        named = _named_dice(rest[2:])
        if named is None or not any(named):
            return None
        return RerollDice(*named) if verb in KEEP_VERBS else KeepDice(*named)
    result = _parse_virtual((verb, *rest))
    return None if isinstance(result, Reason) else result


def _keyed(rows: Sequence[tuple[Intent, Sequence[str]]]) -> dict[str, Intent]:
    return {key(v): intent for intent, wordings in rows for w in wordings for v in phrase(w).variants if key(v)}


@cache
def _vocabulary(phase: Phase) -> Vocabulary:
    """The decisive phrases of ``phase`` for spotting, as data."""
    keys: dict[str, Intent] = {}
    drop: frozenset[str] = frozenset()
    if phase is Phase.BOX:
        for box in BOXES:
            names = (*BOX_WORDS[box], *SPOTTED_BOX_WORDS.get(box, ()))
            described = [f"{name} di {face}" for name in names if name in PATTERN_COUNTS or name == FULL_WORD
                         for words in FACE_WORDS.values() for face in words]
            keys.update(_keyed([(ChooseBox(box), (*names, *described))]))
        drop = ARTICLES | frozenset(BOX_VERBS)
    elif phase is Phase.CONFIRM:
        keys.update(_keyed(YES_NO))
        for k, m in _keyed(YES_NO_WORDS).items():
            keys.setdefault(k, m)
    elif phase is Phase.START:
        keys.update(_keyed([(SayDice((face,)), words) for face, words in FACE_WORDS.items()]))
        drop = START_LEAD_INS
    elif phase is Phase.VIRTUAL:  # stopping said among other words; a keep or a reroll is read by _loose_keep
        keys.update(_keyed([(KeepAll(), (*KEEP_ALL_WORDS, *SPOTTED_STOP_WORDS))]))
    weak = _keyed(COMMAND_WORDS)
    if phase is not Phase.CONFIRM:
        weak.update(_keyed([(AskAdvice(), SPOTTED_ADVICE_WORDS)]))
        if phase is not Phase.START:
            weak.update(_keyed([(ReadCard(), SPOTTED_CARD_WORDS)]))
    protected = frozenset(
        fold(token)
        for words in (*FACE_WORDS.values(), *BOX_WORDS.values(), KEEP_VERBS, REROLL_VERBS, ROLL_WORDS)
        for w in words
        for token in w.split()
    )
    return Vocabulary(keys, weak=weak, opposite={Yes(): No(), No(): Yes()}, drop=drop,
                      harmless=(*HARMLESS_TYPES,), protected=protected)


#: Yatzi's meanings that cost nothing when misheard: never asked back.
HARMLESS_TYPES: tuple[type, ...] = (*HARMLESS, AskAdvice, ReadCard)
