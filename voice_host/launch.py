"""The ``voice-host`` command's first steps, before the command line is imported.

**Ctrl-C while the command line is still being imported ends quietly.** Python
turns SIGINT into ``KeyboardInterrupt`` from its first moment, so Ctrl-C during
the imports (the first tens of milliseconds) would print a traceback. Until the
command line is imported SIGINT takes its default action (the process ends, exit
status 130 in the shell, nothing printed); then Python's handler is back and
:func:`voice_host.cli.main.main` handles Ctrl-C as usual. Only the C module ``_signal``
is imported first: ``signal`` itself takes milliseconds (its enums).

The same holds at the other end: once the command line has returned (the summary
and the journal written), SIGINT, SIGTERM and SIGHUP take their default action again
(:func:`quiet_exit`), so a signal during the interpreter's shutdown ends the process
without a traceback from ``threading``.

The reset comes first, before even ``pathlib`` is imported. What no code of
voice-host can make quiet (``bench/early_sigint.py`` counts it): Python installs
its SIGINT handler before it imports ``site``, and ``site`` runs every ``.pth``
file of site-packages (with ``pip install -e``, as ``./run`` installs, the
editable finder, which imports ``pathlib``). A Ctrl-C in those first milliseconds
(about 5 to 25 on a quiet machine, up to 40 under load) ends the interpreter with
``Fatal Python error: init_import_site`` and exit 1, before the host's code is
even found. One while the console script's ``from voice_host.launch import main``
looks ``voice_host`` up on the path and loads it (longer with the editable
finder) prints a ``KeyboardInterrupt`` traceback, and the process ends by
SIGINT. Either way nothing has started and nothing is written. Only a native
launcher that starts Python with SIGINT blocked could close that window (a
shell's ``trap '' INT`` would drop the Ctrl-C instead).

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

TYPE_CHECKING = False
if TYPE_CHECKING:  # pathlib is imported after SIGINT is quiet: its import takes milliseconds
    from pathlib import Path

#: voice-host's own top-level packages besides ``voice_host``.
SIBLINGS = ("engine", "grammars")


def quiet_interrupt() -> None:
    """Let SIGINT end the process without a word (unless it is ignored, as in a background job)."""
    if _signal.getsignal(_signal.SIGINT) is not _signal.SIG_IGN:
        _signal.signal(_signal.SIGINT, _signal.SIG_DFL)


def quiet_exit() -> None:
    """Once the command has ended (its summary and journal written), let a stop signal end the process without a
    word: during the interpreter's shutdown (threads joined, modules freed) a handler's exception could only print
    a traceback (``KeyboardInterrupt`` in ``threading._shutdown``, seen in ``tests/e2e/test_hardening_2.py``). An
    ignored signal stays ignored (``nohup``)."""
    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        signum = getattr(_signal, name, None)
        if signum is not None and callable(_signal.getsignal(signum)):
            _signal.signal(signum, _signal.SIG_DFL)


def own_root() -> Path:
    """The folder that holds ``voice_host`` (site-packages, or the checkout)."""
    from pathlib import Path

    return Path(__file__).resolve().parents[1]


def foreign_siblings(root: Path) -> list[tuple[str, str]]:
    """The packages of :data:`SIBLINGS` that ``import`` would take from elsewhere than ``root``, with where."""
    import importlib.util
    from pathlib import Path

    found = []
    for name in SIBLINGS:
        spec = importlib.util.find_spec(name)
        origin = None if spec is None else spec.origin
        if origin is None or Path(origin).resolve().parents[1] != root:
            found.append((name, str(Path(origin).parent) if origin else "?"))
    return found


def main() -> int:
    """Quiet Ctrl-C, check the siblings, then import and run the command line; quiet signals again once it ended."""
    quiet_interrupt()
    root = own_root()
    clashes = foreign_siblings(root)
    if clashes:
        for name, _ in clashes:
            sys.modules.pop(name, None)
        sys.path.insert(0, str(root))
    from voice_host.cli.main import main as cli_main
    from voice_host.terminal.console import print_stderr

    if _signal.getsignal(_signal.SIGINT) is _signal.SIG_DFL:
        _signal.signal(_signal.SIGINT, _signal.default_int_handler)
    if clashes:
        from grammars.it import catalogue

        for name, where in clashes:
            print_stderr(f"voice-host: {catalogue.foreign_top_level_package(name, where)}")
    try:
        return cli_main()
    finally:
        quiet_exit()
