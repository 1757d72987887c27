"""The settings file's option defaults put under the command line: what is typed still wins.

``rate = 160`` in ``impostazioni.toml`` makes ``--rate 160`` the default of ``play``,
``serata`` and ``riprendi``. Each value goes through the option's own check (its
``type`` and ``choices``), so a value the command line would refuse is refused here
too, named in one Italian line, and the option keeps its own default.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from pathlib import Path

from grammars.evening import sentences as says
from voice_host.evening.settings import OPTION_KEYS
from voice_host.terminal.console import print_stderr

#: The commands whose options the settings file may set; ``impostazioni`` checks them as ``play`` takes them.
COMMANDS = {"play": "play", "serata": "serata", "riprendi": "riprendi", "impostazioni": "play"}


def apply_remembered(parser: argparse.ArgumentParser, command: str, options: Mapping[str, str], path: Path) -> None:
    """Make each of ``options`` (an option -> its text) the default of ``command``'s option of that name."""
    sub = _subcommand(parser, command)
    if sub is None:
        return
    keys = {option: key for key, (option, _) in OPTION_KEYS.items()}
    for option, text in options.items():
        action = sub._option_string_actions.get(option)
        if action is None:
            continue
        try:
            value = action.type(text) if callable(action.type) else text
        except (argparse.ArgumentTypeError, TypeError, ValueError) as exc:
            print_stderr(f"voice-host: {says.settings_option_bad(str(path), keys[option], str(exc) or text)}")
            continue
        if action.choices is not None and value not in action.choices:
            allowed = " o ".join(map(str, action.choices))
            print_stderr(f"voice-host: {says.settings_option_bad(str(path), keys[option], f'ci vuole {allowed}')}")
            continue
        sub.set_defaults(**{action.dest: value})


def _subcommand(parser: argparse.ArgumentParser, command: str) -> argparse.ArgumentParser | None:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            found = action.choices.get(command)
            return found if isinstance(found, argparse.ArgumentParser) else None
    return None
