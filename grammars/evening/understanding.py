"""The lobby's answers found inside how a table talks: the games' understanding model (issue 28) for the lobby.

A whole answer is still read first as a whole (:func:`grammars.evening.grammar.parse`); when it is
no wording of the question, the question's decisive phrases are spotted anywhere in it
(:mod:`grammars.understanding.spotting`): "dai facciamo una tokio" chooses Tokio, "sono Marco"
names Marco, "io vado, esce Bruno" lets Bruno go. Negation flips what has an opposite ("non col
computer" is "senza computer", "non va bene" is "no") and drops what has none; two answers that
disagree ("sì... anzi no", "tokio o yatzi") are a :class:`~grammars.intents.Conflict`, asked back
and never applied; words that decide nothing are not understood. Typed words are forgiven when one
word is clearly nearest ("tokyo").

What the lobby adds is how spots join (:func:`merge`): rule changes said together are one
change ("mettiamo i dadi da dieci e a cinque penalità"), and a "sì" or "no" beside a change is
the change ("no, niente computer"); a name beside "basta" is the last name ("c'è anche Carla e
basta"); after a game, a "sì" beside another answer is that answer.

>>> table = (("tokio", "yatzi"), {"milella": "milella"}, ("Anna", "Bruno", "Marco"))
>>> understood("dai facciamo una tokio", "lobby_game", *table)
ChooseGame(game='tokio')
>>> understood("no, niente computer", "lobby_rules", *table)
Change(changes=(('computer', 0),))
>>> understood("mettiamo i dadi da dieci e fuori a cinque", "lobby_rules", *table)
Change(changes=(('dice', 10), ('limit', 5)))
>>> understood("sì... anzi no", "lobby_rules", *table).said
('sì', 'no')
>>> understood("io sono Marco", "lobby_name", *table), understood("direi che siamo tutti", "lobby_name", *table)
(Name(name='Marco', last=False), NamesDone())
>>> understood("io vado, esce Bruno", "lobby_after", *table), understood("che bella serata", "lobby_after", *table)
(Leaves(name='Bruno'), None)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import lru_cache

from grammars.evening import words as w
from grammars.evening.intents import (
    Again,
    Change,
    ChangeGame,
    ChangePlayers,
    ChooseGame,
    EndEvening,
    Enters,
    Leaves,
    Name,
    Names,
    NamesDone,
    TableCount,
)
from grammars.intents import EndGame, Help, Intent, No, Yes
from grammars.it.numbers import number_word
from grammars.it.words import COMMAND_WORDS, NEGATORS, YES_NO, YES_NO_WORDS
from grammars.normalize import fold
from grammars.understanding.spotting import HARMLESS, Spot, Vocabulary, tokens, understand

#: Numbers a rule change may name (dice faces, penalties, lives).
NUMBERS = range(1, 21)
_DIGITS = re.compile(r"^(d)?(\d{1,2})$")


def _spelt(token: str) -> tuple[str, ...]:
    """A typed number as its words ("10" -> "dieci"; "d10" -> "d dieci"), as the wordings say it."""
    match = _DIGITS.match(token)
    if match is None or int(match.group(2)) not in NUMBERS:
        return (token,)
    spelt = tuple(fold(number_word(int(match.group(2)))).split())
    return ("d", *spelt) if match.group(1) else spelt


_BARE = Vocabulary({}, expand=_spelt)


def _key(wording: str) -> str:
    """The spotting key of a wording: its tokens as the spotter reads an utterance ("un'altra" -> "un altra")."""
    return " ".join(t for t, _ in tokens(wording.replace("'", " ").replace("’", " "), _BARE))


#: Wordings taken only as the whole answer, never spotted among other words: too common in table talk
#: ("è tutto" is "tutto", "cambiamo" after a game could be anything).
EXACT_ONLY: frozenset[str] = frozenset({"noi", "tutto", "fine", "finito", "nessuno", "ancora", "cosi", "cambiamo", "a"})


def _add(keys: dict[str, Intent], wordings: Iterable[str], meaning: Intent,
         exact_only: frozenset[str] = EXACT_ONLY) -> None:
    for wording in wordings:
        k = _key(wording)
        if k and k not in exact_only and k not in NEGATORS:  # "non proprio" is "non": a negator is never a key
            keys.setdefault(k, meaning)


#: A computer level said apart from "computer" (an option no game has: :func:`merge` makes it a level or drops it).
_LEVEL_ALONE = "level_alone"


def _weak() -> dict[str, Intent]:
    """The command content words ("puoi ripetere?"), but not the game's end: no game is on in the lobby."""
    weak: dict[str, Intent] = {}
    _add(weak, w.LOBBY_HELP_WORDS, Help())
    for meaning, wordings in COMMAND_WORDS:
        if not isinstance(meaning, EndGame):
            _add(weak, wordings, meaning)
    return weak


