"""The wordings of the lobby's answers, as data (the grammar expands them).

Each row is what a table says, in its own words, to one of the lobby's questions;
:mod:`grammars.evening.grammar` makes phrases of them and reads text back.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

#: What may stand before a game's name: "giochiamo a Tokio", "facciamo Yatzi".
GAME_LEADS: tuple[str, ...] = (
    "", "giochiamo a", "facciamo", "facciamo una partita a", "una partita a", "gioco", "vorrei", "a", "proviamo",
)

#: The rules offered are fine.
RULES_OK: tuple[str, ...] = (
    "va bene", "sì", "si", "ok", "okay", "d'accordo", "perfetto", "benissimo", "certo", "giusto", "così",
    "va benissimo", "sì va bene", "vanno bene", "sì grazie", "giochiamo", "andiamo", "iniziamo", "cominciamo",
    "le solite", "come sempre", "le regole solite", "sì perfetto", "esatto",
)

#: The rules offered are not fine (the lobby asks what to change).
RULES_NO: tuple[str, ...] = (
    "no", "cambiamo", "cambiamo le regole", "no cambiamo", "no cambiamo le regole", "altre regole", "no aspetta",
)

#: Ways to say the dice: "{n}" is the number of faces as a word.
DICE_WORDINGS: tuple[str, ...] = (
    "dadi da {n}", "con i dadi da {n}", "i dadi da {n}", "dadi a {n} facce", "con dadi da {n}", "d {n}",
    "con il d {n}", "col d {n}", "con i d {n}", "dado da {n}", "dado a {n} facce", "quelli da {n}", "da {n} facce",
)

#: Ways to say the limit of penalties or lives: "{n}" is the number as a word.
LIMIT_WORDINGS: tuple[str, ...] = (
    "a {n} penalità", "fuori a {n}", "fuori a {n} penalità", "si esce a {n}", "fino a {n}", "con {n} penalità",
    "{n} penalità", "a {n} vite", "con {n} vite", "{n} vite", "si perde a {n}", "perde chi arriva a {n}",
)

#: What may stand before a rule set's spoken name: "regole di Milella", "alla Milella".
RULES_LEADS: tuple[str, ...] = ("regole", "le regole", "con le regole", "regole di", "con le regole di", "alla", "")

#: A computer seat joins (1) or leaves (0) the table.
COMPUTER_WORDINGS: Mapping[str, int] = MappingProxyType({
    "col computer": 1, "con il computer": 1, "gioca anche il computer": 1, "anche il computer": 1,
    "aggiungi il computer": 1, "contro il computer": 1, "computer": 1,
    "senza computer": 0, "senza il computer": 0, "niente computer": 0, "togli il computer": 0,
})

#: The computer seat's levels as said: wording -> the level's option value.
LEVEL_WORDINGS: Mapping[str, str] = MappingProxyType({
    "computer forte": "forte", "computer bravo": "forte", "computer difficile": "forte",
    "computer medio": "medio", "computer normale": "medio",
    "computer facile": "facile", "computer scarso": "facile", "computer debole": "facile",
})

#: Virtual dice (the host rolls: 1) or real dice on the table (0).
VIRTUAL_WORDINGS: Mapping[str, int] = MappingProxyType({
    "dadi virtuali": 1, "con i dadi virtuali": 1, "tira tu i dadi": 1, "tira tu": 1, "dadi finti": 1,
    "dadi veri": 0, "con i dadi veri": 0, "tiriamo noi": 0,
    "lancia tu": 1, "tirali tu": 1, "lanciali tu": 1, "fai tu i dadi": 1, "non abbiamo i dadi": 1,
    "non abbiamo dadi": 1, "senza dadi": 1, "niente dadi": 1, "i dadi li abbiamo": 0, "abbiamo i dadi": 0,
    "lanciamo noi": 0,
})

#: The list of players is complete.
NAMES_DONE: tuple[str, ...] = (
    "basta così", "basta", "siamo tutti", "ci siamo tutti", "siamo questi", "nessun altro", "fine", "finito",
    "è tutto", "tutto qui", "ecco tutto", "solo noi", "nessuno",
)

#: After a game: the same players and rules again.
AGAIN: tuple[str, ...] = (
    "sì", "si", "un'altra", "un altra", "rivincita", "la rivincita", "facciamo un'altra", "ancora", "ancora una",
    "sì un'altra", "sì rivincita", "giochiamo ancora", "rigiochiamo", "ok", "va bene", "certo", "dai",
    "volentieri",
)

#: After a game: choose the game again.
CHANGE_GAME: tuple[str, ...] = (
    "cambiamo gioco", "cambia gioco", "un altro gioco", "altro gioco", "giochiamo a un'altra cosa",
    "cambiamo", "facciamo un altro gioco",
)

#: After a game: choose the players again.
CHANGE_PLAYERS: tuple[str, ...] = ("cambiamo giocatori", "cambiano i giocatori", "nuovi giocatori", "altri giocatori")

#: After a game, other players said as a verb of changing or redoing with a noun of the people at the
#: table ("rifacciamo i giocatori", "cambiamo gente"): the noun says what is changed, so the verb alone
#: ("rifacciamo": the same game again) gives way to it. Spotted only.
CHANGE_PLAYERS_VERBS: tuple[str, ...] = (
    "cambiamo", "cambia", "cambiare", "rifacciamo", "rifare", "rifai", "nuovi", "nuova", "altri", "altra",
)
CHANGE_PLAYERS_NOUNS: tuple[str, ...] = (
    "giocatori", "i giocatori", "gente", "la gente", "squadra", "la squadra", "squadre", "le squadre",
    "formazione", "la formazione",
)

#: After a game, other players or another game said among other words ("ricominciamo con altri").
CHANGE_PLAYERS_SPOTTED: tuple[str, ...] = ("con altri", "con altra gente", "tocca ad altri", "fate giocare altri")
CHANGE_GAME_SPOTTED: tuple[str, ...] = ("qualcos'altro", "qualcosa d'altro", "un altro gioco", "altra cosa")

#: After a game: the evening is over.
END_EVENING: tuple[str, ...] = (
    "basta per stasera", "basta", "no", "no grazie", "finiamo", "finito", "buonanotte", "basta così",
    "per stasera basta", "andiamo a dormire", "chiudiamo", "fine serata", "è tutto",
)

#: After a game: "entra Marco", "esce Bruno" (the name follows).
ENTERS: tuple[str, ...] = ("entra", "gioca anche", "aggiungi", "arriva")
LEAVES: tuple[str, ...] = ("esce", "va via", "togli", "non gioca più", "se ne va")

#: The fallback name of a player the host cannot hear: "giocatore" and the seat's number.
SEAT_NAME = "Giocatore"
#: The most seats a table can number ("giocatore sedici").
MOST_SEATS = 16

# ---------------------------------------------------------------- spotted inside longer answers (issue 31)
# The wordings above are also spotted anywhere in an answer (grammars/evening/understanding.py);
# these are the extra decisive words a table wraps its answers in.

#: The rules are fine, said among other words ("va bene così, partiamo").
RULES_OK_SPOTTED: tuple[str, ...] = (
    "partiamo", "si parte", "via", "va bene così", "vanno benissimo", "per me va bene", "per me vanno bene",
    "nessun cambio", "lasciamo così", "lasciale così", "teniamo queste", "teniamo così", "così va bene",
    "tutto bene", "confermo", "procedi", "vai pure", "mi sta bene", "ci sta", "ottimo", "nessuna modifica",
    "niente da cambiare", "tutto ok", "lasciamo stare", "come sono", "così come sono",
)

#: The rules are not fine, said among other words ("no no, aspetta").
RULES_NO_SPOTTED: tuple[str, ...] = (
    "cambiamo", "cambiamo qualcosa", "non va", "vorrei cambiare", "voglio cambiare", "cambiare",
    "modifichiamo", "modificare", "aspetta", "non proprio", "non tanto", "mica tanto", "non mi piacciono",
    "non mi convincono", "preferirei altro", "qualcosa di diverso",
)

#: The list of players is complete, said among other words ("direi che siamo tutti").
NAMES_DONE_SPOTTED: tuple[str, ...] = (
    "siamo al completo", "tutti qui", "ci siamo", "non c'è nessun altro", "non c'è nessuno", "non manca nessuno",
    "basta così", "nessun altro", "possiamo cominciare", "possiamo iniziare", "cominciamo", "iniziamo", "partiamo",
    "abbiamo finito", "ho finito", "abbiamo fatto", "è tutto", "siamo pronti", "pronti", "nient'altro", "stop",
)

#: At the names question, the table offered again is the same ("sì, gli stessi di prima").
SAME_TABLE: tuple[str, ...] = (
    "gli stessi", "stessi", "come prima", "come l'altra volta", "sempre noi", "stessa squadra", "stessi giocatori",
    "stessa formazione", "proprio loro", "proprio noi", "siamo noi",
)

#: At the names question, the table offered again is not this one ("no, cambia").
OTHER_TABLE: tuple[str, ...] = ("cambia", "cambiamo", "siamo altri", "siamo diversi", "altri giocatori", "altra gente")

#: "siamo in tre": how many sit at the table (the number follows, as a word).
TABLE_COUNT: tuple[str, ...] = ("siamo in {n}", "giochiamo in {n}", "in {n}")

#: After a game, a plain yes among other words: another game ("sì dai, ancora").
AFTER_YES: tuple[str, ...] = ("sì", "certo", "va bene", "volentieri", "perché no", "ci sto", "ovvio")

#: After a game, the same game again, said among other words ("dai, rivincita!", "facciamone un'altra").
AGAIN_SPOTTED: tuple[str, ...] = (
    "un'altra", "facciamone un'altra", "un'altra partita", "un'altra ancora", "ancora una", "ancora un'altra",
    "rivincita", "voglio la rivincita", "rigiochiamo", "ricominciamo", "stessa cosa", "di nuovo", "ancora una volta",
    "giochiamo ancora", "rifacciamo", "rifacciamola", "la bella", "un altro giro", "altro giro",
)

#: After a game, the evening is over, said among other words ("basta, per stasera chiudiamo").
END_EVENING_SPOTTED: tuple[str, ...] = (
    "per stasera", "per oggi", "basta così", "chiudiamo qui", "chiudiamo", "buonanotte", "andiamo a dormire",
    "abbiamo finito", "finiamo qui", "finita la serata", "fine della serata", "ci fermiamo", "fermiamoci",
    "basta", "è tardi", "si è fatto tardi", "a casa", "me ne vado a dormire", "smettiamo", "stop",
    "chiudiamola", "chiudiamola qui", "a letto", "sonno", "ora di andare", "finiamola qui", "la serata è finita",
    "per questa sera", "ci vediamo", "alla prossima",
)

#: After a game: the name, then the verb ("Marco entra", "Bruno se ne va").
ENTERS_AFTER: tuple[str, ...] = (
    "entra", "gioca", "si aggiunge", "arriva", "si unisce", "vuole giocare", "gioca con noi",
)
LEAVES_AFTER: tuple[str, ...] = (
    "esce", "va via", "se ne va", "non gioca più", "non gioca", "lascia", "va a casa", "smette", "si ritira",
    "ha finito", "va a dormire", "deve andare",
)

#: The dice named by their top roll, as tables call the game ("giochiamo a pechino" is Tokio with d10).
DICE_BY_TOP_ROLL: Mapping[str, int] = MappingProxyType({"taipei": 4, "yokohama": 8, "pechino": 10})

#: A computer level said apart from "computer" ("col computer, ma facile"): counted only beside "computer".
LEVEL_ALONE: Mapping[str, str] = MappingProxyType({
    "forte": "forte", "bravo": "forte", "difficile": "forte", "fortissimo": "forte", "cattivo": "forte",
    "medio": "medio", "facile": "facile", "scarso": "facile", "debole": "facile", "tranquillo": "facile",
    "tosto": "forte", "esperto": "forte", "principiante": "facile", "scarsissimo": "facile",
})

#: A game called by another name or by what it is ("yahtzee", "quello del bluff").
GAME_ALIASES: Mapping[str, str] = MappingProxyType({
    "yahtzee": "yatzi", "yatzee": "yatzi", "yatzy": "yatzi", "yatsi": "yatzi", "iatzi": "yatzi",
    "tokyo": "tokio", "bluff": "tokio", "del bluff": "tokio", "dei bluff": "tokio", "il gioco del bluff": "tokio",
    "quello del bluff": "tokio", "quello dei bluff": "tokio", "quello delle caselle": "yatzi",
    "quello col foglio": "yatzi", "quello con la scheda": "yatzi", "quello del punteggio": "yatzi",
    # a game described by its dice ("quello con cinque dadi"): Yatzi rolls five, Tokio two
    "cinque dadi": "yatzi", "due dadi": "tokio",
    # a game described by what it is played with ("quello dei dadi col bicchiere"), the thing with its preposition
    "del bicchiere": "tokio", "col bicchiere": "tokio", "con il bicchiere": "tokio", "delle bugie": "tokio",
    "delle caselle": "yatzi", "con le caselle": "yatzi", "e le caselle": "yatzi",
})

#: Asking what may be chosen, in the lobby: the help ("che giochi ci sono?", "che regole ci sono?").
LOBBY_HELP_WORDS: tuple[str, ...] = (
    "che giochi", "quali giochi", "giochi ci sono", "che regole", "quali regole", "regole ci sono",
    "che si può", "cosa si può", "cosa posso", "che posso", "non so cosa dire", "come funziona", "opzioni",
)

#: Someone of the table offered is not here ("Carla stasera non c'è"): the name, then these.
ABSENT_AFTER: tuple[str, ...] = ("non c'è", "non gioca", "manca", "non viene", "è andato via", "è andata via")
#: ... or these, then the name ("manca Carla", "senza Carla").
ABSENT_BEFORE: tuple[str, ...] = ("manca", "senza", "non c'è", "tranne", "meno")

#: More ways to say who joins or leaves after a game, before the name ("si aggiunge Luca").
ENTERS_MORE: tuple[str, ...] = (
    "si aggiunge", "si unisce", "viene", "c'è anche", "aggiungiamo", "mettiamo", "arriva anche", "entra anche",
    "ora c'è", "adesso c'è", "gioca con noi",
)
LEAVES_MORE: tuple[str, ...] = ("togliamo", "ci lascia", "saluta", "va a dormire", "se ne va anche", "lascia")
