"""The board's history page (``/storico``): the history's tables and a few plots, as one static HTML page.

The board sits below the history in the house (it must not read the database): whoever opens
the board passes :func:`history_pages` a callable that returns a :class:`HistoryView`, the
history's figures as plain rows, read afresh on every request. This module only draws them.

The page needs no script: every plot is inline SVG drawn here, in the board's colours (white
and yellow on black, large type for a screen across the table). Each plot is an image with a
one-line summary (``role="img"``, ``aria-label``) followed by its numbers as a table that
only screen readers see; the statistics and the latest games are plain tables with headers.
"""

from __future__ import annotations

import html
import logging
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import resources

from grammars.it.history import page_word
from voice_host.board.page import PageFile

logger = logging.getLogger(__name__)

#: The page's address and its stylesheet's (the board's security policy allows no inline style).
PAGE_PATH = "/storico"
STYLE_PATH = "/storico.css"
#: At most this many of a player's latest scores are drawn (and this many players' plots).
MAX_POINTS = 30
MAX_PLAYERS = 8


@dataclass(frozen=True)
class Table:
    """A table as the page shows it: its title, the column headers, the rows (first cell: the row's header)."""

    title: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Series:
    """One player's scores in one game, oldest first: (when it ended, ISO 8601; the score)."""

    name: str
    points: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class ScoreChart:
    """A game's scores over time: one plot a player."""

    game: str
    """The game's name as people say it (``Yatzi``)."""
    series: tuple[Series, ...]


@dataclass(frozen=True)
class HistoryView:
    """Everything the page shows, read from the history by whoever opened the board."""

    wins: tuple[tuple[str, int, int], ...]
    """(name, games, wins) of every player, most wins first."""
    scores: tuple[ScoreChart, ...]
    tables: tuple[Table, ...]
    """Each game's statistics."""
    games: Table
    """The latest games, newest first."""


def history_pages(view: Callable[[], HistoryView]) -> dict[str, Callable[[], PageFile]]:
    """The routes to give :class:`~voice_host.board.server.BoardServer`: the page (from ``view()``) and its style."""
    style = (resources.files("voice_host.board") / "static" / "history.css").read_bytes()

    def page() -> PageFile:
        try:
            body = render(view())
        except Exception as exc:  # the history's trouble is shown on the page; the board goes on
            logger.debug("history page: %r", exc)
            body = render_unavailable(str(exc)[:120])
        return PageFile("text/html; charset=utf-8", body.encode("utf-8"))

    return {PAGE_PATH: page, STYLE_PATH: lambda: PageFile("text/css; charset=utf-8", style)}


def render(view: HistoryView) -> str:
    """The whole page."""
    if not view.wins:
        return _document(f'<p class="note">{_e(page_word("empty"))}</p>')
    parts = [_wins_section(view.wins)]
    for chart in view.scores:
        parts.append(_scores_section(chart))
    for number, table in enumerate(view.tables):
        parts.append(_section(f"stats-{number}", table.title, _table(table.title, table.header, table.rows,
                                                                      scroll=True)))
    parts.append(_section("games", view.games.title,
                          _table(view.games.title, view.games.header, view.games.rows, scroll=True)))
    return _document("\n".join(parts))


def render_unavailable(reason: str) -> str:
    """The page when the history cannot be read."""
    return _document(f'<p class="note">{_e(page_word("unavailable", reason=reason))}</p>')


def _document(main: str) -> str:
    title = _e(page_word("title"))
    return (
        '<!doctype html>\n<html lang="it">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f'<title>{title}</title>\n<link rel="icon" href="/favicon.svg" type="image/svg+xml">\n'
        f'<link rel="stylesheet" href="{STYLE_PATH}">\n</head>\n<body>\n'
        f'<header class="top"><h1>{title}</h1><p><a href="/">{_e(page_word("back"))}</a></p></header>\n'
        f'<main>\n{main}\n</main>\n</body>\n</html>\n'
    )


def _section(ident: str, title: str, body: str) -> str:
    return f'<section aria-labelledby="{ident}"><h2 id="{ident}">{_e(title)}</h2>\n{body}</section>'


def _wins_section(wins: Sequence[tuple[str, int, int]]) -> str:
    items = [(name, won) for name, _, won in wins]
    summary = page_word("bars_summary", items=", ".join(f"{name} {won}" for name, won in items))
    numbers = _table(page_word("numbers"), (page_word("name"), "partite", "vittorie"),
                     [(name, str(games), str(won)) for name, games, won in wins], hidden=True)
    figure = f'<figure class="plot" data-plot="wins">{bars_svg(items, summary)}\n{numbers}</figure>'
    return _section("wins", page_word("wins_title"), figure)


def _scores_section(chart: ScoreChart) -> str:
    figures = []
    for number, series in enumerate(chart.series[:MAX_PLAYERS]):
        points = series.points[-MAX_POINTS:]
        title = page_word("scores_of", game=chart.game, name=series.name)
        values = [value for _, value in points]
        summary = page_word("line_summary", count=len(values), first=values[0], last=values[-1], best=max(values))
        numbers = _table(page_word("numbers"), (page_word("when"), page_word("score")),
                         [(_when(ended), str(value)) for ended, value in points], hidden=True)
        ident = f"scores-{_slug(chart.game)}-{number}"
        figures.append(
            f'<figure class="plot" data-plot="scores" data-name="{_e(series.name)}" aria-labelledby="{ident}">'
            f'<figcaption id="{ident}">{_e(title)}</figcaption>\n{line_svg(points, summary)}\n{numbers}</figure>'
        )
    note = f'<p class="note">{_e(page_word("scores_note", count=MAX_POINTS))}</p>'
    return _section(f"scores-{_slug(chart.game)}", page_word("scores_title", game=chart.game),
                    note + '\n<div class="plots">' + "\n".join(figures) + "</div>")


