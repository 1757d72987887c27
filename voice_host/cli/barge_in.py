"""``--barge-in on|off``: whether the host listens while it speaks, and what it shares to do so.

On (the default), and where the echo canceller loads, the speaker and the listener
share one :class:`~voice_host.audio.far_end.TalkOver`; otherwise the host stays half
duplex (deaf while it speaks) and says why once on stderr. ``play``, ``serata`` and
``riprendi`` take the option alike.

Measured: over the synthetic rooms the host hears 92 % of what a player says over the
end of a question, of what it hears in silence, and takes none of its own words
(``bench/barge_in.py``). The whole evening by voice through the sink
(``tests/voice_host/audio/test_evening_voice.py``) failed 5 runs of 5 with it on where
one game ends and the next begins, until the echo stage measured the delay again after
the microphone's chunks had not been read through a half-duplex turn (it had been
adding echo there) and an answer joined to the host's leftover words was cut from
them; since, 4 runs of 4 whole (two traced, the test itself here and in a clean-clone CI).
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from grammars.it import catalogue as say
from voice_host.terminal.console import print_stderr

if TYPE_CHECKING:
    from voice_host.audio.far_end import TalkOver

DEFAULT_MODE = "on"


def add_barge_in_option(parser: argparse.ArgumentParser) -> None:
    """Add ``--barge-in on|off``."""
    parser.add_argument("--barge-in", default=DEFAULT_MODE, choices=["on", "off"], help=say.CLI_HELP["--barge-in"])


def talk_over_for(args: argparse.Namespace) -> TalkOver | None:
    """The shared barge-in state when ``--barge-in on`` can work here (the voice speaks and listens), else None."""
    if getattr(args, "barge_in", DEFAULT_MODE) != "on" or getattr(args, "tts", "pyttsx3") != "pyttsx3":
        return None
    # here, not at the top: the canceller and the far end bring numpy, a tenth of a second of every start
    # that neither the keyboard nor the printed voice needs
    from voice_host.audio.echo_cancel import DEFAULT, CancellerUnavailable, open_canceller
    from voice_host.audio.far_end import TalkOver

    try:
        open_canceller(DEFAULT)
    except CancellerUnavailable as exc:
        print_stderr(f"voice-host: {say.barge_in_unavailable(str(exc))}")
        return None
    return TalkOver()
