"""The ``voice-host`` command's first steps, before the command line is imported.

**Ctrl-C while the command line is still being imported ends quietly.** Python
turns SIGINT into ``KeyboardInterrupt`` from its first moment, so Ctrl-C during
the imports (the first tens of milliseconds) would print a traceback. Until the
command line is imported SIGINT takes its default action (the process ends, exit
status 130 in the shell, nothing printed); then Python's handler is back and
:func:`voice_host.cli.main` handles Ctrl-C as usual. Only the C module ``_signal``
is imported first: ``signal`` itself takes milliseconds (its enums).

**``engine`` and ``grammars`` must be voice-host's own.** The wheel installs three
top-level packages side by side: ``engine``, ``grammars`` and ``voice_host`` (the
layout the project was asked for). Another distribution that ships a top-level
``engine`` or ``grammars`` earlier on the path (a user site, ``PYTHONPATH``, a
``.pth`` entry) would be imported instead, and the host would stop with an obscure
ImportError. Before anything is imported from them, :func:`main` looks where the
import system would find them; when it is not beside ``voice_host``, voice-host's
own folder goes first on ``sys.path`` (this process needs the packages it was
installed with; the other distribution is untouched) and one warning line names
the clash.
"""

from __future__ import annotations

import _signal  # type: ignore[import-not-found]  # the C module behind signal, no stubs
import sys
from pathlib import Path

#: voice-host's own top-level packages besides ``voice_host``.
SIBLINGS = ("engine", "grammars")


def quiet_interrupt() -> None:
    """Let SIGINT end the process without a word (unless it is ignored, as in a background job)."""
    if _signal.getsignal(_signal.SIGINT) is not _signal.SIG_IGN:
        _signal.signal(_signal.SIGINT, _signal.SIG_DFL)


def own_root() -> Path:
    """The folder that holds ``voice_host`` (site-packages, or the checkout)."""
    return Path(__file__).resolve().parents[1]


def foreign_siblings(root: Path) -> list[tuple[str, str]]:
    """The packages of :data:`SIBLINGS` that ``import`` would take from elsewhere than ``root``, with where."""
    import importlib.util

    found = []
    for name in SIBLINGS:
        spec = importlib.util.find_spec(name)
        origin = None if spec is None else spec.origin
        if origin is None or Path(origin).resolve().parents[1] != root:
            found.append((name, str(Path(origin).parent) if origin else "?"))
    return found


def main() -> int:
    """Quiet Ctrl-C, check the siblings, then import and run the command line."""
    quiet_interrupt()
    root = own_root()
    clashes = foreign_siblings(root)
    if clashes:
        for name, _ in clashes:
            sys.modules.pop(name, None)
        sys.path.insert(0, str(root))
    from voice_host.cli import main as cli_main
    from voice_host.console import print_stderr

    if _signal.getsignal(_signal.SIGINT) is _signal.SIG_DFL:
        _signal.signal(_signal.SIGINT, _signal.default_int_handler)
    if clashes:
        from grammars.it import catalogue

        for name, where in clashes:
            print_stderr(f"voice-host: {catalogue.foreign_top_level_package(name, where)}")
    return cli_main()
