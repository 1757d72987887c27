"""The page's own files, read from the package once, with the catalogue's Italian labels put in.

The HTML carries the labels as a JSON block (``<script type="application/json">``,
which is data, not code), so the page's script holds no Italian of its own.
"""

from __future__ import annotations

import html
import json
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources

from grammars.it import catalogue as say


@dataclass(frozen=True)
class PageFile:
    """One file the board serves: its type and its bytes."""

    content_type: str
    body: bytes


#: Path served -> (file in ``voice_host/board/static``, content type). Nothing else is served.
FILES: Mapping[str, tuple[str, str]] = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/board.css": ("board.css", "text/css; charset=utf-8"),
    "/board.js": ("board.js", "text/javascript; charset=utf-8"),
    "/favicon.svg": ("favicon.svg", "image/svg+xml"),
}


def page_files() -> dict[str, PageFile]:
    """Every served file, the HTML with its labels filled in."""
    static = resources.files("voice_host.board") / "static"
    served: dict[str, PageFile] = {}
    for path, (name, content_type) in FILES.items():
        text = (static / name).read_text(encoding="utf-8")
        if name == "index.html":
            text = fill_labels(text)
        served[path] = PageFile(content_type, text.encode("utf-8"))
    return served


def fill_labels(template: str) -> str:
    """``template`` with ``{{words}}`` (the labels as JSON) and ``{{word:KEY}}`` (one label, escaped) filled.

    >>> fill_labels("<title>{{word:title}}</title>")
    '<title>Tabellone</title>'
    >>> "</script>" in fill_labels("{{words}}")
    False
    """
    words = json.dumps(dict(say.BOARD_WORDS), ensure_ascii=False)
    text = template.replace("{{words}}", words.replace("<", "\\u003c").replace("&", "\\u0026"))
    for key, value in say.BOARD_WORDS.items():
        text = text.replace("{{word:" + key + "}}", html.escape(value))
    return text
