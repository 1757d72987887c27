"""What was decided for each risky pair of phrases, read from each game's ``decisions.json``.

Each entry covers pairs of one phase group ("tokio/claim", the same for every
preset and dice) and records one decision with its reason:

- ``confirm``: a costly action heard with low confidence is asked back ("Hai detto
  ventuno?"); heard clearly it is not;
- ``accept``: the rules make the mistake harmless (the reason says why);
- ``drop`` / ``replace``: the synonym leaves the grammar (or is replaced).

A pair is named "a ~ b" with the two canonical texts in sorted order.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from voice_host.hearing.confusability import RiskyPair

#: The decisions a pair may get.
KINDS = frozenset({"confirm", "accept", "drop", "replace"})


@dataclass(frozen=True)
class Decision:
    """One decision about some pairs of one phase group."""

    group: str
    decision: str
    reason: str
    pairs: frozenset[str]


class DecisionError(ValueError):
    """The decisions file is malformed."""


def load_decisions(path: Path) -> list[Decision]:
    """Every decision of ``path`` (DecisionError when malformed)."""
    raw = json.loads(path.read_text(encoding="utf-8"))
    decisions: list[Decision] = []
    for index, entry in enumerate(raw.get("decisions", [])):
        try:
            decision = Decision(
                str(entry["group"]), str(entry["decision"]), str(entry["reason"]).strip(), frozenset(entry["pairs"])
            )
        except (KeyError, TypeError) as exc:
            raise DecisionError(f"{path.name}: entry {index}: {exc}") from None
        if decision.decision not in KINDS:
            raise DecisionError(f"{path.name}: entry {index}: unknown decision {decision.decision!r}")
        if not decision.reason:
            raise DecisionError(f"{path.name}: entry {index}: a decision needs its reason")
        decisions.append(decision)
    return decisions


class DecisionBook:
    """Looks up the decision for a risky pair."""

    def __init__(self, decisions: Iterable[Decision]) -> None:
        self._by_pair: dict[tuple[str, str], Decision] = {}
        for decision in decisions:
            for label in decision.pairs:
                self._by_pair[(decision.group, label)] = decision

    def for_pair(self, pair: RiskyPair) -> Decision | None:
        """The decision recorded for ``pair``, or None when undecided."""
        return self._by_pair.get((pair.group, pair.label))

    def undecided(self, pairs: Iterable[RiskyPair]) -> list[RiskyPair]:
        """The pairs with no recorded decision."""
        return [pair for pair in pairs if self.for_pair(pair) is None]

    def labels(self) -> set[tuple[str, str]]:
        """Every (group, "a ~ b") decided."""
        return set(self._by_pair)
