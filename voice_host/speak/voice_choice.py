"""Which speech driver and which voice, on each system, for the language the host speaks.

pyttsx3 speaks through SAPI5 on Windows, NSSS on macOS and espeak-ng elsewhere.
Each lists its voices differently (an Italian voice is ``it-IT`` with the name
"Microsoft Elsa Desktop - Italian" on SAPI5, ``it_IT`` "Alice" on NSSS, ``it``
with the id ``roa/it`` on espeak-ng), so a voice is matched by its language
first and, for drivers that leave the language out, by the names of the
system's known voices. Among the matches the system's well-known voices come
first: macOS also offers novelty voices in every language, and espeak-ng's
MBROLA voices (``mb-it3``) need a package that is rarely installed.

A host with no voice for its language says so, with how to add one on this
system (:func:`no_voice_message`), instead of reading Italian with an English
voice.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from grammars.it import catalogue

#: The language the host speaks.
LANGUAGE = "it"

#: The well-known Italian voices of each driver, best first (matched as the start of the voice's name).
KNOWN_VOICES: dict[str, tuple[str, ...]] = {
    "sapi5": ("Microsoft Elsa Desktop",),
    "nsss": ("Alice", "Federica", "Luca"),
    "espeak": (),
}

_NO_VOICE: dict[str, Callable[[], str]] = {
    "sapi5": catalogue.voice_no_italian_voice_windows,
    "nsss": catalogue.voice_no_italian_voice_macos,
    "espeak": catalogue.voice_no_italian_voice_linux,
}


class Voice(Protocol):
    """What a driver says about one voice (``tts.VoiceInfo``): languages in lower case."""

    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...

    @property
    def languages(self) -> tuple[str, ...]: ...


V = TypeVar("V", bound=Voice)


def driver_name(system: str = sys.platform) -> str:
    """pyttsx3's driver for ``system``: ``sapi5``, ``nsss`` or ``espeak``.

    >>> driver_name("win32"), driver_name("darwin"), driver_name("linux")
    ('sapi5', 'nsss', 'espeak')
    """
    return {"win32": "sapi5", "darwin": "nsss"}.get(system, "espeak")


def speaks(voice: Voice, language: str = LANGUAGE) -> bool:
    """True when ``voice`` is tagged with ``language`` (``it``, ``it-IT``, ``it_IT``) or its id ends in it."""
    if any(tag == language or tag.startswith((f"{language}-", f"{language}_")) for tag in voice.languages):
        return True
    return voice.id.lower().replace("\\", "/").rsplit("/", 1)[-1] == language


def voices_for_language(voices: Sequence[V], system: str = sys.platform) -> list[V]:
    """The voices of the host's language, best first: the system's known ones in their order, then the
    others (MBROLA voices last). A known voice counts even when the driver gave no language."""
    known = KNOWN_VOICES[driver_name(system)]

    def rank(voice: V) -> tuple[int, int]:
        place = next((i for i, name in enumerate(known) if voice.name.lower().startswith(name.lower())), len(known))
        return place, "mb-" in voice.id.lower()

    matching = [voice for voice in voices if speaks(voice) or (_untagged(voice) and rank(voice)[0] < len(known))]
    return sorted(matching, key=rank)


def choose(voices: Sequence[V], requested: str | None, system: str = sys.platform) -> V | None:
    """The voice to use: ``requested`` (an id, a name or a language), else the best one of the host's language.

    None when nothing fits: an unknown ``requested`` voice, or no voice of the language.
    """
    if requested:
        wanted = requested.lower()
        named = (voice for voice in voices if wanted in (voice.id.lower(), voice.name.lower(), *voice.languages))
        return next(named, None)
    best = voices_for_language(voices, system)
    return best[0] if best else None


def _untagged(voice: Voice) -> bool:
    """True when the driver named no language for ``voice`` (SAPI5 writes "Unknown Locale: N" for some)."""
    return not any(tag and not tag.startswith("unknown") for tag in voice.languages)


def no_voice_message(system: str = sys.platform) -> str:
    """In Italian: no voice of the host's language is installed, and how to add one on ``system``."""
    return _NO_VOICE[driver_name(system)]()
