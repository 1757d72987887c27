"""The stop signals of each system and holding signals back during a write, on both branches, for real."""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from types import FrameType

import pytest

from voice_host.platform.signals import held_signals, hold, release, stop_signal_names, stop_signals


def test_unix_is_stopped_by_sigterm_and_sighup() -> None:
    assert stop_signal_names("linux") == ("SIGTERM", "SIGHUP")
    assert stop_signal_names("darwin") == ("SIGTERM", "SIGHUP")
    assert stop_signals("linux") == (signal.SIGTERM, signal.SIGHUP)


def test_windows_is_stopped_by_sigterm_and_ctrl_break() -> None:
    assert stop_signal_names("win32") == ("SIGTERM", "SIGBREAK")
    # this Linux has no SIGBREAK: only the signals the system defines are used
    assert stop_signals("win32") == (signal.SIGTERM,)


def test_a_write_holds_back_ctrl_c_too() -> None:
    assert held_signals("linux") == (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


@pytest.fixture
def received() -> Iterator[list[int]]:
    """SIGTERM noted in a list instead of ending the test run."""
    got: list[int] = []

    def handler(signum: int, frame: FrameType | None) -> None:
        got.append(signum)

    previous = signal.signal(signal.SIGTERM, handler)
    yield got
    signal.signal(signal.SIGTERM, previous)


@pytest.mark.parametrize("system", ["linux", "win32"])
def test_a_signal_during_the_hold_arrives_at_the_release(system: str, received: list[int]) -> None:
    handler = signal.getsignal(signal.SIGTERM)
    held = hold(system)
    signal.raise_signal(signal.SIGTERM)
    assert received == []
    release(held)
    assert received == [signal.SIGTERM]
    assert signal.getsignal(signal.SIGTERM) is handler


@pytest.mark.parametrize("system", ["linux", "win32"])
def test_no_signal_no_delivery(system: str, received: list[int]) -> None:
    release(hold(system))
    assert received == []


def test_windows_ctrl_c_during_the_hold_is_a_keyboard_interrupt_after_it() -> None:
    held = hold("win32")
    signal.raise_signal(signal.SIGINT)
    with pytest.raises(KeyboardInterrupt):
        release(held)
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_windows_hold_outside_the_main_thread_changes_no_handler(received: list[int]) -> None:
    handler = signal.getsignal(signal.SIGTERM)
    seen: list[object] = []

    def run() -> None:
        held = hold("win32")
        seen.append(signal.getsignal(signal.SIGTERM))
        release(held)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    assert seen == [handler]
