"""Test-wide set-up: Hypothesis sizes for the two test tiers, and the tests folder importable.

``ci`` (the default, what ``./run test`` and CI use, and always when ``CI=true``)
keeps the suite's full sizes: Hypothesis's own 100 examples per property, 1000
random Tokio games per preset and dice, 60 random Yatzi games. ``fast``
(``./run test --fast``) runs every property with a few examples, so that a
developer can run the fast tier after every change.

The tier is chosen by the environment variable ``HYPOTHESIS_PROFILE`` (``tiers.py``). It loads the
profile of that name as Hypothesis's default, and registers the sizes of the
whole-game properties under the tier's values as the profiles ``tokio-games`` and
``yatzi-games``, which those tests take as their settings' parent
(``@settings(settings.get_profile("tokio-games"), ...)``). This module is imported
before any test module, so the decorators see the chosen tier.

The tests mirror the packages (``tests/voice_host/games/yatzi/test_dialog.py`` tests
``voice_host/games/yatzi/dialog.py``), so two test modules may share a name: pytest
imports them by path (``--import-mode=importlib``, pyproject.toml). The folders of the
shared helpers (``journal_text``, ``fakes``, the end-to-end ``command``, the audio
tests' ``sink_recorder``, the corpus) are put on ``sys.path`` here, so that a helper
imports by its name from any test.

SIGINT is given back its usual handler when the run starts with it ignored: a
shell without job control starts a background command (``./run test &``) with
SIGINT ignored, every host a test starts would inherit that, and the host
rightly keeps an ignored SIGINT ignored (a background job), so every Ctrl-C
test would fail for a reason that is the runner's, not the host's.

SIGHUP likewise: under ``nohup ./run test`` it is ignored, and every SIGHUP test
would hang until its timeout. The run then catches it with a handler that does
nothing (so a hangup still does not stop the run, as nohup wanted), and the
hosts the tests start get the default action (exec resets a caught signal,
never an ignored one).
"""

from __future__ import annotations

import signal
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

#: The folders, below tests/, of the helper modules the tests import by name.
HELPER_FOLDERS = ("", "voice_host", "voice_host/audio", "e2e", "corpus")
for _folder in HELPER_FOLDERS:
    sys.path.insert(0, str(Path(__file__).parent / _folder))

if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:  # see the module's docstring
    signal.signal(signal.SIGINT, signal.default_int_handler)
if hasattr(signal, "SIGHUP") and signal.getsignal(signal.SIGHUP) is signal.SIG_IGN:  # likewise
    signal.signal(signal.SIGHUP, lambda signum, frame: None)

#: Examples per property, per tier: Hypothesis's default and the whole-game properties.
SIZES = {
    "ci": {"default": 100, "tokio-games": 1000, "yatzi-games": 60},
    "fast": {"default": 5, "tokio-games": 2, "yatzi-games": 1},
}

for _tier, _sizes in SIZES.items():
    settings.register_profile(
        _tier, max_examples=_sizes["default"], deadline=None, suppress_health_check=[HealthCheck.too_slow]
    )

from tiers import TIER  # noqa: E402  (the helper folders are on sys.path from here)

if TIER not in SIZES:
    raise pytest.UsageError(f"HYPOTHESIS_PROFILE={TIER!r}: expected one of {', '.join(SIZES)}")
settings.load_profile(TIER)
for _name in ("tokio-games", "yatzi-games"):
    settings.register_profile(_name, max_examples=SIZES[TIER][_name])

