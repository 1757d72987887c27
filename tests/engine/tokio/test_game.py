"""Hand-worked Tokio scenarios (RULES.md 1.2-1.5).

Every expected event list below was worked out from RULES.md, not copied from the
engine. Rolls are written as their two digits, higher die first ("53" is 5 and 3).
Players are Anna, Bruno, Carla, Dario, seated clockwise in that order.
"""

from __future__ import annotations

import doctest
from dataclasses import replace
from typing import Any

import pytest

import engine.tokio.game
from engine.errors import BadConfiguration, GameOver, IllegalAction, ImpossibleRoll, WrongPhase
from engine.rolls import Roll
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
    PlayerState,
    Reveal,
    Revealed,
    RoundStarted,
    TakePenalty,
)
from engine.tokio.game import TokioGame
from engine.tokio.rules import Direction, DoubleOnTokio, NextOpener, TokioResponse, TokioRules, TruthTest, preset

A, B, C, D = "Anna", "Bruno", "Carla", "Dario"
BELIEVE, DOUBT, TAKE = Believe(), Doubt(), TakePenalty()
LOWER = PenaltyReason.LOWER_CLAIM
BLUFF = PenaltyReason.BLUFF_CAUGHT
WRONG = PenaltyReason.WRONG_DOUBT
TOOK = PenaltyReason.TOOK_PENALTY
ACCEPTED = PenaltyReason.ACCEPTED_TOKIO


def r(digits: str) -> Roll:
    return Roll.of(int(digits[0]), int(digits[1]))


def claim(digits: str) -> Claim:
    return Claim(r(digits))


def reveal(digits: str) -> Reveal:
    return Reveal(r(digits))


def game(rules: TokioRules | str = "classico", players: tuple[str, ...] = (A, B, C), **kw: Any) -> TokioGame:
    return TokioGame(preset(rules) if isinstance(rules, str) else rules, players, **kw)


def play(g: TokioGame, *actions: Action) -> list[Event]:
    """Apply every action; return the events of the last one."""
    events: list[Event] = []
    for action in actions:
        events = g.apply(action)
    return events


def snapshot(g: TokioGame) -> tuple[object, ...]:
    return (
        g.rules,
        g.phase,
        g.to_act,
        g.claim,
        g.claimant,
        g.receiver,
        g.doubled,
        g.players,
        g.active_players,
        g.winner,
        g.can_take_penalty,
        g.legal_actions(),
        g.opening_events(),
    )


def penalties(g: TokioGame) -> dict[str, int]:
    return {p.name: p.penalties for p in g.players}


# ================================================================== setup


def test_initial_state_classico() -> None:
    g = game()
    assert g.opening_events() == [RoundStarted(A, None)]
    assert g.phase is Phase.CLAIM
    assert (g.to_act, g.claimant, g.receiver, g.claim) == (A, A, B, None)
    assert not g.doubled and not g.can_take_penalty and g.winner is None
    assert g.players == (PlayerState(A, 0, 10, False), PlayerState(B, 0, 10, False), PlayerState(C, 0, 10, False))
    assert g.active_players == (A, B, C)


def test_opening_events_is_pure() -> None:
    g = game()
    before = snapshot(g)
    assert g.opening_events() == g.opening_events()
    assert snapshot(g) == before
    play(g, claim("65"), DOUBT, reveal("31"))
    assert g.opening_events() == [RoundStarted(A, None)]  # still the first round's


def test_first_player_option() -> None:
    g = game(first=C)
    assert g.opening_events() == [RoundStarted(C, None)]
    assert (g.to_act, g.receiver) == (C, A)


@pytest.mark.parametrize(
    "players, first",
    [((A,), None), ((), None), ((A, A), None), ((A, B, A), None), ((A, ""), None), ((A, "  "), None), ((A, B), C)],
)
def test_bad_configuration(players: tuple[str, ...], first: str | None) -> None:
    with pytest.raises(BadConfiguration):
        TokioGame(preset("classico"), players, first=first)


def test_one_string_is_not_a_list_of_players() -> None:
    with pytest.raises(BadConfiguration):
        TokioGame(preset("classico"), "AB")


def test_class_docstring_example() -> None:
    result = doctest.testmod(engine.tokio.game, verbose=False)
    assert result.attempted > 0 and result.failed == 0


# ================================================================== classico: chain play


def test_doubted_bluff_costs_the_claimant() -> None:
    g = game()
    assert play(g, claim("65")) == [Claimed(A, r("65"), None, False)]
    assert (g.phase, g.to_act, g.claim, g.claimant) == (Phase.RESPONSE, B, r("65"), A)
    assert g.legal_actions() == [BELIEVE, DOUBT]
    assert play(g, DOUBT) == [Doubted(B, A, r("65"))]
    assert (g.phase, g.to_act, g.receiver) == (Phase.REVEAL, A, B)
    assert play(g, reveal("42")) == [
        Revealed(A, r("42"), r("65"), False),
        Penalised(A, 1, BLUFF, 1, 9, False),
        RoundStarted(A, None),
    ]
    assert (g.phase, g.to_act, g.claim) == (Phase.CLAIM, A, None)


