"""The endpoint stage without vosk: when an utterance ends, from texts and audio levels."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from voice_host.listen.early_end import EarlyEndpointer
from voice_host.listen.endpoint import DICTATION_DECODE_S, PENDING_S, SEQUENCE_PAUSE_S, BackgroundEnd, UtteranceEnd
from voice_host.listen.messages import Decoded

RATE = 16000
CHUNK_S = 0.05
QUIET = np.zeros(int(RATE * CHUNK_S), "<i2").tobytes()
LOUD = np.full(int(RATE * CHUNK_S), 3000, "<i2").tobytes()
VARIANTS = [("서른",), ("점수",), ("점수", "취소")]


def _end(early: bool = True) -> UtteranceEnd:
    return UtteranceEnd(EarlyEndpointer(VARIANTS, sample_rate=RATE), BackgroundEnd(sample_rate=RATE), early=early)


def test_a_decisive_phrase_ends_after_the_short_hold() -> None:
    end = _end()
    assert not end.finalize_now(LOUD, "서른", quiet_level=300.0)
    # nothing else in the phase begins with 서른's sounds: 0.1 s of quiet, the second quiet chunk of 50 ms
    quiet = [end.finalize_now(QUIET, "서른", quiet_level=300.0) for _ in range(2)]
    assert quiet == [False, True]


#: "cinque" is complete and no phrase extends it word by word, but "cinquantatré" begins with its sounds.
NUMBERS = [("cinque",), ("cinquantatré",), ("sei",), ("dubito",)]


def _numbers() -> UtteranceEnd:
    return UtteranceEnd(EarlyEndpointer(NUMBERS, sample_rate=RATE), BackgroundEnd(sample_rate=RATE))


def test_a_phrase_whose_sounds_begin_a_longer_one_keeps_the_long_hold() -> None:
    end = _numbers()
    assert not end.finalize_now(LOUD, "cinque", quiet_level=300.0)
    # 0.2 s of quiet (DEFAULT_HOLD_S): the fourth quiet chunk, not the second
    assert [end.finalize_now(QUIET, "cinque", quiet_level=300.0) for _ in range(4)] == [False, False, False, True]


def test_early_finalisation_never_cuts_cinquantatre_at_cinque() -> None:
    end = _numbers()
    # "cinquan-t-atré": the partial reads "cinque" during "cinquan", then a stop consonant's 0.1 s of quiet
    for chunk in (LOUD, LOUD, QUIET, QUIET):
        assert not end.finalize_now(chunk, "cinque", quiet_level=300.0)
    assert not end.finalize_now(LOUD, "cinquantatré", quiet_level=300.0)  # "-atré": the longer phrase goes on
    # once said, the longer phrase is decisive itself: it ends after 0.1 s of quiet
    assert [end.finalize_now(QUIET, "cinquantatré", quiet_level=300.0) for _ in range(2)] == [False, True]


def test_short_words_are_decisive_unless_a_longer_phrase_begins_with_all_of_them() -> None:
    end = _numbers()
    assert not end.finalize_now(LOUD, "sei", quiet_level=300.0)
    assert end.finalize_now(QUIET, "sei", quiet_level=300.0) is False
    assert end.finalize_now(QUIET, "sei", quiet_level=300.0)  # "sei" / "sessanta": 2 letters shared, decisive


def test_a_partial_that_is_no_phrase_never_ends_early() -> None:
    end = _end()
    assert not any(end.finalize_now(QUIET, "취소", quiet_level=300.0) for _ in range(20))


def test_vosks_own_final_is_the_utterance_at_once() -> None:
    end = _end()
    said = Decoded("서른", 50.0)
    assert end.ended(LOUD, said, False, "") == (said, False)


def test_an_early_final_that_a_longer_phrase_extends_waits_for_the_pause_then_answers() -> None:
    end = _end()
    start = Decoded("점수", 40.0)
    assert end.ended(QUIET, start, True, "") is None and end.pending
    waits = round(PENDING_S / CHUNK_S)  # no quiet was counted before it: the whole pause
    assert all(end.ended(QUIET, None, False, "") is None for _ in range(waits - 1))
    assert end.ended(QUIET, None, False, "") == (start, False)
    assert not end.pending


def _pending_after_quiet(end: UtteranceEnd, quiet_chunks: int) -> Decoded:
    """An early final "점수" (a prefix of "점수 취소") reached after ``quiet_chunks`` quiet chunks."""
    assert not end.finalize_now(LOUD, "서른", quiet_level=300.0)
    for _ in range(quiet_chunks):
        end.finalize_now(QUIET, "서른", quiet_level=300.0)  # vosk's partial lags: it still says "서른"
    start = Decoded("점수", 40.0)
    assert end.ended(QUIET, start, True, "", quiet_level=300.0) is None and end.pending
    return start


def test_a_prefix_final_after_a_quiet_pause_answers_once_the_prefix_pause_is_complete() -> None:
    end = _end()
    start = _pending_after_quiet(end, 4)  # 0.2 s of quiet counted when vosk's final came
    # the prefix pause is 0.3 s: two more quiet chunks (0.1 s), not the 0.5 s a noisy room waits
    assert end.ended(QUIET, None, False, "", quiet_level=300.0) is None
    assert end.ended(QUIET, None, False, "", quiet_level=300.0) == (start, False)


def test_a_prefix_final_waits_the_whole_pending_pause_when_the_room_is_not_quiet() -> None:
    end = _end()
    start = _pending_after_quiet(end, 4)
    murmur = np.full(int(RATE * CHUNK_S), 500, "<i2").tobytes()  # the next table: over the quiet level
    waits = round((PENDING_S - 0.2) / CHUNK_S)
    assert all(end.ended(murmur, None, False, "", quiet_level=300.0) is None for _ in range(waits - 1))
    assert end.ended(murmur, None, False, "", quiet_level=300.0) == (start, False)


def test_what_follows_a_pending_final_joins_it() -> None:
    end = _end()
    assert end.ended(QUIET, Decoded("점수", 40.0), True, "") is None
    joined = end.ended(LOUD, Decoded("취소", 30.0), False, "")
    assert joined is not None and joined[0].text == "점수 취소" and joined[0].score == 70.0 and not joined[1]


def test_a_reset_forgets_a_pending_final() -> None:
    end = _end()
    end.ended(QUIET, Decoded("점수", 40.0), True, "")
    end.reset()
    assert not end.pending and end.ended(QUIET, None, False, "") is None


def test_dictations_and_a_listener_without_early_endpoint_are_not_watched() -> None:
    assert _end().watches(sequence=False)
    assert not _end().watches(sequence=True)
    assert not _end(early=False).watches(sequence=False)


def test_sound_well_under_the_loudest_with_the_same_partial_ends_the_utterance() -> None:
    end = BackgroundEnd(sample_rate=RATE)
    talk = np.full(int(RATE * CHUNK_S), 1000, "<i2").tobytes()  # 9.5 dB under LOUD: the next table
    assert not end.ended(LOUD, "서른")
    # 0.3 s of it (six chunks) after the partial stopped changing
    assert [end.ended(talk, "서른") for _ in range(6)] == [False] * 5 + [True]


def test_sound_as_loud_as_the_speaker_or_a_changing_partial_does_not_end_it() -> None:
    end = BackgroundEnd(sample_rate=RATE)
    assert not any(end.ended(LOUD, "서른") for _ in range(20))
    talk = np.full(int(RATE * CHUNK_S), 1000, "<i2").tobytes()
    assert not any(end.ended(talk, text) for text in ["점수", "점수 취소"] * 10)


def test_a_partial_longer_than_any_phrase_of_the_phase_is_talk() -> None:
    end = UtteranceEnd(EarlyEndpointer(VARIANTS), BackgroundEnd(), most_words=3)
    assert not end.is_talk("점수 취소 서른")  # a phrase and a word of talk: the verify stage may cut it
    assert end.is_talk("점수 취소 서른 점수")
    assert not _end().is_talk("점수 " * 20)  # no limit given (a dictation)


def test_a_long_partial_holding_a_spotted_answer_is_heard_on_up_to_twice_the_limit() -> None:
    end = UtteranceEnd(EarlyEndpointer(VARIANTS), BackgroundEnd(), most_words=3, answer=lambda p: "서른" in p)
    assert not end.is_talk("[unk] [unk] [unk] [unk] 서른")  # a long sentence with the answer in it
    assert end.is_talk("[unk] [unk] [unk] [unk] [unk]")  # as long, no answer: talk
    assert end.is_talk("[unk] [unk] [unk] [unk] [unk] [unk] 서른")  # over twice the limit: talk all the same


def test_a_prefix_phrase_the_endpointer_ended_after_the_pause_is_answered_at_once() -> None:
    end = _end()
    # "점수" (begins "점수 취소"): the endpointer ends it after the 0.3 s pause, no second wait follows
    decisions = [end.finalize_now(QUIET, "점수", quiet_level=300.0) for _ in range(6)]
    assert decisions == [False] * 5 + [True]
    said = Decoded("점수", 40.0)
    assert end.ended(QUIET, said, True, "") == (said, True)


DICE = [("tre",), ("cinque",), ("e",), ("sono",)]


def _dictation(text: str) -> bool:
    return bool(text) and all(w in {"tre", "cinque", "e", "sono"} for w in text.split()) and text.split()[-1] != "sono"


def _dictated(end: UtteranceEnd, chunks: list[tuple[bytes, str]], *, endpoints: tuple[int, ...] = ()) -> list[str]:
    """The listener's part in a dictation: each chunk comes with what the player has said so far, and vosk's
    partial shows what was said since the grammar decoder last ended. Returns, chunk by chunk, the text the
    utterance was answered with ("" while it goes on; "|" once it was decoded and waits out the pause).
    ``endpoints``: the chunks at which vosk's own endpoint ends the decode."""
    decoded: list[str] = []
    out = []
    for i, (data, said) in enumerate(chunks):
        partial = " ".join(said.split()[len(decoded):])
        final, early = None, False
        if i in endpoints:
            final = Decoded(partial, 40.0)
        elif end.finalize_now(data, partial, quiet_level=300.0, sequence=True):
            final, early = Decoded(partial, 40.0), True
        if final is not None:
            decoded += partial.split()
            partial = ""
        out.append(_answered(end, data, final, early, partial))
    return out


