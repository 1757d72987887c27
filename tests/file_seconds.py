"""A pytest plugin for ``split_run.py``: the seconds each file's tests took, written where
``VOICE_HOST_FILE_SECONDS`` names when the run ends (nothing without it)."""

from __future__ import annotations

import json
import os
import time
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

import pytest

_SECONDS: dict[str, float] = defaultdict(float)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    """Time one test, its fixtures and its report, under its file."""
    started = time.perf_counter()
    yield
    _SECONDS[item.nodeid.split("::")[0]] += time.perf_counter() - started


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Write the seconds per file."""
    target = os.environ.get("VOICE_HOST_FILE_SECONDS")
    if target:
        Path(target).write_text(json.dumps({k: round(v, 3) for k, v in _SECONDS.items()}), encoding="utf-8")
