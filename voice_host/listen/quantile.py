"""A low percentile of a few dozen recent levels, cheaply: the room's floor, chunk by chunk.

Every 50 ms chunk asks for the room's floor (the energy tracker, the speech
gate), and ``numpy.percentile`` costs about 0.15 ms a call on a few dozen
values, most of it dispatch: over 1 % of a core while nobody speaks
(profiled over ``bench/idle.py``'s babble). Sorting a short
list in pure Python is ten times cheaper and gives the same value.
"""

from __future__ import annotations

import math
from collections.abc import Iterable


def percentile(values: Iterable[float], q: float) -> float:
    """The ``q``-th percentile (0-100) of ``values``, interpolated linearly between the two nearest ranks
    (numpy's default method); ``values`` must not be empty.

    >>> percentile([4.0, 1.0, 3.0, 2.0], 20.0)
    1.6
    >>> percentile([7.0], 50.0)
    7.0
    """
    ordered = sorted(values)
    if not ordered:
        raise ValueError("percentile of no values")
    position = (len(ordered) - 1) * q / 100.0
    below = math.floor(position)
    above = min(below + 1, len(ordered) - 1)
    fraction = position - below
    return ordered[below] + (ordered[above] - ordered[below]) * fraction
