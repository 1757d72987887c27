"""The confusability report over every game, preset, dice and phase, and its decisions.

Expected figures are worked by hand from espeak-ng's Italian IPA (and match the
figures measured in issue 11): "trentuno" /trentˈuno/ and "ventuno" /ventˈuno/
are two edits apart (drop t, r -> v); classic d6 has 18 risky reveal pairs.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from engine.rolls import Roll
from engine.tokio.rules import preset
from grammars.phrases import PhaseGrammar, Phrase
from grammars.tokio.grammar import tokio_table
from grammars.tokio.intents import SayRoll
from voice_host.games.registry import decisions, phase_grammars
from voice_host.hearing.confusability import is_tail_pair, minimum_distance, risky_pairs
from voice_host.hearing.decisions import DecisionBook, DecisionError, load_decisions
from voice_host.hearing.phonemes import IpaCache, bounded_distance, phonemes
from voice_host.hearing.report import build_report

if shutil.which("espeak-ng") is None:
    if os.environ.get("CI", "").lower() in ("true", "1", "yes"):
        pytest.fail("espeak-ng is required in CI", pytrace=False)
    pytest.skip("espeak-ng is not installed", allow_module_level=True)


@pytest.fixture(scope="module")
def ipa() -> IpaCache:
    return IpaCache()


def _tokio(name: str, sides: int, phase: str, extra: tuple[tuple[Phrase, object], ...] = ()) -> PhaseGrammar:
    table = tokio_table(phase, preset(name, sides=sides), can_take_penalty=True)
    entries = list(table.entries) + list(extra)
    meaning = {p.text: m for p, m in entries}
    return PhaseGrammar(
        f"tokio/{name}/d{sides}/{phase}", f"tokio/{phase}", tuple(p for p, _ in entries), lambda p: meaning[p.text]
    )


@pytest.mark.slow  # espeak-ng over every phrase of 41 phases: the full tier (CI) runs it
def test_every_risky_pair_of_every_phase_has_a_decision() -> None:
    reports = build_report(phase_grammars(), DecisionBook(decisions()))
    names = {r.name for r in reports}
    assert {"tokio/classico/d6/claim", "tokio/milella/d6/reveal", "tokio/lizumo/d10/response", "yatzi/box"} <= names
    undecided = [f"{r.name}: {p.label} ({p.kind}, d={p.distance})" for r in reports for p in r.undecided]
    assert not undecided, "risky pairs without a decision in voice_host/games/<game>/decisions.json:\n" + "\n".join(
        undecided
    )


@pytest.mark.slow  # espeak-ng over a game's phrases: the full tier
def test_classic_d6_claim_is_two_phonemes_from_trentuno_to_ventuno(ipa: IpaCache) -> None:
    assert ipa.phonemes("trentuno") == ("t", "r", "e", "n", "t", "u", "n", "o")
    assert bounded_distance(ipa.phonemes("trentuno"), ipa.phonemes("ventuno"), 3) == 2
    claim = _tokio("classico", 6, "claim")
    labels = {p.label for p in risky_pairs(claim, ipa)}
    assert minimum_distance(claim, ipa) == 2
    assert {"trentuno ~ ventuno", "trentadue ~ trentatré", "sessantadue ~ sessantatré"} <= labels
    # "ventuno" and "tokio" both mean Tokio: synonyms are never a risk.
    assert not any("tokio" in label for label in labels)


def test_classic_d6_reveal_has_eighteen_close_pairs(ipa: IpaCache) -> None:
    pairs = risky_pairs(_tokio("classico", 6, "reveal"), ipa)
    assert len(pairs) == 18
    assert all(p.kind == "close" and p.distance <= 2 for p in pairs)


def test_response_tails_are_risky_and_synonyms_are_not(ipa: IpaCache) -> None:
    pairs = {p.label: p.kind for p in risky_pairs(_tokio("classico", 6, "response"), ipa)}
    assert pairs == {
        "ci credo ~ non ci credo": "tail",
        "credo ~ non ci credo": "tail",
        "accetto ~ non accetto": "tail",
        # "ti credo" / "non ti credo": a lost "non" again ("credo" is the tail of both denials)
        "credo ~ non ti credo": "tail",
        "non ti credo ~ ti credo": "tail",
    }


@pytest.mark.slow  # espeak-ng over a game's phrases: the full tier
def test_a_new_phrase_shows_up_as_an_undecided_pair(ipa: IpaCache) -> None:
    # Claims said die by die ("cinque tre"), as another branch adds: "due" /dˈue/ and
    # "tre" /trˈe/ are two edits apart, so "cinque due" ~ "cinque tre" is new and risky.
    extra = ((Phrase.of("cinque tre"), SayRoll(Roll(5, 3))), (Phrase.of("cinque due"), SayRoll(Roll(5, 2))))
    book = DecisionBook(decisions())
    report = build_report([_tokio("classico", 6, "claim", extra)], book)[0]
    undecided = {p.label for p in report.undecided}
    assert "cinque due ~ cinque tre" in undecided
    assert "trentuno ~ ventuno" not in undecided  # already decided


def test_tail_pairs_are_whole_words() -> None:
    assert is_tail_pair(Phrase.of("ci credo"), Phrase.of("non ci credo"))
    assert not is_tail_pair(Phrase.of("tira"), Phrase.of("ritira"))  # a tail of letters, not of words
    assert phonemes("ʃˈaːns") == ("ʃ", "aː", "n", "s")


def test_every_decision_names_a_known_kind_and_a_reason(tmp_path: Path) -> None:
    known = decisions()
    assert known and all(d.reason and d.pairs for d in known)
    assert {d.group.split("/")[0] for d in known} == {"tokio", "yatzi"}  # every game's file is read
    bad = tmp_path / "decisions.json"
    bad.write_text(
        json.dumps({"decisions": [{"group": "tokio/claim", "decision": "maybe", "reason": "x", "pairs": []}]})
    )
    with pytest.raises(DecisionError):
        load_decisions(bad)
    bad.write_text(
        json.dumps({"decisions": [{"group": "tokio/claim", "decision": "accept", "reason": " ", "pairs": []}]})
    )
    with pytest.raises(DecisionError):
        load_decisions(bad)


@pytest.mark.slow  # espeak-ng over a game's phrases: the full tier
def test_the_games_grammars_cover_every_preset_and_dice() -> None:
    names = [g.name for g in phase_grammars()]
    # classico and lizumo on 4 dice kinds, milella on d6 only, four phases each; five Yatzi
    # phases (start, dice, box, virtual, confirm).
    assert len(names) == (2 * 4 + 1) * 4 + 5
