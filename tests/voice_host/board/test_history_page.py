"""The board's history page: drawn from a hand-made view, served by a real board on loopback through its route hook."""

from __future__ import annotations

import http.client
import re

import pytest

from voice_host.board.history_page import (
    PAGE_PATH,
    STYLE_PATH,
    HistoryView,
    ScoreChart,
    Series,
    Table,
    history_pages,
    render,
)
from voice_host.board.hub import StateHub
from voice_host.board.server import SECURITY_HEADERS, BoardServer

VIEW = HistoryView(
    wins=(("Anna", 5, 3), ("Bruno", 5, 1), ("<b>Zoe</b>", 1, 0)),
    scores=(ScoreChart("Yatzi", (
        Series("Bruno", (("2024-03-07T21:30:00", 18), ("2024-03-08T21:25:00", 283))),
        Series("Anna", (("2024-03-07T21:30:00", 283),)),
    )),),
    tables=(Table("Statistiche di Yatzi", ("nome", "partite", "media"),
                  (("Anna", "2", "283"), ("Bruno", "3", "150.5"))),),
    games=Table("Le ultime partite", ("quando", "gioco"), (("2024-03-08 21:25", "Yatzi"),)),
)


def _attr(svg: str, kind: str, name: str) -> list[str]:
    return re.findall(rf'<{kind} class="[^"]*"[^>]*?\b{name}="([^"]+)"', svg)


def test_bars_are_as_long_as_the_wins_and_every_plot_has_its_numbers_as_a_table() -> None:
    page = render(VIEW)
    bars = page[page.index('<svg class="bars"'):page.index("</svg>")]
    # 330 units for the most wins (3): 1 win is a third of it (110), none is no bar at all
    assert re.findall(r'<rect class="bar"[^>]*width="(\d+)"', bars) == ["330", "110", "0"]
    assert re.findall(r'<text class="value"[^>]*>(\d+)</text>', bars) == ["3", "1", "0"]
    assert 'role="img"' in bars and 'aria-label="Grafico a barre: Anna 3, Bruno 1, &lt;b&gt;Zoe&lt;/b&gt; 0."' in bars
    # the numbers of the wins, and of each player's scores, as tables only screen readers see
    hidden = re.findall(r'<div class="sr-only"><table>(.*?)</table></div>', page, re.S)
    assert len(hidden) == 3
    assert re.findall(r"<tr><th scope=\"row\">([^<]+)</th><td[^>]*>(\d+)</td><td[^>]*>(\d+)</td>", hidden[0]) == [
        ("Anna", "5", "3"), ("Bruno", "5", "1"), ("&lt;b&gt;Zoe&lt;/b&gt;", "1", "0")]
    assert re.findall(r'<th scope="row">([^<]+)</th><td[^>]*>(\d+)</td>', hidden[1]) == [
        ("07/03/2024 21:30", "18"), ("08/03/2024 21:25", "283")]
    assert "<b>Zoe</b>" not in page  # a name is text, never markup


def test_a_score_is_as_high_as_its_value_on_a_scale_from_0_to_a_round_top() -> None:
    page = render(VIEW)
    bruno = page[page.index('data-name="Bruno"'):]
    bruno = bruno[:bruno.index("</svg>")]
    # scale 0..300 (283 rounded up to 50s) over y 310 (0) .. 24 (300): 18 -> 310 - 286*18/300 = 292.84
    assert [float(y) for y in re.findall(r'<circle class="dot"[^>]*cy="([\d.]+)"', bruno)] == [292.8, 40.2]
    assert [float(x) for x in re.findall(r'<circle class="dot" cx="([\d.]+)"', bruno)] == [90.0, 585.0]
    ticks = re.findall(r'<text class="tick"[^>]*text-anchor="end">(\d+)</text>', bruno)
    assert ticks == ["0", "75", "150", "225", "300"]


def test_headings_in_order_and_the_empty_history() -> None:
    page = render(VIEW)
    assert re.findall(r"<h2 [^>]*>([^<]+)</h2>", page) == [
        "Vittorie per giocatore", "Punteggi di Yatzi nel tempo", "Statistiche di Yatzi", "Le ultime partite"]
    assert page.count("<h1>") == 1 and '<html lang="it">' in page
    empty = render(HistoryView((), (), (), Table("", (), ())))
    assert "Lo storico è ancora vuoto" in empty and "<svg" not in empty


@pytest.fixture
def served():
    servers = []

    def start(view):
        server = BoardServer(StateHub(), "127.0.0.1", 0, pages=history_pages(view))
        server.start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.close()


def _get(server, method, path):
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
    connection.request(method, path)
    response = connection.getresponse()
    data = response.read()
    connection.close()
    return response, data


def test_the_board_serves_the_page_afresh_on_each_request_with_its_security_headers(served) -> None:
    views = [VIEW, HistoryView((), (), (), Table("", (), ()))]
    server = served(lambda: views[0])
    response, data = _get(server, "GET", PAGE_PATH)
    assert response.status == 200 and response.getheader("Content-Type") == "text/html; charset=utf-8"
    for name, value in SECURITY_HEADERS.items():
        assert response.getheader(name) == value
    assert b"Vittorie per giocatore" in data and b"<svg" in data
    views.pop(0)  # another game ended: the next request shows the history as it is now
    assert b"ancora vuoto" in _get(server, "GET", PAGE_PATH)[1]
    head, body = _get(server, "HEAD", PAGE_PATH)
    assert head.status == 200 and body == b""
    style, css = _get(server, "GET", STYLE_PATH)
    assert style.getheader("Content-Type") == "text/css; charset=utf-8" and b".sr-only" in css
    assert _get(server, "GET", PAGE_PATH + "/x")[0].status == 404
    assert _get(server, "POST", PAGE_PATH)[0].status == 405  # read-only like the rest of the board


def test_a_history_that_cannot_be_read_is_one_line_on_the_page_and_the_board_goes_on(served) -> None:
    def broken() -> HistoryView:
        raise OSError("disco pieno")

    server = served(broken)
    response, data = _get(server, "GET", PAGE_PATH)
    assert response.status == 200 and "Lo storico non si può leggere adesso (disco pieno)." in data.decode()
    assert _get(server, "GET", "/state")[0].status == 200
