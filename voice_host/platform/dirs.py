"""The host's own folders on each system: state (journals), cache (solved tables) and models.

- Linux (and every system but ``win32`` and ``darwin``: the BSDs use XDG too):
  state ``$XDG_STATE_HOME/voice-host`` (``~/.local/state/voice-host``), cache
  ``$XDG_CACHE_HOME/voice-host`` (``~/.cache/voice-host``), models ``~/.cache/vosk``
  (vosk's own folder);
- macOS: state ``~/Library/Application Support/voice-host``, cache
  ``~/Library/Caches/voice-host``, models ``~/Library/Application Support/voice-host/models``;
- Windows: ``%LOCALAPPDATA%\\voice-host\\`` with ``state``, ``cache`` and ``models`` in it.

The model is kept out of macOS's Caches on purpose: the system may empty Caches
when the disk fills, and the host needs the model offline at the table.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from pathlib import Path

APP = "voice-host"


def state_dir(system: str = sys.platform, environ: Mapping[str, str] | None = None) -> Path:
    """Where journals are kept.

    >>> state_dir("linux", {"HOME": "/home/ada"}).as_posix()
    '/home/ada/.local/state/voice-host'
    """
    env = os.environ if environ is None else environ
    if system == "win32":
        return _local_app_data(env) / APP / "state"
    if system == "darwin":
        return _home(env) / "Library" / "Application Support" / APP
    return Path(env.get("XDG_STATE_HOME") or _home(env) / ".local" / "state") / APP


def cache_dir(system: str = sys.platform, environ: Mapping[str, str] | None = None) -> Path:
    """Where recomputable files are kept (the solved Yatzi tables).

    >>> cache_dir("darwin", {"HOME": "/Users/ada"}).as_posix()
    '/Users/ada/Library/Caches/voice-host'
    """
    env = os.environ if environ is None else environ
    if system == "win32":
        return _local_app_data(env) / APP / "cache"
    if system == "darwin":
        return _home(env) / "Library" / "Caches" / APP
    return Path(env.get("XDG_CACHE_HOME") or _home(env) / ".cache") / APP


def model_dir(system: str = sys.platform, environ: Mapping[str, str] | None = None) -> Path:
    """Where a downloaded speech model goes (and is looked for).

    >>> model_dir("linux", {"HOME": "/home/ada"}).as_posix()
    '/home/ada/.cache/vosk'
    """
    env = os.environ if environ is None else environ
    if system == "win32":
        return _local_app_data(env) / APP / "models"
    if system == "darwin":
        return _home(env) / "Library" / "Application Support" / APP / "models"
    return _home(env) / ".cache" / "vosk"


def _home(env: Mapping[str, str]) -> Path:
    """``$HOME`` of ``env``, else the process owner's home."""
    return Path(env["HOME"]) if "HOME" in env else Path.home()


def _local_app_data(env: Mapping[str, str]) -> Path:
    """``%LOCALAPPDATA%``, else ``%USERPROFILE%\\AppData\\Local``."""
    if env.get("LOCALAPPDATA"):
        return Path(env["LOCALAPPDATA"])
    return Path(env.get("USERPROFILE") or Path.home()) / "AppData" / "Local"
