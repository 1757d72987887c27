"""Journals written by hand in tests, following the documented format (not the journal module's code).

Each line is canonical JSON (sorted keys, no spaces) with ``"sum"``: the SHA-256
hex digest of the previous line's sum, a newline, and the line's canonical JSON
without its sum; the header chains from the empty string.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

HEADER = {"journal": "voice-host journal", "version": 2}
TOKIO_CONFIG = {"rules": "classico", "dice": 6, "limit": None, "players": ["Anna", "Bruno"], "first": None}


def _canonical(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def chained_lines(records: list[dict[str, Any]], previous: str = "") -> list[str]:
    """``records`` as journal lines (each ending in a newline) with their chained sums.

    ``previous`` is the sum of the line they follow (the header chains from "").
    """
    lines = []
    for record in records:
        checksum = hashlib.sha256((previous + "\n" + _canonical(record)).encode("utf-8")).hexdigest()
        lines.append(_canonical({**record, "sum": checksum}) + "\n")
        previous = checksum
    return lines


def header(game: str = "tokio", config: dict[str, Any] | None = None) -> dict[str, Any]:
    """A header record (without its sum)."""
    return {**HEADER, "game": game, "config": TOKIO_CONFIG if config is None else config}


def journal_text(game: str, config: dict[str, Any] | None, records: list[dict[str, Any]]) -> str:
    """A whole journal: the header of ``game`` and ``config``, then ``records``."""
    return "".join(chained_lines([header(game, config), *records]))
