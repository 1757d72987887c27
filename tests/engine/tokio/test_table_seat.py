"""The computer seat at tables of any size: hand-worked decisions, no gift penalties, ordered levels.

The decisions' expected answers are worked by hand from RULES.md (the rolls' chances
and what each answer costs), not read off the seat. The games are played whole
through the real engine by :mod:`engine.tokio.table`, against the simple opponents
of :mod:`engine.tokio.opponents`, which the seat never imports.
"""

from __future__ import annotations

import random
from functools import cache

import pytest

from engine.rolls import Roll
from engine.tokio.actions import Believe, Claim, Doubt
from engine.tokio.casual import Suspicion
from engine.tokio.game import TokioGame
from engine.tokio.level import Level
from engine.tokio.opponents import SIMPLE, honest_odds, truth_chance
from engine.tokio.round import build_round
from engine.tokio.rules import TokioRules, preset
from engine.tokio.seat import Seat
from engine.tokio.solver import solve
from engine.tokio.table import TablePlayer, play_game
from engine.tokio.table_seat import Habits, TableSeat, honest_truth

TOKIO = Roll(2, 1)


@cache
def _equilibrium(rules: TokioRules) -> Seat:
    return Seat(solve(build_round(rules), iterations=150))


def _seat(rules: TokioRules, level: Level) -> TableSeat:
    return TableSeat(rules, level, _equilibrium(rules) if level is Level.FORTE else None)


def test_honest_truth_of_54_over_54_is_one_ninth_by_both_counts() -> None:
    """Over 54, an honest claimer says 54 with a 54 (2/36) or with any of 31 32 41 42 43 51 52 53 (16/36): 2/18."""
    rules = preset("classico")
    assert honest_truth(rules, Roll(5, 4), Roll(5, 4)) == pytest.approx(1 / 9)
    assert truth_chance(rules, Roll(5, 4), Roll(5, 4)) == pytest.approx(1 / 9)  # written apart, same by hand
    assert honest_truth(rules, Roll(5, 4), Roll(6, 1)) == 1.0  # above the lowest allowed: only with that roll


@pytest.mark.slow  # seconds of simulation or processes: the full tier
def test_forte_doubts_a_tokio_repeated_in_a_doubled_chain_of_three() -> None:
    """Tokio over a believed Tokio is true only with Tokio itself (2/36): the rest (34/36) is the forced bluff.

    Doubting costs 2 penalties with a chance under 1/18; believing means having to
    claim Tokio again, false 17 times in 18, to a player who may doubt it.
    """
    rules = preset("classico")
    game = TokioGame(rules, ["Anna", "Bruno", "Robo"])
    seat = _seat(rules, Level.FORTE)
    game.apply(Claim(TOKIO))
    game.apply(Believe())
    to_beat = game.claim
    game.apply(Claim(TOKIO))  # Bruno to Robo
    assert game.to_act == "Robo"
    assert seat.answer(game, to_beat, random.Random(1)) == Doubt()


@pytest.mark.slow  # seconds of simulation or processes: the full tier
def test_forte_claims_the_truth_to_a_player_who_always_doubts_and_never_a_doubled_bluff() -> None:
    """Against a known doubter a true claim costs the doubter, and a bluff caught is cheaper undoubled (1 < 2)."""
    rules = preset("classico")
    seat = _seat(rules, Level.FORTE)
    always = Habits()
    always.answers[:, 1] = 1000.0  # seen doubting every kind of claim
    seat.habits["Bruno"] = always
    game = TokioGame(rules, ["Robo", "Bruno", "Carla"])
    rng = random.Random(3)
    assert seat.claim(game, Roll(5, 3), rng) == Roll(5, 3)
    game.apply(Claim(Roll(6, 6)))  # Robo 66 to Bruno... Bruno believes, claims to Carla, Carla believes:
    game.apply(Believe())
    game.apply(Claim(Roll(6, 6)))
    game.apply(Believe())
    game.apply(Claim(Roll(6, 6)))  # Carla 66 to Robo, who believes and must now claim 66 or Tokio
    game.apply(Believe())
    assert game.to_act == "Robo"
    for _ in range(20):
        assert seat.claim(game, Roll(3, 1), rng) == Roll(6, 6)


def _gifts(rules: TokioRules, level: Level, size: int, games: int, seed: int) -> int:
    rng = random.Random(seed)
    seat = _seat(rules, level)
    total = 0
    for g, opponent in zip(range(games), list(SIMPLE) * games, strict=False):
        names = ["Robo", *(f"{opponent}{i}" for i in range(1, size))]
        players: dict[str, TablePlayer] = {"Robo": seat} | {n: SIMPLE[opponent]() for n in names[1:]}
        total += play_game(rules, players, names[g % size], rng, watch="Robo").gifts["Robo"]
    return total