def _yes_no(keys: dict[str, Intent], yes: Intent, no: Intent) -> None:
    for rows in (YES_NO, YES_NO_WORDS):
        for meaning, wordings in rows:
            _add(keys, wordings, yes if isinstance(meaning, Yes) else no)


#: First names that are also everyday words ("il primo è Marco", "che bella serata", "gli stessi di prima"):
#: heard as names only when said as one ("sono Vera", "entra Primo"), or as the whole answer. Names that are
#: rarely anything else at a table (Chiara, Serena, Aurora) stay spotted anywhere.
WORD_NAMES: frozenset[str] = frozenset({
    "primo", "secondo", "terzo", "quarto", "quinto", "sesto", "settimo", "decimo", "ultimo", "prima", "vero", "vera",
    "vita", "mia", "fino", "fermo", "buono", "amico", "bella", "giusto", "tranquillo", "sabato", "domenica", "natale",
    "pasqua", "felice", "pace", "santo", "santa", "sole", "fede", "fedele", "fiore", "fortuna", "fortunato", "gentile",
    "gioia", "beato", "luna", "perla", "regina", "italia", "roma", "speranza", "benvenuto", "modesto", "onesto",
    "prospero", "innocente", "costante", "clemente", "libero", "sereno", "celeste", "amato", "neve", "oliva",
})

#: What names someone at the name question: "sono Marco", "mi chiamo Luca", "poi c'è Anna".
NAME_LEADS: tuple[str, ...] = (
    "sono", "io sono", "mi chiamo", "c'è", "c'è anche", "poi c'è", "poi", "gioca", "gioco io", "anche",
    "aggiungi", "metti",
)


def _names(keys: dict[str, Intent], names: Iterable[str], meaning: type[Name] | type[Enters] | type[Leaves],
           leads: Iterable[str], tails: Iterable[str] = ()) -> None:
    lead_keys = [k for k in map(_key, leads) if k]  # "anche" is no lead: the spotter skips it
    tail_keys = [_key(tail) for tail in tails]
    for name in names:
        k = _key(name)
        if not k:
            continue
        intent = meaning(name)
        for lead in lead_keys:
            keys.setdefault(f"{lead} {k}", intent)
        for tail in tail_keys:
            keys.setdefault(f"{k} {tail}", intent)
        if k not in WORD_NAMES and meaning is Name:
            keys.setdefault(k, intent)


def _rule_keys(keys: dict[str, Intent], rule_names: Mapping[str, str]) -> None:
    for option, wordings in (("dice", (*w.DICE_WORDINGS, "{n} facce")), ("limit", w.LIMIT_WORDINGS)):
        for n in NUMBERS:
            _add(keys, (x.replace("{n}", number_word(n)) for x in wordings), Change(((option, n),)))
    on = [x for x, value in w.COMPUTER_WORDINGS.items() if value and "computer" in x]
    for wording, level in w.LEVEL_WORDINGS.items():
        adjective = wording.split()[-1]
        _add(keys, [wording, *(f"{x} {adjective}" for x in on)], Change((("computer_level", level),)))
    for adjective, level in w.LEVEL_ALONE.items():
        _add(keys, [adjective], Change(((_LEVEL_ALONE, level),)))
    for top, sides in w.DICE_BY_TOP_ROLL.items():
        _add(keys, [top, f"a {top}"], Change((("dice", sides),)))
    for wording, on_off in w.COMPUTER_WORDINGS.items():
        _add(keys, [wording], Change((("computer", on_off),)))
    for wording, on_off in w.VIRTUAL_WORDINGS.items():
        _add(keys, [wording], Change((("virtual_dice", on_off),)))
    for spoken, rules in rule_names.items():
        _add(keys, [spoken, *(f"{lead} {spoken}" for lead in w.RULES_LEADS)], Change((("rules", rules),)))


