"""The ``voice-host`` console script: Ctrl-C while the command line is still being imported ends quietly.

Python turns SIGINT into ``KeyboardInterrupt`` from its first moment, so Ctrl-C
during the imports (the first tens of milliseconds) would print a traceback.
Until the command line is imported SIGINT takes its default action (the process
ends, exit status 130 in the shell, nothing printed); then Python's handler is
back and :func:`voice_host.cli.main` handles Ctrl-C as usual. Only the C module
``_signal`` is imported first: ``signal`` itself takes milliseconds (its enums).
"""

from __future__ import annotations

import _signal  # type: ignore[import-not-found]  # the C module behind signal, no stubs


def quiet_interrupt() -> None:
    """Let SIGINT end the process without a word (unless it is ignored, as in a background job)."""
    if _signal.getsignal(_signal.SIGINT) is not _signal.SIG_IGN:
        _signal.signal(_signal.SIGINT, _signal.SIG_DFL)


def main() -> int:
    """Import the command line with Ctrl-C quiet, then run it."""
    quiet_interrupt()
    from voice_host.cli import main as cli_main

    if _signal.getsignal(_signal.SIGINT) is _signal.SIG_DFL:
        _signal.signal(_signal.SIGINT, _signal.default_int_handler)
    return cli_main()
