"""The stop words spotted as they are said: a cut within 300 ms does not wait for the utterance's end.

The phase's decoder (whose grammar holds the stop phrases while the host may be
talked over) delivers a stop word only once the utterance has ended: the early
endpoint's hold, then the confidence check, 350-400 ms after the word on the
rig. While the host is audible its *partial* result is read after every chunk
instead, and a stop phrase is a stop only when both hold:

- it ends the partial result for ``confirm`` chunks in a row (two by default: a
  word the decoder shows once and then revises is not a stop), and
- the residual-echo gate was open over the word (:func:`word_share`): of the 10 ms
  frames fed to the decoder in the last :data:`WORD_SPAN_S` seconds, from the
  first the gate let through, at least :data:`MIN_PASSED` held what it let
  through (a closed frame comes out as digital silence), and at least
  :data:`MIN_WORD_S` of them, so the canceller's output held a voice standing
  out of the echo, not the host's own residue that the gate let slip for a frame
  or two. The frames before the word do not count against it: the span is
  longer than a short word, and counted whole, with the partial showing the
  word 50 ms after it, a word under 0.3 s (a quick "stop") could not pass.

Through the real sink the first rule alone (one partial, no gate) cut the host on
its own voice once in two runs of the host speaking alone.

The phase's own phrases stay in that grammar on purpose: against a grammar of the
stop phrases alone (the Korean proxy model has no ``[unk]`` to take the other
words) every word a player says comes out as a stop phrase.
"""

from __future__ import annotations

from collections.abc import Collection

import numpy as np

#: How much audio before the sighting the stop word spans (a short word, and the 10-80 ms the partial lags).
WORD_SPAN_S = 0.5
#: The share of that span's 10 ms frames, from the first let through, that the residual-echo gate must have
#: let through.
MIN_PASSED = 0.7
#: The least audio the gate must have let through in that span: a stop word is longer (the host's residue let
#: slip is a frame or two).
MIN_WORD_S = 0.2


def passed_share(samples: np.ndarray, *, frame: int = 160) -> float:
    """The share of ``samples``' whole frames that are not digital silence (what the residual gate let through).

    >>> passed_share(np.array([0] * 160 + [3] * 160 + [0] * 160 + [0, 0, 1] + [0] * 157))
    0.5
    >>> passed_share(np.zeros(100))
    0.0
    """
    passed = _passed_frames(samples, frame)
    return float(np.mean(passed)) if passed.size else 0.0


def word_share(samples: np.ndarray, *, frame: int = 160, sample_rate: int = 16000) -> float:
    """The share of ``samples``' whole frames let through by the residual gate, counted from the first one let
    through (the word's start); 0.0 when under :data:`MIN_WORD_S` of them were let through.

    >>> closed, open_ = [0] * 160, [3] * 160
    >>> round(word_share(np.array(closed * 20 + open_ * 25 + closed * 5)), 2)  # a 0.25 s word and the lag
    0.83
    >>> word_share(np.array(closed * 45 + open_ * 2 + closed * 3))  # a frame or two of residue
    0.0
    >>> round(passed_share(np.array(closed * 20 + open_ * 25 + closed * 5)), 2)  # counted over the whole span
    0.5
    """
    passed = _passed_frames(samples, frame)
    if np.count_nonzero(passed) * frame < MIN_WORD_S * sample_rate:
        return 0.0
    return float(np.mean(passed[int(np.argmax(passed)) :]))


def _passed_frames(samples: np.ndarray, frame: int) -> np.ndarray:
    """For each whole frame of ``samples``, whether the gate let it through (it is not digital silence)."""
    whole = len(samples) // frame
    passed: np.ndarray = np.any(np.asarray(samples[: whole * frame]).reshape(whole, frame) != 0, axis=1)
    return passed


class StopSpotter:
    """Watches a decoder's partial results for one of ``spellings`` (the stop phrases as the model spells them).

    ``passed``: the share of the word's frames the residual-echo gate let through
    (:func:`word_share`); under ``min_passed`` the sighting is not a stop.

    >>> spotter = StopSpotter({"ok ho capito", "basta"})
    >>> [spotter.see(p) for p in ("", "otto", "otto basta", "otto basta", "otto basta")]
    [None, None, None, 'basta', None]
    >>> spotter.reset(); [spotter.see(p) for p in ("ok ho", "ok ho capito", "ok ho capito")]
    [None, None, 'ok ho capito']
    >>> spotter.reset(); [spotter.see(p, passed=0.2) for p in ("basta", "basta", "basta")]
    [None, None, None]
    """

    def __init__(self, spellings: Collection[str], *, confirm: int = 2, min_passed: float = MIN_PASSED) -> None:
        self._spellings = tuple(sorted(spellings, key=len, reverse=True))
        self._confirm = confirm
        self._min_passed = min_passed
        self._seen = 0
        self._said: str | None = None

    def see(self, partial: str, *, passed: float = 1.0) -> str | None:
        """The next partial result; the stop spelling that ends it (once, after ``confirm`` chunks), or None.

        ``passed``: the share of the word's frames the residual-echo gate let through, as of this chunk.
        """
        said = next((spelling for spelling in self._spellings if _ends_with(partial, spelling)), None)
        if said is None or said != self._said:
            self._seen = 0
        self._said = said
        if said is None:
            return None
        self._seen += 1
        if self._seen < self._confirm or passed < self._min_passed:
            return None
        if self._seen > self._confirm:  # already taken once (or the gate opened late: the word has gone by)
            return None
        return said

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
