"""Every lobby question takes the answers people naturally give: each does exactly what its canonical phrase does."""

from __future__ import annotations

import pytest

from grammars.evening.grammar import LobbyPhase, LobbyWords, parse
from grammars.evening.sentences import RULES_HEARD

WORDS = LobbyWords(("tokio", "yatzi"), dict(RULES_HEARD), ("Anna", "Bruno", "Carla", "Marco", "Niccolò"))

# (phase, canonical, natural answers that must mean the same)
NATURAL = [
    (LobbyPhase.GAME, "tokio", ["Tokio", "giochiamo a tokio", "facciamo tokio", "una partita a Tokio", "ehm, tokio"]),
    (LobbyPhase.GAME, "yatzi", ["Yatzi!", "giochiamo a yatzi", "facciamo una partita a yatzi"]),
    (LobbyPhase.RULES, "va bene", ["sì", "ok", "d'accordo", "perfetto", "sì va bene", "le solite", "giochiamo"]),
    (LobbyPhase.RULES, "no", ["cambiamo", "no, cambiamo le regole", "altre regole"]),
    (LobbyPhase.RULES, "dadi da dieci", ["con i dadi da dieci", "dadi a dieci facce", "col d dieci", "con i d 10"]),
    (LobbyPhase.RULES, "a cinque penalità", ["fuori a cinque", "si esce a cinque", "fino a cinque", "a 5 penalità"]),
    (LobbyPhase.RULES, "regole di milella", ["milella", "con le regole di Milella", "alla milella"]),
    (LobbyPhase.RULES, "col computer", ["con il computer", "gioca anche il computer", "contro il computer"]),
    (LobbyPhase.RULES, "computer forte", ["computer bravo", "computer difficile"]),
    (LobbyPhase.RULES, "dadi virtuali", ["con i dadi virtuali", "tira tu i dadi", "dadi finti"]),
    (LobbyPhase.NAME, "Anna", ["anna", "sono Anna", "mi chiamo Anna", "ANNA."]),
    (LobbyPhase.NAME, "Niccolò", ["niccolo", "Niccolo'"]),
    (LobbyPhase.NAME, "basta così", ["siamo tutti", "ci siamo tutti", "nessun altro", "è tutto"]),
    (LobbyPhase.AFTER, "sì", ["un'altra", "rivincita", "la rivincita", "ancora una", "giochiamo ancora"]),
    (LobbyPhase.AFTER, "cambiamo gioco", ["un altro gioco", "facciamo un altro gioco"]),
    (LobbyPhase.AFTER, "cambiamo giocatori", ["nuovi giocatori", "altri giocatori"]),
    (LobbyPhase.AFTER, "entra Marco", ["gioca anche Marco", "arriva Marco"]),
    (LobbyPhase.AFTER, "esce Bruno", ["va via Bruno", "se ne va Bruno"]),
    (LobbyPhase.AFTER, "basta per stasera", ["buonanotte", "no grazie", "finiamo", "per stasera basta"]),
]


@pytest.mark.parametrize("phase,canonical,natural", NATURAL, ids=[f"{p.value}:{c}" for p, c, _ in NATURAL])
def test_a_natural_answer_means_what_its_canonical_phrase_means(phase, canonical, natural):
    meaning = parse(canonical, phase, WORDS)
    assert type(meaning).__name__ != "NotUnderstood"
    for text in natural:
        assert parse(text, phase, WORDS) == meaning, text


def test_two_changes_in_one_breath_keep_their_order_and_values():
    # "dieci" is 10 faces, "cinque" is 5 penalties: worked from the words, not from the parser
    intent = parse("con i dadi da dieci e fuori a cinque penalità", LobbyPhase.RULES, WORDS)
    assert intent.changes == (("dice", 10), ("limit", 5))


def test_a_name_not_in_the_list_is_not_heard_as_another():
    assert type(parse("Zebedeo", LobbyPhase.NAME, WORDS)).__name__ == "NotUnderstood"
