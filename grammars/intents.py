"""Intents: what a player meant, as values. "Not understood" is a value too."""

from __future__ import annotations

from dataclasses import dataclass

from grammars.phases import NotUnderstoodReason

# ---- commands valid in every phase


@dataclass(frozen=True)
class Repeat:
    """"ripeti": say the last prompt again."""


@dataclass(frozen=True)
class Standings:
    """"classifica" / "punteggi": read the standings."""


@dataclass(frozen=True)
class Help:
    """"aiuto" / "cosa posso dire": list what can be said now."""


@dataclass(frozen=True)
class Undo:
    """"annulla": undo the last accepted action."""


@dataclass(frozen=True)
class EndGame:
    """"fine partita": end the game (asks sì/no first)."""


# ---- answers


@dataclass(frozen=True)
class Yes:
    """"sì"."""


@dataclass(frozen=True)
class No:
    """"no"."""


# ---- the base of every game's own intents


class GameIntent:
    """Base of the intents a game defines in its own module (``grammars/<game>_intents.py``).

    The session passes them to the game's dialog untouched: a new game adds its
    intents without changing this module.
    """


@dataclass(frozen=True)
class NotUnderstood:
    """Nothing valid now matches ``text``; ``reason`` may say why (for the host to tell)."""

    text: str
    reason: NotUnderstoodReason


# ---- what the understanding model cannot settle alone (issue 28)


class Unsettled(NotUnderstoodReason):
    """Why an utterance with decisive words is still no answer."""

    CONFLICT = "conflict"
    """Two decisive phrases that disagree ("sì... anzi no", a claim and a doubt)."""


@dataclass(frozen=True)
class Conflict(NotUnderstood):
    """Decisive phrases that disagree: nothing is applied, the host asks, naming ``said`` (two of them).

    A :class:`NotUnderstood`, so any code that does not know it refuses it safely.
    """

    said: tuple[str, ...] = ()


@dataclass(frozen=True)
class AskBack:
    """A costly ``intent`` whose words were only quoted or discussed ("ma tu dubiti sempre?"): ask before acting."""

    intent: Intent
    text: str
    said: str = ""
    """The decisive words as said ("dubiti" corrected is "dubito"): what the host asks back about."""


Intent = Repeat | Standings | Help | Undo | EndGame | Yes | No | GameIntent | NotUnderstood | AskBack