@lru_cache(maxsize=16)
def _vocabulary(phase: str, games: tuple[str, ...], rule_names: tuple[tuple[str, str], ...],
                names: tuple[str, ...], table: tuple[str, ...]) -> Vocabulary:
    keys: dict[str, Intent] = {}
    opposite: dict[Intent, Intent] = {Yes(): No(), No(): Yes()}
    harmless: tuple[type, ...] = (*HARMLESS, ChooseGame, Change, Name, Names, Enters, Leaves, Yes, No, TableCount)
    if phase in ("lobby_game", "lobby_after"):
        for game in games:
            aliases = [alias for alias, target in w.GAME_ALIASES.items() if target == game]
            _add(keys, [game, *aliases, *(f"{lead} {x}" for x in (game, *aliases) for lead in w.GAME_LEADS)],
                 ChooseGame(game))
    if phase == "lobby_rules":
        _add(keys, (*w.RULES_OK, *w.RULES_OK_SPOTTED), Yes())  # "così" alone is no answer inside others
        _add(keys, (*w.RULES_NO, *w.RULES_NO_SPOTTED), No(), frozenset())
        _yes_no(keys, Yes(), No())
        _rule_keys(keys, dict(rule_names))
        for value in (0, 1):
            for option in ("computer", "virtual_dice"):
                opposite[Change(((option, value),))] = Change(((option, 1 - value),))
    if phase == "lobby_name":
        _add(keys, (*w.NAMES_DONE, *w.NAMES_DONE_SPOTTED), NamesDone())
        _add(keys, w.SAME_TABLE, Yes())
        _add(keys, w.OTHER_TABLE, No(), frozenset())
        for n in range(1, w.MOST_SEATS + 1):
            _add(keys, (x.replace("{n}", number_word(n)) for x in w.TABLE_COUNT), TableCount(n))
        _yes_no(keys, Yes(), No())
        _names(keys, names, Name, NAME_LEADS)
        _names(keys, names, Leaves, w.ABSENT_BEFORE, w.ABSENT_AFTER)
    if phase == "lobby_after":
        _add(keys, ["no"], No())  # "no dai, un'altra": a no beside another answer gives way to it
        _add(keys, w.AFTER_YES, Yes())
        _add(keys, (*w.AGAIN, *w.AGAIN_SPOTTED), Again())
        _add(keys, (*w.CHANGE_GAME, *w.CHANGE_GAME_SPOTTED), ChangeGame())
        _add(keys, (*w.CHANGE_PLAYERS, *w.CHANGE_PLAYERS_SPOTTED), ChangePlayers())
        _add(keys, [f"{verb} {noun}" for verb in w.CHANGE_PLAYERS_VERBS for noun in w.CHANGE_PLAYERS_NOUNS],
             ChangePlayers())
        _add(keys, (*w.END_EVENING, *w.END_EVENING_SPOTTED), EndEvening())
        _names(keys, names, Enters, (*w.ENTERS, *w.ENTERS_MORE), w.ENTERS_AFTER)
        _names(keys, table, Leaves, (*w.LEAVES, *w.LEAVES_MORE), (*w.LEAVES_AFTER, *w.ABSENT_AFTER))
        harmless = (*HARMLESS, Enters, Leaves)
    if phase == "lobby_confirm":
        _yes_no(keys, Yes(), No())
    known = frozenset(t for k in _weak() for t in k.split())
    drop = _WHEN if phase == "lobby_name" else frozenset()
    # a word with a pronoun at its end is read as a verb of the lobby, never as a name ("Nicola" is no "Nico")
    people = (Name, Names, Enters, Leaves)
    stems = frozenset(t for k, m in keys.items() if not isinstance(m, people) for t in k.split()) | known
    return Vocabulary(keys, weak=_weak(), opposite=opposite, drop=drop, harmless=harmless, expand=_spelt,
                      known=known, stems=stems)


#: Words of when, dropped at the name question: "Carla stasera non c'è" is "Carla non c'è".
_WHEN: frozenset[str] = frozenset({"stasera", "oggi", "adesso", "ora", "purtroppo", "stavolta", "questa", "volta"})


