"""The confusability report: every game, preset, dice and phase, with its decisions.

``python -m voice_host.hearing.report`` prints, per phase, the phrase count, the
smallest phoneme distance between phrases of different meaning and the risky
pairs with their decisions; it exits 1 when a risky pair has no decision.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TextIO

from voice_host.hearing.confusability import (
    PairKind,
    PhaseGrammar,
    RiskyPair,
    all_grammars,
    minimum_distance,
    risky_pairs,
)
from voice_host.hearing.decisions import DecisionBook, load_decisions
from voice_host.hearing.phonemes import IpaCache


@dataclass(frozen=True)
class PhaseReport:
    """The confusability of one phase."""

    name: str
    phrases: int
    minimum: int
    risky: tuple[RiskyPair, ...]
    undecided: tuple[RiskyPair, ...]


def build_report(grammars: Iterable[PhaseGrammar] | None = None, book: DecisionBook | None = None) -> list[PhaseReport]:
    """One :class:`PhaseReport` per phase (all games by default)."""
    ipa = IpaCache()
    book = book if book is not None else DecisionBook(load_decisions())
    reports = []
    for grammar in grammars if grammars is not None else all_grammars():
        risky = tuple(risky_pairs(grammar, ipa))
        reports.append(
            PhaseReport(
                grammar.name,
                len({p.text for p in grammar.phrases}),
                minimum_distance(grammar, ipa),
                risky,
                tuple(book.undecided(risky)),
            )
        )
    return reports


def print_report(reports: Iterable[PhaseReport], book: DecisionBook, out: TextIO) -> int:
    """Print the report; return how many risky pairs are undecided."""
    undecided = 0
    for report in reports:
        tails = sum(1 for p in report.risky if p.kind is PairKind.TAIL)
        print(
            f"{report.name}: phrases={report.phrases} min_distance={report.minimum} "
            f"close_pairs={len(report.risky) - tails} tail_pairs={tails} undecided={len(report.undecided)}",
            file=out,
        )
        for pair in report.risky:
            decision = book.for_pair(pair)
            verdict = decision.decision if decision else "UNDECIDED"
            print(f"  {pair.kind} d={pair.distance} {pair.label}: {verdict}", file=out)
        undecided += len(report.undecided)
    return undecided


def main() -> int:
    """Print the whole report; exit 1 when some risky pair is undecided."""
    book = DecisionBook(load_decisions())
    undecided = print_report(build_report(book=book), book, sys.stdout)
    print(f"confusability undecided_pairs={undecided}")
    return 1 if undecided else 0


if __name__ == "__main__":
    sys.exit(main())
