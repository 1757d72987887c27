"""The decode stage with the real Korean model: both decoders hear the same audio."""

from __future__ import annotations

from typing import Any

import pytest
from audio_helpers import silence, speech

from voice_host.hearing import korean
from voice_host.listen.decode import PhaseDecoders, recognizer
from voice_host.listen.messages import Decoded

pytestmark = pytest.mark.vosk

RATE = 16000
GRAMMAR = [p.text for p in korean.phases()["claim"]]


def _decoders(model: Any) -> PhaseDecoders:
    return PhaseDecoders(recognizer(model, RATE, GRAMMAR), recognizer(model, RATE, GRAMMAR + list(korean.FILLERS)))


def _feed(decoders: PhaseDecoders, audio: bytes) -> list[Decoded]:
    ended: list[Decoded] = []
    for start in range(0, len(audio), 1600):  # 50 ms chunks
        result = decoders.accept(audio[start : start + 1600])
        if result is not None:
            ended.append(result)
    return ended


def test_a_phrase_is_decoded_with_word_times_and_the_second_decoder_heard_the_same_audio(ko_model: Any) -> None:
    decoders = _decoders(ko_model)
    ended = _feed(decoders, silence(0.5) + speech("서른").to_bytes() + silence(1.5))
    assert [d.text for d in ended] == ["서른"]  # vosk's own endpoint, after the trailing silence
    assert ended[0].alternatives and ended[0].timed[0][0] == "서른" and 0.3 < ended[0].timed[0][1] < 1.0
    second = decoders.take_second()  # its words (whatever they are) lie where the phrase was said
    _, start, end = ended[0].timed[0]
    assert second is not None and second.timed
    assert any(s < end and start < e for _, s, e in second.timed), (ended[0].timed, second.timed)


def test_finalize_ends_the_utterance_before_vosk_and_reset_forgets_it(ko_model: Any) -> None:
    decoders = _decoders(ko_model)
    assert _feed(decoders, silence(0.3) + speech("오백").to_bytes()) == []
    assert decoders.partial() == "오백"
    assert decoders.finalize().text == "오백"
    _feed(decoders, silence(0.3) + speech("여든").to_bytes())
    decoders.reset()
    after = decoders.take_second()
    assert decoders.partial() == "" and after is not None and after.text == "" and after.timed == ()


def test_audio_the_second_decoder_never_heard_leaves_its_word_times_on_the_grammar_decoders_clock(
    ko_model: Any,
) -> None:
    both, lazy = _decoders(ko_model), _decoders(ko_model)
    babble_free = silence(2.0)  # heard by the grammar decoder only, then dropped for the second
    _feed(both, babble_free)
    for start in range(0, len(babble_free), 1600):
        lazy.accept(babble_free[start : start + 1600], defer=True)
    lazy.drop_second()
    said = silence(0.3) + speech("서른").to_bytes() + silence(1.5)
    _feed(both, said)
    ended = []
    for start in range(0, len(said), 1600):  # deferred while nothing is heard, then caught up at the end
        result = lazy.accept(said[start : start + 1600], defer=True)
        if result is not None:
            ended.append(result)
    everything, late = both.take_second(), lazy.take_second()
    assert everything is not None and late is not None and everything.timed and late.timed
    assert ended and 2.0 < ended[0].timed[0][1] < 3.0  # the grammar decoder counted the 2 s too
    # what the second decoder made of the word (its adaptation to the audio before differs) lies where the
    # grammar decoder heard it, not 2 s earlier
    _, start, end = ended[0].timed[0]
    assert any(s < end and start < e for _, s, e in late.timed), (ended[0].timed, late.timed)
    assert abs(late.timed[0][1] - start) < 0.3


def test_the_silence_a_finalize_pads_with_leaves_later_word_times_on_the_clock_of_the_audio_fed(
    ko_model: Any,
) -> None:
    """The levels of a phrase's words are read from the audio fed at the decoder's word times: the padding is
    no audio, so the words after it must not come out that much later."""
    decoders = _decoders(ko_model)
    first = silence(0.3) + speech("오백").to_bytes()
    _feed(decoders, first)
    assert decoders.finalize(pad_s=0.6).text == "오백"
    word = speech("서른")
    ended = _feed(decoders, silence(0.5) + word.to_bytes() + silence(1.5))
    said_at = (len(first) / 2) / RATE + 0.5  # where 서른 begins in the audio fed
    assert [d.text for d in ended] == ["서른"]
    start = ended[0].timed[0][1]
    assert said_at - 0.1 < start < said_at + 0.3, (start, said_at)  # 0.6 s later before the padding was taken off


def test_the_second_decoder_on_its_own_thread_hears_what_it_hears_in_line(ko_model: Any) -> None:
    from voice_host.listen.decoder_thread import DecoderThread

    thread = DecoderThread()
    threaded = PhaseDecoders(recognizer(ko_model, RATE, GRAMMAR),
                             recognizer(ko_model, RATE, GRAMMAR + list(korean.FILLERS)), thread=thread)
    in_line = _decoders(ko_model)
    said = silence(1.0) + speech("서른").to_bytes() + silence(0.4) + speech("오백").to_bytes() + silence(1.5)
    results = []
    for decoders in (threaded, in_line):
        for start in range(0, len(said), 1600):  # deferred, caught up half way, as the listener does
            decoders.accept(said[start : start + 1600], defer=start < len(said) // 2)
        results.append(decoders.take_second())
    thread.close()
    first, second = results
    assert first is not None and second is not None and first.timed
    # the same words at the same times: the audio was heard whole and in order. vosk's scores differ a little
    # between any two runs of the model, so two fillers in a near tie may fall either way: CI once heard the
    # "오백" of the threaded run as "몸", of the in-line run as "봄" (six runs here, three of each: all "몸")
    assert [(start, end) for _, start, end in first.timed] == [(start, end) for _, start, end in second.timed]
    phrase_words = {word for text in GRAMMAR for word in text.split()}
    for (one, _, _), (other, _, _) in zip(first.timed, second.timed, strict=True):
        assert one == other or not {one, other} & phrase_words, (first.text, second.text)
