"""Yatzi game flow: turns, rolls, keeps, scoring, end, and illegal actions."""

from __future__ import annotations

import pytest

from engine.errors import BadConfiguration, GameOver, IllegalAction, WrongPhase
from engine.yatzi.game import (
    BonusEarned,
    GameEnded,
    Keep,
    Kept,
    RecordRoll,
    Reroll,
    Rolled,
    Score,
    Scored,
    Standing,
    TurnStarted,
    YatziGame,
    YatziPhase,
)
from engine.yatzi.score import BOXES, NOfAKind, YatziRules


def snapshot(game: YatziGame) -> tuple[object, ...]:
    """Everything observable about a game."""
    return (
        game.phase,
        game.to_act,
        game.turn,
        game.dice,
        game.kept,
        game.rolls_left,
        game.dice_to_roll,
        tuple(game.scorecard(p) for p in game.players),
        game.standings(),
        game.history,
    )


def play_plan(game: YatziGame, plan: dict[str, Plan]) -> list[object]:
    """Each player in turn rolls their next dice and scores them in the given box."""
    events: list[object] = []
    while not game.is_over:
        player = game.to_act
        assert player is not None
        dice, box = plan[player].pop(0)
        events += game.apply(RecordRoll(dice))
        events += game.apply(Score(box))
    return events


# ---------------------------------------------------------------- set-up


def test_start() -> None:
    game = YatziGame(["Anna", "Bruno", "Carla"])
    assert game.players == ("Anna", "Bruno", "Carla")
    assert game.phase is YatziPhase.ROLL
    assert game.to_act == "Anna"
    assert game.turn == 1
    assert game.dice is None
    assert game.rolls_left == 3
    assert game.dice_to_roll == 5
    assert game.free_boxes() == BOXES
    assert game.opening_events() == [TurnStarted("Anna", 1)]
    assert game.rules == YatziRules()
    assert game.legal_actions() == ()


def test_first_player_rotates_the_listed_order() -> None:
    game = YatziGame(["Anna", "Bruno", "Carla"], first="Bruno")
    assert game.players == ("Bruno", "Carla", "Anna")
    assert game.to_act == "Bruno"


@pytest.mark.parametrize(
    "players, first",
    [([], None), (["Anna", "Anna"], None), (["Anna", ""], None), (["Anna", "Bruno"], "Carla")],
)
def test_bad_configuration(players: list[str], first: str | None) -> None:
    with pytest.raises(BadConfiguration):
        YatziGame(players, first=first)


def test_one_player_may_play_alone() -> None:
    game = YatziGame(["Anna"])
    game.apply(RecordRoll((1, 2, 3, 4, 5)))
    assert game.apply(Score("chance")) == [Scored("Anna", "chance", 15, 15), TurnStarted("Anna", 2)]


# ---------------------------------------------------------------- rolls and keeps


def test_three_rolls_with_keeps() -> None:
    game = YatziGame(["Anna", "Bruno"])
    assert game.apply(RecordRoll((3, 1, 3, 5, 6))) == [
        Rolled("Anna", 1, (3, 1, 3, 5, 6), (), (3, 1, 3, 5, 6), 2)
    ]
    assert game.phase is YatziPhase.CHOOSE
    assert game.apply(Keep((3, 3))) == [Kept("Anna", (3, 3), 3)]
    assert game.dice_to_roll == 3
    assert game.apply(RecordRoll((3, 2, 2))) == [Rolled("Anna", 2, (3, 3, 3, 2, 2), (3, 3), (3, 2, 2), 1)]
    assert game.would_score("full") == 25
    assert game.apply(Reroll((2, 2))) == [Kept("Anna", (3, 3, 3), 2)]
    assert game.apply(RecordRoll((3, 4))) == [Rolled("Anna", 3, (3, 3, 3, 3, 4), (3, 3, 3), (3, 4), 0)]
    assert game.rolls_left == 0
    assert not game.can_roll
    assert game.would_score("poker") == 12
    assert game.apply(Score("poker")) == [Scored("Anna", "poker", 12, 12), TurnStarted("Bruno", 1)]
    assert game.rolls_left == 3
    assert game.dice is None


