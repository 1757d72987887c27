"""Remembered settings: the last evening's game, rules and players, offered as the next evening's defaults;
and the user's own defaults for how the host sounds, listens and shows (voice, rate, volume, earcon, reprompt
waits, board), written by hand in the same file.

A small TOML file in the user's configuration folder (``impostazioni.toml``), read with
``tomllib`` (``tomli`` on Python 3.10) and written whole (a temporary file renamed over it).
A bad file is one Italian line on stderr naming the key, and the defaults apply; unknown keys
are named, never ignored silently.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from grammars.evening import sentences as says
from voice_host.platform.config_dir import config_dir
from voice_host.storage.atomic_write import write_atomically
from voice_host.terminal.console import print_stderr

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib  # type: ignore[import-not-found, no-redef, unused-ignore]

FILE_NAME = "impostazioni.toml"
#: Every key the file may hold, and the type of its value.
KEYS: Mapping[str, type] = {"game": str, "rules": str, "dice": int, "limit": int, "players": list, "names": list}
#: The keys that hold a command-line option's default, each with its option and the TOML types it may have:
#: ``rate = 160``, ``volume = 0.8``, ``earcon = false`` (or "off"), ``reprompt_s = "20,30"``, ``board = 8080``.
OPTION_KEYS: Mapping[str, tuple[str, tuple[type, ...]]] = {
    "voice": ("--voice", (str,)), "rate": ("--rate", (int,)), "volume": ("--volume", (int, float)),
    "earcon": ("--earcon", (bool, str)), "reprompt_s": ("--reprompt-s", (str, int, float)),
    "board": ("--board", (int,)),
}


@dataclass(frozen=True)
class Settings:
    """What the last evening left: its game, its rule changes, its players, every name heard."""

    game: str | None = None
    rules: Mapping[str, Any] | None = None
    players: list[str] | None = None
    names: tuple[str, ...] = ()
    options: Mapping[str, str] = field(default_factory=dict)
    """Option defaults written by hand: the option ("--rate") -> its value as the command line takes it ("160")."""


_said: set[str] = set()


def _say_once(line: str) -> None:
    """A problem of the file on stderr once per run: the command line and the evening both read the file."""
    if line not in _said:
        _said.add(line)
        print_stderr(line)


def settings_path() -> Path:
    """Where the settings file is."""
    return config_dir() / FILE_NAME


def load_settings(path: Path | None = None) -> Settings:
    """The remembered settings; a missing file is no settings, a bad one one Italian line and no settings."""
    path = path or settings_path()
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return Settings()
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        _say_once(f"voice-host: {says.settings_bad(str(path), 'il file', str(exc).splitlines()[0])}")
        return Settings()
    unknown = [key for key in data if key not in KEYS and key not in OPTION_KEYS]
    if unknown:
        _say_once(f"voice-host: {says.settings_unknown_keys(str(path), unknown)}")
    for key, kind in KEYS.items():
        if key in data and (not isinstance(data[key], kind) or isinstance(data[key], bool)):
            _say_once(f"voice-host: {says.settings_bad(str(path), key, kind.__name__)}")
            return Settings()
    for key in ("players", "names"):
        if not all(isinstance(name, str) and name.strip() for name in data.get(key, [])):
            _say_once(f"voice-host: {says.settings_bad(str(path), key, 'nomi')}")
            return Settings()
    rules = {key: data[key] for key in ("rules", "dice", "limit") if key in data}
    return Settings(data.get("game"), rules, list(data.get("players", [])) or None, tuple(data.get("names", [])),
                    _options(data, path))


def _options(data: Mapping[str, Any], path: Path) -> dict[str, str]:
    """The option defaults of the file, as command-line text; a value of the wrong type is named and left out
    (the option keeps its own default): the rest of the file still counts."""
    options: dict[str, str] = {}
    for key, (option, kinds) in OPTION_KEYS.items():
        if key not in data:
            continue
        value = data[key]
        if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
            _say_once(f"voice-host: {says.settings_option_bad(str(path), key, says.SETTINGS_KINDS[key])}")
            continue
        options[option] = ("on" if value else "off") if isinstance(value, bool) else str(value)
    return options


def option_lines(path: Path) -> list[str]:
    """The option keys of the file as they are written there (kept whole when the evening rewrites the file)."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return []
    return [f"{key} = {_toml(data[key])}" for key in OPTION_KEYS if key in data]


def _toml(value: object) -> str:
    """A TOML scalar: JSON writes strings, integers and floats the same way; booleans are lower case in both."""
    return json.dumps(value, ensure_ascii=False)


def remember(players: list[str], rules: tuple[str, Mapping[str, Any]] | None = None, path: Path | None = None) -> None:
    """Keep this evening's table (and every name heard) for the next one; ``rules`` (a game and its rules) only
    when the players said to save them ("Salvo queste regole come predefinite?" "sì"), else the saved ones stay.

    A failure to write is said, never fatal.
    """
    path = path or settings_path()
    earlier = load_settings(path) if path.exists() else Settings()
    names = list(dict.fromkeys([*earlier.names, *players]))[-500:]
    game, chosen = rules if rules is not None else (earlier.game, earlier.rules or {})
    lines = [f"game = {json.dumps(game)}"] if game else []
    lines += [f"{key} = {json.dumps(chosen[key], ensure_ascii=False)}" for key in ("rules", "dice", "limit")
              if isinstance(chosen.get(key), (str, int))]
    lists = (("players", players), ("names", names))
    lines += [f"{key} = {json.dumps(value, ensure_ascii=False)}" for key, value in lists]
    lines += option_lines(path) if path.exists() else []
    text = "\n".join(lines) + "\n"
    try:
        os.makedirs(path.parent, mode=0o700, exist_ok=True)
        write_atomically(path, lambda handle: handle.write(text.encode("utf-8")))
    except OSError as exc:
        _say_once(f"voice-host: {says.settings_bad(str(path), 'scrittura', str(exc))}")


def shown(path: Path | None = None) -> list[str]:
    """What ``voice-host impostazioni`` prints: where the file is, then each setting (a bad file: its line first)."""
    path = path or settings_path()
    if not path.exists():
        return [says.settings_none(str(path))]
    settings = load_settings(path)
    values: dict[str, Any] = {"game": settings.game, **(settings.rules or {}), "players": settings.players,
                              "names": len(settings.names) if settings.names else None,
                              **{key: settings.options.get(option) for key, (option, _) in OPTION_KEYS.items()}}
    lines = [says.settings_shown(str(path))]
    for key, label in says.SETTINGS_LABELS.items():
        value = values.get(key)
        if value is not None:
            lines.append(f"  {label}: {', '.join(value) if isinstance(value, list) else value}")
    return lines