def test_classico_higher_roll_than_claimed_is_a_bluff() -> None:
    g = game()
    # 43 claimed, a pair of 5s shown. Classico's truth test is exact (the wiki: the
    # doubter pays "se invece il tiro corrisponde alla dichiarazione"): 55 is not 43.
    assert play(g, claim("43"), DOUBT, reveal("55")) == [
        Revealed(A, r("55"), r("43"), False),
        Penalised(A, 1, BLUFF, 1, 9, False),
        RoundStarted(A, None),
    ]
    assert g.to_act == A and g.receiver == B


def test_lizumo_higher_roll_than_claimed_holds() -> None:
    g = game("lizumo")
    # Lizumo: "un punto almeno pari a quello dichiarato": 55 is worth more than 43, the
    # claim holds and the doubter loses a life (3 lives, 2 left) and opens.
    assert play(g, claim("43"), DOUBT, reveal("55")) == [
        Revealed(A, r("55"), r("43"), True),
        Penalised(B, 1, WRONG, 1, 2, False),
        RoundStarted(B, None),
    ]


def test_doubt_of_an_exact_claim_costs_the_doubter() -> None:
    g = game()
    events = play(g, claim("43"), DOUBT, reveal("43"))
    assert events[0] == Revealed(A, r("43"), r("43"), True)
    assert events[1] == Penalised(B, 1, WRONG, 1, 9, False)


def test_believe_passes_the_hand_and_equal_is_allowed_in_classico() -> None:
    g = game()
    assert play(g, claim("52"), BELIEVE) == [Believed(B, A, r("52"))]
    assert (g.phase, g.to_act, g.claimant, g.claim, g.receiver) == (Phase.CLAIM, B, B, r("52"), C)
    assert not g.is_lower(r("52"))  # "uguale o superiore"
    assert not g.is_lower(r("53")) and not g.is_lower(r("11")) and not g.is_lower(r("21"))
    assert g.is_lower(r("51")) and g.is_lower(r("43")) and g.is_lower(r("31"))
    assert play(g, claim("52")) == [Claimed(B, r("52"), r("52"), False)]
    assert (g.phase, g.to_act, g.claimant) == (Phase.RESPONSE, C, B)


def test_lower_claim_is_an_immediate_penalty() -> None:
    g = game()
    assert play(g, claim("52"), BELIEVE, claim("61"), BELIEVE, claim("54")) == [
        Claimed(C, r("54"), r("61"), True),
        Penalised(C, 1, LOWER, 1, 9, False),
        RoundStarted(C, None),
    ]
    assert penalties(g) == {A: 0, B: 0, C: 1}


def test_chain_goes_round_the_table() -> None:
    g = game()
    play(g, claim("41"), BELIEVE, claim("51"), BELIEVE, claim("61"), BELIEVE)
    # Carla claimed 61, Anna believed: Anna now must beat 61 and claims to Bruno.
    assert (g.to_act, g.claim, g.receiver) == (A, r("61"), B)
    assert play(g, claim("11"), DOUBT) == [Doubted(B, A, r("11"))]


def test_truth_test_at_least_tokio_shown_holds_a_pair_claim() -> None:
    # 66 claimed; 21 (Tokio) is shown. Lizumo ("almeno pari"): Tokio is worth more
    # than 66, the claim holds. Lizumo never doubles: one life.
    events = play(game("lizumo"), claim("66"), DOUBT, reveal("21"))
    assert events[0] == Revealed(A, r("21"), r("66"), True)
    assert events[1] == Penalised(B, 1, WRONG, 1, 2, False)
    # Classico (exact): Tokio is not 66, Anna bluffed; only a declared Tokio doubles.
    events = play(game(), claim("66"), DOUBT, reveal("21"))
    assert events[0] == Revealed(A, r("21"), r("66"), False)
    assert events[1] == Penalised(A, 1, BLUFF, 1, 9, False)


# ================================================================== classico: Tokio declared


def test_tokio_declared_doubles_and_offers_three_choices() -> None:
    g = game()
    assert play(g, claim("21")) == [Claimed(A, r("21"), None, False)]
    assert g.doubled
    assert g.can_take_penalty
    assert g.legal_actions() == [BELIEVE, DOUBT, TAKE]


def test_take_penalty_costs_one_and_restarts_with_that_player() -> None:
    g = game()
    assert play(g, claim("21"), TAKE) == [Penalised(B, 1, TOOK, 1, 9, False), RoundStarted(B, None)]
    assert (g.phase, g.to_act, g.claim, g.doubled) == (Phase.CLAIM, B, None, False)