def test_roll_without_keep_rerolls_all_five() -> None:
    game = YatziGame(["Anna"])
    game.apply(RecordRoll((1, 1, 2, 3, 4)))
    assert game.apply(RecordRoll((6, 6, 6, 5, 5)))[0] == Rolled("Anna", 2, (6, 6, 6, 5, 5), (), (6, 6, 6, 5, 5), 1)
    with pytest.raises(IllegalAction):
        game.apply(RecordRoll((6, 6)))


def test_full_five_values_after_a_keep() -> None:
    game = YatziGame(["Anna"])
    game.apply(RecordRoll((2, 4, 4, 1, 6)))
    game.apply(Keep((4, 4)))
    assert game.apply(RecordRoll((4, 5, 4, 4, 1))) == [Rolled("Anna", 2, (4, 5, 4, 4, 1), (4, 4), (5, 4, 1), 1)]


def test_full_five_values_must_hold_the_kept_dice() -> None:
    game = YatziGame(["Anna"])
    game.apply(RecordRoll((2, 4, 4, 1, 6)))
    game.apply(Keep((4, 4)))
    before = snapshot(game)
    with pytest.raises(IllegalAction):
        game.apply(RecordRoll((4, 5, 3, 3, 1)))
    assert snapshot(game) == before


def test_keep_nothing_and_keep_again() -> None:
    game = YatziGame(["Anna"])
    game.apply(RecordRoll((2, 4, 4, 1, 6)))
    game.apply(Keep((4,)))
    assert game.apply(Keep(())) == [Kept("Anna", (), 5)]
    assert game.dice_to_roll == 5


def test_fourth_roll_is_illegal() -> None:
    game = YatziGame(["Anna", "Bruno"])
    for dice in ((1, 2, 3, 4, 6), (2, 2, 3, 4, 6), (3, 2, 3, 4, 6)):
        game.apply(RecordRoll(dice))
    before = snapshot(game)
    with pytest.raises(IllegalAction):
        game.apply(RecordRoll((6, 6, 6, 6, 6)))
    with pytest.raises(IllegalAction):
        game.apply(Keep((3, 3)))
    with pytest.raises(IllegalAction):
        game.apply(Reroll((2,)))
    assert snapshot(game) == before
    assert all(isinstance(a, Score) for a in game.legal_actions())


@pytest.mark.parametrize(
    "action",
    [
        RecordRoll((1, 2, 3, 4)),
        RecordRoll((1, 2, 3, 4, 5, 6)),
        RecordRoll((0, 2, 3, 4, 5)),
        RecordRoll((1, 2, 3, 4, 7)),
        RecordRoll(()),
        RecordRoll(("1", 2, 3, 4, 5)),  # type: ignore[arg-type]
        RecordRoll((True, 2, 3, 4, 5)),
    ],
)
def test_bad_rolls_change_nothing(action: RecordRoll) -> None:
    game = YatziGame(["Anna", "Bruno"])
    before = snapshot(game)
    with pytest.raises(IllegalAction):
        game.apply(action)
    assert snapshot(game) == before


@pytest.mark.parametrize(
    "action",
    [
        Keep((6,)),  # not among the dice
        Keep((3, 3, 3)),  # only two threes
        Keep((3, 3, 1, 5, 2)),  # all five
        Keep((7,)),
        Reroll(()),  # nothing to roll
        Reroll((6,)),
        Reroll((1, 1)),
        Score("bonus"),  # unknown box
        Score("scala"),
    ],
)
def test_bad_keeps_and_boxes_change_nothing(action: object) -> None:
    game = YatziGame(["Anna", "Bruno"])
    game.apply(RecordRoll((3, 3, 1, 5, 2)))
    before = snapshot(game)
    with pytest.raises(IllegalAction):
        game.apply(action)  # type: ignore[arg-type]
    assert snapshot(game) == before


@pytest.mark.parametrize("action", [Score("chance"), Keep((1,)), Reroll((1,))])
def test_nothing_before_the_first_roll(action: object) -> None:
    game = YatziGame(["Anna", "Bruno"])
    before = snapshot(game)
    with pytest.raises(WrongPhase):
        game.apply(action)  # type: ignore[arg-type]
    with pytest.raises(WrongPhase):
        game.would_score("chance")
    assert snapshot(game) == before


def test_box_already_used() -> None:
    game = YatziGame(["Anna"])
    game.apply(RecordRoll((2, 2, 5, 5, 5)))
    game.apply(Score("full"))
    game.apply(RecordRoll((3, 3, 6, 6, 6)))
    before = snapshot(game)
    with pytest.raises(IllegalAction):
        game.apply(Score("full"))
    with pytest.raises(IllegalAction):
        game.would_score("full")
    assert snapshot(game) == before
    assert "full" not in game.free_boxes()
    assert Score("full") not in game.legal_actions()


