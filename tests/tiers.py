"""The two test tiers: which one runs, and what the fast one runs of a family of cases.

``./run test`` (and CI) runs the full tier; ``./run test --fast`` the fast one, chosen by the
environment variable ``HYPOTHESIS_PROFILE`` (``CI=true`` always means the full tier). A test
that repeats one check over many cases of the same kind (the rig's rooms, rule presets, seeds
of random games) runs every case in the full tier. In the fast tier it runs the first, or
fewer games, so that each kind of check is still made after every change
(:func:`first_in_fast`, :func:`in_full_only`, :func:`sized`).

>>> [getattr(case, "marks", ()) and case.values for case in first_in_fast(["a", "b"])]
[(), ('b',)]
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

import pytest

#: The tier this run is: "ci" (the full tier) or "fast".
TIER = "ci" if os.environ.get("CI") == "true" else os.environ.get("HYPOTHESIS_PROFILE", "ci")


def in_full_only(cases: Sequence[Any]) -> list[Any]:
    """``cases`` for ``pytest.mark.parametrize``, each marked ``slow`` (the full tier only). A tuple case stands
    for several arguments."""
    return [pytest.param(*case, marks=pytest.mark.slow) if isinstance(case, tuple)
            else pytest.param(case, marks=pytest.mark.slow) for case in cases]


def first_in_fast(cases: Sequence[Any]) -> list[Any]:
    """``cases`` for ``pytest.mark.parametrize``: the first in both tiers, the others in the full tier only."""
    return [*cases[:1], *in_full_only(cases[1:])]


def sized(*, full: int, fast: int) -> int:
    """How many (games, steps...) a test makes in this tier."""
    return fast if TIER == "fast" else full
