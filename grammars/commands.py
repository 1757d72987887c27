"""Commands valid in every phase of every game, and the yes/no answers, as data.

Each row of :data:`COMMANDS` and :data:`YES_NO` is an intent and the Italian
wordings that mean it; each wording is one :class:`~grammars.phrases.Phrase`
whose variants add the accent-free spelling. A game grammar includes
:func:`command_entries` (and :func:`yes_no_entries` in a sì/no phase) in its own
:class:`~grammars.phrase_table.PhraseTable`, or asks :func:`parse_command`.

>>> parse_command("Ripeti!"), parse_command("ehm, cosa posso dire?")
(Repeat(), Help())
>>> parse_command("sì") is None, parse_command("si", yes_no=True), parse_command("ok", yes_no=True)
(True, Yes(), Yes())
"""

from __future__ import annotations

from functools import cache

from grammars.intents import Intent, Yes
from grammars.it.words import ASSENT_ALONE, COMMANDS, SPELLINGS, YES_NO
from grammars.normalize import phrase
from grammars.phrase_table import PhraseTable
from grammars.phrases import ExtraPhrase, Phrase


def _entries(rows: tuple[tuple[Intent, tuple[str, ...]], ...]) -> tuple[tuple[Phrase, Intent], ...]:
    return tuple(
        (phrase(wording, *SPELLINGS.get(wording, ())), intent) for intent, wordings in rows for wording in wordings
    )


@cache
def command_entries() -> tuple[tuple[Phrase, Intent], ...]:
    """``(phrase, intent)`` for every command wording, in :data:`COMMANDS` order."""
    return _entries(COMMANDS)


@cache
def yes_no_entries() -> tuple[tuple[Phrase, Intent], ...]:
    """``(phrase, intent)`` for "sì" (also "si") and "no"."""
    return _entries(YES_NO)


def assent_entries(meaning: Intent | None = None) -> tuple[tuple[Phrase, Intent], ...]:
    """``(phrase, meaning)`` for "ok" said alone, where "sì" means ``meaning``: a table's ``alone`` entries."""
    return ((ExtraPhrase.of(*phrase(*ASSENT_ALONE).variants), Yes() if meaning is None else meaning),)


def command_phrases() -> tuple[Phrase, ...]:
    """Every command phrase ("ripeti", "classifica", "punteggi", "aiuto", ...).

    >>> [p.text for p in command_phrases()][:3]
    ['ripeti', 'puoi ripetere', 'ripeti per favore']
    """
    return tuple(p for p, _ in command_entries())


def yes_no_phrases() -> tuple[Phrase, ...]:
    """The phrases "sì" (variants "sì", "si") and "no".

    >>> yes_no_phrases()[0].variants
    ('sì', 'si')
    """
    return tuple(p for p, _ in yes_no_entries())


@cache
def _table(yes_no: bool) -> PhraseTable[Intent]:
    if yes_no:
        return PhraseTable(command_entries() + yes_no_entries(), alone=assent_entries())
    return PhraseTable(command_entries())


def command_table(*, yes_no: bool = False) -> PhraseTable[Intent]:
    """The commands (and, with ``yes_no``, sì/no) as a cached :class:`PhraseTable`."""
    return _table(yes_no)


def parse_command(text: str, *, yes_no: bool = False) -> Intent | None:
    """The command ``text`` says (or, with ``yes_no``, Yes/No), else None.

    Case, punctuation, accents and fillers do not matter.

    >>> parse_command("Classifica."), parse_command("punteggi"), parse_command("NO", yes_no=True)
    (Standings(), Standings(), No())
    """
    return _table(yes_no).lookup(text)
