"""The second decoder on a thread of its own: calls in order, results and failures handed back, and the
decode stage giving the same second opinions, at the same word times, as when it decodes in line."""

from __future__ import annotations

import json
import random
import threading
import time

import pytest

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
    thread.post(lambda: (time.sleep(0.05), seen.append("posted")) and None)
    thread.close()
    thread.post(lambda: seen.append(threading.current_thread().name))
    assert seen == ["posted", threading.current_thread().name]


class _SlowRecognizer:
    """A stand-in for a vosk recognizer: a word per loud chunk, an utterance ended by two quiet chunks after
    words, times counted over every sample it was fed (as vosk counts them, across Reset). Slow, so that a
    thread that ran calls out of order or lost one would give other results."""

    def __init__(self) -> None:
        self.fed_s = 0.0
        self._words: list[tuple[str, float, float]] = []
        self._quiet = 0

    def AcceptWaveform(self, data: bytes) -> bool:  # noqa: N802 (vosk's name)
        time.sleep(0.0005)
        start = self.fed_s
        self.fed_s += len(data) / 2 / RATE
        if data[0]:
            self._words.append((f"w{data[0]}", start, self.fed_s))
            self._quiet = 0
            return False
        self._quiet += 1
        return bool(self._words) and self._quiet >= 2

    def _result(self) -> str:
        words, self._words = self._words, []
        text = " ".join(w for w, _, _ in words)
        return json.dumps({"text": text, "result": [{"word": w, "start": s, "end": e, "conf": 1.0} for w, s, e in words]})

    def Result(self) -> str:  # noqa: N802
        return self._result()

    def FinalResult(self) -> str:  # noqa: N802
        return self._result()

    def Reset(self) -> None:  # noqa: N802
        self._words, self._quiet = [], 0

    def PartialResult(self) -> str:  # noqa: N802
        return json.dumps({"partial": " ".join(w for w, _, _ in self._words)})


def _session(thread: DecoderThread | None, seed: int) -> list[object]:
    """A random run of the decode stage's calls as the listener makes them; what the second decoder gave."""
    rng = random.Random(seed)
    decoders = PhaseDecoders(_SlowRecognizer(), _SlowRecognizer(), sample_rate=RATE, thread=thread)
    out: list[object] = []
    for _ in range(300):
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
        else:
            second = decoders.take_second()
            assert second is not None
            out.append((second.text, second.timed))
    out.append(decoders.take_second())
    return out


@pytest.mark.parametrize("seed", range(6))
def test_the_second_decoder_on_its_thread_gives_what_it_gives_in_line(seed: int) -> None:
    thread = DecoderThread()
    try:
        assert _session(thread, seed) == _session(None, seed)
    finally:
        thread.close()
