"""The stop words spotted as they are said: a cut within 300 ms does not wait for the utterance's end.

The phase's decoder (whose grammar holds the stop phrases while the host may be
talked over) delivers a stop word only once the utterance has ended: the early
endpoint's hold, then the confidence check, 350-400 ms after the word on the
rig. While the host is audible its *partial* result is read after every chunk
instead, and a stop phrase ending it for ``confirm`` chunks in a row is a stop.

The phase's own phrases stay in that grammar on purpose: against a grammar of the
stop phrases alone (the Korean proxy model has no ``[unk]`` to take the other
words) every word a player says comes out as a stop phrase.
"""

from __future__ import annotations

from collections.abc import Collection


class StopSpotter:
    """Watches a decoder's partial results for one of ``spellings`` (the stop phrases as the model spells them).

    >>> spotter = StopSpotter({"ok ho capito", "basta"}, confirm=2)
    >>> [spotter.see(p) for p in ("", "otto", "otto basta", "otto basta", "otto basta")]
    [None, None, None, 'basta', None]
    >>> spotter.reset(); [spotter.see(p) for p in ("ok ho", "ok ho capito", "ok ho capito")]
    [None, None, 'ok ho capito']
    """

    def __init__(self, spellings: Collection[str], *, confirm: int = 1) -> None:
        self._spellings = tuple(sorted(spellings, key=len, reverse=True))
        self._confirm = confirm
        self._seen = 0
        self._said: str | None = None

    def see(self, partial: str) -> str | None:
        """The next partial result; the stop spelling that ends it (once, after ``confirm`` chunks), or None."""
        said = next((spelling for spelling in self._spellings if _ends_with(partial, spelling)), None)
        if said is None or said != self._said:
            self._seen = 0
        self._said = said
        if said is None:
            return None
        self._seen += 1
        return said if self._seen == self._confirm else None

    def reset(self) -> None:
        """Forget what was seen (the utterance ended, or the decoder was reset)."""
        self._seen = 0
        self._said = None


def _ends_with(text: str, phrase: str) -> bool:
    """True when ``text``'s last words are ``phrase``'s words.

    >>> _ends_with("otto ho capito", "ho capito"), _ends_with("capitolo", "capito"), _ends_with("", "basta")
    (True, False, False)
    """
    words, wanted = text.split(), phrase.split()
    return len(words) >= len(wanted) and words[len(words) - len(wanted) :] == wanted
