"""SIGTERM and SIGHUP as an exception, so that the host stops the way Ctrl-C stops it.

Inside ``stop_on_signals()`` either signal raises ``StopSignal`` in the main
thread (interrupting a blocking read), and the command line writes the summary
and exits with ``128 + signal number``. The journal holds these signals back
while it writes a record, so a record is never cut in half by them.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType

from voice_host.platform import signals

STOP_SIGNALS = signals.stop_signals()


class StopSignal(BaseException):
    """The process received SIGTERM or SIGHUP (a BaseException, like KeyboardInterrupt)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum

    @property
    def name(self) -> str:
        """``SIGTERM`` or ``SIGHUP``."""
        return signal.Signals(self.signum).name

    @property
    def exit_code(self) -> int:
        """The conventional exit code of a process stopped by this signal."""
        return 128 + self.signum


def _raise(signum: int, frame: FrameType | None) -> None:
    raise StopSignal(signum)


@contextmanager
def stop_on_signals() -> Iterator[None]:
    """Turn SIGTERM and SIGHUP into ``StopSignal`` for the duration of the block (main thread only).

    A signal that was ignored when the block began (SIGHUP under ``nohup``) is left ignored.
    """
    if threading.current_thread() is not threading.main_thread():
        yield  # only the main thread may set handlers; a host run elsewhere keeps the defaults
        return
    # a signal ignored when the host started (``nohup`` ignores SIGHUP) stays ignored
    previous = {signum: signal.signal(signum, _raise) for signum in STOP_SIGNALS
                if signal.getsignal(signum) is not signal.SIG_IGN}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


#: Ctrl-C's SIGINT and the stop signals of this system.
HELD_SIGNALS = frozenset(signals.held_signals())


@contextmanager
def held_signals() -> Iterator[None]:
    """Hold SIGINT and the stop signals back for the block; one that arrived meanwhile lands after it.

    For the short writes that must not be cut in half (a file renamed into place,
    a summary): the signal is delivered, and handled as usual, when the block ends
    (:func:`voice_host.platform.signals.hold` says how on each system).
    """
    held = signals.hold()
    try:
        yield
    finally:
        signals.release(held)


@contextmanager
def deferred_signals() -> Iterator[None]:
    """Note SIGINT, SIGTERM and SIGHUP during the block and act on the first one only after it.

    For a long call into C that Python code must not be interrupted around
    (``vosk.Model()``: a signal handled in the middle of its ``__init__`` leaves
    a half-built object whose ``__del__`` fails). Unlike :func:`held_signals`
    this holds whatever thread the signal is delivered to. When the block ends
    the handlers are put back and the first signal noted is handled as it
    would have been: its handler is called here (raising ``StopSignal`` or
    ``KeyboardInterrupt``), or the default action is taken. Main thread only;
    elsewhere the block runs unchanged.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    noted: list[signal.Signals] = []

    def note(signum: int, frame: FrameType | None) -> None:
        noted.append(signal.Signals(signum))

    # read before any is changed: a signal that raises while they are being swapped leaves none swapped
    previous = {signum: signal.getsignal(signum) for signum in HELD_SIGNALS}
    try:
        for signum in previous:
            signal.signal(signum, note)
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        if noted:
            _deliver(noted[0], previous[noted[0]])


def _deliver(signum: int, handler: Callable[[int, FrameType | None], object] | int | None) -> None:
    """Act on ``signum`` as ``handler`` (a function, ``SIG_DFL`` or ``SIG_IGN``) would have."""
    if callable(handler):
        handler(signum, None)
    elif handler == signal.SIG_DFL:
        signal.raise_signal(signum)
