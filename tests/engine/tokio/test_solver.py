"""The computer seat's game theory: hand-worked equilibria, exact exploitability, self-play through the engine.

The hand-worked values (Taipei d4 under Lizumo's rules, and classico's loop on an
accepted Taipei) are derived in the docstrings of their tests from RULES.md, not
from the solver. The self-play test plays rounds through the real
:class:`~engine.tokio.game.TokioGame` with dice from a seeded ``random.Random``,
so it also checks that the tree read off the engine pays what the engine pays.
"""

from __future__ import annotations

import math
import random
from dataclasses import replace
from functools import cache

import numpy as np
import pytest
from tiers import in_full_only

from engine.rolls import Roll
from engine.tokio.actions import Believe, Claim, Doubt, DuelWon, Event, Penalised, Reveal, TakePenalty
from engine.tokio.exploitability import exploitability, head_to_head
from engine.tokio.game import TokioGame
from engine.tokio.level import Level
from engine.tokio.round import StateKey, build_round
from engine.tokio.rules import Flow, TokioRules, preset
from engine.tokio.seat import Seat, beginner_strategy, level_strategy
from engine.tokio.simulation import play_round
from engine.tokio.solver import BELIEVE, DOUBT, ITERATIONS, TAKE, TokioStrategy, solve

TAIPEI, PAIR_OF_4, PAIR_OF_3 = Roll(2, 1), Roll(4, 4), Roll(3, 3)


@cache
def _solved(name: str, sides: int) -> TokioStrategy:
    """The strategy of a preset: d4 with fewer iterations (the fast tier), bigger dice as the host solves them."""
    return solve(build_round(preset(name, sides=sides)), iterations=300 if sides == 4 else ITERATIONS)


@pytest.mark.slow  # seconds of simulation or processes: the full tier
def test_lizumo_taipei_after_a_believed_pair_of_four_is_worth_minus_five_eighths() -> None:
    """Over a believed 4-4 only Taipei is higher (or a lower claim: one life).

    Two d4 show Taipei (2-1) 2 times in 16. Whoever claims it, the answerer who
    reveals pays 2 lives for a real Taipei and collects 1 otherwise: to the roller
    2*(2/16) - 1*(14/16) = -5/8, better for the answerer than the blind accept
    (+1 to the roller). A roller without Taipei loses 1 either way, so bluffing
    costs nothing: the value is -5/8.
    """
    assert _solved("lizumo", 4).value_at(StateKey(PAIR_OF_4, False, 0)) == pytest.approx(-5 / 8, abs=2e-3)


@pytest.mark.slow  # seconds of simulation or processes: the full tier
def test_lizumo_after_a_believed_pair_of_three_is_worth_minus_one_half() -> None:
    """Over a believed 3-3 the roller claims 4-4 or Taipei (or lower, one life).

    Rolls (out of 16): Taipei 2, 4-4 1, anything else 13. Believing a 4-4 leaves the
    believer rolling over it, worth -5/8 to them (the test above), so +5/8 to this
    roller. At equilibrium the answerer reveals every Taipei and doubts every 4-4;
    just enough bluffers claim 4-4 to keep believing it no better for the answerer
    (a = 3/13 of one sixteenth: (1 - a)/(1 + a) = 5/8). Then a real Taipei earns 2,
    a real 4-4 earns 1, every other roll loses 1 whatever it claims:
    (2*2 + 1*1 - 13*1)/16 = -1/2.
    """
    assert _solved("lizumo", 4).value_at(StateKey(PAIR_OF_3, False, 0)) == pytest.approx(-1 / 2, abs=2e-3)


@pytest.mark.slow  # seconds of simulation or processes: the full tier
def test_classico_accepted_taipei_loop_is_worth_minus_one_and_a_half() -> None:
    """An accepted Taipei must be claimed again, for ever if believed (classico, d4).

    Anything but Taipei again costs 2 (the round is doubled), so every roll claims
    it. The answerer may believe (and roll in the same spot: -V to the roller),
    doubt (2 either way: 2*(2/16) - 2*(14/16) = -3/2 to the roller) or take one
    penalty (+1). So V = min(-V, -3/2, 1): V = -3/2, and believing (+3/2) is worse
    for the answerer than doubting.
    """
    strategy = _solved("classico", 4)
    key = StateKey(TAIPEI, True, 0)
    assert strategy.value_at(key) == pytest.approx(-1.5, abs=2e-3)
    state = strategy.states[strategy.tree.index[key]]
    choices = strategy.tree.states[strategy.tree.index[key]].choices
    taipei = next(j for j, c in enumerate(choices) if c.claim == TAIPEI and not c.lower)
    assert state.answers[taipei, DOUBT] == pytest.approx(1.0, abs=0.02)


