"""The live board in a real headless Chromium against real games typed line by line (Debian's chromium)."""

from __future__ import annotations

import os
import time

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
    assert browser.evaluate("document.getElementById('live').getAttribute('aria-live')") == "polite"
    assert "Anna prende una penalità, ne ha 1." in browser.evaluate(_text("#live"))
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
    # the end came as a final event: the page says the board is closed and stops reconnecting
    browser.wait_until(f"{_text('#status')} === 'Il tabellone è chiuso: la partita qui è finita.'", timeout=5)
    time.sleep(2.5)  # two of EventSource's reconnection delays (retry: 1000)
    assert browser.evaluate(_text("#status")) == "Il tabellone è chiuso: la partita qui è finita."
    live = browser.evaluate(_text("#live"))
    assert "Partita finita" in live and "Vince Bruno" in live and "Classifica: Bruno: 1, Anna: 0" in live


def _above_the_fold(browser, selector):
    return browser.evaluate(
        f"(() => {{ const r = document.querySelector({selector!r}).getBoundingClientRect();"
        " return r.height > 0 && r.bottom <= window.innerHeight; })()"
    )


def test_fine_partita_shows_the_game_stopped_with_its_standings_and_no_one_in_hand(browser, game):
    host = game("--game", "tokio", "--players", "Anna,Bruno,Carla", "--rules", "milella")
    browser.open(host.url)
    browser.wait_until("document.querySelectorAll('.player').length === 3")
    for line in ("cinquantatré", "dubito", "quarantadue"):  # Anna's bluff is caught: one penalty
        host.say(line)
    host.wait_for("Anna, tira")
    host.say("fine partita")
    host.wait_for("?")
    host.say("sì")
    assert host.close() == 0
    browser.wait_until("!document.getElementById('end').hidden", timeout=5)
    assert browser.evaluate(_text("#end-title")) == "Partita interrotta"
    assert browser.evaluate(_text("#turn")) == ""  # no "Di mano: ..." once the game is over
    assert browser.evaluate("[...document.querySelectorAll('#standings li')].map(li => li.textContent)") == [
        "Bruno: 0", "Carla: 0", "Anna: 1",
    ]
    assert browser.evaluate("document.querySelectorAll('.player.to-act').length") == 0
    browser.wait_until(f"{_text('#status')} === 'Il tabellone è chiuso: la partita qui è finita.'", timeout=5)
    time.sleep(2.5)
    assert "Collegamento perso" not in browser.evaluate(_text("#status"))
    assert "Partita interrotta" in browser.evaluate(_text("#live"))
    assert _above_the_fold(browser, "#standings") and _above_the_fold(browser, "#outcome")


def test_the_live_region_announces_each_claim(browser, game):
    host = game("--game", "tokio", "--players", "Anna,Bruno,Carla", "--rules", "classico")
    browser.open(host.url)
    browser.wait_until("document.querySelectorAll('.player').length === 3")
    host.say("cinquantatré")
    host.wait_for("Bruno, ci credi?")
    browser.wait_until(f"{_text('#live')} === 'Anna dichiara cinquantatré.'", timeout=2)
    host.say("ci credo")
    host.wait_for("Bruno, tira")
    host.say("sessantuno")
    host.wait_for("Carla, ci credi?")
    browser.wait_until(f"{_text('#live')} === 'Bruno dichiara sessantuno.'", timeout=2)


def test_on_a_phone_the_question_and_the_last_outcome_are_above_the_fold(browser, game):
    host = game("--game", "tokio", "--players", "Anna,Bruno,Carla,Dario", "--rules", "milella")
    browser.open(host.url)
    browser.wait_until("document.querySelectorAll('.player').length === 4")
    for line in ("cinquantatré", "dubito", "quarantadue"):
        host.say(line)
    host.wait_for("Anna, tira")
    browser.wait_until(f"{_text('#said')}.includes('Anna, tira')", timeout=2)
    assert _above_the_fold(browser, "#outcome") and _above_the_fold(browser, "#said")
    yatzi = game("--game", "yatzi", "--players", "Anna,Bruno,Carla", "--first", "Anna")
    browser.open(yatzi.url)
    browser.wait_until("document.querySelectorAll('table.card thead th').length === 4")
    yatzi.say("sei sei sei due tre")
    yatzi.wait_for("Anna, ")
    yatzi.say("sei")
    yatzi.wait_for("Bruno, ")
    browser.wait_until(f"{_text('#outcome')}.includes('Anna segna 18')", timeout=2)
    assert _above_the_fold(browser, "#outcome") and _above_the_fold(browser, "#said")


@pytest.mark.parametrize("view, smallest", [
    ({"width": 1920, "height": 1080}, 32.0),  # a television across the table
    ({"width": 390, "height": 844, "mobile": True}, 19.5),  # a phone on the table
])
def test_the_yatzi_card_is_large_enough_to_read_across_the_table(game, view, smallest):
    host = game("--game", "yatzi", "--players", "Anna,Bruno,Carla", "--first", "Anna")
    browser = Chromium(**view)
    try:
        browser.open(host.url)
        browser.wait_until("document.querySelectorAll('table.card tbody tr[data-box]').length === 13")
        sizes = browser.evaluate(
            "[...document.querySelectorAll('table.card tbody tr[data-box] th, table.card tbody tr[data-box] td,"
            " table.card thead th')].map(n => parseFloat(getComputedStyle(n).fontSize))"
        )
        assert min(sizes) >= smallest, sizes
        if view["width"] > view["height"]:  # the whole card still fits a television without scrolling
            assert browser.evaluate("document.querySelector('tr.total').getBoundingClientRect().bottom"
                                    " <= window.innerHeight")
    finally:
        browser.close()