def test_doubting_a_real_tokio_costs_the_doubter_two() -> None:
    g = game()
    assert play(g, claim("21"), DOUBT, reveal("21")) == [
        Revealed(A, r("21"), r("21"), True),
        Penalised(B, 2, WRONG, 2, 8, True),
        RoundStarted(B, None),
    ]


def test_doubting_a_false_tokio_costs_the_claimant_two() -> None:
    g = game()
    assert play(g, claim("21"), DOUBT, reveal("66")) == [
        Revealed(A, r("66"), r("21"), False),
        Penalised(A, 2, BLUFF, 2, 8, True),
        RoundStarted(A, None),
    ]


def test_believing_tokio_means_claiming_tokio_again_or_two_penalties() -> None:
    g = game()
    play(g, claim("21"), BELIEVE)
    assert (g.to_act, g.claim) == (B, r("21"))
    assert g.is_lower(r("66"))
    assert not g.is_lower(r("21"))
    assert play(g, claim("66")) == [
        Claimed(B, r("66"), r("21"), True),
        Penalised(B, 2, LOWER, 2, 8, True),
        RoundStarted(B, None),
    ]
    assert not g.doubled  # a new round starts fresh


def test_tokio_passed_on_keeps_the_round_doubled() -> None:
    g = game()
    play(g, claim("43"), BELIEVE, claim("21"), BELIEVE, claim("21"))
    # Anna 43 -> Bruno Tokio -> Carla Tokio again, to Anna.
    assert (g.to_act, g.claimant, g.doubled, g.can_take_penalty) == (A, C, True, True)
    assert play(g, DOUBT, reveal("54")) == [
        Revealed(C, r("54"), r("21"), False),
        Penalised(C, 2, BLUFF, 2, 8, True),
        RoundStarted(C, None),
    ]


def test_penalties_after_a_doubled_round_are_single_again() -> None:
    g = game()
    play(g, claim("21"), DOUBT, reveal("21"))  # Bruno 2, opens
    assert play(g, claim("65"), DOUBT, reveal("31"))[1] == Penalised(B, 1, BLUFF, 3, 7, False)


def test_take_penalty_only_on_a_tokio_claim() -> None:
    g = game()
    play(g, claim("66"))
    assert not g.can_take_penalty
    assert TAKE not in g.legal_actions()
    before = snapshot(g)
    with pytest.raises(WrongPhase):
        g.apply(TAKE)
    assert snapshot(g) == before


def test_two_choices_has_no_take_penalty() -> None:
    g = game(replace(preset("classico"), tokio_response=TokioResponse.TWO_CHOICES))
    play(g, claim("21"))
    assert g.doubled and not g.can_take_penalty
    assert g.legal_actions() == [BELIEVE, DOUBT]
    with pytest.raises(WrongPhase):
        g.apply(TAKE)
    assert play(g, DOUBT, reveal("21"))[1] == Penalised(B, 2, WRONG, 2, 8, True)


def test_never_double() -> None:
    g = game(replace(preset("classico"), double_on_tokio=DoubleOnTokio.NEVER))
    play(g, claim("21"))
    assert not g.doubled and g.can_take_penalty
    assert play(g, DOUBT, reveal("21"))[1] == Penalised(B, 1, WRONG, 1, 9, False)


def test_declared_or_revealed_in_chain_play() -> None:
    # 65 claimed, Tokio shown: not 65 (exact test), Anna bluffed; a revealed Tokio
    # doubles only when the option says so.
    classico = game()
    assert play(classico, claim("65"), DOUBT, reveal("21"))[1] == Penalised(A, 1, BLUFF, 1, 9, False)
    g = game(replace(preset("classico"), double_on_tokio=DoubleOnTokio.DECLARED_OR_REVEALED))
    assert play(g, claim("65"), DOUBT, reveal("21"))[1] == Penalised(A, 2, BLUFF, 2, 8, True)


def test_take_penalty_restarts_with_that_player_even_when_next_player_opens() -> None:
    g = game(replace(preset("classico"), next_opener=NextOpener.NEXT_PLAYER))
    assert play(g, claim("21"), TAKE)[-1] == RoundStarted(B, None)


# ================================================================== lizumo


def test_lizumo_equal_claim_is_penalised() -> None:
    g = game("lizumo")
    play(g, claim("52"), BELIEVE)
    assert g.is_lower(r("52"))
    assert g.is_lower(r("51"))
    assert not g.is_lower(r("53"))
    assert play(g, claim("52")) == [
        Claimed(B, r("52"), r("52"), True),
        Penalised(B, 1, LOWER, 1, 2, False),
        RoundStarted(B, None),
    ]


def test_lizumo_ordinary_doubt_costs_one_life() -> None:
    g = game("lizumo")
    assert play(g, claim("65"), DOUBT, reveal("65"))[1:] == [Penalised(B, 1, WRONG, 1, 2, False), RoundStarted(B, None)]
    assert g.players[1] == PlayerState(B, 1, 2, False)