def test_zero_where_the_dice_do_not_fit() -> None:
    game = YatziGame(["Anna"])
    game.apply(RecordRoll((1, 2, 3, 5, 6)))
    assert game.apply(Score("yatzi"))[0] == Scored("Anna", "yatzi", 0, 0)
    assert game.scorecard("Anna")["yatzi"] == 0
    assert "yatzi" not in game.free_boxes("Anna")


def test_not_an_action() -> None:
    game = YatziGame(["Anna"])
    with pytest.raises(IllegalAction):
        game.apply("tira")  # type: ignore[arg-type]


def test_legal_actions_after_a_roll() -> None:
    game = YatziGame(["Anna"])
    game.apply(RecordRoll((6, 6, 6, 6, 6)))
    # 13 boxes, and keeps of zero to four sixes
    assert game.legal_actions() == tuple(Score(b) for b in BOXES) + (
        Keep(()), Keep((6,)), Keep((6, 6)), Keep((6, 6, 6)), Keep((6, 6, 6, 6)),
    )
    game2 = YatziGame(["Anna"])
    game2.apply(RecordRoll((1, 1, 2, 3, 4)))
    keeps = [a for a in game2.legal_actions() if isinstance(a, Keep)]
    # distinct sub-multisets of {1,1,2,3,4} with at most four dice: 3*2*2*2 = 24, minus the full set
    assert len(keeps) == 23


# ---------------------------------------------------------------- turns, bonus, end


def test_turns_go_round() -> None:
    game = YatziGame(["Anna", "Bruno"], first="Bruno")
    game.apply(RecordRoll((1, 1, 1, 1, 1)))
    assert game.apply(Score("assi"))[-1] == TurnStarted("Anna", 1)
    game.apply(RecordRoll((1, 1, 1, 1, 1)))
    assert game.apply(Score("yatzi"))[-1] == TurnStarted("Bruno", 2)
    assert game.turn == 2
    assert game.scorecard("Bruno")["assi"] == 5
    assert game.scorecard("Anna")["yatzi"] == 50
    assert game.scorecard("Anna")["assi"] is None


Plan = list[tuple[tuple[int, ...], str]]

UPPER_63: Plan = [
    ((1, 1, 1, 2, 3), "assi"),  # 3
    ((2, 2, 2, 1, 3), "due"),  # 6
    ((3, 3, 3, 1, 2), "tre"),  # 9
    ((4, 4, 4, 1, 2), "quattro"),  # 12
    ((5, 5, 5, 1, 2), "cinque"),  # 15
    ((6, 6, 6, 1, 2), "sei"),  # 18 -> 63
]
LOWER_CHANCE_10: Plan = [((1, 1, 2, 2, 4), box) for box in BOXES[6:]]  # zeros, chance 10


def test_bonus_at_exactly_63() -> None:
    game = YatziGame(["Anna"])
    events = play_plan(game, {"Anna": UPPER_63 + LOWER_CHANCE_10})
    assert Scored("Anna", "sei", 18, 63) in events
    assert [e for e in events if isinstance(e, BonusEarned)] == [BonusEarned("Anna", 30, 63, 93)]
    card = game.scorecard("Anna")
    assert (card.upper, card.bonus, card.lower, card.total) == (63, 30, 10, 103)
    assert card.complete
    assert events[-1] == GameEnded("Anna", (Standing("Anna", 103, 1, 13),))


def test_no_bonus_at_62() -> None:
    game = YatziGame(["Anna"])
    plan: Plan = [((1, 1, 2, 2, 3), "assi")] + UPPER_63[1:] + LOWER_CHANCE_10
    events = play_plan(game, {"Anna": plan})
    assert not [e for e in events if isinstance(e, BonusEarned)]
    card = game.scorecard("Anna")
    assert (card.upper, card.bonus, card.lower, card.total) == (62, 0, 10, 72)


def test_bonus_option() -> None:
    game = YatziGame(["Anna"], rules=YatziRules(bonus_value=35, bonus_threshold=60))
    events = play_plan(game, {"Anna": UPPER_63 + LOWER_CHANCE_10})
    # 3 + 6 + 9 + 12 + 15 = 45, then sei 18 reaches 63 >= 60
    assert [e for e in events if isinstance(e, BonusEarned)] == [BonusEarned("Anna", 35, 63, 98)]
    assert game.scorecard("Anna").total == 108