def _answered(end: UtteranceEnd, data: bytes, final: Decoded | None, early: bool, partial: str) -> str:
    """The endpoint stage's answer after one chunk of a dictation: its text ("" while it goes on; "|" once it
    was decoded and waits out the pause); an answered utterance is handed on, as the listener does."""
    result = end.ended(data, final, early, partial, quiet_level=300.0, sequence=True)
    if result is not None:
        end.done()
    return result[0].text if result is not None else "|" if end.waiting is not None else ""


def test_a_whole_dictation_ends_after_its_pause_and_not_after_its_first_word() -> None:
    end = UtteranceEnd(EarlyEndpointer(DICE, sample_rate=RATE), BackgroundEnd(), dictation=_dictation)
    assert end.watches(sequence=True)
    # "tre", a 0.15 s pause, "cinque", then 0.35 s of quiet (seven chunks) ends it
    said = [(LOUD, "tre"), *[(QUIET, "tre")] * 3, (LOUD, "tre cinque"), *[(QUIET, "tre cinque")] * 7]
    assert _dictated(end, said)[-1] == "tre cinque"
    assert "tre" not in _dictated(
        UtteranceEnd(EarlyEndpointer(DICE, sample_rate=RATE), BackgroundEnd(), dictation=_dictation), said
    )


