"""The live board follows the evening (issue 31): between games, the evening's standings and the next question,
read in a real headless Chromium (Debian's chromium) from a real ``serata --board`` typed line by line."""

from __future__ import annotations

import os
import urllib.request
from pathlib import Path

import pytest
from board_game import BoardGame
from chromium import CHROMIUM, Chromium
from command import host_command, host_env
from evening_script import game_lines

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(CHROMIUM is None and not os.environ.get("CI"), reason="chromium is not installed"),
]


class _Evening(BoardGame):
    """``serata --input keyboard --tts print --board 0``, the installed command when one is under test."""

    def __init__(self, tmp_path: Path) -> None:
        env = host_env(XDG_STATE_HOME=str(tmp_path / "state"), XDG_CONFIG_HOME=str(tmp_path / "config"))
        self._start([*host_command(), "serata", "--input", "keyboard", "--tts", "print", "--board", "0",
                     "--journal", str(tmp_path / "serata.jsonl")], env, tmp_path, first_line_s=60)

    def say(self, *lines: str) -> None:  # type: ignore[override]
        """Type each line, as the table would."""
        for line in lines:
            super().say(line)


@pytest.fixture
def browser():
    chromium = Chromium(1280, 800)
    yield chromium
    chromium.close()


def _texts(selector: str) -> str:
    return f"[...document.querySelectorAll({selector!r})].map(n => n.textContent)"


def test_between_games_the_board_shows_the_evenings_standings_and_the_next_question(browser, tmp_path: Path) -> None:
    evening = _Evening(tmp_path)
    try:
        browser.open(evening.url)
        # the first question: no game yet, the evening's panel with its question and no game played
        browser.wait_until("document.getElementById('evening-question').textContent === 'Buonasera! Tokio o Yatzi?'")
        assert browser.evaluate("document.getElementById('game').hidden") is True
        assert browser.evaluate(_texts("#evening-games li")) == ["Nessuna partita ancora"]
        # the history page is linked from the live board, and served
        href = browser.evaluate("document.getElementById('history-link').href")
        assert href == evening.url + "storico"
        with urllib.request.urlopen(href, timeout=10) as response:
            assert response.status == 200
        # a Tokio game at two penalties (tests/e2e/games/classico_d6.txt: Anna wins, worked by hand there)
        evening.say("tokio", "a due penalità", "va bene", "Anna", "Bruno", "Carla", "siamo tutti")
        browser.wait_until("document.querySelectorAll('.player .name').length === 3")
        assert browser.evaluate("document.getElementById('evening').hidden") is True  # the game's own board
        evening.say(*game_lines("classico_d6.txt"))
        evening.wait_for("Un'altra?", timeout=60)
        browser.wait_until("document.getElementById('evening-question').textContent === \"Un'altra?\"")
        assert browser.evaluate("document.getElementById('game').hidden") is True
        heads = browser.evaluate(_texts("#evening-table thead th"))
        assert heads == ["Giocatore", "Tokio", "Vittorie"]
        rows = browser.evaluate("[...document.querySelectorAll('#evening-table tbody tr')]"
                                ".map(r => [...r.children].map(c => c.textContent))")
        assert rows == [["Anna", "1", "1"], ["Bruno", "0", "0"], ["Carla", "0", "0"]]
        assert browser.evaluate(_texts("#evening-games li")) == ["Tokio: vince Anna"]
        # the rematch: the game's board again, then the evening ends with its standings
        evening.say("rivincita")
        browser.wait_until("document.getElementById('game').hidden === false")
        evening.say("fine partita", "sì")
        browser.wait_until("document.querySelectorAll('#evening-games li').length === 2")
        assert browser.evaluate(_texts("#evening-games li"))[1] == "Tokio: nessun vincitore"
        evening.say("basta per stasera")
        browser.wait_until("document.getElementById('evening-question').textContent === "
                           "'Salvo queste regole come predefinite?'")  # two penalties are not the saved rules
        evening.say("no")
        assert evening.close() == 0
    finally:
        evening.close()
