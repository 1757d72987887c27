"""What a player says to cut the host short: the stop words, heard while the host speaks.

"basta", "zitto", "stop" and "ok ho capito" (with "ok, ho capito" and "ho capito"
said the same way): one phrase, so whichever is said the host stops at once and
goes on with the question alone.
"""

from __future__ import annotations

from grammars.phrases import Phrase

STOP = Phrase.of("basta", "zitto", "stop", "ok ho capito", "ho capito", "okay ho capito", "zitta")
"""The stop phrase: its canonical text is ``basta``."""

STOP_PHRASES: tuple[Phrase, ...] = (STOP,)
"""The phrases the listener adds to every phase while the host may be cut short."""
