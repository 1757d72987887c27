"""setuptools' build backend, building wheels and sdists in a copy of the sources.

pip builds a project in its own folder, and setuptools leaves ``build/`` and
``voice_host.egg-info/`` there: ``pipx install .`` from a checkout would litter
it. This backend copies what the build reads (``pyproject.toml``, ``README.md``
and the three packages) into a temporary folder and lets setuptools work there;
editable installs (``./run``) still build in place, as they must.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from setuptools import build_meta
from setuptools.build_meta import (  # noqa: F401  (re-exported hooks, unchanged)
    build_editable,
    get_requires_for_build_editable,
    prepare_metadata_for_build_editable,
)

SOURCES = ("pyproject.toml", "README.md", "engine", "grammars", "voice_host")


@contextlib.contextmanager
def _in_a_copy() -> Iterator[None]:
    here = Path.cwd()
    with tempfile.TemporaryDirectory(prefix="voice-host-build-") as scratch:
        for name in SOURCES:
            source = here / name
            if source.is_dir():
                shutil.copytree(source, Path(scratch) / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
            else:
                shutil.copy2(source, Path(scratch) / name)
        os.chdir(scratch)
        try:
            yield
        finally:
            os.chdir(here)


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    """setuptools' hook (it runs egg_info), run in a copy."""
    with _in_a_copy():
        return list(build_meta.get_requires_for_build_wheel(config_settings))


def get_requires_for_build_sdist(config_settings: dict[str, Any] | None = None) -> list[str]:
    """setuptools' hook (it runs egg_info), run in a copy."""
    with _in_a_copy():
        return list(build_meta.get_requires_for_build_sdist(config_settings))


def prepare_metadata_for_build_wheel(metadata_directory: str, config_settings: dict[str, Any] | None = None) -> str:
    """setuptools' hook, run in a copy."""
    with _in_a_copy():
        return build_meta.prepare_metadata_for_build_wheel(os.path.abspath(metadata_directory), config_settings)


def build_wheel(wheel_directory: str, config_settings: dict[str, Any] | None = None,
                metadata_directory: str | None = None) -> str:
    """setuptools' hook, run in a copy."""
    wheel_directory = os.path.abspath(wheel_directory)
    metadata = os.path.abspath(metadata_directory) if metadata_directory else None
    with _in_a_copy():
        return build_meta.build_wheel(wheel_directory, config_settings, metadata)


def build_sdist(sdist_directory: str, config_settings: dict[str, Any] | None = None) -> str:
    """setuptools' hook, run in a copy."""
    sdist_directory = os.path.abspath(sdist_directory)
    with _in_a_copy():
        return build_meta.build_sdist(sdist_directory, config_settings)
