"""Questions about the history of games, valid at any moment of any game: what they say, and their phrases.

"statistiche", "chi ha vinto di più?", "il record di Yatzi?", "come va Anna?",
"chi bluffa meglio?": each with the other ways a table asks it. The phrases that
name a game or a player are built for the games there are and the players at the
table, so the recognizer hears only names it can answer about.

>>> table = question_table(("tokio", "yatzi"), ("Anna", "Nicolò"))
>>> table.lookup("Chi ha vinto più partite?"), table.lookup("ehm, come sta andando Nicolo?")
(HistoryQuestion(kind='most_wins', subject=None), HistoryQuestion(kind='player', subject='Nicolò'))
>>> table.lookup("qual è il record a yatzi")
HistoryQuestion(kind='record', subject='yatzi')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from grammars.normalize import phrase
from grammars.phrase_table import PhraseTable
from grammars.phrases import Phrase

#: The kinds of question, and how a table asks each (the first wording is the canonical one).
#: ``{game}`` and ``{name}`` stand for a game's and a player's name.
WORDINGS: dict[str, tuple[str, ...]] = {
    "overview": ("statistiche", "le statistiche", "storico", "lo storico", "dimmi le statistiche"),
    "most_wins": (
        "chi ha vinto di più", "chi vince di più", "chi ha vinto più partite", "chi ha più vittorie",
        "chi è il più forte", "chi vince sempre",
    ),
    "record_any": ("il record", "qual è il record", "il punteggio più alto"),
    "record": (
        "il record di {game}", "record di {game}", "qual è il record di {game}", "il record a {game}",
        "qual è il record a {game}", "il punteggio più alto a {game}",
    ),
    "player": (
        "come va {name}", "come sta andando {name}", "come gioca {name}", "le statistiche di {name}",
        "statistiche di {name}", "come se la cava {name}",
    ),
    "bluffs": (
        "chi bluffa meglio", "chi bluffa di più", "chi è il miglior bluffatore", "il miglior bluffatore",
        "chi è il più bravo a bluffare",
    ),
}


@dataclass(frozen=True)
class HistoryQuestion:
    """A question about the history: ``kind`` (a key of :data:`WORDINGS`, ``record_any`` said ``record``)
    and what it is about (a game's name for ``record``, a player's for ``player``)."""

    kind: str
    subject: str | None = None


def _entries(games: Sequence[str], names: Sequence[str]) -> list[tuple[Phrase, HistoryQuestion]]:
    entries: list[tuple[Phrase, HistoryQuestion]] = []
    for kind, wordings in WORDINGS.items():
        for wording in wordings:
            if "{game}" in wording:
                entries += [(phrase(wording.format(game=g)), HistoryQuestion(kind, g)) for g in games]
            elif "{name}" in wording:
                entries += [(phrase(wording.format(name=n.lower())), HistoryQuestion(kind, n)) for n in names]
            else:
                entries.append((phrase(wording), HistoryQuestion("record" if kind == "record_any" else kind)))
    return entries


@lru_cache(maxsize=16)
def question_table(games: tuple[str, ...], names: tuple[str, ...]) -> PhraseTable[HistoryQuestion]:
    """Every question about the history, for these games and the players at the table.

    A name that cannot be told from another one once folded (two names of symbols
    only) is left out of the questions: asking about it would be a guess; so is a name
    that is a word the host skips ("U", "Dai", "Eh": fillers), which no phrase can hold.
    """
    return PhraseTable(_entries(games, _distinct(games, names)))


def _distinct(games: tuple[str, ...], names: tuple[str, ...]) -> tuple[str, ...]:
    kept: list[str] = []
    for name in names:
        try:
            PhraseTable(_entries(games, (*kept, name)))
        except ValueError:  # AmbiguousPhrase, or a name made of filler words
            continue
        kept.append(name)
    return tuple(kept)


@lru_cache(maxsize=16)
def question_phrases(games: tuple[str, ...], names: tuple[str, ...]) -> tuple[Phrase, ...]:
    """The phrases of :func:`question_table`, for the recognizer."""
    return tuple(p for p, _ in _entries(games, _distinct(games, names)))