STRAIGHT_EVERYWHERE: Plan = [((1, 2, 3, 4, 5), box) for box in BOXES]
# assi 1, due 2, tre 3, quattro 4, cinque 5, sei 0, tris 0, poker 0, full 0,
# scala minima 30, scala massima 40, yatzi 0, chance 15: total 100
SIXES_EVERYWHERE: Plan = [((6, 6, 6, 6, 6), box) for box in BOXES]
# sei 30, tris 18, poker 24, yatzi 50, chance 30, all else 0: total 152


def test_game_with_a_winner() -> None:
    game = YatziGame(["Anna", "Bruno"])
    events = play_plan(game, {"Anna": list(STRAIGHT_EVERYWHERE), "Bruno": list(SIXES_EVERYWHERE)})
    assert sum(isinstance(e, Scored) for e in events) == 26
    assert events[-1] == GameEnded("Bruno", (Standing("Bruno", 152, 1, 13), Standing("Anna", 100, 2, 13)))
    assert game.phase is YatziPhase.OVER
    assert game.is_over
    assert game.winner == "Bruno"
    assert game.to_act is None
    assert game.legal_actions() == ()
    assert game.opening_events() == []
    assert not game.can_roll
    with pytest.raises(GameOver):
        game.apply(RecordRoll((1, 2, 3, 4, 5)))
    with pytest.raises(GameOver):
        game.apply(Score("chance"))


def test_tie_has_no_winner() -> None:
    game = YatziGame(["Anna", "Bruno"])
    events = play_plan(game, {"Anna": list(STRAIGHT_EVERYWHERE), "Bruno": list(STRAIGHT_EVERYWHERE)})
    assert events[-1] == GameEnded(None, (Standing("Anna", 100, 1, 13), Standing("Bruno", 100, 1, 13)))
    assert game.winner is None


def test_tie_below_the_top() -> None:
    game = YatziGame(["Anna", "Bruno", "Carla"])
    play_plan(
        game,
        {"Anna": list(STRAIGHT_EVERYWHERE), "Bruno": list(SIXES_EVERYWHERE), "Carla": list(STRAIGHT_EVERYWHERE)},
    )
    assert game.standings() == (
        Standing("Bruno", 152, 1, 13), Standing("Anna", 100, 2, 13), Standing("Carla", 100, 2, 13),
    )
    assert game.winner == "Bruno"


def test_standings_during_the_game() -> None:
    game = YatziGame(["Anna", "Bruno", "Carla"])
    assert game.standings() == (Standing("Anna", 0, 1, 0), Standing("Bruno", 0, 1, 0), Standing("Carla", 0, 1, 0))
    game.apply(RecordRoll((1, 2, 3, 4, 5)))
    game.apply(Score("chance"))
    assert game.standings()[0] == Standing("Anna", 15, 1, 1)
    assert game.winner is None


def test_option_rules_reach_the_game() -> None:
    game = YatziGame(["Anna"], rules=YatziRules(n_of_a_kind=NOfAKind.ALL_DICE, cyclic_straights=False))
    game.apply(RecordRoll((4, 5, 6, 1, 4)))
    assert game.would_score("scala_minima") == 0
    assert game.would_score("tris") == 0
    game.apply(RecordRoll((4, 5, 4, 1, 4)))
    assert game.would_score("tris") == 18


def test_history_and_replay_for_undo() -> None:
    game = YatziGame(["Anna", "Bruno"], first="Bruno")
    game.apply(RecordRoll((1, 2, 3, 4, 5)))
    game.apply(Keep((1, 2, 3, 4)))
    game.apply(RecordRoll((6,)))
    before_score = snapshot(game)
    game.apply(Score("scala_massima"))
    assert game.history == (RecordRoll((1, 2, 3, 4, 5)), Keep((1, 2, 3, 4)), RecordRoll((6,)), Score("scala_massima"))
    undone = YatziGame.replay(["Anna", "Bruno"], game.history[:-1], first="Bruno")
    assert snapshot(undone) == before_score


def test_scorecard_of_unknown_player() -> None:
    game = YatziGame(["Anna"])
    with pytest.raises(KeyError):
        game.scorecard("Zoe")
    with pytest.raises(KeyError):
        game.scorecard("Anna")["bonus"]


