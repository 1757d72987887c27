"""The lobby's questions as phases: the phrases each may hear, and text read back as an intent.

One set of wordings (:mod:`grammars.evening.words`) serves both directions, as in the
games: :func:`phrases` lists what the recognizer may hear at a question, :func:`parse`
reads what was heard. What changes from table to table (the games, their rule sets as
said, the names that can be heard) comes in a :class:`LobbyWords`.

>>> w = LobbyWords(games=("tokio", "yatzi"), rule_names={"milella": "milella", "di milella": "milella"},
...                names=("Anna", "Bruno"))
>>> parse("giochiamo a Tokio", LobbyPhase.GAME, w)
ChooseGame(game='tokio')
>>> parse("sì ma con i dadi da dieci e a cinque penalità", LobbyPhase.RULES, w)
Change(changes=(('dice', 10), ('limit', 5)))
>>> parse("regole di Milella", LobbyPhase.RULES, w), parse("va bene", LobbyPhase.RULES, w)
(Change(changes=(('rules', 'milella'),)), Yes())
>>> parse("anna", LobbyPhase.NAME, w), parse("siamo tutti", LobbyPhase.NAME, w)
(Name(name='Anna', last=False), NamesDone())
>>> parse("esce Bruno", LobbyPhase.AFTER, w), parse("rivincita", LobbyPhase.AFTER, w)
(Leaves(name='Bruno'), Again())
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache

from grammars.commands import command_entries, parse_command, yes_no_entries
from grammars.evening import words as w
from grammars.evening.intents import (
    Again,
    ChangeGame,
    ChangePlayers,
    ChooseGame,
    EndEvening,
    Enters,
    Leaves,
    Name,
    NamesDone,
)
from grammars.evening.understanding import understood
from grammars.intents import Intent, No, NotUnderstood, Yes
from grammars.it.numbers import number_word
from grammars.normalize import fold, is_filler, normalize, phrase
from grammars.phases import ListeningPhase, NotUnderstoodReason
from grammars.phrases import Phrase

#: Numbers a rule change may name (dice faces, penalties, lives).
NUMBERS = range(1, 21)


class LobbyPhase(ListeningPhase):
    """The lobby's questions."""

    GAME = "lobby_game"
    RULES = "lobby_rules"
    NAME = "lobby_name"
    CONFIRM = "lobby_confirm"
    AFTER = "lobby_after"


class Reason(NotUnderstoodReason):
    """Why a lobby answer was not understood."""

    UNKNOWN = "unknown"


@dataclass(frozen=True)
class LobbyWords:
    """What the lobby can hear at this table: the games, their rule sets as said, the names."""

    games: tuple[str, ...]
    rule_names: Mapping[str, str] = field(default_factory=dict)
    """A rule set as said ("di milella", "classiche") -> its ``--rules`` value."""
    names: tuple[str, ...] = ()
    """The names the lobby can hear (the shipped list, earlier evenings', the table's)."""

    @property
    def heard_names(self) -> tuple[str, ...]:
        """``names`` and the fallback for a name that cannot be heard: "giocatore tre" (any table can say it)."""
        return (*self.names, *seat_names())


def seat_names() -> tuple[str, ...]:
    """"Giocatore uno" ... "Giocatore sedici": a player whose name the host cannot hear takes a number.

    >>> seat_names()[2]
    'Giocatore tre'
    """
    return tuple(f"{w.SEAT_NAME} {number_word(n)}" for n in range(1, w.MOST_SEATS + 1))


def _key(text: str) -> str:
    """Folded, normalised, single-spaced; the apostrophe of "un'altra" a space; a hesitation before the
    answer ("ehm, tokio") dropped, unless it is the whole answer ("ok")."""
    tokens = fold(normalize(text.replace("'", " ").replace("’", " "))).split()
    while len(tokens) > 1 and is_filler(tokens[0]):
        tokens.pop(0)
    return " ".join(tokens)


def _match_name(text: str, names: Sequence[str]) -> str | None:
    """The name of ``names`` that ``text`` (a key) is, by its folded spelling."""
    return _names_by_key(tuple(names)).get(text)


@cache
def _names_by_key(names: tuple[str, ...]) -> dict[str, str]:
    found: dict[str, str] = {}
    for name in names:
        found.setdefault(_key(name), name)
    return found


def _one_of(text: str, wordings: Sequence[str]) -> bool:
    return text in {_key(x) for x in wordings}


def _lead_removed(text: str, leads: Sequence[str]) -> str:
    for lead in sorted((_key(x) for x in leads if x), key=len, reverse=True):
        if text.startswith(lead + " "):
            return text[len(lead) + 1:]
    return text


def parse(text: str, phase: LobbyPhase, words: LobbyWords) -> Intent:
    """What ``text`` says in answer to ``phase``'s question (a command, sì/no, or the lobby's own intents).

    The answer as a whole is tried first (a wording of the question, a command); then its decisive
    phrases are spotted among other words (:mod:`grammars.evening.understanding`), where two that
    disagree are a Conflict and a costly one only asked about is an AskBack.
    """
    whole = _whole(text, phase, words)
    if not isinstance(whole, NotUnderstood):
        return whole
    spotted = understood(text, phase.value, words.games, words.rule_names, words.heard_names)
    return spotted if spotted is not None else whole


