"""The shipped list of common Italian first names (``data/nomi.txt``; its header says where it comes from).

>>> names = italian_names()
>>> len(names) > 2000, "Anna" in names, "Bruno" in names, "Niccolò" in names
(True, True, True, True)
"""

from __future__ import annotations

from functools import cache
from importlib import resources


@cache
def italian_names() -> tuple[str, ...]:
    """Every name of the list, as written there (capitalised, accents kept), in the list's order."""
    text = resources.files("grammars.evening").joinpath("data/nomi.txt").read_text(encoding="utf-8")
    return tuple(line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#"))
