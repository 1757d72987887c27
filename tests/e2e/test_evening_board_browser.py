"""The live board follows the evening (issue 31): between games, the evening's standings and the next question,
read in a real headless Chromium (Debian's chromium) from a real ``serata --board`` typed line by line."""

from __future__ import annotations

import os
import queue
import re
import subprocess
import threading
import time
import urllib.request
from pathlib import Path

import pytest
from chromium import CHROMIUM, Chromium
from command import host_command, host_env
from evening_script import game_lines

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(CHROMIUM is None and not os.environ.get("CI"), reason="chromium is not installed"),
]


class _Evening:
    """``serata --input keyboard --tts print --board 0``; its board's address from stderr."""

    def __init__(self, tmp_path: Path) -> None:
        env = host_env(XDG_STATE_HOME=str(tmp_path / "state"), XDG_CONFIG_HOME=str(tmp_path / "config"))
        self.proc = subprocess.Popen(
            [*host_command(), "serata", "--input", "keyboard", "--tts", "print", "--board", "0",
                                  "--journal", str(tmp_path / "serata.jsonl")],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=tmp_path)
        self.lines: queue.Queue[str] = queue.Queue()
        errors: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._pump, args=(self.proc.stdout, self.lines), daemon=True).start()
        threading.Thread(target=self._pump, args=(self.proc.stderr, errors), daemon=True).start()
        first = errors.get(timeout=60)
        found = re.search(r"http://\S+", first)
        assert found, first
        self.url = found.group(0)

    @staticmethod
    def _pump(stream, into) -> None:
        for line in stream:
            into.put(line.rstrip("\n"))

    def say(self, *lines: str) -> None:
        assert self.proc.stdin is not None
        for line in lines:
            self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def wait_for(self, text: str, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while text not in self.lines.get(timeout=max(0.01, deadline - time.monotonic())):
            pass

    def close(self) -> int:
        if self.proc.stdin is not None and not self.proc.stdin.closed:
            self.proc.stdin.close()
        try:
            return self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return self.proc.wait()


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
        evening.wait_for("Un'altra?")
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
