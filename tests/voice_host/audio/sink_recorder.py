"""The sink monitor recorded in the background through the mic adapter (a test helper for real-audio tests)."""

from __future__ import annotations

import threading
import time

import numpy as np

from voice_host.listen.mic import MicSource


class SinkRecorder:
    """Captures the sink monitor in the background: (capture time, samples) per chunk."""

    def __init__(self) -> None:
        self.source = MicSource()
        self.chunks: list[tuple[float, bytes]] = []
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while (chunk := self.source.read()) is not None:
            self.chunks.append((chunk.captured_at, chunk.data))

    def stop(self) -> list[tuple[float, bytes]]:
        """Stop after a last 0.3 s (the tail of what is playing) and return the chunks."""
        time.sleep(0.3)
        self.source.close()
        self._thread.join(timeout=5)
        return self.chunks

    def samples(self) -> np.ndarray:
        """Stop and return every recorded sample, int16, in order."""
        return np.frombuffer(b"".join(data for _, data in self.stop()), dtype="<i2")
