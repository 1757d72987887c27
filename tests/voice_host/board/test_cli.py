"""``play --board``: the options, nothing listening without it, the address told once, a busy port survived."""

from __future__ import annotations

import socket

import pytest

from voice_host.cli.main import main

#: Lizumo with one life: Anna's bluff (42 for a declared 53) is caught, she is out and Bruno wins.
SHORT_GAME = "cinquantatré\ndubito\nquarantadue\n"


def _play(tmp_path, *options):
    script = tmp_path / "game.txt"
    script.write_text(SHORT_GAME, encoding="utf-8")
    return main([
        "play", "--game", "tokio", "--players", "Anna,Bruno", "--rules", "lizumo", "--limit", "1",
        "--input", f"script:{script}", "--tts", "print", "--no-journal", *options,
    ])


@pytest.fixture
def listening(monkeypatch):
    """Every address a socket was made to listen on during the test."""
    calls = []
    real = socket.socket.listen

    def listen(self, *args):
        calls.append(self.getsockname())
        return real(self, *args)

    monkeypatch.setattr(socket.socket, "listen", listen)
    return calls


def test_without_board_nothing_listens(tmp_path, listening, capsys):
    assert _play(tmp_path) == 0
    assert listening == []
    assert "tabellone" not in capsys.readouterr().err


def test_with_board_it_listens_on_this_computer_only_and_prints_the_address_once(tmp_path, listening, capsys):
    assert _play(tmp_path, "--board", "0") == 0
    assert len(listening) == 1 and listening[0][0] == "127.0.0.1"
    captured = capsys.readouterr()
    port = listening[0][1]
    assert captured.err.count(f"tabellone dal vivo su http://127.0.0.1:{port}/") == 1
    assert "Il tabellone è aperto" not in captured.out  # said only when served to the network


def test_board_host_prints_a_qr_code_and_says_the_address_once(tmp_path, listening, capsys):
    assert _play(tmp_path, "--board", "0", "--board-host", "127.0.0.1") == 0
    captured = capsys.readouterr()
    port = listening[0][1]
    assert captured.out.count(f"Il tabellone è aperto: indirizzo 127.0.0.1, porta {port}.") == 1
    assert "█" in captured.err or "▀" in captured.err  # the QR code's blocks


def test_a_busy_port_is_one_line_and_the_game_goes_on(tmp_path, capsys):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert _play(tmp_path, "--board", str(port)) == 0
    captured = capsys.readouterr()
    lines = [line for line in captured.err.splitlines() if "tabellone" in line]
    assert lines == [f"voice-host: tabellone non aperto sulla porta {port} (porta già in uso): si gioca senza"]
    assert "Vince Bruno" in captured.out or "Bruno" in captured.out.splitlines()[-1]


@pytest.mark.parametrize("options, message", [
    (["--board-host", "127.0.0.1"], "--board-host serve solo insieme a --board PORTA"),
    (["--board", "ottanta"], "--board vuole una porta da 1 a 65535 (0: una libera qualsiasi), non 'ottanta'"),
    (["--board", "70000"], "--board vuole una porta da 1 a 65535 (0: una libera qualsiasi), non '70000'"),
    (["--board", "8000", "--board-host", "casa<b>"], "--board-host vuole un indirizzo IP di questo computer"),
])
def test_bad_board_options_are_one_italian_line_and_exit_2(tmp_path, capsys, options, message):
    try:
        code = _play(tmp_path, *options)  # a check of play's
    except SystemExit as stop:  # argparse's
        code = stop.code
    captured = capsys.readouterr()
    assert code == 2, captured
    assert message in captured.err and len(captured.err.strip().splitlines()) == 1 and captured.out == ""


@pytest.mark.parametrize("host, words", [
    ("0.0.0.0", "Attenzione: il tabellone è visibile a chiunque su tutte le reti di questo computer"),
])
def test_an_address_others_can_reach_is_one_warning_printed_and_said(tmp_path, listening, capsys, host, words):
    assert _play(tmp_path, "--board", "0", "--board-host", host) == 0
    captured = capsys.readouterr()
    warnings = [line for line in captured.err.splitlines() if "Attenzione" in line]
    assert len(warnings) == 1 and warnings[0].startswith(f"voice-host: {words}")
    assert captured.out.count(words) == 1  # said once, too


def test_this_computer_only_gives_no_warning(tmp_path, listening, capsys):
    assert _play(tmp_path, "--board", "0", "--board-host", "127.0.0.1") == 0
    assert "Attenzione" not in capsys.readouterr().err