@pytest.mark.parametrize("name", ["lizumo", *in_full_only(["classico"])])
def test_every_d4_strategy_is_nearly_unexploitable(name: str) -> None:
    report = exploitability(_solved(name, 4))
    assert report.gain < 0.01
    assert report.self_play == pytest.approx(report.value, abs=0.01)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "sides"), [("classico", 6), ("lizumo", 6), ("milella", 6), ("classico", 8)])
def test_every_preset_strategy_is_a_best_response_to_itself_within_a_hundredth(name: str, sides: int) -> None:
    report = exploitability(_solved(name, sides))
    assert report.gain < 0.01, report


def test_a_best_response_finds_the_gain_against_a_strategy_that_always_believes() -> None:
    """A seat that believes everything is beaten by claiming what it likes: the measure must see it."""
    strategy = _solved("lizumo", 4)
    credulous = TokioStrategy(
        strategy.tree,
        tuple(
            replace(s, answers=np.tile(np.eye(3)[BELIEVE], (s.answers.shape[0], 1)))
            for s in strategy.states
        ),
    )
    assert exploitability(credulous).gain > 0.3


def test_strategies_are_distributions_over_the_answers_each_claim_allows() -> None:
    strategy = _solved("classico", 4)
    for state, played in zip(strategy.tree.states, strategy.states, strict=True):
        assert np.allclose(played.claims.sum(axis=1), 1.0)
        assert np.allclose(played.answers.sum(axis=1), 1.0)
        for j, choice in enumerate(state.choices):
            if choice.take is None:
                assert played.answers[j, TAKE] == 0.0
            if choice.lower:
                assert played.answers[j, DOUBT] == 0.0


def _self_play(strategy: TokioStrategy, rounds: int, seed: int) -> list[float]:
    """Rounds played through the engine by the strategy in both seats; the opener's payoff of each."""
    rules = replace(strategy.tree.rules, limit=1_000_000)
    rng = random.Random(seed)
    rolls, chances = strategy.tree.rolls, list(strategy.tree.chances)
    results = []
    for _ in range(rounds):
        game = TokioGame(rules, ("opener", "second"))
        depth = 0
        while True:
            key = StateKey(game.claim, game.doubled, depth if rules.flow is Flow.DUEL else 0)
            number = strategy.tree.index[key]
            state, played = strategy.tree.states[number], strategy.states[number]
            roller = game.to_act
            real = rng.choices(range(len(rolls)), chances)[0]
            j = rng.choices(range(len(state.choices)), list(played.claims[real]))[0]
            events = game.apply(Claim(state.choices[j].claim))
            if _charged(events) is None:
                answer = rng.choices(range(3), list(played.answers[j]))[0]
                action = (Believe(), Doubt(), TakePenalty())[answer]
                events = game.apply(action)
                if answer == DOUBT:
                    events = game.apply(Reveal(rolls[real]))
            charged = _charged(events)
            if charged is not None:
                player, amount = charged
                results.append(float(-amount if player == "opener" else amount))
                break
            if any(isinstance(e, DuelWon) for e in events):
                results.append(0.0)
                break
            assert roller is not None and game.to_act != roller
            depth += 1
    return results


def _charged(events: list[Event]) -> tuple[str, int] | None:
    for event in events:
        if isinstance(event, Penalised):
            return event.player, event.amount
    return None


def _agrees(strategy: TokioStrategy, rounds: int, seed: int) -> tuple[float, float, float]:
    results = _self_play(strategy, rounds, seed)
    mean = sum(results) / len(results)
    spread = math.sqrt(sum((x - mean) ** 2 for x in results) / (len(results) - 1))
    return mean, strategy.value, spread / math.sqrt(len(results))


@pytest.mark.slow  # seconds of simulation or processes: the full tier
def test_self_play_through_the_engine_agrees_with_the_value_on_d4() -> None:
    mean, value, error = _agrees(_solved("classico", 4), 3000, seed=4)
    assert abs(mean - value) < 4 * error, (mean, value, error)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["classico", "lizumo", "milella"])
def test_ten_thousand_rounds_of_self_play_agree_with_the_value(name: str) -> None:
    mean, value, error = _agrees(_solved(name, 6), 10_000, seed=6)
    assert abs(mean - value) < 4 * error, (mean, value, error)


