"""What the recognizer is given for the understanding, and what a recognised text means (issue 28, speech side).

A recognizer in grammar mode outputs the grammar's words and "[unk]" for any other word; the
texts below are what it outputs for the sentences in the comments.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.tokio.rules import preset
from grammars.phrases import Phrase, SpottedPhrase
from grammars.tokio.grammar import Phase, parse_tokio, tokio_phrases
from grammars.tokio.intents import BelieveIt, DoubtIt
from grammars.understanding.heard_words import meaning_of_heard, spotted_phrases
from grammars.yatzi.grammar import Phase as YatziPhase
from grammars.yatzi.grammar import parse_yatzi, yatzi_phrases
from grammars.yatzi.intents import SayDice

CLASSICO = preset("classico")


def _heard(phase: Phase) -> tuple[tuple[Phrase, ...], Callable[[str], Phrase | None]]:
    phrases = tokio_phrases(phase, CLASSICO)
    return phrases, meaning_of_heard(lambda text: parse_tokio(text, phase, CLASSICO), phrases)


def test_a_wording_a_phrase_already_spells_is_not_given_twice() -> None:
    phrases = tokio_phrases(Phase.RESPONSE, CLASSICO)
    spotted = [p for p in phrases if isinstance(p, SpottedPhrase)]
    whole = {v for p in phrases if not isinstance(p, SpottedPhrase) for v in p.variants}
    assert {"bluffi", "mi fido", "non", "ripetere"} <= {p.text for p in spotted}
    assert not whole & {v for p in spotted for v in p.variants}
    # "tiro io" is "tiro" ("io" is a filler): a phrase spells it already
    assert [p.text for p in spotted_phrases(("tiro io", "balle"), [p for p in phrases if p not in spotted])] == [
        "balle"
    ]


@pytest.mark.parametrize(
    "heard, meaning",
    [
        ("[unk] [unk] bluffi dubito", DoubtIt()),  # "secondo me bluffi, dubito"
        ("non mi fido", DoubtIt()),  # a negator before a spotted answer flips it
        ("[unk] mi fido [unk] [unk]", BelieveIt()),  # "sì, mi fido di te"
        ("neanche per idea", DoubtIt()),
    ],
)
def test_a_response_heard_among_other_words_is_the_phrase_that_means_the_same(heard: str, meaning: object) -> None:
    phrases, spot = _heard(Phase.RESPONSE)
    found = spot(heard)
    assert found is not None and found in phrases
    assert parse_tokio(found.text, Phase.RESPONSE, CLASSICO) == meaning


def test_table_talk_with_no_decisive_phrase_means_nothing() -> None:
    _, response = _heard(Phase.RESPONSE)
    _, claim = _heard(Phase.CLAIM)
    # "che ne dici di una pizza dopo la partita" as the response's grammar hears it
    assert response("[unk] [unk] [unk] [unk] [unk] [unk] la [unk]") is None
    assert response("non [unk] [unk]") is None
    assert claim("[unk] fatto il [unk] [unk] la [unk]") is None


def test_a_claim_with_articles_and_unknown_words_is_the_roll() -> None:
    phrases, spot = _heard(Phase.CLAIM)
    found = spot("[unk] il sei e il due")  # "guarda, il sei e il due"
    assert found is not None and found in phrases
    assert parse_tokio(found.text, Phase.CLAIM, CLASSICO) == parse_tokio("sessantadue", Phase.CLAIM, CLASSICO)


def test_a_conflict_is_handed_on_as_said_for_the_host_to_ask() -> None:
    _, spot = _heard(Phase.CONFIRM)
    found = spot("sì [unk] no")  # "sì... anzi no"
    assert found is not None and found.text == "sì [unk] no"
    assert not isinstance(found, SpottedPhrase)


def test_yatzi_dice_by_pattern_are_handed_on_as_said() -> None:
    phrases = yatzi_phrases(YatziPhase.DICE)
    spot = meaning_of_heard(lambda text: parse_yatzi(text, YatziPhase.DICE), phrases)
    found = spot("tris di quattro più un due e un cinque")
    assert found is not None
    assert parse_yatzi(found.text, YatziPhase.DICE) == SayDice((4, 4, 4, 2, 5))
    assert spot("[unk] di [unk] [unk]") is None
