"""The two kinds of failure the command line reports in one line, with their exit codes.

Every module raises a subclass of one of these; ``voice_host.cli.main`` catches only
these two bases, prints the message (cleaned for the terminal) and exits with
the code below.

Exit codes (also in the README, "Reliability"):

- 0 the game finished, or the players ended it (``fine partita``);
- 2 bad usage or input: options, scripts, typed lines, journals (one clear line, no traceback);
- 3 the input ended before the game;
- 4 a write failed (disk full, I/O error: journal, summary, terminal); the journal stays resumable;
  a result printed into a closed pipe (``analizza J | head -1``) exits 4 without a word;
- 129 SIGHUP, 130 Ctrl-C, 143 SIGTERM: stopped from outside, summary written.
"""

from __future__ import annotations

EXIT_OK, EXIT_USAGE, EXIT_INPUT_ENDED, EXIT_WRITE_FAILED, EXIT_INTERRUPTED = 0, 2, 3, 4, 130


class InputError(Exception):
    """Bad usage or input (options, scripts, journals, typed lines): exit 2."""


class WriteFailure(Exception):
    """A write that should have succeeded did not (disk full, I/O error): exit 4."""


class UsageError(InputError):
    """Bad arguments or files given on the command line: printed as one line, exit 2."""
