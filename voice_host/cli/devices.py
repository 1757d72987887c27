"""``voice-host devices``: the microphones and speakers this machine has.
"""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from grammars.it import catalogue, command_line
from voice_host.cli.voice_command import EXIT_OK, guarded


@guarded
def cmd_devices(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """List input and output devices (index, name, channels, default rate)."""
    out = out or sys.stdout
    import sounddevice as sd

    devices = sd.query_devices()
    default_in, default_out = sd.default.device
    for inputs, key, default in (
        (True, "max_input_channels", default_in),
        (False, "max_output_channels", default_out),
    ):
        print(catalogue.voice_devices_title(inputs), file=out)
        if not any(device[key] > 0 for device in devices):  # two empty headings would say nothing
            print(command_line.no_devices(inputs), file=out)
        for index, device in enumerate(devices):
            if device[key] > 0:
                line = catalogue.voice_device_line(
                    index == default, index, device["name"], device[key], device["default_samplerate"]
                )
                print(line, file=out)
    return EXIT_OK