def test_lizumo_tokio_accepted_without_looking_costs_one_life() -> None:
    g = game("lizumo")
    play(g, claim("21"))
    assert not g.doubled and not g.can_take_penalty
    assert g.legal_actions() == [BELIEVE, DOUBT]
    assert play(g, BELIEVE) == [
        Believed(B, A, r("21")),
        Penalised(B, 1, ACCEPTED, 1, 2, False),
        RoundStarted(B, None),
    ]


def test_lizumo_real_tokio_costs_the_revealer_two() -> None:
    g = game("lizumo")
    assert play(g, claim("21"), DOUBT, reveal("21")) == [
        Revealed(A, r("21"), r("21"), True),
        Penalised(B, 2, WRONG, 2, 1, False),
        RoundStarted(B, None),
    ]


def test_lizumo_false_tokio_costs_the_claimant_one() -> None:
    g = game("lizumo")
    assert play(g, claim("21"), DOUBT, reveal("66")) == [
        Revealed(A, r("66"), r("21"), False),
        Penalised(A, 1, BLUFF, 1, 2, False),
        RoundStarted(A, None),
    ]


def test_lizumo_with_doubling_does_not_double_its_tokio_amounts() -> None:
    rules = replace(preset("lizumo"), double_on_tokio=DoubleOnTokio.DECLARED, limit=10)
    g = game(rules)
    assert play(g, claim("21"), DOUBT, reveal("21"))[1] == Penalised(B, 2, WRONG, 2, 8, False)
    assert play(g, claim("21"), DOUBT, reveal("54"))[1] == Penalised(B, 1, BLUFF, 3, 7, False)
    assert play(g, claim("21"), BELIEVE)[1] == Penalised(C, 1, ACCEPTED, 1, 9, False)


def test_lizumo_tokio_in_a_duel_ends_it_with_a_life() -> None:
    rules = replace(preset("milella"), ranking_kind=preset("lizumo").ranking_kind, tokio_response=TokioResponse.LIZUMO)
    g = game(rules, (A, B, C))
    # Classic d6 ranking, duel flow: Bruno answers Anna's 65 with Tokio; Anna accepts it without looking.
    assert play(g, claim("65"), BELIEVE, claim("21"), BELIEVE) == [
        Believed(A, B, r("21")),
        Penalised(A, 1, ACCEPTED, 1, 7, False),
        RoundStarted(A, B),
    ]


def test_lizumo_elimination_by_lives() -> None:
    g = game("lizumo", players=(A, B))
    play(g, claim("21"), DOUBT, reveal("21"))  # Bruno 2 of 3, opens
    assert play(g, claim("65"), DOUBT, reveal("11")) == [
        Revealed(B, r("11"), r("65"), True),
        Penalised(A, 1, WRONG, 1, 2, False),
        RoundStarted(A, None),
    ]
    assert play(g, claim("21"), BELIEVE) == [
        Believed(B, A, r("21")),
        Penalised(B, 1, ACCEPTED, 3, 0, False),
        Eliminated(B),
        GameWon(A),
    ]
    assert g.winner == A and g.phase is Phase.OVER


# ================================================================== milella's duel

P4 = (A, B, C, D)


def test_milella_opens_a_duel_with_the_neighbour() -> None:
    g = game("milella", P4)
    assert g.opening_events() == [RoundStarted(A, B)]
    assert (g.to_act, g.receiver) == (A, B)


def test_milella_b_doubts() -> None:
    g = game("milella", P4)
    assert play(g, claim("54"), DOUBT, reveal("32")) == [
        Revealed(A, r("32"), r("54"), False),
        Penalised(A, 1, BLUFF, 1, 7, False),
        RoundStarted(A, B),
    ]


def test_milella_b_doubts_wrongly() -> None:
    g = game("milella", P4)
    # "il valore dichiarato corrisponde alla realtà del tiro": 54 under the cup.
    assert play(g, claim("54"), DOUBT, reveal("54"))[1:] == [Penalised(B, 1, WRONG, 1, 7, False), RoundStarted(B, C)]


def test_milella_higher_roll_than_claimed_is_a_bluff() -> None:
    g = game("milella", P4)
    # Exact test: 61 is more than 54 but does not correspond to it; Anna takes it and reopens.
    assert play(g, claim("54"), DOUBT, reveal("61"))[:2] == [
        Revealed(A, r("61"), r("54"), False),
        Penalised(A, 1, BLUFF, 1, 7, False),
    ]


