"""The captions decorator: lines printed before the wrapped speaker says them, in order."""

from __future__ import annotations

import io
from collections.abc import Sequence

from fakes import RecordingSpeaker

from voice_host.terminal.captions import CaptionedSpeaker, show_sentence


class _ScreenAtSpeech(RecordingSpeaker):
    """Records, for each turn, what the screen showed when the turn started to be said."""

    def __init__(self, screen: io.StringIO) -> None:
        super().__init__()
        self.screen = screen
        self.shown_when_said: list[str] = []

    def say_all(self, sentences: Sequence[str]) -> None:
        self.shown_when_said.append(self.screen.getvalue())
        super().say_all(sentences)


def test_each_sentence_is_a_line_on_screen_before_it_is_said():
    screen = io.StringIO()
    inner = _ScreenAtSpeech(screen)
    speaker = CaptionedSpeaker(inner, screen)
    speaker.say_all(["Carla dubita.", "", "Bruno, alza il bicchiere."])
    speaker.say("Sotto c'è sessantadue.")
    assert screen.getvalue() == "Carla dubita.\nBruno, alza il bicchiere.\nSotto c'è sessantadue.\n"
    assert inner.turns == [["Carla dubita.", "Bruno, alza il bicchiere."], ["Sotto c'è sessantadue."]]
    assert inner.shown_when_said == ["Carla dubita.\nBruno, alza il bicchiere.\n",
                                     "Carla dubita.\nBruno, alza il bicchiere.\nSotto c'è sessantadue.\n"]


def test_a_turn_of_blank_sentences_prints_and_says_nothing():
    screen = io.StringIO()
    inner = RecordingSpeaker()
    CaptionedSpeaker(inner, screen).say_all(["", "  "])
    assert screen.getvalue() == "" and inner.turns == []


def test_names_and_text_are_printed_as_given():
    screen = io.StringIO()
    show_sentence("Zoë, tira e dichiara: «sessantuno»?", screen)
    assert screen.getvalue() == "Zoë, tira e dichiara: «sessantuno»?\n"
