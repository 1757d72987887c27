"""Issue 22, item 1: the computer seat's short pause before it decides, with a voice, never in a script.

The pause is sound (the voice's silence before the sentence that makes the move),
so the dialog only marks that sentence and the command line only chooses the
voice's pause: both are checked here at the ports; the silence itself is measured
on the real sink in tests/voice_host/audio/test_computer_pause_voice.py.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Any

import pytest
from fakes import RecordingSpeaker

from engine.tokio import actions as ta
from engine.tokio.level import Level
from engine.tokio.round import build_round
from engine.tokio.rules import preset
from engine.tokio.solver import solve
from voice_host.cli import main as cli
from voice_host.cli import voice_adapters as factory
from voice_host.core.computer_pause import DEFAULT_PAUSE_S, AfterPause
from voice_host.games.tokio.dialog import TokioDialog
from voice_host.games.tokio.strategy_cache import as_stored, strategy_path, write_strategy


def _pause_asked(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, *options: str) -> float:
    """The pause the command line hands the voice speaker for a game started with ``options``."""
    asked: dict[str, Any] = {}

    def open_speaker(*args: Any, **kwargs: Any) -> RecordingSpeaker:
        asked.update(kwargs)
        return RecordingSpeaker()

    monkeypatch.setattr(factory, "open_speaker", open_speaker)
    monkeypatch.setattr(factory, "open_voice_listener", lambda *a, **k: pytest.fail("no microphone in this test"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    script = tmp_path / "script.txt"
    script.write_text("", encoding="utf-8")
    options = tuple(f"script:{script}" if option == "SCRIPT" else option for option in options)
    cli.main(["play", "--game", "tokio", "--players", "Anna,Bruno", "--tts", "pyttsx3", "--captions", "off",
              "--no-journal", *options])
    return float(asked["think_pause_s"])


def test_a_voice_pauses_by_default_a_script_does_not_and_the_option_decides_both(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    assert 1.0 <= DEFAULT_PAUSE_S <= 1.5  # a breath, not a wait
    assert _pause_asked(monkeypatch, tmp_path, "--input", "keyboard") == DEFAULT_PAUSE_S
    assert _pause_asked(monkeypatch, tmp_path, "--input", "SCRIPT") == 0.0
    assert _pause_asked(monkeypatch, tmp_path, "--input", "SCRIPT", "--computer-pause-s", "0,5") == 0.5
    assert _pause_asked(monkeypatch, tmp_path, "--input", "keyboard", "--computer-pause-s", "0") == 0.0
    assert _pause_asked(monkeypatch, tmp_path, "--input", "keyboard", "--computer-pause-s", "2.5") == 2.5


@pytest.mark.parametrize("value", ["presto", "-1", "10.5", "nan", "inf", ""])
def test_a_bad_pause_is_one_italian_line_and_exit_2(value: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        cli.build_parser().parse_args(["play", "--game", "tokio", "--computer-pause-s", value])
    assert stop.value.code == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert lines == [f"voice-host: errore: --computer-pause-s: {value!r} non va bene: un numero di secondi "
                     "da 0 a 10 (per esempio 1,2)"]


def test_the_computer_pauses_before_each_move_it_decides_not_before_lifting_its_cup(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    rules = preset("lizumo", sides=4)
    quick = solve(build_round(rules), iterations=200)  # any strategy will do: the seat's play is not checked here
    write_strategy(rules, as_stored(quick), strategy_path(rules, tmp_path / "voice-host"))
    dialog = TokioDialog(preset("lizumo", sides=4), ["Anna"], "Robi", computers=["Robi"], level=Level.FORTE, seed=3)
    opening = dialog.opening()
    paused = [s for s in opening if isinstance(s, AfterPause)]
    assert paused == ["Robi tira e dichiara."], opening  # Robi opens: it decides its claim
    assert not isinstance(dialog.prompt(), AfterPause)  # the question to Anna is asked at once
    after_doubt = dialog.apply(ta.Doubt())  # Anna doubts: Robi lifts its cup, nothing to decide
    lifted = next(s for s in after_doubt if s == "Robi scopre i dadi.")
    assert not isinstance(lifted, AfterPause)
    robi = next(p for p in dialog.engine.players if p.name == "Robi")
    if robi.lives == 3:  # Robi's claim was true: Anna lost the life and opens next
        assert not any(isinstance(s, AfterPause) for s in after_doubt)
    else:  # Robi lost the life: it opens the next round, deciding its claim after a pause
        assert [s for s in after_doubt if isinstance(s, AfterPause)] == ["Robi tira e dichiara."]