def test_a_dictation_is_decoded_as_its_pause_begins_and_answered_when_the_pause_has_lasted() -> None:
    end = UtteranceEnd(EarlyEndpointer(DICE, sample_rate=RATE), BackgroundEnd(), dictation=_dictation)
    said = [(LOUD, "tre cinque"), *[(QUIET, "tre cinque")] * 8]
    # decoded after 0.1 s of silence (two chunks), answered once 0.35 s of it have passed (seven chunks)
    decoded, answered = round(DICTATION_DECODE_S / CHUNK_S), round(SEQUENCE_PAUSE_S / CHUNK_S)
    assert (decoded, answered) == (2, 7)
    assert _dictated(end, said) == [""] * decoded + ["|"] * (answered - decoded) + ["tre cinque", ""]


def test_a_short_gap_between_dice_may_decode_the_first_but_never_answers_it() -> None:
    end = UtteranceEnd(EarlyEndpointer(DICE, sample_rate=RATE), BackgroundEnd(), dictation=_dictation)
    said = [(LOUD, "tre"), *[(QUIET, "tre")] * 3, (LOUD, "tre cinque"), *[(QUIET, "tre cinque")] * 7]
    answers = _dictated(end, said)  # 0.15 s between the dice: "tre" is decoded in it, and waits
    assert answers[2] == "|" and [a for a in answers if a not in ("", "|")] == ["tre cinque"]


