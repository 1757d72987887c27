"""The second decoder on a thread of its own: calls in order, results and failures handed back, and the
decode stage giving the same second opinions, at the same word times, as when it decodes in line."""

from __future__ import annotations

import random
import threading
import time

import pytest
from fakes import StandInRecognizer

from voice_host.listen.decode import PhaseDecoders
from voice_host.listen.decoder_thread import DecoderThread

RATE = 16000
CHUNK = 1600  # 50 ms


def test_calls_run_in_the_order_given_on_another_thread() -> None:
    thread = DecoderThread()
    seen: list[tuple[int, str]] = []
    for i in range(200):
        thread.post(lambda i=i: seen.append((i, threading.current_thread().name)))
    assert thread.run(lambda: len(seen)) == 200
    assert [i for i, _ in seen] == list(range(200))
    assert {name for _, name in seen} == {"second-decoder"}
    thread.close()


def test_a_posted_call_that_fails_raises_in_the_next_call_and_only_once() -> None:
    thread = DecoderThread()

    def broken() -> None:
        raise RuntimeError("the recognizer failed")

    thread.post(broken)
    with pytest.raises(RuntimeError, match="the recognizer failed"):
        thread.run(lambda: None)
    assert thread.run(lambda: 7) == 7
    thread.close()


def test_after_close_calls_run_in_the_callers_thread_after_everything_posted() -> None:
    thread = DecoderThread()
    seen: list[str] = []

    def slow() -> None:
        time.sleep(0.05)
        seen.append("posted")

    thread.post(slow)
    thread.close()
    thread.post(lambda: seen.append(threading.current_thread().name))
    assert seen == ["posted", threading.current_thread().name]


def _session(thread: DecoderThread | None, seed: int) -> list[object]:
    """A random run of the decode stage's calls as the listener makes them; what the second decoder gave."""
    rng = random.Random(seed)
    grammar, second = StandInRecognizer(delay_s=0.0005), StandInRecognizer(delay_s=0.0005)
    decoders = PhaseDecoders(grammar, second, sample_rate=RATE, thread=thread)
    out: list[object] = []
    for _ in range(120):
        step = rng.random()
        if step < 0.55:
            loud = rng.random() < 0.5
            data = bytes([rng.randint(1, 9) if loud else 0, 0]) * (CHUNK // 2)
            decoders.accept(data, defer=rng.random() < 0.7)
        elif step < 0.7:
            decoders.catch_up()
        elif step < 0.8:
            decoders.drop_second()
        elif step < 0.85:
            decoders.reset()
        elif step < 0.9:
            decoders.end_second()  # the utterance ends: the second's final begins (taken, or forgotten)
        else:
            second = decoders.take_second()
            assert second is not None
            out.append((second.text, second.timed))
    out.append(decoders.take_second())
    return out


@pytest.mark.parametrize("seed", range(3))
def test_the_second_decoder_on_its_thread_gives_what_it_gives_in_line(seed: int) -> None:
    thread = DecoderThread()
    try:
        assert _session(thread, seed) == _session(None, seed)
    finally:
        thread.close()


class _HeldFinal(StandInRecognizer):
    """A second decoder whose final result waits for the test's word (a slow final, as vosk's on a busy core)."""

    def __init__(self) -> None:
        super().__init__()
        self.release = threading.Event()
        self.finishing = threading.Event()
        self.finished = threading.Event()

    def FinalResult(self) -> str:
        self.finishing.set()
        self.release.wait(timeout=5.0)
        self.finished.set()
        return super().FinalResult()


def test_the_second_final_runs_beside_the_grammar_decoders_and_take_second_waits_for_it() -> None:
    thread = DecoderThread()
    second = _HeldFinal()
    decoders = PhaseDecoders(StandInRecognizer(), second, sample_rate=RATE, thread=thread)
    try:
        decoders.accept(bytes([4, 0]) * (CHUNK // 2), defer=True)
        decoders.end_second()  # returns while the second's final is still running on its thread
        assert not second.finished.is_set()
        assert second.finishing.wait(timeout=5.0)
        grammar = decoders.finalize()  # meanwhile, in the caller's thread
        assert grammar.text == "w4"
        second.release.set()
        heard = decoders.take_second()
        assert heard is not None and heard.text == "w4"
    finally:
        second.release.set()
        thread.close()
