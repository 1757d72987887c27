"""Captions: every sentence the host says, also printed, one a line.

A table that cannot hear the laptop (or a screen-reader user) follows the game
on screen. :func:`show_sentence` is the one place where a sentence becomes a
line of text output (the text speakers and the voice's fallback use it too);
:class:`CaptionedSpeaker` puts it in front of any speaker.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TextIO

from voice_host.core.ports import Speaker
from voice_host.terminal.printable import printable


def show_sentence(text: str, stream: TextIO | None = None) -> None:
    """Print ``text`` as one line on ``stream`` (standard output), cleaned for the terminal, and flush it."""
    print(printable(text), file=stream if stream is not None else sys.stdout, flush=True)


class CaptionedSpeaker:
    """A speaker that prints each sentence just before the speaker it wraps says it.

    A turn's sentences are all printed, in order, then spoken as one turn: the
    lines are on screen no later than the voice, in the order it says them.
    """

    def __init__(self, inner: Speaker, stream: TextIO | None = None) -> None:
        self.inner = inner
        self._stream = stream

    def say(self, text: str) -> None:
        """Print ``text``, then say it."""
        self.say_all([text])

    def say_all(self, sentences: Sequence[str], *, cue: bool = False) -> None:
        """Print every sentence of the turn, then say them (with the listening cue when asked)."""
        spoken = [text for text in sentences if text.strip()]
        for text in spoken:
            show_sentence(text, self._stream)
        if spoken and cue:
            self.inner.say_all(spoken, cue=True)
        elif spoken:
            self.inner.say_all(spoken)

    def close(self) -> None:
        """Close the wrapped speaker."""
        self.inner.close()