def test_milella_b_believes_then_a_answers_b() -> None:
    g = game("milella", P4)
    assert play(g, claim("54"), BELIEVE) == [Believed(B, A, r("54"))]
    assert (g.phase, g.to_act, g.claim, g.receiver) == (Phase.CLAIM, B, r("54"), A)
    assert play(g, claim("61")) == [Claimed(B, r("61"), r("54"), False)]
    assert (g.phase, g.to_act, g.claimant) == (Phase.RESPONSE, A, B)  # Anna, not Carla


def test_milella_a_doubts_b_and_b_told_the_truth() -> None:
    g = game("milella", P4)
    assert play(g, claim("54"), BELIEVE, claim("61"), DOUBT) == [Doubted(A, B, r("61"))]
    assert g.to_act == B  # Bruno's cup is lifted
    assert play(g, reveal("61")) == [
        Revealed(B, r("61"), r("61"), True),
        Penalised(A, 1, WRONG, 1, 7, False),
        RoundStarted(A, B),
    ]


def test_milella_a_doubts_b_and_b_lied() -> None:
    g = game("milella", P4)
    assert play(g, claim("54"), BELIEVE, claim("61"), DOUBT, reveal("53")) == [
        Revealed(B, r("53"), r("61"), False),
        Penalised(B, 1, BLUFF, 1, 7, False),
        RoundStarted(B, C),
    ]


def test_milella_a_believes_b_wins_the_duel_and_duels_the_next() -> None:
    g = game("milella", P4)
    assert play(g, claim("54"), BELIEVE, claim("61"), BELIEVE) == [
        Believed(A, B, r("61")),
        DuelWon(B, A),
        RoundStarted(B, C),
    ]
    assert (g.phase, g.to_act, g.claim, g.receiver) == (Phase.CLAIM, B, None, C)
    assert penalties(g) == {A: 0, B: 0, C: 0, D: 0}
    # the new duel is fresh: nothing to beat
    assert not g.is_lower(r("32"))
    assert play(g, claim("32")) == [Claimed(B, r("32"), None, False)]
    assert g.to_act == C


def test_milella_b_lower_claim() -> None:
    g = game("milella", P4)
    assert play(g, claim("54"), BELIEVE, claim("53")) == [
        Claimed(B, r("53"), r("54"), True),
        Penalised(B, 1, LOWER, 1, 7, False),
        RoundStarted(B, C),
    ]


def test_milella_equal_claim_allowed() -> None:
    g = game("milella", P4)
    assert play(g, claim("54"), BELIEVE, claim("54")) == [Claimed(B, r("54"), r("54"), False)]


def test_milella_revealed_tokio_doubles() -> None:
    g = game("milella", P4)
    play(g, claim("65"), DOUBT)
    assert not g.doubled
    # 3-1 is Milella's Tokio: not the 65 declared, so Anna bluffed; revealed, so doubled.
    assert play(g, reveal("31")) == [
        Revealed(A, r("31"), r("65"), False),
        Penalised(A, 2, BLUFF, 2, 6, True),
        RoundStarted(A, B),
    ]


def test_milella_declared_tokio_doubles() -> None:
    g = game("milella", P4)
    play(g, claim("31"))
    assert g.doubled
    assert play(g, DOUBT, reveal("64")) == [
        Revealed(A, r("64"), r("31"), False),
        Penalised(A, 2, BLUFF, 2, 6, True),
        RoundStarted(A, B),
    ]


def test_milella_revealed_tokio_does_not_hold_a_pechino_claim() -> None:
    g = game("milella", P4)
    # Pechino (21) claimed; Tokio shown. Tokio does not beat Pechino, so the claim fails,
    # and the revealed Tokio doubles the penalty.
    assert play(g, claim("21"), DOUBT, reveal("31"))[:2] == [
        Revealed(A, r("31"), r("21"), False),
        Penalised(A, 2, BLUFF, 2, 6, True),
    ]


def test_milella_pechino_is_not_the_top() -> None:
    g = game("milella", P4)
    play(g, claim("21"))
    assert not g.doubled
    assert play(g, DOUBT, reveal("21"))[1] == Penalised(B, 1, WRONG, 1, 7, False)


def test_milella_pechino_may_answer_a_believed_tokio() -> None:
    g = game("milella", P4)
    play(g, claim("31"), BELIEVE)
    assert (g.to_act, g.claim) == (B, r("31"))
    assert not g.is_lower(r("21"))  # Pechino beats Tokio
    assert not g.is_lower(r("31"))
    assert g.is_lower(r("66"))
    assert play(g, claim("21")) == [Claimed(B, r("21"), r("31"), False)]
    assert (g.to_act, g.doubled) == (A, True)
    # Anna doubts, Bruno really has Pechino: Anna is wrong, doubled by the declared Tokio.
    assert play(g, DOUBT, reveal("21"))[1] == Penalised(A, 2, WRONG, 2, 6, True)


def test_milella_after_pechino_only_tokio_is_lower() -> None:
    g = game("milella", P4)
    play(g, claim("21"), BELIEVE)
    assert g.is_lower(r("31"))
    assert not any(g.is_lower(x) for x in g.rules.dice.all_rolls() if x != r("31"))


