"""The stop spotter on partial results given by hand (no vosk)."""

from __future__ import annotations

from voice_host.listen.stop_spotter import StopSpotter


def test_a_stop_phrase_ending_the_partial_is_spotted_once() -> None:
    spotter = StopSpotter({"basta", "stop"})
    partials = ["", "ba", "basta", "basta", "basta"]  # vosk repeats its partial until the utterance ends
    assert [spotter.see(p) for p in partials] == [None, None, "basta", None, None]


def test_a_stop_phrase_inside_other_words_or_a_longer_word_is_not_a_stop() -> None:
    spotter = StopSpotter({"stop", "ho capito"})
    assert spotter.see("stop otto") is None  # the player went on: the phrase does not end what was said
    assert spotter.see("capito") is None  # one word of a two-word phrase
    assert spotter.see("stoppa") is None  # a longer word
    assert spotter.see("otto ho capito") == "ho capito"


def test_confirm_waits_for_the_same_phrase_in_a_row() -> None:
    spotter = StopSpotter({"basta", "zitto"}, confirm=2)
    assert [spotter.see(p) for p in ["basta", "zitto", "zitto"]] == [None, None, "zitto"]
    spotter.reset()
    assert [spotter.see(p) for p in ["basta", "", "basta"]] == [None, None, None]
