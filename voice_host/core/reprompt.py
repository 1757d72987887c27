"""When nobody answers: how long the host waits before it asks again, and the option that sets it.

After the first wait the host says the player's name and the question again;
after the second, a short help with two examples; then it waits quietly for as
long as it takes. Silence never decides anything. The defaults leave time to
think and to bluff: a Tokio player shakes the cup, peeks and makes up a claim
in 5-15 s, a Yatzi player with physical dice may roll three times before
speaking (15-25 s). Voice assistants reprompt after about 8 s; a table game
needs more than twice that, or the host nags a player who is only thinking.
"""

from __future__ import annotations

import argparse
import math

from grammars.it import catalogue as say

#: Seconds of silence before the question is asked again, then before the short help.
DEFAULT_WAITS: tuple[float, float] = (20.0, 20.0)
#: The longest wait the option takes (an hour): longer is "never", which is ``off``.
MAX_WAIT_S = 3600.0


def parse_waits(text: str) -> tuple[float, ...]:
    """``--reprompt-s``: "20" (both waits), "20,30" (each), or "0"/"off" (never: an empty tuple).

    >>> parse_waits("20"), parse_waits("12,20.5"), parse_waits("off"), parse_waits("0")
    ((20.0, 20.0), (12.0, 20.5), (), ())
    """
    cleaned = text.strip().lower()
    if cleaned in ("off", "0", "0,0"):
        return ()
    try:
        values = tuple(float(part) for part in cleaned.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(say.bad_reprompt_waits(text)) from None
    if len(values) not in (1, 2) or not all(math.isfinite(v) and 0 < v <= MAX_WAIT_S for v in values):
        raise argparse.ArgumentTypeError(say.bad_reprompt_waits(text))
    return values * 2 if len(values) == 1 else values