def test_a_die_said_within_the_pause_joins_the_dictation_decoded_before_it() -> None:
    end = UtteranceEnd(EarlyEndpointer(DICE, sample_rate=RATE), BackgroundEnd(), dictation=_dictation)
    # "tre", 0.3 s of silence (decoded, waiting), then "e cinque": one dictation, answered after its own pause
    said = [(LOUD, "tre"), *[(QUIET, "tre")] * 6, (LOUD, "tre e"), (LOUD, "tre e cinque"),
            *[(QUIET, "tre e cinque")] * 7]
    answers = _dictated(end, said)
    assert [a for a in answers if a not in ("", "|")] == ["tre e cinque"]
    assert answers[-1] == "tre e cinque"


def test_a_sound_with_no_word_within_the_pause_starts_the_pause_again() -> None:
    end = UtteranceEnd(EarlyEndpointer(DICE, sample_rate=RATE), BackgroundEnd(), dictation=_dictation)
    said = [(LOUD, "tre"), *[(QUIET, "tre")] * 6, (LOUD, "tre"), *[(QUIET, "tre")] * 7]  # a cough, say
    assert _dictated(end, said)[-8:] == ["|"] * 7 + ["tre"]


def test_vosks_own_endpoint_on_the_rest_of_a_dictation_answers_it_joined_at_once() -> None:
    end = UtteranceEnd(EarlyEndpointer(DICE, sample_rate=RATE), BackgroundEnd(), dictation=_dictation)
    said = [(LOUD, "tre"), *[(QUIET, "tre")] * 6, (LOUD, "tre cinque"), (QUIET, "tre cinque")]
    assert _dictated(end, said, endpoints=(8,))[-1] == "tre cinque"


def test_vosks_own_endpoint_within_a_dictations_pause_does_not_answer_it_before_the_pause_has_lasted() -> None:
    end = UtteranceEnd(EarlyEndpointer(DICE, sample_rate=RATE), BackgroundEnd(), dictation=_dictation)
    # vosk ends "tre" after 0.05 s of quiet, before the short hold decodes it; "cinque" follows within the pause
    said = [(LOUD, "tre"), *[(QUIET, "tre")] * 3, (LOUD, "tre cinque"), *[(QUIET, "tre cinque")] * 7]
    answers = _dictated(end, said, endpoints=(1,))
    assert [a for a in answers if a not in ("", "|")] == ["tre cinque"]


def test_a_final_with_no_word_within_a_dictations_pause_does_not_answer_it() -> None:
    end = UtteranceEnd(EarlyEndpointer(DICE, sample_rate=RATE), BackgroundEnd(), dictation=_dictation)
    # "tre" decoded by the short hold, then vosk's own endpoint ends the next decode with no word in it
    said = [(LOUD, "tre"), *[(QUIET, "tre")] * 3, (LOUD, "tre cinque"), *[(QUIET, "tre cinque")] * 7]
    answers = _dictated(end, said, endpoints=(3,))
    assert [a for a in answers if a not in ("", "|")] == ["tre cinque"]


def test_a_dictation_ending_in_a_lead_in_waits_for_the_dice() -> None:
    end = UtteranceEnd(EarlyEndpointer(DICE, sample_rate=RATE), BackgroundEnd(), dictation=_dictation)
    assert not any(end.finalize_now(QUIET, "sono", quiet_level=300.0, sequence=True) for _ in range(20))


def test_the_silence_before_vosks_partial_shows_the_word_counts_in_the_pause() -> None:
    end = _end()
    assert not end.finalize_now(LOUD, "", quiet_level=300.0)  # the word is said; vosk's partial lags behind
    assert not any(end.finalize_now(QUIET, "", quiet_level=300.0) for _ in range(5))  # 0.25 s of silence
    # the partial shows "점수" (a prefix of "점수 취소") only now: the player has paused 0.3 s, enough at once
    assert end.finalize_now(QUIET, "점수", quiet_level=300.0)


def test_the_prefix_pause_of_silence_after_speech_ends_the_utterance_though_no_word_shows_yet() -> None:
    end = _end()
    assert not end.finalize_now(LOUD, "", quiet_level=300.0)
    quiet = [end.finalize_now(QUIET, "", quiet_level=300.0) for _ in range(6)]
    assert quiet == [False] * 5 + [True]  # 0.3 s: vosk's final tells what was said
    # silence alone, with no speech since the last end, ends nothing
    end.done()
    assert not any(end.finalize_now(QUIET, "", quiet_level=300.0) for _ in range(40))


