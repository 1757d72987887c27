"""The live board in a real headless Chromium against real games typed line by line (Debian's chromium)."""

from __future__ import annotations

import os

import pytest
from board_game import BoardGame
from chromium import CHROMIUM, Chromium

pytestmark = [
    pytest.mark.slow,
    # CI installs chromium (./run's TEST_PACKAGES): there a missing browser fails, it is never skipped
    pytest.mark.skipif(CHROMIUM is None and not os.environ.get("CI"), reason="chromium is not installed"),
]


@pytest.fixture
def browser():
    chromium = Chromium(390, 844, scale=1, mobile=True)  # a phone in portrait
    yield chromium
    chromium.close()


@pytest.fixture
def game(tmp_path):
    games = []

    def start(*options):
        games.append(BoardGame(list(options), tmp_path))
        return games[-1]

    yield start
    for started in games:
        started.close()


def _text(selector):
    return f"(document.querySelector({selector!r}) || {{}}).textContent"


def test_tokio_names_then_a_penalty_within_a_second_of_the_spoken_outcome(browser, game):
    host = game("--game", "tokio", "--players", "Anna,Bruno,Carla", "--rules", "milella")
    browser.open(host.url)
    browser.wait_until("document.querySelectorAll('.player .name').length === 3")
    names = browser.evaluate("[...document.querySelectorAll('.player .name')].map(n => n.textContent)")
    assert names == ["Anna", "Bruno", "Carla"]
    # Milella's sheet: an eight-pointed asterisk a player, no dot yet
    assert browser.evaluate("document.querySelectorAll('[data-name=\"Anna\"] .star circle').length") == 8
    assert browser.evaluate("document.querySelectorAll('.star circle.taken').length") == 0
    assert browser.evaluate(_text("#turn")) == "Di mano: Anna"
    host.say("cinquantatré")
    host.wait_for("Bruno, ci credi?")
    browser.wait_until("document.querySelector('#claim strong') && "
                       "document.querySelector('#claim strong').textContent === 'cinquantatré'", timeout=1)
    host.say("dubito")
    host.say("quarantadue")  # a bluff: Anna takes one penalty (one dot on one point)
    spoken = host.wait_for("Anna prende una penalità, ne ha 1.")
    shown = browser.wait_until("document.querySelector('[data-name=\"Anna\"]').dataset.penalties === '1'",
                               timeout=5)
    assert shown - spoken < 1.0
    assert browser.evaluate("document.querySelectorAll('[data-name=\"Anna\"] .star circle.taken').length") == 1
    assert browser.evaluate("document.querySelectorAll('[data-name=\"Bruno\"] .star circle.taken').length") == 0
    # the live region received the outcome, for a screen reader
    assert browser.evaluate("document.getElementById('outcome').getAttribute('aria-live')") == "polite"
    outcome = browser.evaluate(_text("#outcome"))
    assert "Quarantadue: bluff!" in outcome and "Anna prende una penalità, ne ha 1." in outcome
    assert "Anna, tira e dichiara." in browser.evaluate(_text("#said"))


def test_yatzi_the_card_fills_in_and_the_dice_are_shown(browser, game):
    host = game("--game", "yatzi", "--players", "Anna,Bruno", "--first", "Anna")
    browser.open(host.url)
    browser.wait_until("document.querySelectorAll('table.card thead th').length === 3")
    heads = browser.evaluate("[...document.querySelectorAll('table.card thead th')].map(n => n.textContent)")
    assert heads == ["Casella", "Anna", "Bruno"]
    assert browser.evaluate("document.querySelectorAll('table.card tbody tr[data-box]').length") == 13
    host.say("tre tre tre cinque sei")
    host.wait_for("Anna, ")
    browser.wait_until("document.querySelectorAll('#dice .die').length === 5", timeout=2)
    faces = browser.evaluate("[...document.querySelectorAll('#dice .die')].map(d => d.dataset.face)")
    assert sorted(faces) == ["3", "3", "3", "5", "6"]
    host.say("tris")  # seed rules: the three equal dice, 3 + 3 + 3 = 9
    spoken = host.wait_for("Anna segna 9 in tris")
    cell = "document.querySelector('tr[data-box=\"tris\"] td')"
    shown = browser.wait_until(f"{cell}.textContent === '9'", timeout=5)
    assert shown - spoken < 1.0
    total = "[...document.querySelectorAll('tr.total td')].map(td => td.textContent)"
    assert browser.evaluate(total) == ["9", "0"]
    assert browser.evaluate(_text("#turn")) == "Di mano: Bruno"
    assert "Anna segna 9 in tris" in browser.evaluate(_text("#outcome"))
    bonus = "[...document.querySelectorAll('tr.bonus td')].map(td => td.textContent)"
    assert browser.evaluate(bonus) == ["mancano 63", "mancano 63"]


def test_the_standings_stay_on_the_page_when_the_game_ends(browser, game):
    # Lizumo with one life: Anna's bluff (42 for a declared 53) is caught, she is out and Bruno wins.
    host = game("--game", "tokio", "--players", "Anna,Bruno", "--rules", "lizumo", "--limit", "1")
    browser.open(host.url)
    browser.wait_until("document.querySelectorAll('.player').length === 2")
    assert browser.evaluate("document.querySelectorAll('[data-name=\"Anna\"] .lives span.left').length") == 1
    for line in ("cinquantatré", "dubito", "quarantadue"):
        host.say(line)
    host.wait_for("Bruno")
    assert host.close() == 0  # the game is over: the host exits and the board with it
    browser.wait_until("!document.getElementById('end').hidden", timeout=5)
    assert browser.evaluate(_text("#winner")) == "Vince Bruno"
    assert browser.evaluate("[...document.querySelectorAll('#standings li')].map(li => li.textContent)") == [
        "Bruno: 1", "Anna: 0",
    ]
    assert browser.evaluate("document.querySelector('[data-name=\"Anna\"]').classList.contains('out')")
    browser.wait_until(f"{_text('#status')} === 'Collegamento perso: riprovo…'", timeout=5)
