"""The Tokio computer seat's ``forte`` strategy, solved once per rules and kept in the user's cache folder.

Solving a round takes seconds (some 15 s on d10), so the solved strategy is kept
in ``$XDG_CACHE_HOME/voice-host/tokio-<key>.npz`` (``~/.cache`` without XDG) as
one float32 array: state by state, the claims (own roll by choice), the answers
(choice by answer) and the state's value, in the order of the round's tree. The
tree itself is cheap and is always read off the engine again, so the file's shape
follows from the rules. The key hashes every field of the rules (but the limit,
which does not change a round) and ``FORMAT_VERSION``.

The file is read and written by :mod:`voice_host.storage.array_cache` (a regular file
only, its size, members and headers checked before anything is allocated; written
through a private temporary file, fsynced and renamed). Values that are whole but
are not a strategy of that tree (a probability below 0 or above 1, a row that does
not sum to 1, weight on an answer the rules forbid) are refused too: every refused
file is solved again and overwritten.

A strategy just solved is rounded to float32 exactly as the file keeps it, so a
game that solved its strategy and a game that read it play the same moves from
the same seed (a resume on another start replays the same decisions).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping
from dataclasses import replace
from functools import cache
from pathlib import Path

import numpy as np

from engine.tokio.round import RoundTree, build_round
from engine.tokio.rules import TokioRules
from engine.tokio.solver import FloatArray as Probabilities
from engine.tokio.solver import StateStrategy, TokioStrategy, answer_cells, solve
from grammars.tokio import sentences as tokio_say
from voice_host.platform import dirs
from voice_host.storage.array_cache import FloatArray, key_of, read_values, write_values
from voice_host.terminal.console import print_stderr

#: Bump when the array's meaning or layout changes: old files are then solved again.
FORMAT_VERSION = 1

#: How far a row of probabilities read back may be from summing to 1 (float32 rounding).
ROW_TOLERANCE = 1e-4

Solver = Callable[[RoundTree], TokioStrategy]


def round_rules(rules: TokioRules) -> TokioRules:
    """``rules`` as far as one round goes: the limit does not change it."""
    return replace(rules, limit=1)


def rules_key(rules: TokioRules) -> str:
    """A short hash of every field of ``rules`` but the limit, and of ``FORMAT_VERSION``."""
    return key_of(FORMAT_VERSION, round_rules(rules))


def strategy_path(rules: TokioRules, folder: Path | None = None) -> Path:
    """Where the strategy of ``rules`` is cached (``folder``, default the user's cache folder)."""
    return (folder or dirs.cache_dir()) / f"tokio-{rules_key(rules)}.npz"


def strategy_shape(tree: RoundTree) -> tuple[int]:
    """The length of the flat array that holds a strategy of ``tree``."""
    rolls = len(tree.rolls)
    return (sum(len(state.choices) * (rolls + 3) + 1 for state in tree.states),)


def flatten(strategy: TokioStrategy) -> FloatArray:
    """``strategy`` as one float32 array: each state's claims, answers and value, in the tree's order."""
    parts = [
        np.concatenate([s.claims.ravel(), s.answers.ravel(), [s.value]]) for s in strategy.states
    ]
    return np.concatenate(parts).astype(np.float32)


def unflatten(tree: RoundTree, values: FloatArray) -> TokioStrategy | None:
    """The strategy of ``tree`` that ``values`` (from :func:`flatten`) holds, or None if it is not one."""
    if values.shape != strategy_shape(tree):
        return None
    rolls, at, states = len(tree.rolls), 0, []
    for state in tree.states:
        choices = len(state.choices)
        claims = values[at:at + rolls * choices].astype(np.float64).reshape(rolls, choices)
        at += rolls * choices
        answers = values[at:at + choices * 3].astype(np.float64).reshape(choices, 3)
        at += choices * 3
        value = float(values[at])
        at += 1
        if not (_is_mixed(claims) and _is_mixed(answers) and not answers[~answer_cells(state)].any()):
            return None
        states.append(StateStrategy(claims, answers, value))
    return TokioStrategy(tree, tuple(states))


def _is_mixed(rows: Probabilities) -> bool:
    """True when every row is a probability distribution (up to float32 rounding)."""
    return bool(((rows >= 0) & (rows <= 1)).all() and (abs(rows.sum(axis=1) - 1) <= ROW_TOLERANCE).all())


def as_stored(strategy: TokioStrategy) -> TokioStrategy:
    """``strategy`` rounded to float32 exactly as its cache file keeps it."""
    stored = unflatten(strategy.tree, flatten(strategy))
    assert stored is not None, "a solved strategy is a strategy"
    return stored


def read_strategy(rules: TokioRules, tree: RoundTree, path: Path) -> TokioStrategy | None:
    """The strategy of ``tree`` cached at ``path`` for ``rules``, if the file is whole and holds one; else None."""
    values = read_values(path, rules_key(rules), strategy_shape(tree))
    return None if values is None else unflatten(tree, values)


def write_strategy(rules: TokioRules, strategy: TokioStrategy, path: Path) -> None:
    """Write ``strategy`` of ``rules`` to ``path`` atomically (see :func:`voice_host.storage.array_cache.write_values`).

    Raises OSError.
    """
    write_values(path, rules_key(rules), flatten(strategy))


def load_strategy(
    rules: TokioRules, folder: Path | None = None, solver: Solver = solve, tell: Callable[[str], None] = print_stderr
) -> TokioStrategy:
    """The ``forte`` strategy of ``rules``: from the cache, or solved now (saying so with ``tell``) and cached.

    A cache folder that cannot be written only loses the cache.
    """
    tree = build_round(round_rules(rules))
    path = strategy_path(rules, folder)
    cached = read_strategy(rules, tree, path)
    if cached is not None:
        return cached
    tell(tokio_say.computer_strategy_computing(rules.sides))
    strategy = as_stored(solver(tree))
    with contextlib.suppress(OSError):
        write_strategy(rules, strategy, path)
    return strategy


def forte(rules: TokioRules, environ: Mapping[str, str] | None = None) -> TokioStrategy:
    """:func:`load_strategy` in the user's cache folder, kept in this process too (per rules but the limit)."""
    return _forte(round_rules(rules), dirs.cache_dir(environ=environ))


@cache
def _forte(rules: TokioRules, folder: Path) -> TokioStrategy:
    return load_strategy(rules, folder)
