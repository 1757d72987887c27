"""``tails()`` by an index of word endings gives what the pairwise definition gives."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from grammars.phrases import Phrase
from voice_host.listen.nearest_phrase import PhraseMatcher
from voice_host.listen.verify import tails
from voice_host.model.tokens import words


def quadratic_tails(matcher: PhraseMatcher) -> frozenset[Phrase]:
    """The definition before issue 19: every pair of phrases, every pair of their variants."""
    found: set[Phrase] = set()
    for short in matcher.phrases:
        for long in matcher.phrases:
            if long == short:
                continue
            for a in matcher.variants_of(short):
                for b in matcher.variants_of(long):
                    x, y = words(a), words(b)
                    if 0 < len(x) < len(y) and y[-len(x) :] == x:
                        found.add(short)
    return frozenset(found)


# Three words only, so that endings shared by phrases are common in the examples.
WORD = st.sampled_from(["non", "ci", "credo"])
VARIANT = st.lists(WORD, min_size=1, max_size=4).map(" ".join)
PHASE = st.lists(st.lists(VARIANT, min_size=1, max_size=3, unique=True), min_size=1, max_size=6)


@given(PHASE)
def test_tails_are_the_pairwise_definitions_tails(spellings: list[list[str]]) -> None:
    phrases = [Phrase.of(f"p{i}", *variants) for i, variants in enumerate(spellings)]
    matcher = PhraseMatcher({p: p.variants[1:] for p in phrases})
    assert tails(matcher) == quadratic_tails(matcher)


def test_a_variant_ending_another_variant_of_its_own_phrase_is_no_tail() -> None:
    believe = Phrase.of("ci credo", "credo")
    doubt = Phrase.of("non ci credo")
    matcher = PhraseMatcher({p: p.variants for p in (believe, doubt)})
    # "ci credo" ends "non ci credo" (another phrase); "credo" ends "ci credo" (its own)
    assert tails(matcher) == {believe}
    alone = PhraseMatcher({believe: believe.variants})
    assert tails(alone) == frozenset()
