"""The verify stage without vosk: decodes given by hand, audio made of tones and noise."""

from __future__ import annotations

import numpy as np

from grammars.phrases import Phrase
from voice_host.hearing.calibration import PROXY
from voice_host.hearing.confidence import Verdict
from voice_host.listen.messages import Decoded
from voice_host.listen.nearest_phrase import MatchReason, PhraseMatcher
from voice_host.listen.verify import Verifier
from voice_host.listen.word_levels import RecentAudio

RATE = 16000
PHRASES = {Phrase.of(t): (t,) for t in ("서른", "여든", "다시", "다시 시작")}


def _audio(word_rms: float, room_rms: float = 30.0) -> RecentAudio:
    """3 s of room noise at ``room_rms``, a word at ``word_rms`` from 2.0 to 2.5 s."""
    rng = np.random.default_rng(5)
    samples = rng.normal(0.0, room_rms, 3 * RATE)
    samples[2 * RATE : int(2.5 * RATE)] = rng.normal(0.0, word_rms, RATE // 2)
    audio = RecentAudio(sample_rate=RATE)
    audio.remember(np.clip(samples, -32768, 32767).astype("<i2").tobytes())
    return audio


def _verifier() -> Verifier:
    return Verifier(PhraseMatcher(PHRASES), PROXY)


def test_a_phrase_both_decoders_heard_well_above_the_room_is_sure() -> None:
    said = Decoded("여든", 60.0, (("여든", 60.0),), (("여든", 2.0, 2.5),))
    verified = _verifier().verify(said, Decoded("여든", 58.0), _audio(3000.0), sequence=False)
    assert verified.match.phrase == Phrase.of("여든")
    assert verified.confidence is not None and verified.confidence.verdict is Verdict.SURE


def test_a_phrase_no_louder_than_the_room_is_chatter() -> None:
    said = Decoded("여든", 60.0, (("여든", 60.0),), (("여든", 2.0, 2.5),))
    verified = _verifier().verify(said, Decoded("여든", 58.0), _audio(60.0, room_rms=50.0), sequence=False)
    # 60 against 50 RMS: 1.6 dB above the room, under the 9 dB of a player speaking to the host
    assert verified.confidence is not None and verified.confidence.verdict is Verdict.CHATTER
    assert verified.confidence.reason == "not above the room"


def test_a_phrase_joined_with_a_word_of_talk_is_cut_to_what_both_heard_and_asked_back() -> None:
    # the grammar decode made "여든 서른" of "여든" and a babble word; the garbage model heard "여든 있어요"
    grammar = Decoded("여든 서른", 40.0, (), (("여든", 2.0, 2.25), ("서른", 2.25, 2.5)))
    second = Decoded("여든 있어요", 42.0, (), (("여든", 2.0, 2.25), ("있어요", 2.25, 2.55)))
    verified = _verifier().verify(grammar, second, _audio(3000.0), sequence=False)
    assert verified.decoded.text == "여든" and verified.decoded.trimmed
    assert verified.match.phrase == Phrase.of("여든") and verified.match.reason is MatchReason.EXACT
    assert verified.confidence is not None and verified.confidence.verdict is Verdict.UNSURE
    assert verified.confidence.reason == "cut by the second decode"


def test_a_close_rival_among_the_grammar_alternatives_is_asked_back() -> None:
    said = Decoded("서른", 50.0, (("서른", 50.0), ("여든", 49.0)), (("서른", 2.0, 2.5),))
    verified = _verifier().verify(said, Decoded("서른", 55.0), _audio(3000.0), sequence=False)
    # 1 point apart, within the proxy's rival margin of 3
    assert verified.confidence is not None and verified.confidence.reason == "close rival"


def test_without_a_second_decode_nothing_is_judged() -> None:
    said = Decoded("다시 시작", 50.0, (), (("다시", 2.0, 2.2), ("시작", 2.2, 2.5)))
    verified = _verifier().verify(said, None, _audio(3000.0), sequence=False)
    assert verified.match.phrase == Phrase.of("다시 시작") and verified.confidence is None


def test_a_dictation_is_matched_as_a_sequence_of_phrases() -> None:
    said = Decoded("서른 여든 서른", 50.0, (), (("서른", 2.0, 2.1), ("여든", 2.1, 2.3), ("서른", 2.3, 2.5)))
    verified = _verifier().verify(said, Decoded("서른 여든 서른", 50.0), _audio(3000.0), sequence=True)
    assert verified.match.phrase is not None and verified.match.phrase.text == "서른 여든 서른"
    assert verified.match.reason is MatchReason.SEQUENCE


def test_only_a_decode_with_a_phrase_word_standing_above_the_room_needs_the_second_decode() -> None:
    verifier, loud = _verifier(), _audio(3000.0)
    assert verifier.needs_second(Decoded("서른 시작", 10.0, (), (("서른", 2.0, 2.2), ("시작", 2.2, 2.5))), loud)
    assert not verifier.needs_second(Decoded("", 0.0), loud)
    assert not verifier.needs_second(Decoded("[unk]", 3.0, (), (("[unk]", 2.0, 2.5),)), loud)
    # 60 against 50 RMS: 1.6 dB above the room, chatter whatever the second decode would say
    quiet = Decoded("여든", 60.0, (("여든", 60.0),), (("여든", 2.0, 2.5),))
    assert not verifier.needs_second(quiet, _audio(60.0, room_rms=50.0))


def test_a_phrase_whose_second_decode_was_skipped_is_chatter_never_heard() -> None:
    quiet = Decoded("여든", 60.0, (("여든", 60.0),), (("여든", 2.0, 2.5),))
    verified = _verifier().verify(quiet, None, _audio(60.0, room_rms=50.0), sequence=False, skipped=True)
    assert verified.match.phrase == Phrase.of("여든")
    assert verified.confidence is not None and verified.confidence.verdict is Verdict.CHATTER


def test_during_a_pause_the_second_decode_is_expected_for_a_phrase_word_standing_above_the_room() -> None:
    verifier = _verifier()
    # 3000 over a room of 30: 40 dB above it; 60 over 30: 6 dB, under the 9 dB of a phrase that counts
    assert verifier.may_need_second("여든", _audio(3000.0))
    assert not verifier.may_need_second("여든", _audio(60.0))
    # no phrase's word in the partial: nothing the second decode could change
    assert not verifier.may_need_second("[unk]", _audio(3000.0))
    assert not verifier.may_need_second("", _audio(3000.0))


def test_a_word_said_that_the_partial_does_not_show_yet_is_guessed_from_the_level_alone() -> None:
    # vosk's partial lags a short word: the player spoke and paused, and the partial is still empty
    verifier = _verifier()
    assert verifier.may_need_second("", _audio(3000.0), unseen=True)
    assert not verifier.may_need_second("", _audio(60.0), unseen=True)  # under the room's 9 dB: chatter anyway


def test_the_guess_agrees_with_the_decision_it_anticipates() -> None:
    # the word itself, measured as needs_second measures it, on the same audio: the same answer
    verifier = _verifier()
    said = Decoded("여든", 60.0, (("여든", 60.0),), (("여든", 2.0, 2.5),))
    for word_rms in (45.0, 60.0, 120.0, 3000.0):
        audio = _audio(word_rms)
        assert verifier.may_need_second("여든", audio) == verifier.needs_second(said, audio), word_rms


# ---- spotted answers (issue 28): the parser's understanding, the same protection against talk


def _spotting_verifier() -> Verifier:
    from engine.tokio.rules import preset
    from grammars.tokio.grammar import Phase, parse_tokio, tokio_phrases
    from grammars.understanding.heard_words import meaning_of_heard

    rules = preset("classico")
    phrases = tokio_phrases(Phase.RESPONSE, rules)
    spot = meaning_of_heard(lambda t: parse_tokio(t, Phase.RESPONSE, rules), phrases)
    return Verifier(PhraseMatcher({p: p.variants for p in phrases}, spot), PROXY)


def _timed(text: str) -> tuple[tuple[str, float, float], ...]:
    said = text.split()
    return tuple((w, 2.0 + 0.5 * i / len(said), 2.0 + 0.5 * (i + 1) / len(said)) for i, w in enumerate(said))


def test_an_answer_spotted_by_both_decoders_above_the_room_is_heard_as_its_phrase() -> None:
    grammar = Decoded("[unk] [unk] bluffi", 60.0, (("[unk] [unk] bluffi", 60.0),), _timed("[unk] [unk] bluffi"))
    second = Decoded("secondo me bluffi", 58.0, (), _timed("secondo me bluffi"))
    verified = _spotting_verifier().verify(grammar, second, _audio(3000.0), sequence=False)
    assert verified.match.reason is MatchReason.SPOTTED
    assert verified.match.phrase is not None and verified.match.phrase.text == "dubito"
    assert verified.confidence is not None and verified.confidence.verdict is Verdict.SURE


def test_an_answer_spotted_in_the_grammar_decode_of_talk_is_still_chatter() -> None:
    # babble the grammar made "[unk] bluffi [unk]" of; the garbage model heard common words only
    grammar = Decoded("[unk] bluffi [unk]", 20.0, (), _timed("[unk] bluffi [unk]"))
    second = Decoded("poi dopo casa ancora", 30.0, (), _timed("poi dopo casa ancora"))
    verified = _spotting_verifier().verify(grammar, second, _audio(3000.0), sequence=False)
    assert verified.match.reason is MatchReason.SPOTTED
    assert verified.confidence is not None and verified.confidence.verdict is Verdict.CHATTER
    # ... and one no louder than the room is chatter whatever both decoders heard
    both = Decoded("[unk] bluffi [unk]", 30.0)
    quiet = _spotting_verifier().verify(grammar, both, _audio(60.0, room_rms=50.0), sequence=False)
    assert quiet.confidence is not None and quiet.confidence.verdict is Verdict.CHATTER


def test_a_long_decode_of_table_talk_with_no_decisive_phrase_is_dropped() -> None:
    talk = "[unk] [unk] non [unk] la [unk] [unk] [unk]"  # "no ma dai, non è la stessa cosa di ieri"
    verified = _spotting_verifier().verify(Decoded(talk, 40.0, (), _timed(talk)), Decoded(talk, 40.0),
                                           _audio(3000.0), sequence=False)
    assert verified.match.phrase is None and verified.confidence is None


def test_an_answer_spotted_only_after_background_words_were_trimmed_is_asked_back() -> None:
    # a quiet word of the next table (0.5-1.0 s, at the room's level) before the loud "[unk] [unk] bluffi"
    timed = (("non", 0.5, 1.0), *_timed("[unk] [unk] bluffi"))
    grammar = Decoded("non [unk] [unk] bluffi", 60.0, (("non [unk] [unk] bluffi", 60.0),), timed)
    second = Decoded("secondo me bluffi", 58.0, (), _timed("secondo me bluffi"))
    verified = _spotting_verifier().verify(grammar, second, _audio(3000.0), sequence=False)
    assert verified.decoded.trimmed and verified.decoded.text == "[unk] [unk] bluffi"
    assert verified.match.phrase is not None and verified.match.phrase.text == "dubito"
    assert verified.confidence is not None and verified.confidence.verdict is Verdict.UNSURE


def test_the_longer_of_a_tail_pair_only_nearly_chosen_by_the_second_decode_is_asked_back() -> None:
    # "안 좋아요" ("non ci credo") costs a player; its tail "좋아요" means the opposite
    phrases = {Phrase.of(t): (t,) for t in ("좋아요", "안 좋아요", "네")}
    verifier = Verifier(PhraseMatcher(phrases), PROXY)
    grammar = Decoded("안 좋아요", 52.8, (("안 좋아요", 52.8),), _timed("안 좋아요"))
    nearly = Decoded("하다", 55.3, (("하다", 55.3), ("안 좋아요", 53.7)), _timed("하다"))
    verified = verifier.verify(grammar, nearly, _audio(3000.0), sequence=False)
    assert verified.confidence is not None and verified.confidence.verdict is Verdict.UNSURE
    # the second decode choosing it outright: sure
    chosen = Decoded("안 좋아요", 55.3, (("안 좋아요", 55.3),), _timed("안 좋아요"))
    sure = verifier.verify(grammar, chosen, _audio(3000.0), sequence=False)
    assert sure.confidence is not None and sure.confidence.verdict is Verdict.SURE


def test_a_phrase_spotted_only_in_a_stretch_of_talk_of_the_second_decode_does_not_agree() -> None:
    grammar = Decoded("[unk] bluffi", 60.0, (("[unk] bluffi", 60.0),), _timed("[unk] bluffi"))
    talk = "ma dai bluffi sempre tu quando giochi"  # the garbage model heard a stretch of talk around it
    second = Decoded(talk, 58.0, (), _timed(talk))
    verified = _spotting_verifier().verify(grammar, second, _audio(3000.0), sequence=False)
    assert verified.confidence is not None and verified.confidence.verdict is not Verdict.SURE
    near = Decoded("eh bluffi", 58.0, (), _timed("eh bluffi"))  # a word or so around it: agrees
    agreed = _spotting_verifier().verify(grammar, near, _audio(3000.0), sequence=False)
    assert agreed.confidence is not None and agreed.confidence.verdict is Verdict.SURE


def _trimmed_to_eighty(score: float) -> tuple[Decoded, Decoded]:
    """A grammar decode "서른 여든" whose "서른" is a word of the next table (at the room's level, 0.5-1.0 s)
    and whose "여든" is the near player's (2.0-2.5 s), scoring ``score``; the second decode heard "여든" alone."""
    grammar = Decoded(
        "서른 여든", score, (("서른 여든", score), ("서른 서른", score - 1.0)), (("서른", 0.5, 1.0), ("여든", 2.0, 2.5))
    )
    return grammar, Decoded("여든", 20.0, (), (("여든", 2.0, 2.5),))


def test_a_phrase_left_after_trimming_with_a_score_under_clean_speech_is_asked_back() -> None:
    # bench/hearing.py: "오백" said over babble was decoded "여든" with talk around it (score 28.5) and taken,
    # sure, for 80: trimming had dropped the alternatives, so no rival could show
    grammar, second = _trimmed_to_eighty(PROXY.strong_score - 16.5)
    verified = _verifier().verify(grammar, second, _audio(3000.0), sequence=False)
    assert verified.decoded.trimmed and verified.decoded.text == "여든"
    assert verified.match.phrase == Phrase.of("여든")
    assert verified.confidence is not None and verified.confidence.verdict is Verdict.UNSURE
    assert verified.confidence.reason == "weak, after background words were trimmed"


def test_a_phrase_left_after_trimming_with_a_clean_speech_score_stays_sure() -> None:
    grammar, second = _trimmed_to_eighty(PROXY.strong_score + 15.0)
    verified = _verifier().verify(grammar, second, _audio(3000.0), sequence=False)
    assert verified.decoded.trimmed and verified.match.phrase == Phrase.of("여든")
    assert verified.confidence is not None and verified.confidence.verdict is Verdict.SURE
