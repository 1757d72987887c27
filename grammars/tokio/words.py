"""The words of Tokio, in Italian: the rolls' names, the answers to a claim, the lead-ins of a claim.

The shared words (commands, sì/no, fillers) are in :mod:`grammars.it.words`; :mod:`grammars.tokio.grammar`
expands these into each phase's phrases.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from grammars.intents import Intent
from grammars.tokio.intents import BelieveIt, DoubtIt, TakeThePenalty

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


# ---------------------------------------------------------------- understanding (issue 28)

#: More answers to a claim, spotted inside longer utterances ("ti credo sulla parola", "non mi
#: fido": a negator before one flips it). Not given to the recognizer as whole phrases.
SPOTTED_RESPONSES: tuple[tuple[Intent, tuple[str, ...]], ...] = (
    (BelieveIt(), ("mi fido", "fido", "mi convince", "ci sta", "tiro io", "vai avanti", "hai vinto tu")),
    # taking the dice or the cup
    (BelieveIt(), ("prendo i dadi", "prendo il bicchiere")),
    # "vediamo se" about one's own roll to come is taking the cup, not a call to lift it ("vediamo se è vero")
    (BelieveIt(), tuple(f"vediamo se {attempt}" for attempt in (
        "esce", "riesco", "ce la faccio", "lo batto", "la batto", "faccio meglio", "lo supero", "tocca a me",
    ))),
    # taking the cup over is believing: a verb of handing it over, and the cup or the dice
    (BelieveIt(), tuple(f"{verb} {cup}" for verb in ("passami", "dammi", "passa", "da qua")
                        for cup in ("il bicchiere", "i dadi", "il bussolotto"))),
    (
        DoubtIt(),
        (
            "neanche per idea", "nemmeno per idea", "bluffi", "stai bluffando", "bluff", "balle",
            "vediamo i dadi", "scopri tutto",
            # disbelief: "figurati!" alone (before "se" it is a negator: "figurati se ci credo"), and the
            # claim denied to its declarer ("cinquantatré non ce l'hai")
            "figurati", "non ce l'hai", "non l'hai", "non ce li hai",
            # a lie named, and refusals as a table says them (no bare "menti" nor "mostra": one letter from
            # "metti" and "nostra", a typed word would be corrected to them)
            "stai mentendo", "bugia", "manco per sogno", "neanche per sogno", "nemmeno per sogno",
            "col cavolo", "ma quando mai", "giammai", "è falso",
            # showing the dice, with any verb of showing ("mostrami i dadi": the pronoun is dropped)
            "mostra i dadi", "fuori i dadi", "falli vedere", "fammeli vedere", "fammi vedere tutto",
            # opening the cup, with any verb of opening or lifting
            # (with its object: "apri la finestra" is table talk)
            "scopriamo", "apri il bicchiere", "apri i dadi", "solleva il bicchiere", "alziamo",
            "impossibile", "non è possibile", "non può essere",
        ),
    ),
)

#: Taking the penalty said with any verb of taking ("mi becco la penalità", "accetto la penalità"),
#: spotted inside longer answers.
SPOTTED_TAKE_PENALTY: tuple[str, ...] = tuple(
    f"{verb} {noun}"
    for verb in ("prendo", "mi prendo", "becco", "mi becco", "piglio", "mi piglio", "accetto", "pago", "incasso",
                 "prendere", "prenderei", "accettare", "pagare", "tengo", "mi tengo")
    for noun in ("la penalità", "una penalità")
)

#: Withdrawing from the round is taking the penalty, where it may be taken.
SPOTTED_WITHDRAW: tuple[str, ...] = ("mi ritiro", "lascio perdere")

#: Words that say how the penalty is taken ("mi becco la penalità senza guardare": one answer, not a
#: take and a belief): beside a take of the penalty they are part of it.
TAKE_PENALTY_MANNER: tuple[str, ...] = ("senza guardare",)


#: Words dropped from a claim or a reveal besides the lead-ins: the articles before a face
#: ("il sei e il due", "l'uno").
ROLL_ARTICLES: frozenset[str] = frozenset({"il", "l", "lo", "la", "i", "gli", "le"})

#: The articles of :data:`ROLL_ARTICLES` a recognizer is given as words of claims and reveals, so
#: that "il sei e il due" arrives as words the parser drops, not as "[unk] sei [unk] due" (where an
#: unknown word splits the dice). "l'" is part of the next word in a recognizer's spelling.
HEARD_ARTICLES: tuple[str, ...] = ("il", "lo", "la", "i", "gli", "le")

#: Claims and reveals give the recognizer no command content word ("ripetere", "ridici") beside their
#: phrases (the commands themselves stay phrases: "ripeti", "puoi ripetere"). Their phrases are short
#: number words, and a loose word that means something is one more place for a misheard number or the
#: next table's talk to land: "ridici" is two phonemes from "undici" (decisions.json), and on the proxy
#: (bench/hearing.py --rounds 4, through the sink) the spotted "what did you say" took three claims of
#: 240 for a repeat. The negators stay: they decide nothing alone, a claim after one is dropped, and on
#: the proxy they absorb talk that would otherwise be forced onto a number (fewer missed, --offline).
#: Typed, everything still works (the parser is unchanged).
ROLL_HEARD_ONLY = "negators, articles, 'due assi'"


#: The pair of ones said by count, spotted in claims and reveals ("due assi"): "due" before a
#: number word stays a die ("due nove" is nine and two), before "assi" it can only be a count.
SPOTTED_ACE_PAIRS: tuple[str, ...] = ("due assi",)
