"""The command line wires one half-duplex gate into both the speaker and the listener of a game.

The real factories open a microphone and the pyttsx3 engine; here they are
replaced at the port (they return a silent speaker and a listener whose input has
ended), and what matters is what the command line hands them.
"""

from __future__ import annotations

from typing import Any

import pytest

from voice_host.audio.far_end import TalkOver
from voice_host.audio.half_duplex import HalfDuplexGate
from voice_host.cli import main as cli
from voice_host.cli import voice_adapters as factory
from voice_host.core.ports import Heard, ListenRequest
from voice_host.platform.stop_signals import StopSignal
from voice_host.terminal.text_io import SilentSpeaker


class _EndedListener:
    def listen(self, request: ListenRequest) -> Heard | None:
        return None

    def close(self) -> None:
        pass


GAMES_BY_VOICE = [
    ["play", "--game", "tokio", "--players", "Anna,Bruno", "--input", "voice", "--tts", "pyttsx3", "--captions", "off",
     "--no-journal"],
    # serata by voice: before, its listener got a gate of its own and heard the host's every question
    ["serata", "--input", "voice", "--tts", "pyttsx3", "--captions", "off", "--journal", "{tmp}/serata.jsonl"],
]


@pytest.mark.parametrize("argv", GAMES_BY_VOICE, ids=["play", "serata"])
def test_one_gate_is_shared_by_the_speaker_and_the_listener(monkeypatch: pytest.MonkeyPatch, tmp_path: Any,
                                                             argv: list[str]) -> None:
    gates: dict[str, object] = {}

    def speaker(*args: Any, gate: HalfDuplexGate | None = None, **kwargs: Any) -> SilentSpeaker:
        gates["speaker"] = gate
        return SilentSpeaker()

    def listener(*args: Any, gate: HalfDuplexGate | None = None, **kwargs: Any) -> _EndedListener:
        gates["listener"] = gate
        return _EndedListener()

    monkeypatch.setattr(factory, "open_speaker", speaker)
    monkeypatch.setattr(factory, "open_voice_listener", listener)
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    code = cli.main([arg.format(tmp=tmp_path) for arg in argv])
    assert code == 3  # the input ended before the game, or at the evening's first question
    assert isinstance(gates["speaker"], HalfDuplexGate) and gates["speaker"] is gates["listener"]


@pytest.mark.parametrize("barge_in,listens_as_it_speaks", [([], True), (["--barge-in", "on"], True),
                                                           (["--barge-in", "off"], False)],
                         ids=["default", "on", "off"])
@pytest.mark.parametrize("argv", GAMES_BY_VOICE, ids=["play", "serata"])
def test_by_voice_the_host_listens_as_it_speaks_unless_told_not_to(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Any, argv: list[str], barge_in: list[str],
        listens_as_it_speaks: bool) -> None:
    # issue 33: on by default where cancellation works; a game and an evening alike, one state shared by both
    talk: dict[str, object] = {}

    def speaker(*args: Any, talk_over: TalkOver | None = None, **kwargs: Any) -> SilentSpeaker:
        talk["speaker"] = talk_over
        return SilentSpeaker()

    def listener(*args: Any, talk_over: TalkOver | None = None, **kwargs: Any) -> _EndedListener:
        talk["listener"] = talk_over
        return _EndedListener()

    monkeypatch.setattr(factory, "open_speaker", speaker)
    monkeypatch.setattr(factory, "open_voice_listener", listener)
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    assert cli.main([arg.format(tmp=tmp_path) for arg in argv] + barge_in) == 3
    if listens_as_it_speaks:
        assert isinstance(talk["speaker"], TalkOver) and talk["speaker"] is talk["listener"]
    else:
        assert talk == {"speaker": None, "listener": None}


@pytest.mark.parametrize("late,code", [(KeyboardInterrupt(), 130), (StopSignal(15), 143), (StopSignal(1), 129)])
def test_a_stop_signal_after_the_command_returned_is_its_exit_status_not_a_traceback(
        monkeypatch: pytest.MonkeyPatch, late: BaseException, code: int) -> None:
    # The game and its summary are written when _main returns; a signal while standard output is
    # flushed (end_signals.py found Ctrl-C there about once in 1,500 ends) must not escape main.
    def flush(_: int) -> int:
        raise late

    monkeypatch.setattr(cli, "_main", lambda argv: 0)
    monkeypatch.setattr(cli, "settle_stdout", flush)
    assert cli.main([]) == code
