"""The decode stage's clock: word times stay on the audio heard, whatever silence the grammar decoder was fed."""

from __future__ import annotations

from fakes import StandInRecognizer

from voice_host.listen.decode import PhaseDecoders

RATE = 16000
CHUNK = 1600  # bytes: 50 ms
QUIET = bytes(CHUNK)


def _loud(mark: int) -> bytes:
    return bytes([mark, 0]) * (CHUNK // 2)


def test_a_look_ahead_moves_only_the_words_said_after_it() -> None:
    decoders = PhaseDecoders(StandInRecognizer(), sample_rate=RATE)
    decoders.accept(_loud(1))  # 0.00-0.05 s of the audio
    assert decoders.look_ahead(0.2) is None  # 0.2 s the grammar decoder alone hears: the utterance goes on
    assert decoders.partial() == "w1"
    decoders.accept(_loud(2))  # 0.05-0.10 of the audio (0.25-0.30 on the decoder's own clock)
    final = decoders.finalize(pad_s=0.1)
    assert final.text == "w1 w2"
    assert [(w, round(s, 3), round(e, 3)) for w, s, e in final.timed] == [("w1", 0.0, 0.05), ("w2", 0.05, 0.1)]
    decoders.accept(_loud(3))  # 0.10-0.15 of the audio, after 0.3 s of padding in all
    assert [(w, round(s, 3)) for w, s, _ in decoders.finalize().timed] == [("w3", 0.1)]


def test_a_padding_within_which_vosk_ends_the_utterance_gives_its_result() -> None:
    decoders = PhaseDecoders(StandInRecognizer(), sample_rate=RATE)
    decoders.accept(_loud(4))
    decoders.accept(QUIET)
    ended = decoders.look_ahead(0.2)  # the second quiet call: the stand-in's own endpoint
    assert ended is not None and ended.text == "w4" and ended.timed == (("w4", 0.0, 0.05),)


def test_while_no_word_is_heard_the_second_decoder_is_kept_only_the_lead_up_and_its_times_stay_right() -> None:
    second = StandInRecognizer()
    decoders = PhaseDecoders(StandInRecognizer(), second, sample_rate=RATE)
    for _ in range(60):  # 3 s with no word (the host's cleaned voice, say), kept back for the second decoder
        decoders.accept(QUIET, defer=True)
        decoders.keep_recent(1.0)
    decoders.accept(_loud(7), defer=True)  # 3.00-3.05 s: a word
    heard = decoders.take_second()
    assert round(second.fed_s, 3) == 1.05  # the last second of the quiet and the word: not the 3 s before it
    assert heard is not None and [(w, round(s, 3), round(e, 3)) for w, s, e in heard.timed] == [("w7", 3.0, 3.05)]


def test_a_second_decoder_already_fed_as_the_chunks_come_is_not_cut_short() -> None:
    second = StandInRecognizer()
    decoders = PhaseDecoders(StandInRecognizer(), second, sample_rate=RATE)
    decoders.accept(_loud(5), defer=True)
    decoders.catch_up()  # live within this utterance
    for _ in range(40):
        decoders.accept(QUIET, defer=True)
        decoders.keep_recent(1.0)
    assert round(second.fed_s, 3) == 2.05


def test_a_second_final_started_as_the_utterance_ends_is_what_take_second_gives_and_the_next_starts_clean() -> None:
    second = StandInRecognizer()
    decoders = PhaseDecoders(StandInRecognizer(), second, sample_rate=RATE)
    decoders.accept(_loud(3), defer=True)  # kept back: the second decoder has heard nothing yet
    decoders.accept(_loud(4), defer=True)
    decoders.end_second()  # caught up and ended at once
    assert round(second.fed_s, 3) == 0.1
    heard = decoders.take_second()
    assert heard is not None and [(w, round(s, 3)) for w, s, _ in heard.timed] == [("w3", 0.0), ("w4", 0.05)]
    decoders.accept(_loud(5), defer=True)
    heard = decoders.take_second()
    assert heard is not None and heard.text == "w5"


def test_an_utterance_that_goes_on_after_its_early_end_keeps_the_second_decoders_first_part_in_front() -> None:
    decoders = PhaseDecoders(StandInRecognizer(), StandInRecognizer(), sample_rate=RATE)
    decoders.accept(_loud(3), defer=True)
    decoders.end_second()  # a prefix phrase ended early ("cinquanta" of "cinquanta tre"), waiting for more
    decoders.accept(_loud(4), defer=True)  # the player went on before the verify stage took it
    heard = decoders.take_second()
    assert heard is not None and [(w, round(s, 3)) for w, s, _ in heard.timed] == [("w3", 0.0), ("w4", 0.05)]


def test_a_second_final_not_taken_is_forgotten_with_its_utterance() -> None:
    for forget in ("drop_second", "reset"):
        decoders = PhaseDecoders(StandInRecognizer(), StandInRecognizer(), sample_rate=RATE)
        decoders.accept(_loud(6), defer=True)
        decoders.end_second()
        getattr(decoders, forget)()  # the utterance needed no second decode, or was dropped
        decoders.accept(_loud(8), defer=True)
        heard = decoders.take_second()
        assert heard is not None and heard.text == "w8", forget
