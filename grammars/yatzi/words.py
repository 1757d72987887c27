"""The words of Yatzi, in Italian: faces, boxes, the verbs of rolling and keeping, the lead-ins of a dictation.

The shared words (commands, sì/no, fillers) are in :mod:`grammars.it.words`; :mod:`grammars.yatzi.grammar`
expands these into each phase's phrases.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

#: Face -> the words for one die showing it; the first is what the host says.
FACE_WORDS: Mapping[int, tuple[str, ...]] = MappingProxyType(
    {
        1: ("uno", "asso"),
        2: ("due",),
        3: ("tre",),
        4: ("quattro",),
        5: ("cinque",),
        6: ("sei",),
    }
)


#: Box key -> its Italian names; the first is what the host says.
BOX_WORDS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "assi": ("assi", "asso", "uno"),
        "due": ("due",),
        "tre": ("tre",),
        "quattro": ("quattro",),
        "cinque": ("cinque",),
        "sei": ("sei",),
        "tris": ("tris",),
        "poker": ("poker",),
        "full": ("full",),
        "scala_minima": ("scala minima", "scala piccola"),
        "scala_massima": ("scala massima", "scala grande"),
        "yatzi": ("yatzi", "yahtzee", "yatzy", "pokerissimo"),
        "chance": ("chance",),
    }
)


#: Verbs that may open a box choice ("segno full"); given to the recognizer with
#: the first two.
BOX_VERBS: tuple[str, ...] = (
    "segno", "metti", "segna", "metto", "mettilo", "segnalo", "scrivi", "scrivo", "faccio",
)


#: Words that may stand between the verb and the box ("segno nella scala minima").
ARTICLES: frozenset[str] = frozenset(
    {
        "il", "lo", "la", "l", "i", "gli", "le",
        "nel", "nello", "nella", "nell", "nei", "negli", "nelle",
        "al", "allo", "alla", "all", "ai", "agli", "alle",
        "sul", "sullo", "sulla", "sull", "sui", "sugli", "sulle",
        "in", "a",
    }
)


#: Yatzi's own command in every phase: read the current player's scorecard.
CARD_WORDS: tuple[str, ...] = (
    "scheda", "la mia scheda", "leggi la scheda", "leggimi la scheda", "cosa mi manca", "che mi manca",
)


#: Yatzi's coach in every phase: the best keep or box now ("consiglio").
ADVICE_WORDS: tuple[str, ...] = (
    "consiglio", "consigliami", "cosa mi consigli", "che mi consigli", "dammi un consiglio",
)


#: Virtual dice: whole-utterance commands.
ROLL_WORDS: tuple[str, ...] = ("tira", "tiro", "lancia", "lancio", "tira i dadi", "lancia i dadi")


KEEP_ALL_WORDS: tuple[str, ...] = (
    "tengo tutto", "basta", "tengo tutti", "mi fermo", "basta così", "va bene così", "tengo questi",
    "tengo tutti i dadi",
)


#: The one the help says.
KEEP_ALL_HELP = "basta"


REROLL_ALL_WORDS: tuple[str, ...] = (
    "ritira tutto", "ritiro tutto", "ritira tutti", "ritiro tutti",
    "rilancia tutto", "rilancio tutto", "rilancia tutti", "rilancio tutti", "ritira tutti i dadi",
    "rilancia tutti i dadi",
)


#: Virtual dice: verbs followed by faces ("tengo tre tre cinque").
KEEP_VERBS: tuple[str, ...] = ("tengo", "tieni")


#: Virtual dice: the words before a face that make it every die showing it ("tengo i cinque",
#: "tengo tutti i cinque", "ritira gli assi"); before a number and a face, that many dice of the
#: face ("tengo i due cinque").
EVERY_WORDS: tuple[str, ...] = ("i", "gli", "tutti")


#: Virtual dice: the words before a face that make it one die ("tengo il cinque", "un cinque");
#: any other article there ("l'asso") means one die too.
ONE_WORDS: tuple[str, ...] = ("il", "un")


#: Plural face words: every die showing the face ("gli assi"), or after a number that many
#: ("due assi", also in a dictation by counts: "tre assi e due sei").
PLURAL_FACE_WORDS: Mapping[int, tuple[str, ...]] = MappingProxyType({1: ("assi",)})


REROLL_VERBS: tuple[str, ...] = ("ritira", "ritiro", "rilancia", "rilancio")


#: Words that may open or join a dice dictation and mean nothing ("sono usciti tre tre ...",
#: "tre, tre, tre, un cinque e un sei"); dropped wherever they stand.
DICE_LEAD_INS: frozenset[str] = frozenset({"fatto", "sono", "usciti", "uscito", "escono", "i", "dadi", "un"})


#: The lead-ins of a dictation the recognizer is given as phrases of their own (and its
#: matcher skips): "sono usciti tre, tre, tre, un cinque e un sei". Without them vosk,
#: which only outputs grammar words, hears "un cinque" as "uno cinque", six dice.
DICE_LEAD_IN_PHRASES: tuple[str, ...] = ("fatto", "sono", "usciti", "un")


#: Words that may open the one die said to choose who starts ("ho fatto tre",
#: "è uscito un asso"; "ho" and "è" are dropped as a filler and a connector).
START_LEAD_INS: frozenset[str] = frozenset({"fatto", "uscito", "un", "il", "l", "mi", "faccio", "tirato"})


#: The count of one die when dice are said by counts of faces: "tre sei, un quattro e un cinque".
COUNT_ONE = "un"


#: The lead-in of the one die's phrase: "ho fatto tre".
START_LEAD_IN = "ho fatto"


#: The word linking the last two dice; a phrase of its own in sequence phases.
AND = "e"


# ---------------------------------------------------------------- understanding (issue 28)

#: More names of boxes, spotted inside longer utterances ("sacrifico gli uni").
SPOTTED_BOX_WORDS: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "assi": ("uni",),
    # the straights by their length ("scala da cinque" is no box of fives)
    "scala_minima": ("scala corta", "scala da quattro", "scala di quattro"),
    "scala_massima": ("scala lunga", "scala da cinque", "scala di cinque"),
})

#: Dice described by pattern: the word -> how many dice of its face ("tris di quattro più un due e un
#: cinque", "poker di sei e un due", "yatzi di due", "tutti sei"); "full di A e B" and "scala da A a B"
#: are read on their own. What cannot be five dice is refused, never completed.
PATTERN_COUNTS: Mapping[str, int] = MappingProxyType(
    {"tris": 3, "poker": 4, "yatzi": 5, "yahtzee": 5, "yatzy": 5, "pokerissimo": 5, "tutti": 5}
)
FULL_WORD = "full"
STRAIGHT_WORD = "scala"
#: Groups of a description besides the patterns: "una coppia di sei" (two dice of the face).
GROUP_COUNTS: Mapping[str, int] = MappingProxyType({"coppia": 2})
#: Counts before a plural face word in a description ("tre assi e una coppia di sei").
DESCRIPTION_COUNTS: Mapping[str, int] = MappingProxyType({"due": 2, "tre": 3, "quattro": 4, "cinque": 5})

#: Words that join a pattern and the odd dice and mean nothing ("tris di quattro più un due").
PATTERN_JOINS: frozenset[str] = frozenset(
    {"di", "da", "a", "piu", "con", "un", "una", "i", "gli", "dadi", "fatto", "sono"}
    # the articled prepositions and articles ("scala dal due al sei", "il sei"), and the verbs that
    # say what dice show ("tutti e cinque i dadi fanno quattro")
    | {"dal", "al", "dall", "all", "fino", "il", "l", "lo", "fanno", "mostrano", "danno", "segnano", "d"}
)

#: The size said after "scala" in a description ("scala grande, dall'uno al cinque"): the straight the
#: dice must make (a large one: five faces in a row; a small one: four in a row among the five).
SMALL_STRAIGHT = "scala piccola"
STRAIGHT_SIZES: Mapping[str, str] = MappingProxyType({
    "grande": "scala", "massima": "scala", "lunga": "scala",
    "piccola": SMALL_STRAIGHT, "minima": SMALL_STRAIGHT, "corta": SMALL_STRAIGHT,
})

#: "N volte F": N dice showing F, in a description ("quattro volte due e un sei").
TIMES_WORD = "volte"

#: Words that correct or deny: a dictation said among other words is read only when none of these
#: stands outside it ("tre tre tre cinque sei, anzi no" is no dictation to apply).
DICTATION_SPOILERS: frozenset[str] = frozenset({"no", "anzi", "aspetta", "sbagliato", "oppure", "o"})

#: Articles before a face in a dictation ("il sei, l'asso"), besides the lead-ins.
DICTATION_ARTICLES: frozenset[str] = frozenset({"il", "l", "lo"})
#: The joins a recognizer is given as words of the dice phase (with their accents; "un", "fatto",
#: "sono" are lead-ins of it already), so that "full di tre e due" does not arrive as "full [unk] tre e due";
#: "volte" for "quattro volte sei" (no risky pair). Not "dal"/"al" ("scala dal due al sei" is typed-only):
#: two phonemes from "due", "full", "un" and "e" (confusability report).
HEARD_PATTERN_JOINS: tuple[str, ...] = ("di", "da", "a", "più", "con", "i", "gli", "dadi", "volte")

#: The words of a loose keep a recognizer is given in the virtual phase ("rilancio tutto tranne il
#: cinque", "tengo solo i sei"). Not "pure" (two phonemes from "tre" and "due") nor "meno" (from
#: "uno"): a face heard as either would be dropped from the keep; nor "di nuovo" ("di" is two phonemes
#: from "due", "sei", "un", "il", and "ritira l'asso" says the same). Typed, they all work.
HEARD_KEEP_WORDS: tuple[str, ...] = ("tutto", "tranne", "eccetto", "solo", "soltanto", "anche", "proprio")

#: Content words of Yatzi's own commands, spotted anywhere ("cosa mi conviene?").
SPOTTED_ADVICE_WORDS: tuple[str, ...] = ("conviene", "consigli", "consiglio", "faresti", "suggerisci")
SPOTTED_CARD_WORDS: tuple[str, ...] = ("scheda", "mi manca")

#: More ways of stopping, spotted inside longer answers as "basta" is ("basta, mi va bene così", "mi
#: fermo qui, non tiro più"): a verb of stopping, being content, or rolling negated.
SPOTTED_STOP_WORDS: tuple[str, ...] = (
    "mi fermo qui", "mi fermo", "sto bene così", "sto così", "mi accontento", "mi basta", "non tiro più",
    "non tiro", "non rilancio", "non ritiro",
)

#: "all the dice" said with the count of the dice and the noun ("ritira tutti e cinque i dadi"):
#: the same as "tutti" after a verb of keeping or rerolling.
ALL_DICE_WORDS: tuple[str, ...] = ("tutti i dadi", "tutti cinque i dadi", "tutti cinque dadi")

#: A reroll said with "di nuovo" ("tira di nuovo l'asso"): the words, and the verb they make.
AGAIN_VERBS: Mapping[str, str] = MappingProxyType({"tira di nuovo": "ritira", "lancia di nuovo": "rilancia",
                                                   "rilancia di nuovo": "rilancia", "ritira di nuovo": "ritira",
                                                   "tiro ancora": "ritira", "tira ancora": "ritira",
                                                   "tiro di nuovo": "ritira", "tiro tutto": "ritira tutto",
                                                   "tira tutto": "ritira tutto"})

#: The rest of the dice, after a second verb that only completes a keep or a reroll ("tengo i cinque,
#: ritira il resto"; "ritira l'uno e tieni gli altri"): the first verb and its dice say it all.
REST_WORDS: frozenset[str] = frozenset({"resto", "altri", "altro", "rimanenti"})

#: Other verbs of rerolling, read in a keep said loosely ("cambio l'uno e il quattro", "butta l'asso"); not
#: given to the recognizer (two phonemes from words of the phase: "butta"/"tutta", "cambia"/"cinque" are not far).
LOOSE_REROLL_VERBS: Mapping[str, str] = MappingProxyType({
    "butta via": "ritira", "butto via": "ritira", "cambio": "ritira", "cambia": "ritira", "butta": "ritira",
    "butto": "ritira", "rimetti": "ritira",
})

#: Words after the dice of a keep that only close it ("tengo i tre cinque e basta" keeps the three fives):
#: not a stop.
KEEP_CLOSERS: frozenset[str] = frozenset({"basta", "cosi", "li", "qui", "di", "nuovo"})

#: "tutto tranne ..." turns a keep into a reroll and back ("rilancio tutto tranne il cinque").
EXCEPT_WORDS: tuple[str, ...] = ("tranne", "eccetto", "meno")
ALL_WORDS: tuple[str, ...] = ("tutto", "tutti")
