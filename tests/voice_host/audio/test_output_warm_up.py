"""The output's warm-up runs while the host loads the model: the speaker is ready at once, its first turn waits."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from voice_host.audio.playback import PlaybackFailed, PlaybackTimes
from voice_host.audio.tts import Pyttsx3Speaker

pytestmark = pytest.mark.audio


def test_the_speaker_is_built_before_its_warm_up_has_played_and_its_first_turn_follows_it(espeak: str) -> None:
    release = threading.Event()
    played: list[float] = []

    def slow_device(clip: Any) -> PlaybackTimes:
        if not played:  # the warm-up's blip: the device takes its time (a fresh stream's first samples come late)
            assert release.wait(10)
        played.append(clip.seconds)
        return PlaybackTimes(0.0, 0.0)

    built: list[Pyttsx3Speaker] = []
    maker = threading.Thread(target=lambda: built.append(Pyttsx3Speaker(voice="it", player=slow_device)))
    maker.start()
    maker.join(5)
    assert built, "the speaker waited for its warm-up"  # the model would have loaded meanwhile
    speaker = built[0]
    try:
        turn = threading.Thread(target=speaker.say, args=("Tocca a Marco.",))
        turn.start()
        turn.join(0.5)
        assert turn.is_alive() and played == []  # the first sentence waits for the warm-up ...
        release.set()
        turn.join(10)
        assert not turn.is_alive() and played[0] < 0.1 and played[1] > 0.5  # ... and plays after its blip
    finally:
        release.set()
        speaker.close()


def test_a_dead_output_found_by_the_warm_up_prints_the_first_sentence(
    capsys: pytest.CaptureFixture[str], espeak: str
) -> None:
    def broken(clip: Any) -> Any:
        raise PlaybackFailed("no device")

    speaker = Pyttsx3Speaker(voice="it", player=broken)
    try:
        assert speaker.printing
        speaker.say("Tocca a Marco.")
    finally:
        speaker.close()
    out, err = capsys.readouterr()
    assert out.splitlines() == ["Tocca a Marco."] and err.count("attenzione") == 1
