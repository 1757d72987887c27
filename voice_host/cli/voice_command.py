"""What the voice commands share: their exit codes, their voice options, and the guard that
turns bad input and a voice that cannot work into one Italian line.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from grammars.it import catalogue
from voice_host.audio.errors import VoiceUnavailable
from voice_host.audio.stack_noise import filtered_stderr
from voice_host.cli.voice_options import add_voice_options
from voice_host.errors import InputError

EXIT_OK, EXIT_MISSING, EXIT_USAGE = 0, 1, 2


class BadInput(InputError):
    """Bad arguments or files given to a voice tool: one line on stderr, exit 2."""


def add_tool_voice_options(parser: argparse.ArgumentParser) -> None:
    help_of = catalogue.CLI_HELP
    add_voice_options(
        parser, help_of["voice tools --voice"], help_of["voice tools --rate"], help_of["voice tools --volume"]
    )


def guarded(handler: Any) -> Any:
    def run(args: argparse.Namespace) -> int:
        try:
            with filtered_stderr():  # ALSA/JACK/PortAudio chatter stays off the screen
                return int(handler(args))
        except InputError as exc:
            print(catalogue.usage_error(str(exc)), file=sys.stderr)
            return EXIT_USAGE
        except VoiceUnavailable as exc:
            print(catalogue.voice_tool_failed(str(exc)), file=sys.stderr)
            return EXIT_MISSING

    run.__doc__ = handler.__doc__
    run.__name__ = handler.__name__
    return run
