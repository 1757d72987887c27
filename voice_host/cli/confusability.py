"""``python -m voice_host.cli.confusability``: the confusability report of every game, preset, dice and phase.

It prints, per phase, the phrase count, the smallest phoneme distance between
phrases of different meaning and the risky pairs with their decisions, then one
summary line; it exits 1 when a risky pair has no decision.
"""

from __future__ import annotations

import sys

from voice_host.games.registry import decisions, phase_grammars
from voice_host.hearing.decisions import DecisionBook
from voice_host.hearing.report import build_report, print_report


def main() -> int:
    """Print the whole report; exit 1 when some risky pair is undecided."""
    book = DecisionBook(decisions())
    undecided = print_report(build_report(phase_grammars(), book), book, sys.stdout)
    print(f"confusability undecided_pairs={undecided}")
    return 1 if undecided else 0


if __name__ == "__main__":
    sys.exit(main())
