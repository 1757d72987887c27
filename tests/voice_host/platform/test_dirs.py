"""The host's folders on each system, the system faked through ``system=`` and the environment passed in."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from voice_host.platform.dirs import cache_dir, model_dir, state_dir

LINUX_HOME = {"HOME": "/home/ada"}
MAC_HOME = {"HOME": "/Users/ada"}
WINDOWS = {"LOCALAPPDATA": r"C:\Users\ada\AppData\Local", "USERPROFILE": r"C:\Users\ada"}


def test_linux_folders_are_the_ones_the_host_always_used() -> None:
    # ~/.local/state/voice-host for journals, ~/.cache/voice-host for tables, vosk's ~/.cache/vosk for models
    assert state_dir("linux", LINUX_HOME) == Path("/home/ada/.local/state/voice-host")
    assert cache_dir("linux", LINUX_HOME) == Path("/home/ada/.cache/voice-host")
    assert model_dir("linux", LINUX_HOME) == Path("/home/ada/.cache/vosk")


def test_linux_follows_xdg_for_state_and_cache_but_not_for_vosks_model_folder() -> None:
    env = {**LINUX_HOME, "XDG_STATE_HOME": "/x/state", "XDG_CACHE_HOME": "/x/cache"}
    assert state_dir("linux", env) == Path("/x/state/voice-host")
    assert cache_dir("linux", env) == Path("/x/cache/voice-host")
    assert model_dir("linux", env) == Path("/home/ada/.cache/vosk")


def test_an_empty_xdg_variable_counts_as_unset() -> None:
    env = {**LINUX_HOME, "XDG_STATE_HOME": "", "XDG_CACHE_HOME": ""}
    assert state_dir("linux", env) == Path("/home/ada/.local/state/voice-host")
    assert cache_dir("linux", env) == Path("/home/ada/.cache/voice-host")


def test_other_unix_systems_use_the_linux_layout() -> None:
    assert state_dir("freebsd14", LINUX_HOME) == Path("/home/ada/.local/state/voice-host")


def test_macos_folders_are_under_library() -> None:
    assert state_dir("darwin", MAC_HOME) == Path("/Users/ada/Library/Application Support/voice-host")
    assert cache_dir("darwin", MAC_HOME) == Path("/Users/ada/Library/Caches/voice-host")
    assert model_dir("darwin", MAC_HOME) == Path("/Users/ada/Library/Application Support/voice-host/models")


def test_macos_ignores_xdg() -> None:
    env = {**MAC_HOME, "XDG_STATE_HOME": "/x/state", "XDG_CACHE_HOME": "/x/cache"}
    assert state_dir("darwin", env) == Path("/Users/ada/Library/Application Support/voice-host")
    assert cache_dir("darwin", env) == Path("/Users/ada/Library/Caches/voice-host")


def test_windows_folders_are_under_local_app_data() -> None:
    local = Path(r"C:\Users\ada\AppData\Local")
    assert state_dir("win32", WINDOWS) == local / "voice-host" / "state"
    assert cache_dir("win32", WINDOWS) == local / "voice-host" / "cache"
    assert model_dir("win32", WINDOWS) == local / "voice-host" / "models"


def test_windows_without_local_app_data_uses_the_profiles_appdata_local() -> None:
    env = {"USERPROFILE": r"C:\Users\ada", "HOME": "/ignored"}
    assert state_dir("win32", env) == Path(r"C:\Users\ada") / "AppData" / "Local" / "voice-host" / "state"


def test_the_default_system_and_environment_are_this_process(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", "/home/bea")
    monkeypatch.delenv("XDG_STATE_HOME", raising=False)
    assert sys.platform.startswith("linux")  # this suite runs on Linux; the other systems are faked above
    assert state_dir() == Path("/home/bea/.local/state/voice-host")