def merge(spots: list[Spot]) -> list[Spot]:
    """Spots that together are one answer, joined; the others as they are (they may still disagree).

    Rule changes of different rules are one change, in the order said; a "sì" beside an answer
    of another kind gives way to it ("sì, Bruno", "sì, cambiamo gioco"), and so does a "no" beside
    a rule change or an answer after a game ("no, niente computer", "no dai, un'altra"), but not
    beside a name ("no, Marta": was the last name misheard? asked back); several names said together
    are several players ("siamo Anna, Bruno e Carla"), with "basta così" the last ones; a computer
    level makes "col computer" said.
    """
    spots = _levels(spots)
    if len(spots) < 2:
        return spots
    answers = [s for s in spots if not isinstance(s.meaning, (Yes, No))]
    if not answers or (any(isinstance(s.meaning, No) for s in spots)
                       and any(isinstance(s.meaning, (Name, NamesDone)) for s in answers)):
        return spots
    changes = [(s, s.meaning) for s in answers if isinstance(s.meaning, Change)]
    others = [s for s in answers if not isinstance(s.meaning, Change)]
    if changes:
        joined: dict[str, tuple[str, str | int]] = {}
        said: list[str] = []
        leveled = any(option == "computer_level" for _, change in changes for option, _ in change.changes)
        for s, change in changes:
            for option, value in change.changes:
                if leveled and option == "computer" and value == 1:
                    continue
                if option in joined and joined[option][1] != value:
                    return spots  # "dadi da sei, anzi da dieci": two values of one rule disagree
                joined.setdefault(option, (option, value))
                said.append(s.said)
        first = changes[0][0]
        others.insert(0, Spot(Change(tuple(joined.values())), " ".join(dict.fromkeys(said)), first.quoted))
    games = [s for s in others if isinstance(s.meaning, ChooseGame)]
    if games and all(isinstance(s.meaning, (ChooseGame, Again, ChangeGame)) for s in others):
        return games  # "un'altra a yatzi", "cambiamo, facciamo yatzi": the game named (two games still disagree)
    players = [s for s in others if isinstance(s.meaning, ChangePlayers)]
    if players and all(isinstance(s.meaning, (ChangePlayers, Again)) for s in others):
        return players[:1]  # "un'altra, ma con altri giocatori": another game is what changing the players gives
    names = [s for s in others if isinstance(s.meaning, Name)]
    done = [s for s in others if isinstance(s.meaning, NamesDone)]
    counts = [s for s in others if isinstance(s.meaning, TableCount)]
    if not names and counts and len(counts) + len(done) == len(others):
        return counts  # "siamo in tre, basta" (two counts that differ still disagree)
    if names and len(names) + len(done) + len(counts) == len(others):
        said = list(dict.fromkeys(s.meaning.name for s in names if isinstance(s.meaning, Name)))
        if any(isinstance(c.meaning, TableCount) and c.meaning.players != len(said) for c in counts):
            return others  # "siamo in due: Anna, Bruno e Carla": asked back
        last = bool(done or counts)
        if len(said) == 1:
            return [Spot(Name(said[0], last=last), names[0].said, names[0].quoted)]
        return [Spot(Names(tuple(said), last=last), " ".join(s.said for s in names), names[0].quoted)]
    return others


def _levels(spots: list[Spot]) -> list[Spot]:
    """A level said apart ("ma facile") becomes the computer's level when a computer is said too; else dropped."""
    alone = [s for s in spots if isinstance(s.meaning, Change) and s.meaning.changes[0][0] == _LEVEL_ALONE]
    if not alone:
        return spots
    rest = [s for s in spots if s not in alone]
    computer = any(isinstance(s.meaning, Change) and s.meaning.changes[0][0].startswith("computer") for s in rest)
    if not computer:
        return rest
    level = alone[0].meaning
    assert isinstance(level, Change)
    return [*rest, Spot(Change((("computer_level", level.changes[0][1]),)), alone[0].said, alone[0].quoted)]


def understood(text: str, phase: str, games: tuple[str, ...], rule_names: Mapping[str, str],
               names: tuple[str, ...]) -> Intent | None:
    """What ``text`` decides at the lobby question ``phase`` (a ``LobbyPhase`` value), or None when nothing.

    ``games``, ``rule_names`` and ``names`` are what the table can hear (a ``LobbyWords``).
    """
    vocabulary = _vocabulary(str(phase), games, tuple(sorted(rule_names.items())), names, names)
    found = understand(text, vocabulary, merge)
    if isinstance(found, No) and str(phase) == "lobby_after":
        return EndEvening()
    if isinstance(found, Yes) and str(phase) == "lobby_after":
        return Again()
    return found
