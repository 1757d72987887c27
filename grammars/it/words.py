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


# ---------------------------------------------------------------- Understanding (issue 28): shared vocabulary as data

#: Command content words, spotted anywhere in an utterance ("puoi ripetere?", "chi è che vince
#: adesso?", "quante vite abbiamo?"). They are weak: they count only when no answer of the
#: phase is in the utterance ("sì, finiamola" is a yes to "finiamo la partita?").
COMMAND_WORDS: tuple[tuple[Intent, tuple[str, ...]], ...] = (
    (Repeat(), ("ripetere", "ridici", "ridire", "ripetilo", "ripeti", "non sentito", "non capito", "ridimmi",
                "ridimmelo", "hai detto", "ha dichiarato")),
    (
        Standings(),
        (
            "vince", "vincendo", "ha vinto", "classifica", "punteggi", "punteggio", "quante vite", "quante penalità",
            "siamo messi", "come stiamo",
        ),
    ),
    (Help(), ("posso dire", "devo dire", "dovrei dire", "aiutami", "posso rispondere", "devo rispondere",
              "dovrei rispondere")),
    (Undo(), ("annulla", "annullare", "annulliamo", "torna indietro", "cancella", "cancellala")),
    (EndGame(), ("finiamo", "finiamola", "chiudiamo", "chiudiamola", "smettiamo")),
    # the verbs of ending in any form, with their object: "direi di finire la partita", "terminiamo la partita"
    (EndGame(), tuple(f"{verb} la partita" for verb in ("finire", "chiudere", "terminare", "terminiamo", "smettere"))),
    (EndGame(), ("terminiamo", "fine del gioco")),
)

#: Extra wordings of sì and no, spotted inside longer answers ("certo, vai").
YES_NO_WORDS: tuple[tuple[Intent, tuple[str, ...]], ...] = (
    (Yes(), ("vai", "procedi", "confermiamo", "vabbè")),
    (No(), ("aspetta un attimo", "un attimo", "fermo", "sbagliato")),
)

#: Words that flip the meaning of the answer right after them ("non mi fido", "non dubito").
NEGATORS: frozenset[str] = frozenset({"non", "mica", "neanche", "nemmeno", "neppure", "figurati", "altro"})

#: Answer particles (folded): a negator just before one has nothing to negate and does not flip it.
#: "non no" is a no, and "no no" heard as "non no" (the two sound alike) must not become a yes.
PARTICLES: frozenset[str] = frozenset({"si", "no"})

#: Negators that flip only when this word follows them: "figurati se ci credo" doubts, while
#: "figurati, fammi vedere" is an exclamation of disbelief before a doubt, not its negation;
#: "altro che cinquantatré" denies the claim named after it (a roll has no opposite: it is dropped,
#: and the other roll said is the answer), while "un altro" is no negation at all.
NEGATOR_NEEDS: Mapping[str, str] = MappingProxyType({"figurati": "se", "altro": "che"})

#: Negators that turn round even an answer that is itself a negation: "figurati se non ci credo" believes
#: (while "altro che non ci credo!" stresses the doubt).
NEGATES_NEGATIONS: frozenset[str] = frozenset({"figurati"})

#: Question words that are a request alone ("come?", "cosa?": say it again) and only open a
#: question when more words follow in the same sentence ("come stiamo a penalità?", "cosa posso
#: rispondere?"): there the content words decide.
QUESTION_WORDS: frozenset[str] = frozenset({"come", "cosa"})

#: Words that flip the answer right before them ("ci credo poco" doubts, "mi fido poco").
POST_NEGATORS: frozenset[str] = frozenset({"poco"})

#: Polite openers: at the start of a sentence with more words after them they only open it
#: ("scusa, cosa posso dire?" asks for help); alone they keep their meaning ("scusa?" repeats).
OPENERS: frozenset[str] = frozenset({"scusa", "scusami", "scusate", "senti", "sentite", "perdonami", "perdona"})

#: Pronouns a verb takes at its end ("ripetimi", "dimmelo", "rifacciamola"), longest first: a word the
#: phase does not know is read as its verb when the verb without them is one it knows.
ENCLITICS: tuple[str, ...] = (
    "glielo", "gliela", "glieli", "gliele", "melo", "mela", "meli", "mele", "telo", "tela", "celo", "cela",
    "mene", "tene", "cene", "gli", "mi", "ti", "ci", "vi", "lo", "la", "li", "le", "ne",
)

#: Words that change nothing wherever they stand ("tengo solo i cinque", "voglio proprio vedere").
SKIP_WORDS: frozenset[str] = frozenset({"solo", "soltanto", "proprio", "pure", "anche", "davvero", "sempre"})


# ---------------------------------------------------------------- Tokio


#: Spellings of a wording that the recognizer cannot spell whole ("d'accordo", "vabbè"): the
#: wording -> the spellings the parser also reads as it (the wording itself is plain words).
#: They hold wherever the wording is an answer: to a claim, and to a sì/no question.
SPELLINGS: Mapping[str, tuple[str, ...]] = MappingProxyType({"va bene": ("d'accordo", "vabbè")})


# ---------------------------------------------------------------- Yatzi


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
