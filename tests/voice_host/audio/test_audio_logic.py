"""The pure parts of voice_host.audio: matching, endpointing, energy, gate, resampling."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from grammars.phrases import Phrase
from voice_host.audio.half_duplex import HalfDuplexGate
from voice_host.audio.wav import Clip, resample
from voice_host.listen.early_end import EarlyEndpointer, EnergyTracker, final_variants
from voice_host.listen.nearest_phrase import PhraseMatcher, edit_distance
from voice_host.model.tokens import words

REPO = Path(__file__).resolve().parents[3]

CLAIMS = {
    Phrase.of("sessanta", "sessanta"): ("sessanta",),
    Phrase.of("sessantadue", "sessanta due"): ("sessantadue", "sessanta due"),
    Phrase.of("credo"): ("credo",),
    Phrase.of("non ci credo"): ("non ci credo",),
    Phrase.of("cosa posso dire"): ("cosa posso dire",),
}


@pytest.fixture
def matcher() -> PhraseMatcher:
    return PhraseMatcher(CLAIMS)


@pytest.mark.parametrize(
    ("heard", "expected"),
    [
        ("sessanta due", "sessantadue"),  # a variant maps back to the canonical text
        ("Sessantadue", "sessantadue"),
        ("cosa dire", "cosa posso dire"),  # one word lost in a three-word phrase
        ("non ci credo", "non ci credo"),
    ],
)
def test_text_maps_to_the_canonical_phrase(matcher: PhraseMatcher, heard: str, expected: str) -> None:
    match = matcher.match(heard)
    assert match.phrase is not None and match.phrase.text == expected


@pytest.mark.parametrize(
    ("heard", "reason"),
    [
        ("", "silence"),
        ("[unk]", "silence"),
        ("[unk] [unk]", "silence"),
        ("credo sessanta", "too far"),  # two phrases mixed by the bigram grammar
        ("sessanta sessanta", "too far"),
        ("[unk] credo", "too far"),  # short phrases must be exact
    ],
)
def test_far_or_empty_text_is_rejected(matcher: PhraseMatcher, heard: str, reason: str) -> None:
    match = matcher.match(heard)
    assert match.phrase is None
    assert match.reason == reason


def test_one_error_in_a_long_phrase_is_tolerated_but_not_two(matcher: PhraseMatcher) -> None:
    assert matcher.match("cosa posso").phrase == Phrase.of("cosa posso dire")
    assert matcher.match("cosa").phrase is None


def test_equally_near_phrases_are_ambiguous() -> None:
    matcher = PhraseMatcher(
        {Phrase.of("tira di nuovo"): ("tira di nuovo",), Phrase.of("tira di meno"): ("tira di meno",)}
    )
    assert matcher.match("tira di").reason == "ambiguous"


def test_edit_distance_counts_words() -> None:
    assert edit_distance(("a", "b", "c"), ("a", "c")) == 1
    assert edit_distance((), ("a", "b")) == 2
    assert edit_distance(("x",), ("y",)) == 1


def test_final_variants_exclude_prefixes_of_longer_ones() -> None:
    finals = final_variants([words("trenta"), words("trenta uno"), words("dubito")])
    assert finals == {("trenta", "uno"), ("dubito",)}


def _tone(seconds: float, level: int) -> bytes:
    n = int(16000 * seconds)
    return (level * np.sin(np.arange(n) * 2 * np.pi * 300 / 16000)).astype("<i2").tobytes()


def test_endpointer_waits_for_a_quiet_hold_after_a_complete_phrase() -> None:
    endpointer = EarlyEndpointer(
        [("dubito",), ("sessanta",), ("sessanta", "due")], hold_s=0.2, decisive_hold_s=0.2, stable_s=10.0
    )
    quiet = bytes(1600)  # 50 ms of silence
    assert not endpointer.update(_tone(0.05, 5000), "dubito")
    decisions = [endpointer.update(quiet, "dubito") for _ in range(5)]
    assert decisions == [False, False, False, True, True]  # 200 ms of quiet


def test_endpointer_finalizes_a_phrase_that_a_longer_one_extends_only_after_the_players_pause() -> None:
    endpointer = EarlyEndpointer([("sessanta",), ("sessanta", "due")], hold_s=0.1, stable_s=0.2)
    # not after the 0.1 s hold of a complete phrase: after the 0.3 s pause (six chunks of 50 ms)
    assert [endpointer.update(bytes(1600), "sessanta") for _ in range(6)] == [False] * 5 + [True]
    assert not endpointer.update(bytes(1600), "")
    assert not endpointer.update(bytes(1600), "due sessanta")


def test_a_prefix_phrase_said_on_without_a_pause_is_not_finalized() -> None:
    endpointer = EarlyEndpointer([("sessanta",), ("sessanta", "due")], hold_s=0.1, stable_s=0.2)
    # the player goes on after 0.15 s between the words (loud audio resets the pause)
    assert not any(endpointer.update(bytes(1600), "sessanta") for _ in range(3))
    assert not endpointer.update(_tone(0.05, 5000), "sessanta")
    assert not any(endpointer.update(bytes(1600), "sessanta") for _ in range(4))


def test_endpointer_finalizes_on_a_stable_partial_in_noise() -> None:
    endpointer = EarlyEndpointer([("dubito",)], hold_s=0.2, stable_s=0.4)
    noisy = _tone(0.05, 4000)
    decisions = [endpointer.update(noisy, "dubito") for _ in range(10)]
    assert decisions.index(True) == 8  # 0.4 s of unchanged partial after the first chunk


def test_energy_tracker_ignores_steady_noise_but_sees_speech_over_it() -> None:
    tracker = EnergyTracker()
    rng = np.random.default_rng(7)
    noise = [rng.normal(0, 1500, 800).astype("<i2").tobytes() for _ in range(60)]
    loud_noise = [tracker.feed(chunk) for chunk in noise]
    assert sum(loud_noise) <= 1
    speech = _tone(0.05, 9000)
    assert tracker.feed(speech)


def test_gate_drops_audio_captured_while_speaking_even_if_delivered_late() -> None:
    now = [100.0]
    gate = HalfDuplexGate(tail_s=0.15, clock=lambda: now[0])
    generation = gate.generation
    with gate.speaking() as done:
        now[0] = 102.0
        assert not gate.hears(101.0)
        done(102.5)  # the device clock says the last sample plays at 102.5
    now[0] = 103.0  # audio captured during playback arrives only now
    assert not gate.hears(101.9)
    assert not gate.hears(102.6)
    assert gate.hears(102.7)
    assert gate.hears(99.0) is False  # before speaking, but older than the deaf window end
    assert gate.generation == generation + 2


def test_resample_keeps_duration_and_a_tone() -> None:
    rate = 22050
    tone = (8000 * np.sin(np.arange(rate) * 2 * np.pi * 440 / rate)).astype(np.int16)
    out = resample(Clip(tone, rate), 16000)
    assert out.sample_rate == 16000 and len(out.samples) == 16000
    spectrum = np.abs(np.fft.rfft(out.samples.astype(float)))
    assert abs(np.argmax(spectrum) - 440) <= 1
    assert 0.9 < np.std(out.samples) / np.std(tone) < 1.1


def test_sequence_matching_joins_exact_words_and_rejects_unknown_ones() -> None:
    seq = PhraseMatcher({Phrase.of("tre"): ("tre",), Phrase.of("uno", "asso"): ("uno", "asso"),
                         Phrase.of("fine partita"): ("fine partita",)})
    assert seq.match_sequence("tre asso tre").phrase == Phrase.of("tre uno tre")
    assert seq.match_sequence("fine partita").phrase == Phrase.of("fine partita")
    assert seq.match_sequence("tre banana").phrase is None
    assert seq.match_sequence("").reason == "silence"


def test_the_model_search_reads_the_environment_now_not_at_vosks_import(tmp_path: Path) -> None:
    # vosk.MODEL_DIRS is computed once, when vosk is imported: a folder named then by VOSK_MODEL_PATH, or the
    # home folder of then, must not be searched once they have changed (a test that set the variable before
    # vosk's first import made every later test of the same process find its model)
    stale = tmp_path / "stale" / "vosk-model-small-it-0.22"
    (stale / "am").mkdir(parents=True)
    (stale / "am" / "final.mdl").write_bytes(b"")
    (stale / "graph").mkdir()
    code = (
        "import os, vosk\n"
        "from voice_host.model import store as model_store\n"
        "del os.environ['VOSK_MODEL_PATH']\n"
        f"os.environ['HOME'] = {str(tmp_path / 'home')!r}\n"
        "print(model_store.find_model())\n"
    )
    env = {**os.environ, "VOSK_MODEL_PATH": str(stale.parent), "HOME": str(tmp_path / "old-home"),
           "XDG_CACHE_HOME": str(tmp_path / "cache"), "PYTHONPATH": str(REPO)}
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=tmp_path,
                         timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "None", run.stdout


def test_model_search_list_has_no_windows_folders_on_linux() -> None:
    import os

    from voice_host.model.store import search_dirs

    dirs = search_dirs()
    assert (dirs and all("AppData" not in d.parts for d in dirs)) or os.name == "nt"
    assert any(d.parts[-2:] == (".cache", "vosk") for d in dirs)