def test_milella_tokio_over_pechino_is_lower_and_doubled() -> None:
    g = game("milella", P4)
    play(g, claim("21"), BELIEVE)
    # Tokio does not beat Pechino: claiming it now is lower; Tokio was declared, so doubled.
    assert play(g, claim("31")) == [
        Claimed(B, r("31"), r("21"), True),
        Penalised(B, 2, LOWER, 2, 6, True),
        RoundStarted(B, C),
    ]


def test_milella_duel_won_resets_doubling() -> None:
    g = game("milella", P4)
    assert play(g, claim("31"), BELIEVE, claim("21"), BELIEVE) == [
        Believed(A, B, r("21")),
        DuelWon(B, A),
        RoundStarted(B, C),
    ]
    assert not g.doubled
    assert play(g, claim("65"), DOUBT, reveal("65"))[1] == Penalised(C, 1, WRONG, 1, 7, False)


def test_milella_duels_go_round_the_table() -> None:
    g = game("milella", P4)
    play(g, claim("41"), BELIEVE, claim("42"), BELIEVE)  # Bruno beat Anna
    play(g, claim("43"), BELIEVE, claim("51"), BELIEVE)  # Carla beat Bruno
    assert play(g, claim("52"), BELIEVE, claim("53"), BELIEVE)[1:] == [DuelWon(D, C), RoundStarted(D, A)]


def test_milella_two_players() -> None:
    g = game("milella", (A, B))
    assert play(g, claim("41"), BELIEVE, claim("42"), BELIEVE)[1:] == [DuelWon(B, A), RoundStarted(B, A)]
    assert (g.to_act, g.receiver) == (B, A)


# ================================================================== other options


def test_exact_truth_test_as_a_house_rule_in_lizumo() -> None:
    g = game(preset("lizumo", truth_test=TruthTest.EXACT))
    # A pair of 5s is more than 43, but not exactly 43: the claim fails.
    assert play(g, claim("43"), DOUBT, reveal("55"))[:2] == [
        Revealed(A, r("55"), r("43"), False),
        Penalised(A, 1, BLUFF, 1, 2, False),
    ]
    assert play(g, claim("43"), DOUBT, reveal("43"))[:2] == [
        Revealed(A, r("43"), r("43"), True),
        Penalised(B, 1, WRONG, 1, 2, False),
    ]


def test_at_least_truth_test_as_a_house_rule_in_classico() -> None:
    g = game(preset("classico", truth_test=TruthTest.AT_LEAST))
    # 55 is worth more than 43: the claim holds, Bruno doubted wrongly.
    assert play(g, claim("43"), DOUBT, reveal("55"))[:2] == [
        Revealed(A, r("55"), r("43"), True),
        Penalised(B, 1, WRONG, 1, 9, False),
    ]
    # Bruno reopens to Carla; 42 is worth less than 43: Bruno bluffed, his second penalty.
    assert play(g, claim("43"), DOUBT, reveal("42"))[:2] == [
        Revealed(B, r("42"), r("43"), False),
        Penalised(B, 1, BLUFF, 2, 8, False),
    ]


@pytest.mark.parametrize("truth", list(TruthTest))
def test_milella_pechino_under_a_tokio_claim_is_a_bluff(truth: TruthTest) -> None:
    # Milella: Tokio (3-1) declared, Pechino (2-1) under the cup. Exact: not the roll
    # declared. At least (a house rule): Pechino is the lowest value; the cyclic
    # "Pechino beats Tokio" is for raising a declaration, not for the truth test.
    # Tokio was declared, so the penalty is doubled: Anna takes 2.
    g = game(preset("milella", truth_test=truth), P4)
    assert play(g, claim("31"), DOUBT, reveal("21"))[:2] == [
        Revealed(A, r("21"), r("31"), False),
        Penalised(A, 2, BLUFF, 2, 6, True),
    ]


def test_next_player_opens() -> None:
    g = game(replace(preset("classico"), next_opener=NextOpener.NEXT_PLAYER))
    assert play(g, claim("65"), DOUBT, reveal("31"))[-1] == RoundStarted(B, None)  # Anna penalised, Bruno opens
    assert play(g, claim("65"), DOUBT, reveal("65"))[-1] == RoundStarted(A, None)  # Carla penalised, Anna opens


def test_counter_clockwise() -> None:
    g = game(replace(preset("classico"), direction=Direction.COUNTER_CLOCKWISE), P4)
    assert g.opening_events() == [RoundStarted(A, None)]  # the first listed still opens
    assert g.receiver == D
    assert play(g, claim("43"), BELIEVE) == [Believed(D, A, r("43"))]
    assert (g.to_act, g.receiver) == (D, C)
    assert play(g, claim("44"), DOUBT) == [Doubted(C, D, r("44"))]
    assert play(g, reveal("44"))[-1] == RoundStarted(C, None)  # the claim held: Carla penalised, opens
    assert g.receiver == B