def _whole(text: str, phase: LobbyPhase, words: LobbyWords) -> Intent:
    """What ``text`` says as a whole answer: one of the question's wordings, or a command."""
    key = _key(text)
    if phase in (LobbyPhase.CONFIRM,):
        command = parse_command(text, yes_no=True)
        return command if command is not None else NotUnderstood(text, Reason.UNKNOWN)
    if phase is LobbyPhase.AFTER:
        return _after(text, key, words)
    command = parse_command(text)
    if command is not None:
        return command
    if phase is LobbyPhase.GAME:
        game = _lead_removed(key, w.GAME_LEADS)
        if game in words.games:
            return ChooseGame(game)
    elif phase is LobbyPhase.RULES:
        if _one_of(key, w.RULES_OK):
            return Yes()
        if _one_of(key, w.RULES_NO):
            return No()
    elif phase is LobbyPhase.NAME:
        return _name(text, key, words)
    return NotUnderstood(text, Reason.UNKNOWN)


def _name(text: str, key: str, words: LobbyWords) -> Intent:
    if _one_of(key, w.NAMES_DONE):
        return NamesDone()
    for done in sorted((_key(x) for x in w.NAMES_DONE), key=len, reverse=True):
        for joint in (" e ", " "):
            if key.endswith(joint + done):
                named = _match_name(key[: -len(joint + done)], words.heard_names)
                if named is not None:
                    return Name(named, last=True)
    yes_no = parse_command(text, yes_no=True)
    if isinstance(yes_no, (Yes, No)):
        return yes_no
    named = _match_name(_lead_removed(key, ("sono", "io sono", "mi chiamo", "gioca", "c è")), words.heard_names)
    return Name(named) if named is not None else NotUnderstood(text, Reason.UNKNOWN)


def _after(text: str, key: str, words: LobbyWords) -> Intent:
    for meaning, wordings in (
        (EndEvening(), w.END_EVENING), (ChangeGame(), w.CHANGE_GAME), (ChangePlayers(), w.CHANGE_PLAYERS),
        (Again(), w.AGAIN),
    ):
        if _one_of(key, wordings):
            return meaning
    for kind, leads in ((Enters, w.ENTERS), (Leaves, w.LEAVES)):
        rest = _lead_removed(key, leads)
        if rest != key:
            named = _match_name(rest, words.heard_names)
            if named is not None:
                return kind(named)
    command = parse_command(text)
    return command if command is not None else NotUnderstood(text, Reason.UNKNOWN)


# ---------------------------------------------------------------- what the recognizer may hear


def _phrases(texts: Iterator[str]) -> tuple[Phrase, ...]:
    seen: dict[str, Phrase] = {}
    for text in texts:
        spoken = " ".join(normalize(text).split())
        if spoken and fold(spoken) not in seen:
            seen[fold(spoken)] = phrase(spoken)
    return tuple(seen.values())


def name_phrase(name: str) -> Phrase:
    """The phrase of one name, as the name question offers it to the recognizer."""
    return phrase(" ".join(normalize(name).split()))


def phrases(phase: LobbyPhase, words: LobbyWords, table: Sequence[str] = ()) -> tuple[Phrase, ...]:
    """Every phrase valid at ``phase`` (commands and sì/no included); ``table``: the names seated now.

    Worked out once per question and table: the name question alone holds twice the ~2,900 shipped names.
    """
    return _phrases_of(phase, words.games, tuple(words.rule_names.items()), words.names, tuple(table))


@lru_cache(maxsize=16)
def _phrases_of(phase: LobbyPhase, games: tuple[str, ...], rule_names: tuple[tuple[str, str], ...],
                names: tuple[str, ...], table: tuple[str, ...]) -> tuple[Phrase, ...]:
    words = LobbyWords(games, dict(rule_names), names)
    commands = tuple(p for p, _ in command_entries())
    yes_no = tuple(p for p, _ in yes_no_entries())
    if phase is LobbyPhase.CONFIRM:
        return commands + yes_no
    if phase is LobbyPhase.GAME:
        texts: Iterator[str] = (f"{lead} {game}" for game in words.games for lead in w.GAME_LEADS)
    elif phase is LobbyPhase.RULES:
        texts = iter([
            *w.RULES_OK, *w.RULES_NO, *w.COMPUTER_WORDINGS, *w.LEVEL_WORDINGS, *w.VIRTUAL_WORDINGS,
            *(x.replace("{n}", number_word(n)) for x in (*w.DICE_WORDINGS, *w.LIMIT_WORDINGS) for n in NUMBERS),
            *(f"{lead} {spoken}" for spoken in words.rule_names for lead in w.RULES_LEADS),
        ])
    elif phase is LobbyPhase.NAME:
        texts = iter([*w.NAMES_DONE, *words.heard_names, *(f"{name} e basta" for name in words.heard_names)])
    else:
        texts = iter([
            *w.AGAIN, *w.CHANGE_GAME, *w.CHANGE_PLAYERS, *w.END_EVENING,
            *(f"{lead} {name}" for name in words.heard_names for lead in w.ENTERS[:1]),
            *(f"{lead} {name}" for name in table for lead in w.LEAVES),
        ])
    return commands + yes_no + _phrases(texts) if phase is not LobbyPhase.AFTER else commands + _phrases(texts)


def help_examples(phase: LobbyPhase, words: LobbyWords) -> list[str]:
    """A few answers to ``phase``'s question, for the help (each parses in that phase)."""
    if phase is LobbyPhase.GAME:
        return [f"giochiamo a {game}" for game in words.games]
    if phase is LobbyPhase.RULES:
        return ["va bene", "con i dadi da dieci", "a cinque penalità", "col computer", "dadi virtuali"]
    if phase is LobbyPhase.NAME:
        return ["Anna", "basta così"]
    if phase is LobbyPhase.CONFIRM:
        return ["sì", "no"]
    return ["rivincita", "cambiamo gioco", "entra Marco", "basta per stasera"]
