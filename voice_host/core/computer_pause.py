"""The computer seat's pause before it decides: a sentence marked to be said after it, and its length.

A computer seat that answered at once would sound like a machine and give its
decision no weight; a person at the table thinks a moment. The dialog marks the
sentence with which a seat makes its move as :class:`AfterPause`; a voice leaves
``--computer-pause-s`` of silence before saying it (inside the same turn, so the
microphone stays closed meanwhile). Text speakers print it like any sentence,
and the session and dialogs keep no clock: the pause is sound, nowhere else.
"""

from __future__ import annotations

import argparse
import math

from grammars.it import catalogue as say

#: The pause with a voice, in seconds: a breath, long enough to sound like a decision.
DEFAULT_PAUSE_S = 1.2
#: The longest pause the option takes.
MAX_PAUSE_S = 10.0


class AfterPause(str):
    """A sentence a voice says after the computer seat's pause (any other speaker: as it is)."""

    __slots__ = ()


def parse_pause(text: str) -> float:
    """``--computer-pause-s``: seconds from 0 (no pause) to ``MAX_PAUSE_S``.

    >>> parse_pause("1.5"), parse_pause("0")
    (1.5, 0.0)
    """
    try:
        value = float(text.strip().replace(",", "."))
    except ValueError:
        raise argparse.ArgumentTypeError(say.bad_computer_pause(text, MAX_PAUSE_S)) from None
    if not (math.isfinite(value) and 0 <= value <= MAX_PAUSE_S):
        raise argparse.ArgumentTypeError(say.bad_computer_pause(text, MAX_PAUSE_S))
    return value


def pause_s(args: argparse.Namespace) -> float:
    """The pause the ``play`` options ask for: ``--computer-pause-s``, else none with a script, else the default.

    A scripted game (``--input script:``) is a test or a demonstration: it should not wait.
    """
    chosen = getattr(args, "computer_pause_s", None)
    if chosen is not None:
        return float(chosen)
    return 0.0 if str(getattr(args, "input", "auto")).startswith("script:") else DEFAULT_PAUSE_S
