"""argparse in Italian: usage, help and errors as one Italian line (exit 2).

argparse builds its texts in English; this parser gives its help and usage the
Italian words of the catalogue and turns each error message into Italian with
the catalogue's patterns, so a user never reads "usage:" or "invalid choice".
"""

from __future__ import annotations

import argparse
import difflib
import re
import sys
from typing import Any, NoReturn

from grammars.it import catalogue, command_line
from voice_host.errors import EXIT_USAGE
from voice_host.terminal.printable import printable


class _ItalianFormatter(argparse.HelpFormatter):
    """Help formatter whose usage line starts with "uso:", and whose options say their default."""

    def add_usage(self, usage: str | None, actions: Any, groups: Any, prefix: str | None = None) -> None:
        super().add_usage(
            usage, actions, groups, prefix=catalogue.ARGPARSE_WORDS["usage"] if prefix is None else prefix
        )

    def _get_help_string(self, action: argparse.Action) -> str | None:
        """The help, with "(predefinito: X)" when the option has a default its text does not already give."""
        text = action.help or ""
        default = action.default
        if (not action.option_strings or default is None or default is argparse.SUPPRESS
                or isinstance(default, bool) or "predefinit" in text or not text):
            return action.help
        shown = ",".join(str(v) for v in default) if isinstance(default, (tuple, list)) else str(default)
        return f"{text} {command_line.default_note(shown)}".replace("%", "%%") if "%" not in text else action.help


class _StoreOnce(argparse._StoreAction):
    """``store``, refusing the same option given again with another value (``--game tokio --game yatzi``).

    The values already given are kept on the namespace under a private name that
    :meth:`ItalianArgumentParser.parse_known_args` removes.
    """

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        given: dict[str, tuple[str, Any]] = namespace.__dict__.setdefault(_GIVEN, {})
        if self.dest in given and given[self.dest][1] != values:
            first, _ = given[self.dest]
            parser.error(command_line.option_repeated(option_string or self.dest, first, str(values)))
        given[self.dest] = (str(values), values)
        super().__call__(parser, namespace, values, option_string)


_GIVEN = "_voice_host_given"


#: How alike a misspelt word and a candidate must be (difflib's ratio) to be offered: a swapped or
#: missing letter passes ("--plyers" 0.94, "--gmae" 0.83); a different word does not ("--colore" and
#: "--volume" share only their dashes and three letters: 0.63).
CLOSE = 0.75


def suggestions(word: str, candidates: list[str]) -> list[str]:
    """The candidates close to a misspelt ``word`` (at most three, closest first).

    >>> suggestions("--plyers", ["--players", "--rules", "--dice"])
    ['--players']
    >>> suggestions("keybord", ["auto", "voice", "keyboard"])
    ['keyboard']
    """
    return difflib.get_close_matches(word, candidates, n=3, cutoff=CLOSE)


def with_suggestion(message: str, word: str, candidates: list[str]) -> str:
    """``message``, followed by "forse intendevi X?" when some candidate is close to ``word``."""
    close = suggestions(word, candidates)
    return f"{message}; {command_line.did_you_mean(close)}" if close else message


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
        self.register("action", None, _StoreOnce)
        self.register("action", "store", _StoreOnce)
        if add_help:
            self.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS,
                              help=catalogue.ARGPARSE_WORDS["help"])

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        """As argparse's, with an Italian placeholder for an option's value when none is named."""
        action = super().add_argument(*args, **kwargs)
        if action.option_strings and action.metavar is None and action.nargs != 0 and action.choices is None:
            action.metavar = command_line.PLACEHOLDERS.get(action.dest, action.metavar)
        return action

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        """As argparse's, without the private record of the values given (see :class:`_StoreOnce`).

        The subcommand chosen is remembered, so that a misspelt option is matched against its options only.
        """
        parsed, extras = super().parse_known_args(args, namespace)
        parsed.__dict__.pop(_GIVEN, None)
        self._chosen = getattr(parsed, "command", None)
        return parsed, extras

    def error(self, message: str) -> NoReturn:
        """Print one Italian line and exit 2 (argparse would print the usage and English)."""
        line = italian_message(message)
        unknown = re.match(r"^unrecognized arguments: (\S+)", message)
        choice = re.match(r"^argument \S+: invalid choice: '?(?P<value>[^']*)'? \(choose from (?P<choices>.+)\)$",
                          message)
        if unknown:
            line = with_suggestion(line, unknown.group(1), sorted(self._all_options(getattr(self, "_chosen", None))))
        elif choice:
            offered = [c.strip().strip("'") for c in choice.group("choices").split(",")]
            line = with_suggestion(line, choice.group("value"), offered)
        print(printable(catalogue.usage_error(line)), file=sys.stderr)
        raise SystemExit(EXIT_USAGE)

    def _all_options(self, command: str | None = None) -> set[str]:
        """Every option string of this parser and of its subcommands' parsers (only ``command``'s, when given)."""
        found: set[str] = set()
        for action in self._actions:
            found.update(s for s in action.option_strings if s.startswith("--"))
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    if isinstance(sub, ItalianArgumentParser) and command in (None, name):
                        found |= sub._all_options()
        return found