def test_counter_clockwise_next_player_opener_and_duel() -> None:
    rules = replace(preset("milella"), direction=Direction.COUNTER_CLOCKWISE, next_opener=NextOpener.NEXT_PLAYER)
    g = game(rules, P4)
    assert g.opening_events() == [RoundStarted(A, D)]
    # Anna bluffs and is caught: the next player after Anna counter-clockwise is Dario, who duels Carla.
    assert play(g, claim("66"), DOUBT, reveal("41"))[-1] == RoundStarted(D, C)


def test_eliminated_player_is_skipped_by_opener_and_receiver() -> None:
    g = game(preset("classico", limit=1), P4)
    # Bruno doubts a true claim and is out; the penalised player is out, so the next one (Carla) opens.
    assert play(g, claim("65"), DOUBT, reveal("65")) == [
        Revealed(A, r("65"), r("65"), True),
        Penalised(B, 1, WRONG, 1, 0, False),
        Eliminated(B),
        RoundStarted(C, None),
    ]
    assert g.active_players == (A, C, D)
    assert g.players[1] == PlayerState(B, 1, 0, True)
    play(g, claim("41"), BELIEVE, claim("42"), BELIEVE)
    # Carla -> Dario -> Anna, whose claim goes to Carla: Bruno is out.
    assert (g.to_act, g.receiver) == (A, C)
    assert play(g, claim("43"), BELIEVE) == [Believed(C, A, r("43"))]


def test_eliminated_claimant_next_player_opens() -> None:
    g = game(preset("classico", limit=1), P4, first=D)
    # Dario bluffs and is out: Anna (after Dario, wrapping) opens.
    assert play(g, claim("65"), DOUBT, reveal("31"))[-2:] == [Eliminated(D), RoundStarted(A, None)]


def test_next_player_opener_skips_the_out() -> None:
    g = game(replace(preset("classico", limit=1), next_opener=NextOpener.NEXT_PLAYER), P4)
    play(g, claim("65"), DOUBT, reveal("65"))  # Bruno out; next after Bruno is Carla
    assert g.to_act == C
    play(g, claim("65"), DOUBT, reveal("65"))  # Dario out; next after Dario is Anna
    assert (g.to_act, g.receiver) == (A, C)


def test_duel_skips_the_out() -> None:
    g = game(preset("milella", limit=1), P4)
    assert play(g, claim("54"), DOUBT, reveal("54"))[-2:] == [Eliminated(B), RoundStarted(C, D)]
    assert play(g, claim("54"), BELIEVE, claim("55"), BELIEVE)[-2:] == [DuelWon(D, C), RoundStarted(D, A)]
    assert play(g, claim("54"), BELIEVE, claim("55"), BELIEVE)[-2:] == [DuelWon(A, D), RoundStarted(A, C)]


def test_elimination_and_game_won() -> None:
    g = game(preset("classico", limit=1), (A, B))
    assert play(g, claim("65"), DOUBT, reveal("42")) == [
        Revealed(A, r("42"), r("65"), False),
        Penalised(A, 1, BLUFF, 1, 0, False),
        Eliminated(A),
        GameWon(B),
    ]
    assert g.phase is Phase.OVER
    assert (g.winner, g.active_players) == (B, (B,))
    assert (g.to_act, g.claim, g.claimant, g.receiver, g.doubled, g.can_take_penalty) == (
        None,
        None,
        None,
        None,
        False,
        False,
    )
    assert g.legal_actions() == []


def test_doubled_penalty_overshoots_the_limit() -> None:
    g = game(preset("classico", limit=3), (A, B, C))
    play(g, claim("65"), DOUBT, reveal("31"))  # Anna 1
    assert play(g, claim("21"), DOUBT, reveal("32")) == [
        Revealed(A, r("32"), r("21"), False),
        Penalised(A, 2, BLUFF, 3, 0, True),
        Eliminated(A),
        RoundStarted(B, None),
    ]
    g2 = game(preset("classico", limit=3), (A, B, C))
    play(g2, claim("65"), DOUBT, reveal("31"), claim("65"), DOUBT, reveal("31"))  # Anna 2
    assert play(g2, claim("21"), DOUBT, reveal("32"))[1] == Penalised(A, 2, BLUFF, 4, 0, True)
    assert g2.players[0] == PlayerState(A, 4, 0, True)


def test_game_won_in_three_player_game() -> None:
    g = game(preset("classico", limit=1), (A, B, C))
    play(g, claim("65"), DOUBT, reveal("65"))  # Bruno out, Carla opens to Anna
    assert play(g, claim("65"), DOUBT, reveal("65")) == [
        Revealed(C, r("65"), r("65"), True),
        Penalised(A, 1, WRONG, 1, 0, False),
        Eliminated(A),
        GameWon(C),
    ]


