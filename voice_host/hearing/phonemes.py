"""Phrases as phoneme sequences, from espeak-ng's IPA, and the distance between them.

``espeak-ng -v it -q --ipa`` is called once per batch of new texts; the IPA of
each text is cached for the life of the :class:`IpaCache`. Stress marks and
word breaks are dropped; affricates ("tʃ", "dʒ", "ts", "dz") and a phoneme with
its length mark ("pː") count as one phoneme.

>>> phonemes("kˈɔpːia dɪ sˈɛi")
('k', 'ɔ', 'pː', 'i', 'a', 'd', 'ɪ', 's', 'ɛ', 'i')
>>> phonemes("non tʃɪ krˈɛdo")[:5]
('n', 'o', 'n', 'tʃ', 'ɪ')
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterable, Sequence
from functools import lru_cache

#: Marks that carry no phoneme of their own.
_DROPPED = frozenset("ˈˌ ‿-_")
#: Marks that modify the phoneme before them.
_MODIFIERS = frozenset("ːˑ̃ʲʷ̩̯")
#: Two letters that make one sound.
_AFFRICATES = frozenset({"tʃ", "dʒ", "ts", "dz"})


class EspeakUnavailable(RuntimeError):
    """espeak-ng is missing or failed."""


def phonemes(ipa: str) -> tuple[str, ...]:
    """The phonemes of one IPA string (see the module docstring)."""
    out: list[str] = []
    for char in ipa:
        if char in _DROPPED or char.isspace():
            continue
        if (char in _MODIFIERS and out) or (out and out[-1] + char in _AFFRICATES):
            out[-1] += char
        else:
            out.append(char)
    return tuple(out)


@lru_cache(maxsize=1 << 16)
def bounded_distance(a: tuple[str, ...], b: tuple[str, ...], bound: int) -> int:
    """Levenshtein distance of ``a`` and ``b`` when at most ``bound``, else ``bound + 1`` (cached).

    >>> bounded_distance(tuple("ventuno"), tuple("trentuno"), 3)
    2
    >>> bounded_distance(tuple("accetto"), tuple("dubito"), 2)
    3
    """
    if abs(len(a) - len(b)) > bound:
        return bound + 1
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        current = [i]
        for j, y in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x != y)))
        if min(current) > bound:
            return bound + 1
        previous = current
    return min(previous[-1], bound + 1)


class IpaCache:
    """Italian IPA of texts from espeak-ng, each text asked once per cache.

    ``voice`` is the espeak-ng voice ("it"); ``run`` replaces the subprocess call
    in tests of the logic (it gets the texts and returns one IPA line each).
    """

    def __init__(self, voice: str = "it", *, executable: str = "espeak-ng") -> None:
        self._voice = voice
        self._executable = executable
        self._ipa: dict[str, str] = {}
        self._phonemes: dict[str, tuple[str, ...]] = {}  # a report asks the same text millions of times

    def ipa(self, text: str) -> str:
        """The IPA of ``text``."""
        self.prefetch([text])
        return self._ipa[text]

    def phonemes(self, text: str) -> tuple[str, ...]:
        """The phonemes of ``text``."""
        known = self._phonemes.get(text)
        if known is None:
            known = self._phonemes[text] = phonemes(self.ipa(text))
        return known

    def prefetch(self, texts: Iterable[str]) -> None:
        """Ask espeak-ng once for every text not cached yet."""
        new = list(dict.fromkeys(t for t in texts if t not in self._ipa))
        if not new:
            return
        if any("\n" in t for t in new):
            raise ValueError("a text for espeak-ng must be one line")
        lines = self._espeak(new)
        if len(lines) != len(new):  # espeak split or merged a line: ask one by one
            lines = [" ".join(self._espeak([t])) for t in new]
        self._ipa.update(zip(new, lines))

    def _espeak(self, texts: Sequence[str]) -> list[str]:
        if shutil.which(self._executable) is None:
            raise EspeakUnavailable(f"{self._executable} is not installed")
        done = subprocess.run(
            [self._executable, "-v", self._voice, "-q", "--ipa"],
            input="\n".join(texts) + "\n",
            capture_output=True,
            text=True,
            timeout=60,
        )
        if done.returncode != 0:
            raise EspeakUnavailable(done.stderr.strip() or f"{self._executable} failed")
        return [line.strip() for line in done.stdout.splitlines() if line.strip()]
