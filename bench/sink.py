"""The PulseAudio null sink the audio benchmarks play into and record from (as ``./run test`` starts it)."""

from __future__ import annotations

import subprocess
import time


def ensure_pulse() -> None:
    """Start PulseAudio with the null sink ``table`` unless it runs; make its monitor the default source."""
    if subprocess.run(["pactl", "info"], capture_output=True).returncode != 0:
        subprocess.run(
            ["pulseaudio", "-D", "--exit-idle-time=-1", "--system=false", "--disallow-exit", "-n",
             "--load=module-null-sink sink_name=table", "--load=module-native-protocol-unix"],
            capture_output=True,
        )
        for _ in range(100):
            if subprocess.run(["pactl", "info"], capture_output=True).returncode == 0:
                break
            time.sleep(0.1)
    if "table" not in subprocess.run(["pactl", "list", "short", "sinks"], capture_output=True, text=True).stdout:
        subprocess.run(["pactl", "load-module", "module-null-sink", "sink_name=table"], capture_output=True)
    subprocess.run(["pactl", "set-default-sink", "table"], capture_output=True)
    subprocess.run(["pactl", "set-default-source", "table.monitor"], capture_output=True)