def _table(caption: str, header: Sequence[str], rows: Sequence[Sequence[str]], *, hidden: bool = False,
           scroll: bool = False) -> str:
    head = "".join(f'<th scope="col">{_e(cell)}</th>' for cell in header)
    body = "".join(
        "<tr>" + "".join(
            f'<th scope="row">{_e(cell)}</th>' if i == 0 else f"<td{_NUMBER if _numeric(cell) else ''}>{_e(cell)}</td>"
            for i, cell in enumerate(row)
        ) + "</tr>\n"
        for row in rows
    )
    seen = ' class="sr-only"' if scroll else ""  # the section's heading already says it on the screen
    table = (f'<table><caption{seen}>{_e(caption)}</caption>'
             f"<thead><tr>{head}</tr></thead>\n<tbody>\n{body}</tbody></table>")
    if hidden:  # in a box of no size: a table is never narrower than its cells
        return f'<div class="sr-only">{table}</div>'
    if scroll:  # a wide table scrolls inside its own box, which the keyboard can reach
        return f'<div class="scroll" tabindex="0" role="region" aria-label="{_e(caption)}">{table}</div>'
    return table


# ------------------------------------------------------------ plots

def bars_svg(items: Sequence[tuple[str, int]], summary: str) -> str:
    """A horizontal bar a name, its value written after it; 0 is a bar of no length.

    >>> svg = bars_svg([("Anna", 3), ("Bruno", 1)], "Anna 3, Bruno 1")
    >>> svg.count('class="bar"'), 'aria-label="Anna 3, Bruno 1"' in svg
    (2, True)
    """
    row, label_w, bar_w, width = 56, 230, 330, 640
    top = max((value for _, value in items), default=0) or 1
    height = row * len(items) + 16
    parts = [f'<svg class="bars" viewBox="0 0 {width} {height}" role="img" aria-label="{_e(summary)}"'
             ' xmlns="http://www.w3.org/2000/svg">']
    for i, (name, value) in enumerate(items):
        y = 8 + i * row
        length = round(bar_w * value / top)
        parts.append(
            f'<text class="label" x="{label_w - 14}" y="{y + 38}" text-anchor="end">{_e(_short(name))}</text>'
            f'<rect class="bar" x="{label_w}" y="{y + 8}" width="{length}" height="{row - 16}" rx="5"/>'
            f'<text class="value" x="{label_w + length + 12}" y="{y + 38}">{value}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def line_svg(points: Sequence[tuple[str, int]], summary: str) -> str:
    """The scores as dots joined by a line, oldest on the left; a scale from 0 to a round top.

    >>> svg = line_svg([("2024-03-07T21:30:00", 283), ("2024-03-08T21:25:00", 18)], "x")
    >>> svg.count('class="dot"'), "07/03" in svg
    (2, True)
    """
    width, height, left, right, top_y, bottom_y = 640, 370, 90, 585, 24, 310
    most = max((value for _, value in points), default=0)
    scale_top = max(50, math.ceil(most / 50) * 50)

    def y_of(value: int) -> float:
        return round(bottom_y - (bottom_y - top_y) * value / scale_top, 1)

    def x_of(i: int) -> float:
        return (left + right) / 2 if len(points) == 1 else round(left + (right - left) * i / (len(points) - 1), 1)

    parts = [f'<svg class="line" viewBox="0 0 {width} {height}" role="img" aria-label="{_e(summary)}"'
             ' xmlns="http://www.w3.org/2000/svg">']
    for step in range(5):
        value = scale_top * step // 4
        y = y_of(value)
        parts.append(f'<line class="grid" x1="{left}" y1="{y}" x2="{right}" y2="{y}"/>'
                     f'<text class="tick" x="{left - 12}" y="{y + 10}" text-anchor="end">{value}</text>')
    every = max(1, math.ceil(len(points) / 6))
    for i, (ended, _) in enumerate(points):
        if i % every == 0 or i == len(points) - 1:
            parts.append(f'<text class="tick" x="{x_of(i)}" y="{bottom_y + 44}" text-anchor="middle">'
                         f"{_e(_day(ended))}</text>")
    if len(points) > 1:
        joined = " ".join(f"{x_of(i)},{y_of(value)}" for i, (_, value) in enumerate(points))
        parts.append(f'<polyline class="trace" points="{joined}"/>')
    for i, (ended, value) in enumerate(points):
        parts.append(f'<circle class="dot" cx="{x_of(i)}" cy="{y_of(value)}" r="9">'
                     f"<title>{_e(_when(ended))}: {value}</title></circle>")
    parts.append("</svg>")
    return "".join(parts)


_NUMBER = ' class="num"'


def _numeric(cell: str) -> bool:
    """A figure (right-aligned in its column), or the dash of a missing one."""
    return cell in ("–", "") or cell.replace(".", "", 1).isdigit()


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def _short(name: str, most: int = 11) -> str:
    """A name that fits left of its bar (the table has it whole)."""
    return name if len(name) <= most else name[: most - 1] + "…"


def _slug(text: str) -> str:
    return "".join(c for c in text.lower() if c.isalnum()) or "x"


def _when(ended: str) -> str:
    """``2024-03-07T21:30:00`` as ``07/03/2024 21:30``."""
    date, _, clock = ended.partition("T")
    parts = date.split("-")
    day = "/".join(reversed(parts)) if len(parts) == 3 else date
    return f"{day} {clock[:5]}".strip()


def _day(ended: str) -> str:
    """``2024-03-07T21:30:00`` as ``07/03``."""
    parts = ended.partition("T")[0].split("-")
    return f"{parts[2]}/{parts[1]}" if len(parts) == 3 else ended[:10]
