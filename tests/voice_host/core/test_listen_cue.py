"""The listening cue and the reprompt options: the earcon's sound, the keyboard's prompt, the command line's wiring.

The real factories open a microphone and the pyttsx3 engine; the wiring tests
replace them at the ports (a speaker that records what it is asked, a listener
that records its requests) and check what the command line hands the session.
The earcon's sound is checked against its specification: two rising tones
(880 Hz, then 1318.5 Hz, a fifth above), faded, 100 ms in all.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

import numpy as np
import pytest
from fakes import RecordingSpeaker

from voice_host.cli import main as cli
from voice_host.cli import voice_adapters as factory
from voice_host.core.ports import Heard, ListenRequest, Silence
from voice_host.core.reprompt import DEFAULT_WAITS
from voice_host.speak.earcon import earcon
from voice_host.terminal.text_io import KeyboardListener, keyboard_prompt


def _dominant_hz(samples: np.ndarray, rate: int) -> float:
    spectrum = np.abs(np.fft.rfft(samples.astype(np.float64), n=8 * len(samples)))
    return float(np.fft.rfftfreq(8 * len(samples), 1 / rate)[int(np.argmax(spectrum))])


def test_the_earcon_is_two_rising_faded_tones_in_a_tenth_of_a_second_always_the_same() -> None:
    rate = 16000
    clip = earcon(rate)
    samples = clip.samples.astype(np.float64)
    assert clip.samples.dtype == np.int16 and clip.seconds == pytest.approx(0.100, abs=0.002)
    first, second = samples[: int(0.045 * rate)], samples[int(0.055 * rate) :]
    assert _dominant_hz(first, rate) == pytest.approx(880, abs=15)
    assert _dominant_hz(second, rate) == pytest.approx(1318.5, abs=15)
    # soft (peak 0.15 of full scale), no click: every tone starts and ends at zero
    assert 0.12 * 32767 < np.abs(samples).max() <= 0.15 * 32767 + 1
    assert abs(samples[0]) < 50 and abs(samples[-1]) < 50 and abs(first[-1]) < 50
    # a 10 ms gap of silence between the tones
    assert np.abs(samples[int(0.046 * rate) : int(0.054 * rate)]).max() == 0
    assert (earcon(rate).samples == clip.samples).all() and earcon(22050).seconds == pytest.approx(0.1, abs=0.002)


class _TTY(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_keyboard_prompt_names_the_player_and_is_shown_only_to_a_terminal() -> None:
    screen = _TTY()
    listener = KeyboardListener(io.StringIO("dubito\n"), prompt=screen)
    request = ListenRequest("response", (), who="Bruno", patience_s=0.001)
    assert listener.listen(request) == Heard("dubito")  # a patience means nothing to typed input
    assert screen.getvalue() == "Bruno> "
    assert listener.listen(request) is None and screen.getvalue() == "Bruno> Bruno> \n"  # end of input ends the line
    assert keyboard_prompt(_TTY(), screen) is screen
    assert keyboard_prompt(io.StringIO(), screen) is None and keyboard_prompt(_TTY(), io.StringIO()) is None


def test_a_name_that_is_not_printable_cannot_reach_the_terminal_through_the_prompt() -> None:
    screen = _TTY()
    KeyboardListener(io.StringIO("x\n"), prompt=screen).listen(ListenRequest("claim", (), who="A\x1b[2Jnna"))
    assert "\x1b" not in screen.getvalue() and screen.getvalue().endswith("> ")


class _Listener:
    """Returns silence while the request has a patience (twice), then ends the input."""

    def __init__(self) -> None:
        self.requests: list[ListenRequest] = []

    def listen(self, request: ListenRequest) -> Heard | Silence | None:
        self.requests.append(request)
        return Silence(request.patience_s) if request.patience_s is not None else None

    def close(self) -> None:
        pass


def _play(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, *options: str) -> tuple[RecordingSpeaker, _Listener, int]:
    speaker, listener = RecordingSpeaker(), _Listener()
    monkeypatch.setattr(factory, "open_speaker", lambda *a, **k: speaker)
    monkeypatch.setattr(factory, "open_voice_listener", lambda *a, **k: listener)
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    code = cli.main(["play", "--game", "tokio", "--players", "Anna,Bruno", "--tts", "pyttsx3",
                     "--captions", "off", "--no-journal", *options])
    return speaker, listener, code


def test_voice_input_cues_every_listening_turn_and_reprompts_after_the_default_waits(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    speaker, listener, code = _play(monkeypatch, tmp_path, "--input", "voice")
    assert code == 3  # the input ended
    assert DEFAULT_WAITS[0] >= 12 and [r.patience_s for r in listener.requests] == [*DEFAULT_WAITS, None]
    assert speaker.cues == [True, True, True]  # the question, the reprompt, the help: each ends with the cue
    assert speaker.turns[-2] == ["Anna, tira e dichiara."]


def test_the_options_set_the_waits_turn_reprompts_off_and_the_earcon_off(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _, listener, _ = _play(monkeypatch, tmp_path, "--input", "voice", "--reprompt-s", "3,7.5")
    assert [r.patience_s for r in listener.requests] == [3.0, 7.5, None]
    _, listener, _ = _play(monkeypatch, tmp_path, "--input", "voice", "--reprompt-s", "4")
    assert [r.patience_s for r in listener.requests] == [4.0, 4.0, None]
    speaker, listener, _ = _play(monkeypatch, tmp_path, "--input", "voice", "--reprompt-s", "off", "--earcon", "off")
    assert [r.patience_s for r in listener.requests] == [None] and speaker.cues == [False]


def test_keyboard_input_has_no_earcon(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    speaker, _, code = _play(monkeypatch, tmp_path, "--input", "keyboard")
    assert code == 3 and speaker.cues and not any(speaker.cues)


@pytest.mark.parametrize("value", ["presto", "-5", "0,12,20", "nan", "1e9", ""])
def test_a_bad_reprompt_wait_is_one_italian_line_and_exit_2(value: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        cli.build_parser().parse_args(["play", "--game", "tokio", "--reprompt-s", value])
    assert stop.value.code == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert lines == [f"voice-host: errore: --reprompt-s: {value!r} non va bene: uno o due numeri di secondi "
                     "(per esempio 20 o 20,30), oppure 0 o off"]


def test_the_help_of_play_names_both_options(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.build_parser().parse_args(["play", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "--earcon {on,off}" in out and "--reprompt-s SECONDI" in out
    assert "un breve suono quando il microfono si apre" in out and "ripetere la domanda" in out