@pytest.mark.parametrize("action", [claim("65"), BELIEVE, DOUBT, TAKE, reveal("65")])
def test_game_over_refuses_every_action(action: Action) -> None:
    g = game(preset("classico", limit=1), (A, B))
    play(g, claim("65"), DOUBT, reveal("42"))
    before = snapshot(g)
    with pytest.raises(GameOver):
        g.apply(action)
    assert snapshot(g) == before


# ================================================================== other dice


def test_pechino_d10_top_is_one_zero() -> None:
    g = game(preset("classico", sides=10))
    play(g, claim("21"))
    assert not g.doubled and not g.can_take_penalty  # 21 is ordinary on the d10
    g = game(preset("classico", sides=10))
    play(g, claim("10"))
    assert g.doubled and g.can_take_penalty
    assert play(g, BELIEVE, claim("00")) == [  # the pair of zeros is below Pechino
        Claimed(B, Roll(0, 0), Roll(1, 0), True),
        Penalised(B, 2, LOWER, 2, 8, True),
        RoundStarted(B, None),
    ]
    assert len(g.legal_actions()) == 55


def test_pechino_d10_lizumo() -> None:
    g = game(preset("lizumo", sides=10))
    assert play(g, claim("10"), DOUBT, reveal("10"))[1] == Penalised(B, 2, WRONG, 2, 1, False)


def test_taipei_d4() -> None:
    g = game(preset("classico", sides=4))
    assert len(g.legal_actions()) == 10
    play(g, claim("44"), BELIEVE)
    assert g.is_lower(r("43")) and not g.is_lower(r("21"))
    play(g, claim("21"))
    assert g.doubled and g.can_take_penalty


def test_impossible_roll_with_d4() -> None:
    g = game(preset("classico", sides=4))
    before = snapshot(g)
    with pytest.raises(ImpossibleRoll):
        g.apply(claim("51"))
    with pytest.raises(ImpossibleRoll):
        g.is_lower(r("51"))
    assert snapshot(g) == before
    play(g, claim("43"), DOUBT)
    before = snapshot(g)
    with pytest.raises(ImpossibleRoll):
        g.apply(reveal("61"))
    assert snapshot(g) == before


def test_impossible_roll_zero_on_d6() -> None:
    g = game()
    with pytest.raises(ImpossibleRoll):
        g.apply(Claim(Roll(1, 0)))


# ================================================================== illegal actions


def _in_phase(phase: Phase) -> TokioGame:
    g = game()
    if phase is Phase.RESPONSE:
        play(g, claim("65"))
    elif phase is Phase.REVEAL:
        play(g, claim("65"), DOUBT)
    return g


WRONG_FOR = {
    Phase.CLAIM: [BELIEVE, DOUBT, TAKE, reveal("65")],
    Phase.RESPONSE: [claim("66"), reveal("65"), TAKE],
    Phase.REVEAL: [claim("66"), BELIEVE, DOUBT, TAKE],
}


@pytest.mark.parametrize("phase, action", [(p, a) for p, actions in WRONG_FOR.items() for a in actions])
def test_wrong_phase_leaves_state_unchanged(phase: Phase, action: Action) -> None:
    g = _in_phase(phase)
    assert g.phase is phase
    before = snapshot(g)
    with pytest.raises(WrongPhase):
        g.apply(action)
    assert snapshot(g) == before


def test_not_an_action_is_refused() -> None:
    g = game()
    before = snapshot(g)
    with pytest.raises(IllegalAction):
        g.apply("tokio")  # type: ignore[arg-type]
    assert snapshot(g) == before


def test_is_lower_outside_claim_phase() -> None:
    g = _in_phase(Phase.RESPONSE)
    with pytest.raises(WrongPhase):
        g.is_lower(r("66"))


def test_fresh_claim_is_never_lower() -> None:
    g = game()
    assert not any(g.is_lower(x) for x in g.rules.dice.all_rolls())


def test_legal_actions_by_phase() -> None:
    g = game()
    claims = g.legal_actions()
    assert len(claims) == 21 and all(isinstance(a, Claim) for a in claims)
    assert {a.roll for a in claims if isinstance(a, Claim)} == set(g.rules.dice.all_rolls())
    play(g, claim("65"), BELIEVE)
    assert len(g.legal_actions()) == 21  # lower claims are legal, with a penalty
    play(g, claim("65"), DOUBT)
    reveals = g.legal_actions()
    assert len(reveals) == 21 and all(isinstance(a, Reveal) for a in reveals)


def test_every_legal_action_is_accepted() -> None:
    for phase in (Phase.CLAIM, Phase.RESPONSE, Phase.REVEAL):
        for action in _in_phase(phase).legal_actions():
            _in_phase(phase).apply(action)  # must not raise
