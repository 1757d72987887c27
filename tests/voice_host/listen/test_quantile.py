"""The cheap percentile gives numpy's value (numpy's own implementation is the reference)."""

from __future__ import annotations

import numpy as np
import pytest

from voice_host.listen.quantile import percentile


@pytest.mark.parametrize("size", [1, 2, 3, 40, 80, 81])
@pytest.mark.parametrize("q", [0.0, 20.0, 50.0, 95.0, 100.0])
def test_it_agrees_with_numpy(size: int, q: float) -> None:
    rng = np.random.default_rng(size * 1000 + int(q))
    values = rng.normal(40.0, 12.0, size).tolist()
    assert percentile(values, q) == pytest.approx(float(np.percentile(values, q)), abs=1e-9)


def test_ties_and_order_do_not_matter() -> None:
    assert percentile([5.0, 5.0, 1.0, 9.0, 5.0], 20.0) == pytest.approx(float(np.percentile([1, 5, 5, 5, 9], 20)))
    assert percentile(iter([3.0, 1.0, 2.0]), 50.0) == 2.0


def test_no_values_is_refused() -> None:
    with pytest.raises(ValueError):
        percentile([], 20.0)
