"""The microphone: a sounddevice raw input stream, 16 kHz mono int16.

The PortAudio callback only copies bytes into a queue (with their capture time)
and drops what the half-duplex gate says the host must not hear; recognition
runs in the consumer (:meth:`MicSource.read`).
"""

from __future__ import annotations

import queue
import threading
import time
from typing import Any

from grammars.it import catalogue
from voice_host.audio.errors import VoiceUnavailable
from voice_host.audio.half_duplex import HalfDuplexGate
from voice_host.listen.sources import AudioChunk
from voice_host.user_command import user_command

SAMPLE_RATE = 16000
BLOCK_S = 0.05


def parse_device(device: int | str | None) -> int | str | None:
    """A device given on the command line: a number is an index, anything else a name."""
    if isinstance(device, str) and device.strip().isdigit():
        return int(device)
    return device


class MicSource:
    """Live microphone audio for the listener.

    Opens at 16 kHz; a device that refuses it is opened at its own default rate
    (vosk resamples). ``read`` blocks until audio arrives or the source is closed.
    """

    def __init__(
        self, *, device: int | str | None = None, gate: HalfDuplexGate | None = None, block_s: float = BLOCK_S
    ) -> None:
        import sounddevice as sd

        self._sd = sd
        self._queue: queue.Queue[AudioChunk | None] = queue.Queue()
        self._gate = gate
        self._closed = threading.Event()
        self.dropped = 0
        device = parse_device(device)
        try:
            self._stream = self._open(device, SAMPLE_RATE, block_s)
        except (sd.PortAudioError, ValueError):
            try:
                rate = int(sd.query_devices(device, "input")["default_samplerate"])
                self._stream = self._open(device, rate, block_s)
            except (sd.PortAudioError, ValueError) as exc:
                raise VoiceUnavailable(catalogue.voice_no_microphone(str(exc), user_command("devices"))) from None
        self.sample_rate = int(self._stream.samplerate)
        self._stream.start()

    def _open(self, device: int | str | None, rate: int, block_s: float) -> Any:
        return self._sd.RawInputStream(
            samplerate=rate,
            blocksize=int(rate * block_s),
            device=device,
            channels=1,
            dtype="int16",
            callback=self._callback,
        )

    def _callback(self, indata: Any, frames: int, time_info: Any, status: Any) -> None:
        # Only copy bytes: no decoding, no locks beyond the gate's, no printing.
        now = time.monotonic()
        lag = time_info.currentTime - time_info.inputBufferAdcTime
        lag = lag if 0.0 <= lag < 1.0 else frames / self.sample_rate if hasattr(self, "sample_rate") else 0.0
        captured_at = now - lag
        if self._gate is not None and not self._gate.hears(captured_at):
            self.dropped += 1
            return
        self._queue.put(AudioChunk(bytes(indata), captured_at, now))

    def read(self) -> AudioChunk | None:
        """The next chunk, blocking; None once the source is closed."""
        while not self._closed.is_set():
            try:
                chunk = self._queue.get(timeout=0.2)
            except queue.Empty:
                continue
            if chunk is not None:
                return chunk
        return None

    def flush(self) -> int:
        """Drop every queued chunk."""
        count = 0
        while True:
            try:
                self._queue.get_nowait()
            except queue.Empty:
                return count
            count += 1

    def close(self) -> None:
        """Stop and close the stream; a blocked ``read`` returns None."""
        if self._closed.is_set():
            return
        self._closed.set()
        self._queue.put(None)
        try:
            self._stream.stop()
            self._stream.close()
        except self._sd.PortAudioError:
            pass
