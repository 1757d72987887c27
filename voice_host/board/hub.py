"""The latest board state, shared between the game loop (one writer) and the HTTP threads (readers).

Publishing replaces the latest state and wakes the readers; it never waits for
a reader. A reader waits, with its own timeout, for a state newer than the one
it has: a slow or vanished client only ever delays its own thread.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Snapshot:
    """One published state: its number (1, 2, ...) and its JSON text."""

    seq: int
    json: str


class StateHub:
    """Holds the latest :class:`Snapshot`; :meth:`publish` from the game, :meth:`wait_newer` from readers.

    >>> hub = StateHub()
    >>> hub.latest().seq, hub.wait_newer(0, timeout=0) is None
    (0, True)
    >>> hub.publish({"game": "x"}).json
    '{"game": "x", "seq": 1}'
    >>> hub.wait_newer(0, timeout=0).seq
    1
    """

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self._latest = Snapshot(0, json.dumps({"seq": 0}))
        self._closed = False
        self._watchers: list[Callable[[], None]] = []

    def watch(self, wake: Callable[[], None]) -> None:
        """Call ``wake()`` (from the publishing thread; it must return at once) after every publish and on close."""
        with self._changed:
            self._watchers.append(wake)

    def _wake_watchers(self) -> None:
        with self._changed:
            watchers = list(self._watchers)
        for wake in watchers:
            wake()

    def publish(self, state: Mapping[str, Any]) -> Snapshot:
        """Replace the latest state with ``state`` (JSON-able), numbered next, and wake every reader."""
        with self._changed:
            seq = self._latest.seq + 1
            self._latest = Snapshot(seq, json.dumps({**state, "seq": seq}, ensure_ascii=False))
            self._changed.notify_all()
            latest = self._latest
        self._wake_watchers()
        return latest

    def latest(self) -> Snapshot:
        """The latest state (``seq`` 0 before the first publish)."""
        with self._changed:
            return self._latest

    def wait_newer(self, seq: int, timeout: float) -> Snapshot | None:
        """The latest state once it is newer than ``seq``; None after ``timeout`` seconds, or once closed
        with nothing newer (the last state is still handed out after closing: the end of a game)."""
        with self._changed:
            self._changed.wait_for(lambda: self._closed or self._latest.seq > seq, timeout)
            return self._latest if self._latest.seq > seq else None

    def close(self) -> None:
        """Wake every reader for good: the server is stopping."""
        with self._changed:
            self._closed = True
            self._changed.notify_all()
        self._wake_watchers()

    @property
    def closed(self) -> bool:
        """True once :meth:`close` was called."""
        with self._changed:
            return self._closed
