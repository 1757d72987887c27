"""The stop spotter on partial results given by hand (no vosk), and the gate's share over a word."""

from __future__ import annotations

import numpy as np

from voice_host.audio.residual_gate import ResidualGate
from voice_host.listen.stop_spotter import MIN_PASSED, WORD_SPAN_S, StopSpotter, passed_share, word_share


def test_a_stop_phrase_ending_two_partials_in_a_row_is_spotted_once() -> None:
    spotter = StopSpotter({"basta", "stop"})
    partials = ["", "ba", "basta", "basta", "basta"]  # vosk repeats its partial until the utterance ends
    assert [spotter.see(p) for p in partials] == [None, None, None, "basta", None]


def test_one_partial_alone_is_not_a_stop() -> None:
    # the old rule (confirm=1) cut here: a word the decoder shows once and then revises
    spotter = StopSpotter({"basta"})
    assert [spotter.see(p) for p in ["otto", "basta", "otto basta sei", "sei"]] == [None, None, None, None]


def test_a_stop_phrase_inside_other_words_or_a_longer_word_is_not_a_stop() -> None:
    spotter = StopSpotter({"stop", "ho capito"}, confirm=1)
    assert spotter.see("stop otto") is None  # the player went on: the phrase does not end what was said
    assert spotter.see("capito") is None  # one word of a two-word phrase
    assert spotter.see("stoppa") is None  # a longer word
    assert spotter.see("otto ho capito") == "ho capito"


def test_confirm_waits_for_the_same_phrase_in_a_row() -> None:
    spotter = StopSpotter({"basta", "zitto"}, confirm=2)
    assert [spotter.see(p) for p in ["basta", "zitto", "zitto"]] == [None, None, "zitto"]
    spotter.reset()
    assert [spotter.see(p) for p in ["basta", "", "basta"]] == [None, None, None]


def test_a_word_over_a_closed_gate_is_not_a_stop() -> None:
    # the old rule cut on the partial alone: the host's own residue, let through for a frame or two, did it
    spotter = StopSpotter({"basta"})
    assert [spotter.see("basta", passed=0.3) for _ in range(4)] == [None, None, None, None]
    spotter.reset()
    assert [spotter.see("basta", passed=1.0) for _ in range(2)] == [None, "basta"]
    spotter.reset()
    assert [spotter.see("basta", passed=MIN_PASSED) for _ in range(2)] == [None, "basta"]


def test_the_gates_closed_frames_count_as_not_passed() -> None:
    """What the residual gate does to the host's residue and to a player's voice, as the spotter measures it."""
    gate = ResidualGate()
    rng = np.random.default_rng(3)
    far = (rng.standard_normal(160 * 600) * 8000).astype(np.int16)
    residue = (far * 0.02).astype(np.int16)  # 34 dB under the far end
    frames = [gate.frame(residue[i : i + 160], far[i : i + 160]) for i in range(0, len(far), 160)]
    assert passed_share(np.concatenate(frames[-50:])) < 0.1  # learnt: the residue is silenced
    voice = (rng.standard_normal(160 * 50) * 3000).astype(np.int16) + residue[: 160 * 50]  # a player 8 dB under
    spoken = [gate.frame(voice[i : i + 160], far[i : i + 160]) for i in range(0, len(voice), 160)]
    assert passed_share(np.concatenate(spoken)) > 0.9


def test_a_short_stop_word_over_the_hosts_residue_counts_from_its_start() -> None:
    """A quick "stop" is 0.25 s: the span the spotter looks back over is 0.5 s, and counted whole the frames before
    the word (the residue the gate closed on) kept its share under the bound however clearly it was said."""
    gate = ResidualGate()
    rng = np.random.default_rng(5)
    far = (rng.standard_normal(160 * 700) * 8000).astype(np.int16)
    mic = (far * 0.02).astype(np.int16)  # the host's residue
    for i in range(0, 160 * 600, 160):
        gate.frame(mic[i : i + 160], far[i : i + 160])  # the gate learns the residue
    word = mic[160 * 600 :].copy()
    word[160 * 20 : 160 * 45] += (rng.standard_normal(160 * 25) * 3000).astype(np.int16)  # 0.25 s
    out = np.concatenate([gate.frame(word[i : i + 160], far[160 * 600 + i : 160 * 600 + i + 160])
                          for i in range(0, len(word), 160)])
    seen = 160 * 50  # the partial shows the word 50 ms after it
    span = out[seen - int(WORD_SPAN_S * 16000) : seen]  # the span as of the sighting
    assert passed_share(span) < MIN_PASSED  # the old measure: not a stop
    assert word_share(span) >= MIN_PASSED


def test_the_residue_let_slip_for_a_few_frames_is_not_a_word() -> None:
    closed, open_ = [0] * 160, [900] * 160
    assert word_share(np.array(closed * 46 + open_ * 4)) == 0.0  # all it let through was let through at the end
    assert word_share(np.array(closed * 10 + open_ * 5 + closed * 15 + open_ * 20)) < MIN_PASSED  # flickering
