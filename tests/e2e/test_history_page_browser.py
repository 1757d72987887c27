"""The board's history page (/storico) in a real headless Chromium, served by a real board from a real history."""

from __future__ import annotations

import importlib.util
import os
import re
import urllib.request
from pathlib import Path

import pytest
from chromium import CHROMIUM, Chromium

from voice_host.board.history_page import history_pages
from voice_host.board.hub import StateHub
from voice_host.board.server import BoardServer
from voice_host.history.board_view import history_view
from voice_host.history.database import open_history

pytestmark = [
    pytest.mark.slow,
    # CI installs chromium (./run's TEST_PACKAGES): there a missing browser fails, it is never skipped
    pytest.mark.skipif(CHROMIUM is None and not os.environ.get("CI"), reason="chromium is not installed"),
]


@pytest.fixture
def page_url(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    write_journal_set = _journal_set_writer()
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))  # no solved Yatzi table
    folder = tmp_path / "state"
    folder.mkdir()
    write_journal_set(folder)
    open_history(folder, say=print).close()
    server = BoardServer(StateHub(), "127.0.0.1", 0, pages=history_pages(lambda: history_view(folder)))
    server.start()
    yield f"http://127.0.0.1:{server.port}/storico"
    server.close()


def _journal_set_writer():
    """``write_journal_set`` of tests/voice_host/history/conftest.py (the hand-worked set), loaded by its path."""
    path = Path(__file__).resolve().parents[1] / "voice_host" / "history" / "conftest.py"
    spec = importlib.util.spec_from_file_location("history_journal_set", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.write_journal_set


def _luminance(rgb: str) -> float:
    """WCAG's relative luminance of a CSS ``rgb(r, g, b)``."""
    channels = [int(c) / 255 for c in rgb[rgb.index("(") + 1:rgb.index(")")].split(",")[:3]]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a: str, b: str) -> float:
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def _rows(browser: Chromium, selector: str) -> list[list[str]]:
    return browser.evaluate(
        f"[...document.querySelectorAll({selector!r})].map(r => [...r.children].map(c => c.textContent))")


@pytest.mark.parametrize(("width", "height", "mobile"), [(1280, 800, False), (390, 844, True)], ids=["tv", "phone"])
def test_the_history_page_shows_the_hand_worked_figures_as_plots_and_tables(
    page_url: str, tmp_path: Path, width: int, height: int, mobile: bool,
) -> None:
    browser = Chromium(width, height, scale=1, mobile=mobile)
    try:
        browser.open(page_url)
        browser.screenshot(str(tmp_path / "storico.png"))
        assert browser.evaluate("document.documentElement.lang") == "it"
        assert browser.evaluate("document.querySelector('h1').textContent") == "Storico delle partite"
        assert browser.evaluate("[...document.querySelectorAll('h2')].map(h => h.textContent)") == [
            "Vittorie per giocatore", "Punteggi di Yatzi nel tempo", "Statistiche di Tokio", "Statistiche di Yatzi",
            "Le ultime partite"]
        # wins per player (hand-worked: Anna 3, Bruno 1, NICOLO 0, Carla 0): drawn as bars as long as the wins
        assert browser.evaluate("[...document.querySelectorAll('svg.bars .value')].map(t => t.textContent)") == [
            "3", "1", "0", "0"]
        widths = browser.evaluate(
            "[...document.querySelectorAll('svg.bars rect.bar')].map(r => r.getBoundingClientRect().width)")
        assert widths[0] > 0 and widths[1] == pytest.approx(widths[0] / 3, abs=1) and widths[2:] == [0, 0]
        assert _rows(browser, "[data-plot=wins] table tbody tr") == [
            ["Anna", "5", "3"], ["Bruno", "5", "1"], ["NICOLO", "2", "0"], ["Carla", "1", "0"]]
        # each player's Yatzi scores over time: Bruno 18 then 283, Anna 283, Nicolò 152 (Y3 was stopped: left out)
        assert browser.evaluate("[...document.querySelectorAll('[data-plot=scores]')].map(f => f.dataset.name)") == [
            "Bruno", "Anna", "NICOLO"]
        assert _rows(browser, "[data-name=Bruno] table tbody tr") == [["07/03/2024 21:30", "18"],
                                                                       ["08/03/2024 21:25", "283"]]
        assert _rows(browser, "[data-name=NICOLO] table tbody tr") == [["08/03/2024 21:25", "152"]]
        low, high = browser.evaluate(
            "[...document.querySelectorAll('[data-name=Bruno] circle.dot')].map(c => c.getBoundingClientRect().y)")
        assert high < low  # 283 is drawn above 18
        # the tables of figures
        yatzi = _rows(browser, "section[aria-labelledby=stats-1] tbody tr")
        assert [row[:5] for row in yatzi] == [["Anna", "2", "1", "283", "283"], ["Bruno", "3", "1", "150.5", "283"],
                                              ["NICOLO", "1", "0", "152", "152"]]
        assert [row[0] for row in _rows(browser, "section[aria-labelledby=games] tbody tr")] == [
            "2024-03-09 21:05", "2024-03-08 21:25", "2024-03-07 21:30", "2024-03-06 21:10", "2024-03-05 21:35",
            "2024-03-05 21:20"]
        _check_accessible(browser, mobile)
    finally:
        browser.close()


