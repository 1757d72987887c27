"""A thread of its own for a decoder: its vosk calls run beside the caller's, one at a time, in order.

vosk decodes in C and its Python binding (cffi) releases the GIL around each call, so
on a machine with two cores a decoder fed on a thread of its own decodes while the
listener's thread feeds the grammar decoder and waits for the endpoint. The second
decoder (:class:`~voice_host.listen.decode.PhaseDecoders`) runs on one: its catch-up
over a player's words and its final result, which the verify stage waits for at the
end of each utterance that needs it, were 40-120 ms of the turn gap on a slow two-core
machine, after the endpoint (``bench/turn_gap.py``). The work is the same; only where
it runs changes.

>>> thread = DecoderThread()
>>> heard = []
>>> thread.post(lambda: heard.append("서른"))
>>> thread.run(lambda: len(heard))
1
>>> thread.close()
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


class DecoderThread:
    """Runs the calls given to it on one thread, each after every call given before it.

    A call :meth:`post`-ed and failing raises its exception in the next :meth:`post` or
    :meth:`run`, so that no failure of the decoder is lost. After :meth:`close` calls run
    in the caller's thread (the order still holds: the thread ran everything before).
    """

    def __init__(self, name: str = "second-decoder") -> None:
        self._calls: queue.SimpleQueue[Callable[[], None] | None] = queue.SimpleQueue()
        self._failure: BaseException | None = None
        self._closed = False
        self._thread = threading.Thread(target=self._serve, name=name, daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        while (call := self._calls.get()) is not None:
            try:
                call()
            except BaseException as error:  # handed to the caller by the next post or run
                if self._failure is None:
                    self._failure = error

    def _raise_failure(self) -> None:
        failure, self._failure = self._failure, None
        if failure is not None:
            raise failure

    def post(self, call: Callable[[], None]) -> None:
        """Run ``call`` after the calls given before it, without waiting for it."""
        self._raise_failure()
        if self._closed:
            call()
            return
        self._calls.put(call)

    def run(self, call: Callable[[], T]) -> T:
        """Run ``call`` after the calls given before it and return what it returns."""
        self._raise_failure()
        if self._closed:
            return call()
        done = threading.Event()
        result: list[T] = []

        def wrapped() -> None:
            try:
                result.append(call())
            finally:
                done.set()

        self._calls.put(wrapped)
        done.wait()
        self._raise_failure()
        return result[0]

    def close(self) -> None:
        """Run the calls given so far, then end the thread (later calls run in the caller's thread)."""
        if self._closed:
            return
        self._closed = True
        self._calls.put(None)
        self._thread.join()
        self._raise_failure()
