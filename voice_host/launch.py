"""The ``voice-host`` command's first step: make sure ``engine`` and ``grammars`` are voice-host's own.

The wheel installs three top-level packages side by side: ``engine``, ``grammars``
and ``voice_host`` (the layout the project was asked for). Another distribution
that ships a top-level ``engine`` or ``grammars`` earlier on the path (a user
site, ``PYTHONPATH``, a ``.pth`` entry) would be imported instead, and the host
would stop with an obscure ImportError. Before anything is imported from them,
:func:`main` looks where the import system would find them; when it is not
beside ``voice_host``, voice-host's own folder goes first on ``sys.path`` (this
process needs the packages it was installed with; the other distribution is
untouched) and one warning line names the clash.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

#: voice-host's own top-level packages besides ``voice_host``.
SIBLINGS = ("engine", "grammars")


def own_root() -> Path:
    """The folder that holds ``voice_host`` (site-packages, or the checkout)."""
    return Path(__file__).resolve().parents[1]


def foreign_siblings(root: Path) -> list[tuple[str, str]]:
    """The packages of :data:`SIBLINGS` that ``import`` would take from elsewhere than ``root``, with where."""
    found = []
    for name in SIBLINGS:
        spec = importlib.util.find_spec(name)
        origin = None if spec is None else spec.origin
        if origin is None or Path(origin).resolve().parents[1] != root:
            found.append((name, str(Path(origin).parent) if origin else "?"))
    return found


def main() -> int:
    """Check the siblings, then run the command line."""
    root = own_root()
    clashes = foreign_siblings(root)
    if clashes:
        for name, _ in clashes:
            sys.modules.pop(name, None)
        sys.path.insert(0, str(root))
    from voice_host.cli import main as cli_main
    from voice_host.console import print_stderr

    if clashes:
        from grammars.it import catalogue

        for name, where in clashes:
            print_stderr(f"voice-host: {catalogue.foreign_top_level_package(name, where)}")
    return cli_main()