def test_a_noisy_rooms_quiet_before_the_partial_does_not_count() -> None:
    end = _end()
    murmur = np.full(int(RATE * CHUNK_S), 200, "<i2").tobytes()  # under the quiet level, over true silence
    assert not end.finalize_now(LOUD, "", quiet_level=300.0)
    assert not any(end.finalize_now(murmur, "", quiet_level=300.0) for _ in range(6))
    assert not end.finalize_now(QUIET, "점수", quiet_level=300.0)  # only its own 0.05 s of quiet so far


#: A sì/no question: "sì" is extended by "sì confermo" (the same answer) and "sì ma annulla" (not the same).
ANSWERS = [("sì",), ("sì", "confermo"), ("no",), ("no", "no"), ("no", "grazie", "annulla")]
MEANS = {"sì": "yes", "sì confermo": "yes", "no": "no", "no no": "no", "no grazie annulla": "undo"}


def _answers() -> UtteranceEnd:
    endpointer = EarlyEndpointer(ANSWERS, sample_rate=RATE)
    endpointer.meaning = MEANS.get
    return UtteranceEnd(endpointer, BackgroundEnd(sample_rate=RATE))


def test_a_prefix_phrase_whose_extensions_all_mean_the_same_ends_after_the_hold_not_the_pause() -> None:
    end = _answers()
    assert not end.finalize_now(LOUD, "sì", quiet_level=300.0)
    # "sì confermo" means what "sì" means: 0.2 s of quiet (the fourth chunk), not the 0.3 s prefix pause
    assert [end.finalize_now(QUIET, "sì", quiet_level=300.0) for _ in range(4)] == [False, False, False, True]
    said = Decoded("sì", 50.0)
    assert end.ended(QUIET, said, True, "", quiet_level=300.0) == (said, True)  # answered, not left pending


def test_a_prefix_phrase_that_a_longer_phrase_of_another_meaning_extends_keeps_the_pause() -> None:
    end = _answers()
    assert not end.finalize_now(LOUD, "no", quiet_level=300.0)
    # "no grazie annulla" undoes: "no" waits for the player's 0.3 s pause (the sixth quiet chunk)
    assert [end.finalize_now(QUIET, "no", quiet_level=300.0) for _ in range(6)] == [False] * 5 + [True]


def test_without_the_requests_meaning_every_prefix_phrase_keeps_the_pause() -> None:
    end = UtteranceEnd(EarlyEndpointer(ANSWERS, sample_rate=RATE), BackgroundEnd(sample_rate=RATE))
    assert not end.finalize_now(LOUD, "sì", quiet_level=300.0)
    assert [end.finalize_now(QUIET, "sì", quiet_level=300.0) for _ in range(6)] == [False] * 5 + [True]


def _whole_roll(text: str) -> bool:
    """Two dice make a whole roll in this test's game: nothing may follow them."""
    return len(text.split()) == 2


def _dictation_with(complete: Callable[[str], bool] | None) -> UtteranceEnd:
    end = UtteranceEnd(EarlyEndpointer(DICE, sample_rate=RATE), BackgroundEnd(), dictation=_dictation)
    end.complete = complete
    return end


def test_a_whole_answer_ends_after_the_short_silence_not_the_dictation_pause() -> None:
    end = _dictation_with(_whole_roll)
    # 0.1 s of silence (two 50 ms chunks), as a decisive phrase, instead of seven chunks
    assert _dictated(end, [(LOUD, "tre cinque"), (QUIET, "tre cinque"), (QUIET, "tre cinque")]) == [
        "", "", "tre cinque"
    ]


def test_a_dictation_not_yet_whole_keeps_the_whole_pause_between_dice() -> None:
    end = _dictation_with(_whole_roll)
    # "tre", then a pause of 0.3 s before the next die: not a whole answer, so the short silence decodes it and
    # does not answer it; the die after the pause joins it, and that whole answer ends at the short hold
    said = [(LOUD, "tre"), *[(QUIET, "tre")] * 6, (LOUD, "tre cinque"), *[(QUIET, "tre cinque")] * 2]
    assert _dictated(end, said) == ["", ""] + ["|"] * 7 + ["tre cinque"]


def test_a_whole_answer_in_a_noisy_room_waits_the_dictation_pause() -> None:
    end = _dictation_with(_whole_roll)
    murmur = np.full(int(RATE * CHUNK_S), 200, "<i2").tobytes()  # quiet for the room (300), but not silence
    assert _dictated(end, [(LOUD, "tre cinque"), *[(murmur, "tre cinque")] * 7]) == [""] * 7 + ["tre cinque"]