def test_the_tree_has_one_state_per_claim_and_doubling_in_chain_play() -> None:
    """Classico d6: the opening, one state per believed claim below Tokio, and the accepted Tokio (doubled)."""
    tree = build_round(preset("classico"))
    rolls = preset("classico").ranking.ordered()
    expected = {StateKey(None, False, 0)} | {StateKey(r, False, 0) for r in rolls[:-1]} | {StateKey(rolls[-1], True, 0)}
    assert set(tree.index) == expected


def test_milella_duel_ends_when_the_opener_believes_the_reply() -> None:
    """Milella: the opener believing the reply wins the duel for the replier, no penalty (payoff 0)."""
    tree = build_round(preset("milella"))
    replies = [s for s in tree.states if s.key.depth == 1]
    assert replies
    for state in replies:
        for choice in state.choices:
            if not choice.lower:
                assert choice.believe is not None and choice.believe.state is None
                assert choice.believe.payoff == 0.0


def test_rules_with_a_limit_are_solved_as_one_round_whatever_the_limit() -> None:
    short = replace(preset("classico", sides=4), limit=1)
    assert build_round(short).index == build_round(preset("classico", sides=4)).index


@pytest.mark.slow
def test_a_chain_with_milella_cycle_is_solved_by_joint_iteration() -> None:
    """Chain play over Milella's cyclic ranking loops through several states; the solver must still certify."""
    rules = TokioRules(name="cycle", ranking_kind=preset("milella").ranking_kind, flow=Flow.CHAIN)
    strategy = solve(build_round(rules), iterations=600)
    assert exploitability(strategy).gain < 0.02


# ---------------------------------------------------------------- the seat's levels and more players


def test_each_weaker_level_loses_to_forte_and_facile_loses_more_than_medio() -> None:
    """Averaged over who opens, forte against itself is even; each weaker level pays for its beginner's share."""
    forte = _solved("classico", 4)
    results = {}
    for level in Level:
        other = level_strategy(forte, level)
        results[level] = 0.5 * (head_to_head(other, forte) - head_to_head(forte, other))
    assert results[Level.FORTE] == pytest.approx(0.0, abs=1e-9)
    assert results[Level.FACILE] < results[Level.MEDIO] < -0.01


def test_the_beginner_bluffs_more_and_doubts_less_than_forte() -> None:
    """What a person recognises in facile: more false claims, fewer doubts (classico d4, at the opening)."""
    forte = _solved("classico", 4)
    facile = level_strategy(forte, Level.FACILE)
    tree = forte.tree

    def false_claims(strategy: TokioStrategy) -> float:
        state, played = tree.states[0], strategy.states[0]
        claims = [c.claim for c in state.choices]
        return float(sum(
            tree.chances[r] * played.claims[r, j]
            for r, real in enumerate(tree.rolls) for j, claim in enumerate(claims) if claim != real
        ))

    def doubts(strategy: TokioStrategy) -> float:
        return float(np.mean([s.answers[:, DOUBT].mean() for s in strategy.states]))

    assert false_claims(facile) > false_claims(forte)
    assert doubts(facile) < doubts(forte)


def test_a_seat_claims_and_answers_only_what_the_rules_allow() -> None:
    """Many live rounds of four computer seats through the engine: every claim it makes is a roll of the dice."""
    rules = replace(preset("classico", sides=4), limit=1_000_000)
    seat = Seat(level_strategy(_solved("classico", 4), Level.MEDIO))
    game = TokioGame(rules, ["a", "b", "c", "d"])
    rng = random.Random(8)
    charged = [play_round(game, dict.fromkeys("abcd", seat), rng) for _ in range(300)]
    assert all(c is not None and c.amount in (1, 2) for c in charged)
    assert {c.player for c in charged if c is not None} == set("abcd")


@pytest.mark.slow
def test_forte_takes_fewer_penalties_than_its_share_beside_two_beginners() -> None:
    """Three players, classico d6: the forte seat takes well under a third of the penalties."""
    rules = replace(preset("classico"), limit=1_000_000)
    forte = _solved("classico", 6)
    seats = {"forte": Seat(forte), "b1": Seat(beginner_strategy(forte.tree)), "b2": Seat(beginner_strategy(forte.tree))}
    game = TokioGame(rules, list(seats))
    rng = random.Random(11)
    taken = dict.fromkeys(seats, 0)
    for _ in range(4000):
        charged = play_round(game, seats, rng)
        assert charged is not None
        taken[charged.player] += charged.amount
    assert taken["forte"] / sum(taken.values()) < 0.25
