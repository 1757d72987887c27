"""The typo index finds what a search over every word finds: its length buckets and letter-pair bound only skip
words that cannot be near enough."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from tiers import sized

from grammars.understanding.typos import Index, allowed, distance

WORDS = (
    "dubito", "scopro", "credo", "accetto", "cinquantatre", "sessantadue", "trentuno", "ventuno", "coppia",
    "quattro", "penalita", "classifica", "ripetere", "annulla", "yokohama", "pechino", "taipei", "bugiardo",
)


def _brute(word: str) -> tuple[str, ...]:
    """Every word within the budget, the nearest ones, by the full distance of each (no index)."""
    if word in WORDS:
        return (word,)
    budget = allowed(word)
    near = {w: distance(word, w, budget + 1) for w in WORDS if len(w) >= 4}
    best = min(near.values(), default=budget + 1)
    return tuple(sorted(w for w, d in near.items() if d == best)) if budget and best <= budget else ()


@settings(max_examples=sized(full=300, fast=30), deadline=None)
@given(st.sampled_from(WORDS), st.lists(st.tuples(st.integers(0, 2), st.integers(0, 20), st.sampled_from("aeiostr")),
                                         max_size=3))
def test_the_index_finds_what_a_search_of_every_word_finds(word: str, edits: list[tuple[int, int, str]]) -> None:
    letters = list(word)
    for op, at, letter in edits:
        at %= len(letters) or 1
        if op == 0 and letters:
            letters[at] = letter
        elif op == 1:
            letters.insert(at, letter)
        elif at + 1 < len(letters):
            letters[at], letters[at + 1] = letters[at + 1], letters[at]
    typed = "".join(letters)
    assert Index(WORDS).nearest(typed) == _brute(typed)


def test_a_swap_and_a_doubled_letter_are_found_and_a_tie_names_both() -> None:
    index = Index(WORDS)
    assert index.nearest("cinqunatatre") == ("cinquantatre",)
    assert index.nearest("dubbito") == ("dubito",)
    assert Index(("tengo", "tenga", "venga")).nearest("tenge") == ("tenga", "tengo")