def _check_accessible(browser: Chromium, mobile: bool) -> None:
    """Images with a name, their tables seen by screen readers only, contrast and type read from across a table."""
    tree = browser.page("Accessibility.getFullAXTree")["nodes"]
    images = [n["name"]["value"] for n in tree if n.get("role", {}).get("value") == "image" and "name" in n]
    assert images[0] == "Grafico a barre: Anna 3, Bruno 1, NICOLO 0, Carla 0."
    assert "Grafico a linea di 2 partite: da 18 a 283 punti, migliore 283." in images
    assert sum(1 for n in tree if n.get("role", {}).get("value") == "table" and not n.get("ignored")) == 7
    # the plots' tables take no room on the screen
    assert browser.evaluate("[...document.querySelectorAll('.sr-only')].every("
                            "t => t.getBoundingClientRect().width <= 1)")
    style = "(s => getComputedStyle(document.querySelector(s)))"
    background = browser.evaluate(f"{style}('body').backgroundColor")
    for selector, prop, least in (("body", "color", 7), ("h2", "color", 7), ("td", "color", 7),
                                  ("rect.bar", "fill", 3), ("svg.line .tick", "fill", 4.5)):
        assert _contrast(browser.evaluate(f"{style}({selector!r}).{prop}"), background) >= least, selector
    # the smallest text on the page, as drawn: table headers and the plots' ticks
    smallest = browser.evaluate(
        "Math.min(...[...document.querySelectorAll('th[scope=col], svg.line .tick, svg.bars text')]"
        ".filter(e => !e.closest('.sr-only')).map(e => e.getBoundingClientRect().height))")
    assert smallest >= (13 if mobile else 20)


def test_play_with_a_board_serves_the_history_of_its_state_folder(tmp_path: Path) -> None:
    from board_game import BoardGame

    write_journal_set = _journal_set_writer()
    folder = tmp_path / "state" / "voice-host"
    folder.mkdir(parents=True)
    write_journal_set(folder)
    open_history(folder, say=print).close()  # the history of six games (this game keeps no journal)
    game = BoardGame(["--game", "tokio", "--players", "Anna,Bruno"], tmp_path)
    try:
        game.wait_for("Anna")
        with urllib.request.urlopen(game.url + "storico", timeout=10) as response:
            page = response.read().decode()
    finally:
        game.close()
    assert "Vittorie per giocatore" in page
    assert re.findall(r'<text class="value"[^>]*>(\d+)</text>', page) == ["3", "1", "0", "0"]
