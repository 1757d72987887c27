"""Test-wide set-up: Hypothesis profiles, and the tests folder importable for shared helpers.

Profiles: ``ci`` (the default, and always when ``CI=true``) runs every property
test in full; ``fast`` (``HYPOTHESIS_PROFILE=fast``, used by ``./run test --fast``)
runs a few examples each for a quick local check.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from hypothesis import HealthCheck, settings

sys.path.insert(0, str(Path(__file__).parent))

settings.register_profile("ci", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("fast", max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci" if os.environ.get("CI") == "true" else os.environ.get("HYPOTHESIS_PROFILE") or "ci")