@pytest.mark.slow  # seconds of simulation or processes: the full tier
@pytest.mark.parametrize("name", ["classico", "lizumo", "milella"])
def test_no_gift_penalty_in_many_games(name: str) -> None:
    """Every level, two to four players, every simple opponent: never a claim lower than allowed."""
    rules = preset(name, sides=4) if name != "milella" else preset(name)
    for level in Level:
        for size in (2, 3, 4):
            assert _gifts(rules, level, size, 5, seed=size) == 0


@pytest.mark.slow
def test_no_gift_penalty_in_hundreds_of_d6_games() -> None:
    """Classico d6, every level, two to four players: 70 games each (ten against each simple opponent)."""
    for level in Level:
        for size in (2, 3, 4):
            assert _gifts(preset("classico"), level, size, 70, seed=size) == 0


def _wins(rules: TokioRules, level: Level, size: int, games: int, seed: int) -> int:
    rng = random.Random(seed)
    seat = _seat(rules, level)
    names = ["Robo", *(f"honest{i}" for i in range(1, size))]
    wins = 0
    for g in range(games):
        players: dict[str, TablePlayer] = {"Robo": seat} | {n: honest_odds() for n in names[1:]}
        wins += play_game(rules, players, names[g % size], rng, watch="Robo").winner == "Robo"
    return wins


@pytest.mark.slow  # seconds of simulation or processes: the full tier
def test_levels_are_ordered_against_honest_odds_on_a_small_seeded_sample() -> None:
    """Three players of Taipei (d4, classico), 60 games a level: facile < medio < forte by wins."""
    rules = preset("classico", sides=4)
    wins = [_wins(rules, level, 3, 60, seed=29) for level in (Level.FACILE, Level.MEDIO, Level.FORTE)]
    assert wins[0] < wins[1] < wins[2], wins


@pytest.mark.slow
@pytest.mark.parametrize("size", [2, 3, 4])
def test_levels_are_ordered_and_forte_wins_its_share_on_d6(size: int) -> None:
    """Classico d6 against honest-odds players, 150 games a level: ordered, and forte at least its share."""
    rules = preset("classico")
    wins = [_wins(rules, level, size, 150, seed=size) for level in (Level.FACILE, Level.MEDIO, Level.FORTE)]
    assert wins[0] < wins[1] < wins[2], wins
    assert wins[2] >= 150 / size, wins


@pytest.mark.slow  # seconds of simulation or processes: the full tier
def test_forte_opens_a_milella_duel_of_three_with_tokio_against_a_known_believer() -> None:
    """Worked by hand: a believed Tokio (3-1) leaves the partner Pechino (2-1) or Tokio to claim.

    An honest partner says Pechino with Pechino (2/36) or with any roll but Tokio
    (32/36): true 2 times in 34 (the seat's prior: 0.85 of that, 0.05). Doubting it,
    doubled, costs the opener 2 x 0.05 and deals 2 x 0.95 worth 1/2 at three players:
    a gain of 0.85 on 34 replies in 36.
    Any other opening is not doubled, and an honest reply above the lowest allowed is
    true: at most 1/2 x 1 to gain. So Tokio opens, whatever the opener's roll; the
    duel's equilibrium bluffs Tokio only some of the time.
    """
    rules = preset("milella")
    seat = _seat(rules, Level.FORTE)
    believer = Habits()
    believer.answers[:, 0] = 1000.0
    seat.habits["Bruno"] = believer
    game = TokioGame(rules, ["Robo", "Bruno", "Carla"])
    rng = random.Random(5)
    for own in (Roll(5, 3), Roll(6, 6), Roll(2, 1), Roll(4, 1)):
        assert seat.claim(game, own, rng) == Roll(3, 1)


@pytest.mark.slow  # seconds of simulation or processes: the full tier
def test_forte_doubts_a_big_claim_from_a_player_seen_claiming_big_over_small() -> None:
    """A player never lifted, but seen claiming 66 over 31 twenty times (an honest claimer would: 1 time in 36).

    Against an unknown player forte believes 62 over 54 (from an honest claimer, true
    with that very roll). After those claims the reading puts the player's bluff share
    high, and a 62 over 54 is then far more often a bluff (any of the 18/36 rolls that
    cannot beat 54, spread over 12 claims) than a roll of 62 (2/36): forte doubts it.
    """
    rules = preset("classico")
    fresh, reader = _seat(rules, Level.FORTE), _seat(rules, Level.FORTE)
    for _ in range(20):
        reader.suspicion.setdefault("Bruno", Suspicion()).saw_claim(rules, Roll(3, 1), Roll(6, 6))
    game = TokioGame(rules, ["Robo", "Carla", "Bruno"], "Carla")
    game.apply(Claim(Roll(5, 4)))
    game.apply(Believe())
    game.apply(Claim(Roll(6, 2)))  # Bruno's 62 over 54, to Robo
    assert game.to_act == "Robo"
    assert fresh.answer(game, Roll(5, 4), random.Random(1)) == Believe()
    assert reader.answer(game, Roll(5, 4), random.Random(1)) == Doubt()