def test_without_the_requests_completion_every_dictation_waits_the_pause() -> None:
    end = _dictation_with(None)
    assert _dictated(end, [(LOUD, "tre cinque"), *[(QUIET, "tre cinque")] * 7])[-2:] == ["|", "tre cinque"]


def test_the_look_ahead_is_due_once_a_pause_after_speech_is_two_silent_chunks_long() -> None:
    end = _end()
    due = []
    for chunk in (QUIET, QUIET, QUIET, LOUD, QUIET, QUIET, QUIET, QUIET):  # silence before speech: no pause
        end.finalize_now(chunk, "", quiet_level=300.0)
        due.append(end.look_ahead_due())
    assert due == [False, False, False, False, False, True, False, False]  # once per pause


def test_the_look_ahead_is_due_again_after_the_player_speaks_again_and_never_in_a_noisy_room() -> None:
    end = _end()
    for chunk in (LOUD, QUIET, QUIET):
        end.finalize_now(chunk, "", quiet_level=300.0)
    assert end.look_ahead_due()
    for chunk in (LOUD, QUIET, QUIET):
        end.finalize_now(chunk, "", quiet_level=300.0)
    assert end.look_ahead_due()
    noisy = UtteranceEnd(EarlyEndpointer(VARIANTS, sample_rate=RATE), BackgroundEnd(sample_rate=RATE))
    murmur = np.full(int(RATE * CHUNK_S), 200, "<i2").tobytes()  # quiet under the tracker's level, not silence
    due = []
    for chunk in (LOUD, murmur, murmur, murmur):
        noisy.finalize_now(chunk, "", quiet_level=300.0)
        due.append(noisy.look_ahead_due())
    assert due == [False, False, False, False]
    assert not _end(early=False).look_ahead_due()


def _unseen(
    end: UtteranceEnd, heard: str, quiet_chunks: int, later: Sequence[tuple[bytes, str, str]] = ()
) -> list[str]:
    """A word said whose partial never shows (vosk's partial lags a short word), then ``quiet_chunks`` of
    silence: chunk by chunk, what the utterance was answered with ("" while it goes on, "|" while decoded and
    waiting); the decode, when asked for, is ``heard``. ``later``: (chunk, partial, final or "") after that."""
    out = []
    chunks = [(LOUD, "", ""), *[(QUIET, "", "")] * quiet_chunks, *later]
    for data, partial, final_text in chunks:
        final, early = (Decoded(final_text, 40.0), False) if final_text else (None, False)
        if final is None and end.finalize_now(data, partial, quiet_level=300.0, sequence=True):
            final, early, partial = Decoded(heard, 40.0), True, ""
        out.append(_answered(end, data, final, early, partial))
    return out


def test_a_whole_answer_whose_word_vosk_has_not_shown_is_decoded_and_answered_after_the_short_silence() -> None:
    # "tira" (the proxy's "물") showed in vosk's partial only 0.3 s after it was said: its final tells it sooner
    end = _dictation_with(lambda text: text == "tre cinque")
    assert _unseen(end, "tre cinque", 3) == ["", "", "tre cinque", ""]


def test_a_dictation_decoded_before_vosk_showed_it_waits_out_its_pause_as_any() -> None:
    end = _dictation_with(None)
    answered = round(SEQUENCE_PAUSE_S / CHUNK_S)
    assert _unseen(end, "tre", 8) == ["", "", *["|"] * (answered - 2), "tre", ""]


def test_a_decode_that_is_no_whole_dictation_waits_as_vosk_would_and_the_dice_said_meanwhile_join_it() -> None:
    end = _dictation_with(None)
    # "sono" (the dice follow), decoded unseen after 0.1 s: it is not answered after the dictation's pause
    waited = _unseen(end, "sono", round(PENDING_S / CHUNK_S) + 1)
    assert waited[: round(SEQUENCE_PAUSE_S / CHUNK_S) + 1] == ["", "", *["|"] * 6]
    assert waited[-2:] == ["sono", ""]
    # ... and "tre", said 0.4 s after it, joins it
    end = _dictation_with(None)
    later = [(LOUD, "tre", ""), (QUIET, "", "tre")]
    answers = _unseen(end, "sono", 8, later)
    assert [a for a in answers if a not in ("", "|")] == ["sono tre"]


def test_silence_with_no_speech_before_it_decodes_no_dictation() -> None:
    end = _dictation_with(None)
    assert not any(end.finalize_now(QUIET, "", quiet_level=300.0, sequence=True) for _ in range(20))
