"""``--voice``, ``--rate`` and ``--volume``: one validator each, shared by ``play``, ``say`` and ``check``.

They are argparse ``type`` functions, so a bad value is one Italian line and
exit 2 before anything is opened, the same in every command, and a value the
synthesizer would clamp is refused rather than changed behind the user's back.
Whether a ``--voice`` is installed is known only once the synthesizer is up;
that refusal is one Italian line and exit 2 too (``voice-host voci`` lists them).
"""

from __future__ import annotations

import argparse
import math

from grammars.it import catalogue
from voice_host.user_command import user_command

#: espeak-ng's speed limits in words per minute (``espeak_SetParameter``: "Values 80 to 450"); it clamps outside.
RATE_RANGE = (80, 450)
#: pyttsx3's volume: 0 silent, 1 full.
VOLUME_RANGE = (0.0, 1.0)
#: Longer than any voice's id or name.
MAX_VOICE_CHARS = 200


def rate_option(text: str) -> int:
    """``--rate``: a whole number of words per minute within :data:`RATE_RANGE`.

    >>> rate_option("175")
    175
    >>> rate_option("1000")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: 1000 non va bene: la velocità va da 80 a 450 parole al minuto (normale 175)
    """
    lowest, highest = RATE_RANGE
    try:
        rate = int(text.strip())
    except ValueError:
        rate = None
    if rate is None or not lowest <= rate <= highest:
        raise argparse.ArgumentTypeError(catalogue.voice_rate_bad(text, lowest, highest))
    return rate


def volume_option(text: str) -> float:
    """``--volume``: a number from 0 to 1, with a decimal point or an Italian decimal comma.

    >>> volume_option("0,8"), volume_option("1")
    (0.8, 1.0)
    """
    lowest, highest = VOLUME_RANGE
    try:
        volume = float(text.strip().replace(",", "."))
    except ValueError:
        volume = math.nan
    if not lowest <= volume <= highest:  # NaN fails too
        raise argparse.ArgumentTypeError(catalogue.voice_volume_bad(text))
    return volume


def voice_option(text: str) -> str:
    """``--voice``: an id, a name or a language, not empty and of a sane length."""
    voice = text.strip()
    if not voice or len(voice) > MAX_VOICE_CHARS or not voice.isprintable():
        raise argparse.ArgumentTypeError(catalogue.voice_name_bad(user_command("voci")))
    return voice


def add_voice_options(parser: argparse.ArgumentParser, voice_help: str, rate_help: str, volume_help: str) -> None:
    """Add ``--voice``, ``--rate`` and ``--volume`` with their validators to ``parser``."""
    parser.add_argument("--voice", metavar="VOCE", type=voice_option, help=voice_help)
    parser.add_argument("--rate", metavar="N", type=rate_option, help=rate_help)
    parser.add_argument("--volume", metavar="V", type=volume_option, help=volume_help)