# ---------------------------------------------------------------- standard American rules

from engine.yatzi.game import YatziBonusEarned  # noqa: E402
from engine.yatzi.score import RULE_SETS, STANDARD_RULES, Joker  # noqa: E402

FORCED = YatziRules(**{**STANDARD_RULES.__dict__, "joker": Joker.FORCED_UPPER})


def roll_and_score(game: YatziGame, dice: tuple[int, ...], box: str) -> list[object]:
    return [*game.apply(RecordRoll(dice)), *game.apply(Score(box))]


def test_rule_sets_by_name() -> None:
    assert RULE_SETS["seed"] == YatziRules()
    standard = RULE_SETS["standard"]
    assert (standard.bonus_value, standard.n_of_a_kind, standard.cyclic_straights) == (35, NOfAKind.ALL_DICE, False)
    assert (standard.yatzi_bonus, standard.joker) == (100, Joker.FREE_CHOICE)


def test_standard_scoring_of_a_solo_game() -> None:
    game = YatziGame(["Anna"], STANDARD_RULES)
    roll_and_score(game, (5, 5, 5, 2, 2), "tris")  # all five dice: 19
    roll_and_score(game, (4, 5, 6, 1, 1), "scala_minima")  # 4-5-6-1 is not a straight here: 0
    assert game.scorecard()["tris"] == 19
    assert game.scorecard()["scala_minima"] == 0
    events = roll_and_score(game, (4, 4, 4, 4, 4), "yatzi")
    assert Scored("Anna", "yatzi", 50, 69) in events
    # a further yatzi with "quattro" free: it scores normally; full would be 0; +100
    events = roll_and_score(game, (4, 4, 4, 4, 4), "quattro")
    assert Scored("Anna", "quattro", 20, 89) in events
    assert YatziBonusEarned("Anna", 100, 189) in events
    # "quattro" filled: the joker makes a yatzi of fours a full (25) and a large straight (40)
    events = roll_and_score(game, (4, 4, 4, 4, 4), "full")
    assert Scored("Anna", "full", 25, 214) in events
    assert YatziBonusEarned("Anna", 100, 314) in events
    roll_and_score(game, (4, 4, 4, 4, 4), "scala_massima")
    card = game.scorecard()
    assert card["scala_massima"] == 40
    assert card.yatzi_bonus == 300
    assert card.total == 19 + 0 + 50 + 20 + 25 + 40 + 300
    assert game.yatzi_bonuses() == 3


def test_free_choice_joker_scores_normally_while_the_upper_box_is_free() -> None:
    game = YatziGame(["Anna"], STANDARD_RULES)
    roll_and_score(game, (2, 2, 2, 2, 2), "yatzi")
    game.apply(RecordRoll((2, 2, 2, 2, 2)))
    assert game.would_score("full") == 0  # "due" still free
    assert game.would_score("poker") == 10
    assert "full" in game.allowed_boxes()


def test_scratched_yatzi_gives_the_joker_but_no_bonus() -> None:
    game = YatziGame(["Anna"], STANDARD_RULES)
    roll_and_score(game, (1, 2, 3, 5, 6), "yatzi")  # 0
    roll_and_score(game, (3, 3, 3, 1, 2), "tre")
    events = roll_and_score(game, (3, 3, 3, 3, 3), "scala_minima")
    assert Scored("Anna", "scala_minima", 30, 39) in events
    assert not [e for e in events if isinstance(e, YatziBonusEarned)]


def test_forced_joker_places_the_yatzi() -> None:
    game = YatziGame(["Anna"], FORCED)
    roll_and_score(game, (6, 6, 6, 6, 6), "yatzi")
    game.apply(RecordRoll((6, 6, 6, 6, 6)))
    assert game.allowed_boxes() == ("sei",)
    with pytest.raises(IllegalAction):
        game.apply(Score("chance"))
    events = game.apply(Score("sei"))
    assert YatziBonusEarned("Anna", 100, 50 + 30 + 100) in events
    # "sei" filled: only the lower boxes, with joker values
    game.apply(RecordRoll((6, 6, 6, 6, 6)))
    assert "assi" not in game.allowed_boxes() and "full" in game.allowed_boxes()
    with pytest.raises(IllegalAction):
        game.apply(Score("assi"))
    assert game.would_score("scala_minima") == 30
