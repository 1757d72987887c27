"""The words of every game and command, as data: what a player may say, and their canonical forms.

Each table pairs a meaning with its Italian wordings (the first is what the host
says back). The grammar modules (:mod:`grammars.commands`, :mod:`grammars.tokio.grammar`,
:mod:`grammars.yatzi.grammar`, :mod:`grammars.normalize`) expand them into per-phase phrase
lists and parsers.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from grammars.intents import EndGame, Help, Intent, No, Repeat, Standings, Undo, Yes
from grammars.tokio.intents import BelieveIt, DoubtIt, TakeThePenalty

# ---------------------------------------------------------------- Commands valid in every phase, and the sì/no answers

#: Phase-independent commands: intent -> wordings (each wording is one phrase). "non capito" is
#: "non ho capito" ("ho" is a filler); "come?", "scusa?", "cosa?" ask for the question again.
COMMANDS: tuple[tuple[Intent, tuple[str, ...]], ...] = (
    (
        Repeat(),
        (
            "ripeti", "puoi ripetere", "ripeti per favore", "ripeti la domanda", "come", "come scusa",
            "scusa", "scusa puoi ripetere", "cosa", "non capito",
        ),
    ),
    (
        Standings(),
        (
            "classifica", "punteggi", "punteggio", "la classifica", "come siamo messi", "a quanto siamo",
            "chi sta vincendo",
        ),
    ),
    (
        Help(),
        ("aiuto", "cosa posso dire", "che cosa posso dire", "cosa devo dire", "che devo dire", "che cosa devo dire"),
    ),
    (Undo(), ("annulla", "torna indietro", "indietro")),
    (EndGame(), ("fine partita", "finiamo la partita", "chiudiamo la partita")),
)

#: Fillers that, said alone to a sì/no question, answer it as "sì" does ("ok"); with other
#: words they stay fillers ("ok, dubito").
ASSENT_ALONE: tuple[str, ...] = ("ok", "okay", "okei")

#: Answers to a sì/no question.
#: ("ho sbagliato" is "sbagliato": "ho" is a filler.)
YES_NO: tuple[tuple[Intent, tuple[str, ...]], ...] = (
    (
        Yes(),
        (
            "sì", "confermo", "sì confermo", "sì sì", "certo", "esatto", "va bene", "giusto", "sì esatto",
            "sì giusto", "corretto", "perfetto", "sicuro", "certo che sì", "assolutamente sì",
        ),
    ),
    (
        No(),
        (
            "no", "non confermo", "no sbagliato", "sbagliato", "mi sono sbagliato", "no no", "no continuiamo",
            "continuiamo", "no aspetta", "aspetta", "assolutamente no",
        ),
    ),
)


# ---------------------------------------------------------------- Tokio

#: Spellings of each special name, canonical first.
NAME_SPELLINGS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "tokio": ("tokio", "tokyo"),
        "taipei": ("taipei",),
        "yokohama": ("yokohama",),
        "pechino": ("pechino",),
    }
)

#: Name of the classic special top roll for each kind of die (Taipei, Tokio, Yokohama, Pechino).
SPECIAL_NAMES: Mapping[int, str] = MappingProxyType({4: "taipei", 6: "tokio", 8: "yokohama", 10: "pechino"})

#: Milella's d6 names: the top roll (3-1) and the bottom roll (2-1).
MILELLA_NAMES: Mapping[str, str] = MappingProxyType({"top": "tokio", "bottom": "pechino"})

#: A pair said as such; ``{}`` is the number word of the face.
PAIR = "coppia di {}"

#: Other ways of saying a pair ("doppio sei"): spellings of the same phrase.
PAIR_SPELLINGS: tuple[str, ...] = ("doppio {}",)

#: The pair of ones said with the ace: more spellings of "coppia di uno".
ACE_PAIR_SPELLINGS: tuple[str, ...] = ("coppia di assi", "coppia d'assi", "doppio asso")

#: Dice said one by one (first die, second die); the "e" is optional.
DIE_BY_DIE: tuple[str, ...] = ("{} e {}", "{} {}")

#: Answers to a claim: intent -> wordings (one phrase each).
RESPONSES: tuple[tuple[Intent, tuple[str, ...]], ...] = (
    (
        BelieveIt(),
        (
            "ci credo", "credo", "accetto", "va bene", "ti credo", "certo", "accetto senza guardare",
            "senza guardare", "tiro", "credo di sì",
        ),
    ),
    (
        DoubtIt(),
        (
            "dubito", "non ci credo", "non accetto", "scopri", "scopro", "alza", "non ti credo",
            "scopri i dadi", "scopro i dadi", "fammi vedere", "fai vedere", "vediamo", "bugiardo",
            "alza il bicchiere", "alzo il bicchiere", "non è vero", "voglio vedere", "fammi vedere i dadi",
            "fai vedere i dadi",
        ),
    ),
)

#: Spellings of a wording that the recognizer cannot spell whole ("d'accordo", "vabbè"): the
#: wording -> the spellings the parser also reads as it (the wording itself is plain words).
#: They hold wherever the wording is an answer: to a claim, and to a sì/no question.
SPELLINGS: Mapping[str, tuple[str, ...]] = MappingProxyType({"va bene": ("d'accordo", "vabbè")})

#: "ci credi?" is a yes/no question: sì believes, no doubts. Also said before an answer of the
#: same sense ("sì, ci credo", "no, non ti credo"), as a spelling of that answer. Bare sì/no
#: are not offered when the question names its choices ("accetti, dubiti o passi?", Lizumo's
#: "accetti senza guardare o scopri?").
RESPONSE_YES_NO: tuple[tuple[Intent, str], ...] = ((BelieveIt(), "sì"), (DoubtIt(), "no"))

#: Classico's third answer to Tokio, valid only when the host allows it.
TAKE_PENALTY: tuple[Intent, tuple[str, ...]] = (
    TakeThePenalty(),
    ("prendo la penalità", "passo", "prendo una penalità", "mi prendo la penalità", "mi prendo una penalità"),
)

#: Words that may open or join a claim or a reveal and mean nothing there ("ho fatto
#: cinquantatré", "un cinque e un tre", "c'è una coppia di quattro", "avevo tokio"): each is
#: one lead-in phrase, which the recognizer may hear before the roll and the matcher skips,
#: and the parser drops wherever it stands. The first spelling is the phrase; "c'è" folds to
#: "c" (its "è" is the connector "e"), and "ce" is how a recognizer spells it.
CLAIM_LEAD_INS: tuple[tuple[str, ...], ...] = (
    ("fatto",), ("faccio",), ("dichiaro",), ("avevo",), ("ancora",), ("uscito",), ("sono",),
    ("un",), ("una",), ("c'è", "ce"), ("era",), ("c'era", "cera"),
)

#: The (believe, doubt) wordings the help gives, matching the question asked: "ci credi?",
#: classico's Tokio ("accetti, dubiti o passi?") and Lizumo's Tokio ("accetti o scopri?").
HELP_ANSWERS: tuple[str, str] = ("ci credo", "dubito")
HELP_ANSWERS_THREE_CHOICES: tuple[str, str] = ("accetto", "dubito")
HELP_ANSWERS_BLIND: tuple[str, str] = ("accetto", "scopro")


# ---------------------------------------------------------------- Yatzi

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


# ---------------------------------------------------------------- Words that carry no meaning

#: Words dropped before matching: hesitations and conversational openers, in
#: folded form ("be'" normalises to "bé" and folds to "be").
FILLERS: frozenset[str] = frozenset(
    {
        "ehm", "ehmm", "ehmmm", "emh", "eh", "ehh", "uhm", "uhmm", "umh", "uh", "um",
        "mh", "mhm", "mm", "mmm", "hmm", "ah",
        "allora", "dunque", "dico", "io", "beh", "be", "ok", "okay", "okei",
        "ecco", "cioe", "ho", "mah", "dai", "guarda",
    }
)

#: Words that link two values ("cinque e tre") and carry no meaning of their own.
CONNECTORS: frozenset[str] = frozenset({"e"})
