"""``python -m voice_host.cli.confusability``: the confusability report of every game, preset, dice and phase.

It prints, per phase, the phrase count, the smallest phoneme distance between
phrases of different meaning and the risky pairs with their decisions, then one
summary line; it exits 1 when a risky pair has no decision.
"""

from __future__ import annotations

import sys

from voice_host.games.registry import GAMES, decisions, phase_grammars
from voice_host.hearing.decisions import DecisionBook
from voice_host.hearing.report import build_report, print_report


def main(argv: list[str] | None = None) -> int:
    """Print the whole report; exit 1 when some risky pair is undecided.

    ``--korean-evening``: the report of the Korean stand-ins of an evening
    (:mod:`voice_host.hearing.korean_evening`) in espeak-ng's Korean, where no pair is decided: every risky
    pair counts.
    """
    if "--korean-evening" in (sys.argv[1:] if argv is None else argv):
        from voice_host.hearing.korean_evening import grammars_for_report
        from voice_host.hearing.phonemes import IpaCache

        book = DecisionBook([])
        reports = build_report(grammars_for_report(tuple(GAMES)), book, IpaCache("ko"))
    else:
        book = DecisionBook(decisions())
        reports = build_report(phase_grammars(), book)
    undecided = print_report(reports, book, sys.stdout)
    print(f"confusability undecided_pairs={undecided}")
    return 1 if undecided else 0


if __name__ == "__main__":
    sys.exit(main())
