"""The two ports of the host: where utterances come from and where sentences go.

The host depends only on these protocols; ``voice_host.cli.bootstrap`` wires real adapters.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from grammars.phases import ListeningPhase
from grammars.phrases import Phrase


@dataclass(frozen=True)
class ListenRequest:
    """What the host is waiting for: the phase and every phrase valid now.

    ``phrases`` already includes the commands valid in every phase. A speech
    adapter restricts its recognizer to them and maps what it hears onto the
    nearest one; a text adapter may ignore them.
    """

    phase: ListeningPhase | str
    """The game's phase (the session passes the dialog's member); tools that listen outside a
    game (the self-test, benchmarks) name their phrase list with a plain label. Adapters use it
    only as a label (``str(phase)`` is its name)."""
    phrases: tuple[Phrase, ...]
    sequence: bool = False
    """True when an utterance may chain several one-word phrases (Yatzi's dice said
    one by one: "tre tre tre cinque sei"); the speech adapter then accepts any
    sequence of them and does not end the utterance early after one word."""
    who: str = ""
    """The player the question is for ("" when nobody in particular): a keyboard shows it as its prompt."""
    patience_s: float | None = None
    """Seconds of silence after which a speech adapter returns :class:`Silence` instead of
    waiting on (None: wait for as long as it takes). Typed and scripted input ignore it:
    a pause while typing is not silence."""
    spot: Callable[[str], Phrase | None] | None = None
    """The parser's understanding of the phase now: for a recognised text that is no phrase ("[unk]
    bluffi"), the phrase that means the same ("dubito"), a phrase of the text itself when it must be
    asked (a conflict), or None when it decides nothing (table talk). None: phrases only. A speech
    adapter uses it; text adapters, which pass the text on whole, ignore it."""
    complete: Callable[[str], bool] | None = None
    """For a dictation (``sequence``): True when a recognised text is a whole answer that nothing the player
    could still add would change (five dice said; "tira" alone; a keep naming every die on the table), so
    a speech adapter may end it after a short silence instead of the pause between dice. False when more
    may come ("tre tre tre cinque", "tengo cinque"). None: every dictation waits the whole pause."""


@dataclass(frozen=True)
class Heard:
    """One utterance understood by a listener: its text, and whether the listener is sure of it.

    Typed and scripted input is always ``sure``. A speech listener sets
    ``sure=False`` when the audio might have been another phrase; the session
    then asks back before a costly action. Talk that is not for the host at
    all never becomes a ``Heard``: the listener drops it without a word.
    """

    text: str
    sure: bool = True


@dataclass(frozen=True)
class Silence:
    """Nobody has spoken for the request's ``patience_s``: what a listener returns instead of waiting on.

    It decides nothing: the host may ask again and listen once more, and a
    listener loses nothing by returning it (an utterance starting next is heard
    by the next call).
    """

    seconds: float
    """How long it has been quiet."""


def heard_or_none(result: Heard | Silence | None) -> Heard | None:
    """``result`` with a silence counted as nothing heard (for tools that set no patience)."""
    return result if isinstance(result, Heard) else None


class Listener(Protocol):
    """Input port: one utterance per call."""

    def listen(self, request: ListenRequest) -> Heard | Silence | None:
        """Block until a player says something; return what was heard, or None when input has ended.

        With ``request.patience_s`` set, a speech adapter returns :class:`Silence`
        once it has heard no voice for that long.
        """
        ...

    def close(self) -> None:
        """Release devices and files."""
        ...


class Speaker(Protocol):
    """Output port: says sentences."""

    def say(self, text: str) -> None:
        """Say ``text`` and return only when it has been heard in full (playback ended)."""
        ...

    def say_all(self, sentences: Sequence[str], *, cue: bool = False) -> None:
        """Say ``sentences`` as one turn, in order, without dead air between them.

        The host gives everything it says between two answers, the question
        last, in one call. Returns only when the last one has been heard.
        ``cue=True``: the host listens next; a voice ends the turn with its
        listening cue (an earcon, heard before the microphone opens), a text
        speaker shows nothing more.
        """
        ...

    def close(self) -> None:
        """Release the audio device or engine."""
        ...
