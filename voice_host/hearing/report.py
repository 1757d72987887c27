"""The confusability report: every game, preset, dice and phase, with its decisions.

For each phase it gives the phrase count, the smallest phoneme distance between
phrases of different meaning and the risky pairs with their decisions. The games'
grammars come in as an argument: ``python -m voice_host.cli.confusability`` passes
every game's (:func:`voice_host.games.registry.phase_grammars`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TextIO

from grammars.phrases import PhaseGrammar
from voice_host.hearing.confusability import (
    PairKind,
    RiskyPair,
    minimum_distance,
    risky_pairs,
)
from voice_host.hearing.decisions import DecisionBook
from voice_host.hearing.phonemes import IpaCache


@dataclass(frozen=True)
class PhaseReport:
    """The confusability of one phase."""

    name: str
    phrases: int
    minimum: int
    risky: tuple[RiskyPair, ...]
    undecided: tuple[RiskyPair, ...]


def build_report(grammars: Iterable[PhaseGrammar], book: DecisionBook, ipa: IpaCache | None = None
                 ) -> list[PhaseReport]:
    """One :class:`PhaseReport` per phase of ``grammars`` (``ipa``: the phonemes, espeak-ng's Italian by default;
    a proxy's phrases are compared in their own language)."""
    ipa = ipa if ipa is not None else IpaCache()
    reports = []
    for grammar in grammars:
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

