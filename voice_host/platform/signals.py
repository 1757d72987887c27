"""The signals that stop the host on each system, and holding them back for the length of a write.

Unix stops the host with SIGTERM (``kill``, a shutdown) and SIGHUP (the terminal
closed). Windows has no SIGHUP; Ctrl-Break arrives as SIGBREAK and closing the
console as SIGBREAK too, so SIGTERM and SIGBREAK stop it there. Ctrl-C is
SIGINT everywhere, which Python already raises as ``KeyboardInterrupt``.

A journal record must never be cut in half by one of them. Where the system can
block signals (``pthread_sigmask``: Linux, macOS) :func:`hold` blocks them and
:func:`release` restores the mask, so a pending signal is delivered at once.
Windows cannot block them: :func:`hold` swaps in a handler that only notes the
signal (in the main thread; elsewhere the handlers cannot change) and
:func:`release` restores the handlers and raises the noted signals again.
"""

from __future__ import annotations

import signal
import sys
import threading
from dataclasses import dataclass, field
from types import FrameType
from typing import Any

from voice_host.platform.native import module


def stop_signal_names(system: str = sys.platform) -> tuple[str, ...]:
    """The names of the signals that stop the host on ``system`` (besides Ctrl-C's SIGINT).

    >>> stop_signal_names("linux"), stop_signal_names("win32")
    (('SIGTERM', 'SIGHUP'), ('SIGTERM', 'SIGBREAK'))
    """
    return ("SIGTERM", "SIGBREAK") if system == "win32" else ("SIGTERM", "SIGHUP")


def stop_signals(system: str = sys.platform) -> tuple[signal.Signals, ...]:
    """The signals that stop the host here: :func:`stop_signal_names` that this system defines."""
    return _defined(stop_signal_names(system))


def held_signals(system: str = sys.platform) -> tuple[signal.Signals, ...]:
    """What a journal write holds back: Ctrl-C's SIGINT and the stop signals."""
    return _defined(("SIGINT", *stop_signal_names(system)))


@dataclass
class Held:
    """What :func:`release` needs: the old signal mask, or the old handlers and the signals noted meanwhile."""

    mask: Any = None
    handlers: dict[signal.Signals, Any] = field(default_factory=dict)
    noted: list[signal.Signals] = field(default_factory=list)


def hold(system: str = sys.platform) -> Held:
    """Hold back :func:`held_signals` until :func:`release`."""
    signums = held_signals(system)
    if system != "win32":
        unix = module("signal")
        return Held(mask=unix.pthread_sigmask(unix.SIG_BLOCK, signums))
    held = Held()
    if threading.current_thread() is not threading.main_thread():
        return held  # only the main thread may set handlers, and only it receives signals

    def note(signum: int, frame: FrameType | None) -> None:
        held.noted.append(signal.Signals(signum))

    for signum in signums:
        held.handlers[signum] = signal.signal(signum, note)
    return held


def release(held: Held) -> None:
    """Undo :func:`hold`: signals that arrived meanwhile are delivered now."""
    if held.mask is not None:
        unix = module("signal")
        unix.pthread_sigmask(unix.SIG_SETMASK, held.mask)
        return
    for signum, handler in held.handlers.items():
        signal.signal(signum, handler)
    for signum in dict.fromkeys(held.noted):
        signal.raise_signal(signum)


def _defined(names: tuple[str, ...]) -> tuple[signal.Signals, ...]:
    found = (getattr(signal.Signals, name, None) for name in names)
    return tuple(signum for signum in found if signum is not None)
