"""Where the user's settings are kept on each system.

>>> config_dir("linux", {"HOME": "/home/ada"}).as_posix()
'/home/ada/.config/voice-host'
>>> config_dir("darwin", {"HOME": "/Users/ada"}).as_posix()
'/Users/ada/Library/Preferences/voice-host'
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from pathlib import Path

APP = "voice-host"


def config_dir(system: str = sys.platform, environ: Mapping[str, str] | None = None) -> Path:
    """``$XDG_CONFIG_HOME/voice-host`` (Linux), ``~/Library/Preferences/voice-host`` (macOS), ``%APPDATA%``."""
    env = os.environ if environ is None else environ
    home = Path(env["HOME"]) if "HOME" in env else Path.home()
    if system == "win32":
        return Path(env.get("APPDATA") or home / "AppData" / "Roaming") / APP
    if system == "darwin":
        return home / "Library" / "Preferences" / APP
    return Path(env.get("XDG_CONFIG_HOME") or home / ".config") / APP
