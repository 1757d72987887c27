"""How long the host is deaf over its own voice after its output slips, with and without the slip search.

PulseAudio can play a few milliseconds the host never wrote (or drop some it wrote): from then on the echo comes
later (or sooner) than the echo canceller's reference says, and until the reference is moved back nothing said
over the host counts (:class:`~voice_host.listen.echo.EchoStage` is not settled). Through the sink slips of 71
and 128 samples and of a whole output block (800) were seen. The delay tracker alone moves the reference back
once it has measured the echo's new place twice; the slip search (:mod:`voice_host.audio.slip_search`) tries the
filter's own taps at every shift within 60 ms.

The host's sentences and cue (espeak-ng, as ``bench/echo_compare.py``) through the rig's three rooms; a slip of
each size put into what the room played at two instants while the host speaks; the stage run twice on the same
audio, with the search and without it. Per case:

- ``deaf``: from the slip to the end of the last chunk after it in which the stage was not settled (within 6 s);
- ``exposed``: seconds of output let through to the decoder while the stage counted as settled, in the 3 s
  from the slip, beyond what the same stage let through at the same instants with no slip (nobody else talks:
  it is the host's echo; on espeak-ng's speech the residual-echo gate opens on a few onsets anyway);
- ``cpu_pct``: the stage's CPU per second of audio, as % of a core.

Run: ``.venv/bin/python bench/slip_recovery.py``. Last line: ``slip-recovery cases=N deaf_p50_ms=X
deaf_max_ms=X exposed_max_ms=X cpu_pct=X tracker_only_deaf_p50_ms=X tracker_only_deaf_max_ms=X
tracker_only_exposed_max_ms=X tracker_only_cpu_pct=X``.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from echo_compare import host_audio

from voice_host.audio.echo_cancel import open_canceller
from voice_host.audio.echo_rig import ROOMS, to_int16
from voice_host.audio.far_end import FarEnd
from voice_host.audio.wav import Clip, resample
from voice_host.listen.echo import EchoStage
from voice_host.listen.sources import AudioChunk

RATE = 16000
CHUNK = 800
T0 = 1000.0
SLIPS = (24, 71, 128, 800, -64)
#: Seconds into the host's speech at which the output slips: after the stage has settled (6 s of the host).
SLIP_AT_S = (11.0, 16.5)


def run(
    host: np.ndarray, room: int, slip: int, slip_s: float, find_slips: bool, baseline: dict[float, float] | None = None
) -> tuple[float, float, float, float, dict[float, float]]:
    """(deaf s, exposed s, CPU s, audio s, the share of each chunk let through by its end time) for one slip;
    ``baseline``: what the run with no slip let through, by chunk."""
    at = int(slip_s * RATE)
    if slip > 0:
        played = np.concatenate([host[:at], np.zeros(slip, np.int16), host[at:]])
    else:
        played = np.concatenate([host[:at], host[at - slip :]])
    mic = to_int16(ROOMS[room].echo(played, RATE))[: int((slip_s + 6.5) * RATE)]  # what is measured, and no more
    far = FarEnd()
    out_rate = 22050
    stamped = resample(Clip(host, RATE), out_rate).samples.astype(np.int16)
    blocks = iter(range(0, len(stamped), 512))  # played in blocks, stamped by the device clock as the stream does
    block = next(blocks, None)
    stage = EchoStage(open_canceller(sample_rate=RATE), far, find_slips=find_slips)
    chunks: list[tuple[float, bool, float]] = []
    started = time.process_time()
    for first in range(0, len(mic) - CHUNK + 1, CHUNK):
        stamp = T0 + first / RATE
        while block is not None and block / out_rate <= (first + CHUNK) / RATE + 0.2:  # played ahead of the mic
            far.played(stamped[block : block + 512], out_rate, at=T0 + block / out_rate)
            block = next(blocks, None)
        out = np.frombuffer(stage.clean(AudioChunk(mic[first : first + CHUNK].astype("<i2").tobytes(), stamp, stamp)),
                            dtype="<i2")
        frames = out[: len(out) // 160 * 160].reshape(-1, 160)
        chunks.append(((first + CHUNK) / RATE, stage.settled, float(np.mean(np.any(frames != 0, axis=1)))))
    cpu = time.process_time() - started
    unsettled = [end for end, settled, _ in chunks if slip_s < end <= slip_s + 6.0 and not settled]
    deaf = (max(unsettled) - slip_s) if unsettled else 0.0
    before = baseline or {}
    exposed = sum(CHUNK / RATE * max(0.0, passed - before.get(round(end, 2), 0.0))
                  for end, settled, passed in chunks if settled and slip_s < end <= slip_s + 3.0)
    return deaf, exposed, cpu, len(mic) / RATE, {round(end, 2): passed for end, _, passed in chunks}


def main() -> int:
    host = host_audio()
    figures: dict[bool, list[tuple[float, float, float, float]]] = {True: [], False: []}
    for room in range(len(ROOMS)):
        baseline = run(host, room, 0, max(SLIP_AT_S), True)[4]  # over every window measured
        for slip in SLIPS:
            for slip_s in SLIP_AT_S:
                pair = {find: run(host, room, slip, slip_s, find, baseline)[:4] for find in (True, False)}
                for find, row in pair.items():
                    figures[find].append(row)
                print(f"room {room} slip {slip:5d} at {slip_s:4.1f} s: deaf {pair[True][0]:.2f} s "
                      f"(tracker only {pair[False][0]:.2f} s), exposed {pair[True][1]:.2f} s "
                      f"(tracker only {pair[False][1]:.2f} s)", flush=True)

    def summary(rows: list[tuple[float, float, float, float]]) -> tuple[int, int, int, float]:
        deaf = [row[0] * 1000 for row in rows]
        exposed = [row[1] * 1000 for row in rows]
        cpu = 100 * sum(row[2] for row in rows) / sum(row[3] for row in rows)
        return round(float(np.median(deaf))), round(max(deaf)), round(max(exposed)), round(cpu, 1)

    new, old = summary(figures[True]), summary(figures[False])
    print(f"slip-recovery cases={len(figures[True])} deaf_p50_ms={new[0]} deaf_max_ms={new[1]} "
          f"exposed_max_ms={new[2]} cpu_pct={new[3]} tracker_only_deaf_p50_ms={old[0]} "
          f"tracker_only_deaf_max_ms={old[1]} tracker_only_exposed_max_ms={old[2]} tracker_only_cpu_pct={old[3]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
