"""Random legal Tokio games under every preset and every dice, checked step by step.

Each example draws a seed, a table size and a penalty limit; a ``random.Random(seed)``
then plays the game to its end, choosing among ``legal_actions()`` with a bias that
makes games end (doubts are frequent, most claims are not lower). Every step checks
the invariants listed in ``_check_step``; the end checks ``_check_end``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.errors import GameOver, IllegalAction
from engine.rolls import RankingKind, Roll
from engine.tokio.actions import (
    Action,
    Believe,
    Believed,
    Claim,
    Claimed,
    Doubt,
    Doubted,
    DuelWon,
    Eliminated,
    Event,
    GameWon,
    Penalised,
    PenaltyReason,
    Phase,
    Reveal,
    Revealed,
    RoundStarted,
    TakePenalty,
)
from engine.tokio.game import TokioGame
from engine.tokio.random_player import random_action
from engine.tokio.rules import (
    Direction,
    DoubleOnTokio,
    Flow,
    NextOpener,
    RaiseRule,
    TokioResponse,
    TokioRules,
    TruthTest,
    preset,
)

COMBINATIONS = [(name, sides) for name in ("classico", "lizumo") for sides in (4, 6, 8, 10)] + [("milella", 6)]
NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio")
MAX_ACTIONS = 20_000  # far above any random game seen; a game that long is a bug
GAMES_PER_COMBINATION = settings.get_profile("tokio-games").max_examples  # 1000 in CI (tests/conftest.py)

FIRST_EVENT = {Claim: Claimed, Believe: Believed, Doubt: Doubted, Reveal: Revealed, TakePenalty: Penalised}


def wrong_action(g: TokioGame, rng: random.Random) -> Action:
    """An action the current phase does not accept."""
    some_roll = rng.choice(g.rules.dice.all_rolls())
    wrong: dict[Phase, list[Action]] = {
        Phase.CLAIM: [Believe(), Doubt(), TakePenalty(), Reveal(some_roll)],
        Phase.RESPONSE: [Claim(some_roll), Reveal(some_roll)],
        Phase.REVEAL: [Claim(some_roll), Believe(), Doubt(), TakePenalty()],
        Phase.OVER: [Claim(some_roll), Believe(), Doubt(), TakePenalty(), Reveal(some_roll)],
    }
    if g.phase is Phase.RESPONSE and not g.can_take_penalty:
        wrong[Phase.RESPONSE].append(TakePenalty())
    return rng.choice(wrong[g.phase])


def view(g: TokioGame) -> tuple[object, ...]:
    return (g.phase, g.to_act, g.claim, g.claimant, g.receiver, g.doubled, g.players, g.winner, g.can_take_penalty)


def play_and_check(rules: TokioRules, players: int, seed: int) -> int:
    """Play one random game under ``rules``, checking every invariant; return its length."""
    rng = random.Random(seed)
    names = NAMES[:players]
    first = rng.choice(names)
    g = TokioGame(rules, names, first=first)
    opening = g.opening_events()
    assert opening == [RoundStarted(first, g.receiver if rules.flow is Flow.DUEL else None)]
    charged = dict.fromkeys(names, 0)  # sum of Penalised amounts per player
    eliminated: list[str] = []
    won: list[str] = []
    steps = 0
    while g.phase is not Phase.OVER:
        steps += 1
        assert steps < MAX_ACTIONS
        _check_turn(g)
        if rng.random() < 0.05:  # an illegal action changes nothing
            seen = view(g)
            with pytest.raises(IllegalAction):
                g.apply(wrong_action(g, rng))
            assert view(g) == seen
        before = Before.of(g)
        action = random_action(g, rng)
        events = g.apply(action)
        _check_step(g, action, events, before, charged, eliminated, won)
    _check_end(g, charged, eliminated, won)
    seen = view(g)
    with pytest.raises(GameOver):
        g.apply(wrong_action(g, rng))
    assert view(g) == seen
    return steps


def _check_turn(g: TokioGame) -> None:
    active = g.active_players
    assert len(active) >= 2
    assert g.to_act in active and g.claimant in active and g.receiver in active
    assert g.claimant != g.receiver
    expected_to_act = g.receiver if g.phase is Phase.RESPONSE else g.claimant
    assert g.to_act == expected_to_act
    assert g.winner is None
    if g.phase in (Phase.RESPONSE, Phase.REVEAL):
        assert g.claim is not None
    legal = g.legal_actions()
    assert legal and g.can_take_penalty == (TakePenalty() in legal)


@dataclass(frozen=True)
class Before:
    """What the checks need to remember from before an action."""

    penalties: dict[str, int]
    out: frozenset[str]
    doubled: bool
    claim: Roll | None

    @classmethod
    def of(cls, g: TokioGame) -> Before:
        return cls(
            {p.name: p.penalties for p in g.players}, frozenset(p.name for p in g.players if p.out), g.doubled, g.claim
        )


def _check_doubling(g: TokioGame, action: Action, e: Penalised, before: Before) -> None:
    rules, top = g.rules, g.rules.ranking.top
    lizumo_top = rules.tokio_response is TokioResponse.LIZUMO and before.claim == top and not isinstance(action, Claim)
    if e.doubled:
        assert e.amount == 2
        assert rules.double_on_tokio is not DoubleOnTokio.NEVER
        assert before.doubled or (isinstance(action, (Claim, Reveal)) and action.roll == top)
    if e.reason is PenaltyReason.TOOK_PENALTY:
        assert (e.amount, e.doubled) == (1, False)
    elif lizumo_top:
        assert not e.doubled
        assert (
            e.amount
            == {PenaltyReason.ACCEPTED_TOKIO: 1, PenaltyReason.WRONG_DOUBT: 2, PenaltyReason.BLUFF_CAUGHT: 1}[e.reason]
        )
    else:
        assert e.amount == (2 if e.doubled else 1)
        if before.doubled:
            assert e.doubled


def _check_step(
    g: TokioGame,
    action: Action,
    events: list[Event],
    before_turn: Before,
    charged: dict[str, int],
    eliminated: list[str],
    won: list[str],
) -> None:
    assert events and isinstance(events[0], FIRST_EVENT[type(action)])
    limit = g.rules.limit
    now = {p.name: p for p in g.players}
    before = before_turn.penalties
    was_out = before_turn.out
    for name, p in now.items():
        assert p.penalties >= before[name]  # penalties never decrease
        assert p.lives == max(0, limit - p.penalties)
        assert p.out == (p.penalties >= limit)
    penalised = [e for e in events if isinstance(e, Penalised)]
    assert len(penalised) <= 1  # a round ends at its first penalty
    for e in penalised:
        assert e.player not in was_out
        assert e.amount in (1, 2)
        _check_doubling(g, action, e, before_turn)
        charged[e.player] += e.amount
        assert (e.penalties, e.lives) == (now[e.player].penalties, now[e.player].lives)
    for name in now:
        if name not in (e.player for e in penalised):
            assert now[name].penalties == before[name]
    assert charged == {name: p.penalties for name, p in now.items()}
    newly_out = {name for name, p in now.items() if p.out} - was_out
    assert {e.player for e in events if isinstance(e, Eliminated)} == newly_out
    eliminated.extend(e.player for e in events if isinstance(e, Eliminated))
    won.extend(e.player for e in events if isinstance(e, GameWon))
    last = events[-1]
    if isinstance(last, GameWon):
        assert g.phase is Phase.OVER and g.winner == last.player
    elif isinstance(last, RoundStarted):
        assert penalised or any(isinstance(e, DuelWon) for e in events)
        assert (g.phase, g.to_act, g.claim, g.doubled) == (Phase.CLAIM, last.opener, None, False)
        if g.rules.flow is Flow.DUEL:
            assert last.opponent == g.receiver
        else:
            assert last.opponent is None
    else:
        assert not penalised and g.phase is not Phase.OVER


def _check_end(g: TokioGame, charged: dict[str, int], eliminated: list[str], won: list[str]) -> None:
    assert g.phase is Phase.OVER
    assert len(won) == 1 and g.winner == won[0]
    assert g.active_players == (g.winner,)
    assert sorted(eliminated) == sorted(p.name for p in g.players if p.out)
    assert len(eliminated) == len(g.players) - 1 and g.winner not in eliminated
    assert g.to_act is None and g.legal_actions() == []
    assert charged == {p.name: p.penalties for p in g.players}


# ------------------------------------------------------------------ the presets


def combination_rules(name: str, sides: int, limit_share: float) -> TokioRules:
    """The preset with a limit from 1 up to its own, so that short and full games both occur."""
    full = preset(name, sides=sides).limit
    return preset(name, sides=sides, limit=max(1, round(full * limit_share)))


@pytest.mark.parametrize("name, sides", COMBINATIONS)
@settings(max_examples=GAMES_PER_COMBINATION, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(2, len(NAMES)),
    limit_share=st.sampled_from([0.1, 0.3, 0.5, 1.0]),
)
def test_random_preset_games(name: str, sides: int, seed: int, players: int, limit_share: float) -> None:
    play_and_check(combination_rules(name, sides, limit_share), players, seed)


# ------------------------------------------------------------------ anywhere in the option space


@st.composite
def any_rules(draw: st.DrawFn) -> TokioRules:
    kind = draw(st.sampled_from(RankingKind))
    return TokioRules(
        name="custom",
        sides=6 if kind is RankingKind.MILELLA else draw(st.sampled_from([4, 6, 8, 10])),
        ranking_kind=kind,
        flow=draw(st.sampled_from(Flow)),
        raise_rule=draw(st.sampled_from(RaiseRule)),
        truth_test=draw(st.sampled_from(TruthTest)),
        limit=draw(st.integers(1, 6)),
        double_on_tokio=draw(st.sampled_from(DoubleOnTokio)),
        tokio_response=draw(st.sampled_from(TokioResponse)),
        next_opener=draw(st.sampled_from(NextOpener)),
        direction=draw(st.sampled_from(Direction)),
    )


@settings(settings.get_profile("tokio-games"), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=any_rules(), seed=st.integers(0, 2**32 - 1), players=st.integers(2, len(NAMES)))
def test_random_games_in_the_whole_option_space(rules: TokioRules, seed: int, players: int) -> None:
    play_and_check(rules, players, seed)


@pytest.mark.slow  # seconds of simulation or processes: the full tier
def test_full_length_games_end() -> None:
    """Every combination at its own full limit, a few seeded games each (deterministic)."""
    for name, sides in COMBINATIONS:
        for seed in range(5):
            assert play_and_check(preset(name, sides=sides), 5, seed) > 0


def test_the_checker_can_fail() -> None:
    """A game whose engine lies about penalties must trip the invariants."""

    class Lying(TokioGame):
        def apply(self, action: Action) -> list[Event]:
            events = super().apply(action)
            return [replace(e, amount=e.amount + 1) if isinstance(e, Penalised) else e for e in events]

    rules = preset("classico", limit=2)
    g = Lying(rules, NAMES[:2])
    rng = random.Random(0)
    charged = dict.fromkeys(NAMES[:2], 0)

    def play_to_the_end() -> None:
        while g.phase is not Phase.OVER:
            before = Before.of(g)
            action = random_action(g, rng)
            _check_step(g, action, g.apply(action), before, charged, [], [])

    with pytest.raises(AssertionError):
        play_to_the_end()
