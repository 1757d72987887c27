"""argparse in Italian: usage, help and errors as one Italian line (exit 2).

argparse builds its texts in English; this parser gives its help and usage the
Italian words of the catalogue and turns each error message into Italian with
the catalogue's patterns, so a user never reads "usage:" or "invalid choice".
"""

from __future__ import annotations

import argparse
import re
import sys
from typing import Any, NoReturn

from grammars.it import catalogue
from voice_host.errors import EXIT_USAGE
from voice_host.terminal.printable import printable


class _ItalianFormatter(argparse.HelpFormatter):
    """Help formatter whose usage line starts with "uso:"."""

    def add_usage(self, usage: str | None, actions: Any, groups: Any, prefix: str | None = None) -> None:
        super().add_usage(
            usage, actions, groups, prefix=catalogue.ARGPARSE_WORDS["usage"] if prefix is None else prefix
        )


def italian_message(message: str) -> str:
    """argparse's English ``message`` in Italian (unchanged when no pattern knows it).

    >>> italian_message("argument --dice: invalid choice: '5' (choose from 4, 6, 8, 10)")
    "--dice: '5' non va bene, scegli tra 4, 6, 8, 10"
    >>> italian_message("the following arguments are required: command")
    'manca: command'
    """
    for pattern, template in catalogue.ARGPARSE_MESSAGES:
        match = re.match(pattern, message)
        if match:
            return template.format(**match.groupdict())
    return message


class ItalianArgumentParser(argparse.ArgumentParser):
    """An ArgumentParser that speaks Italian and reports errors in one line, exit 2."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        add_help = kwargs.pop("add_help", True)
        kwargs.setdefault("formatter_class", _ItalianFormatter)
        kwargs["add_help"] = False  # our own -h/--help below, with Italian help text
        super().__init__(*args, **kwargs)
        self._positionals.title = catalogue.ARGPARSE_WORDS["positional"]
        self._optionals.title = catalogue.ARGPARSE_WORDS["options"]
        if add_help:
            self.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS,
                              help=catalogue.ARGPARSE_WORDS["help"])

    def error(self, message: str) -> NoReturn:
        """Print one Italian line and exit 2 (argparse would print the usage and English)."""
        print(printable(catalogue.usage_error(italian_message(message))), file=sys.stderr)
        raise SystemExit(EXIT_USAGE)
