"""The two kinds of failure the command line reports in one line, with their exit codes.

Every module raises a subclass of one of these; ``voice_host.cli`` prints the
message (cleaned for the terminal) and exits with the code below.
"""

from __future__ import annotations


class InputError(Exception):
    """Bad usage or input (options, scripts, journals, typed lines): exit 2."""


class WriteFailure(Exception):
    """A write that should have succeeded did not (disk full, I/O error): exit 4."""
