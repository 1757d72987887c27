"""Property tests: random Yatzi games played through legal (and illegal) actions."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import IllegalAction
from engine.yatzi.game import (
    GameEnded,
    Keep,
    RecordRoll,
    Reroll,
    Score,
    Scored,
    YatziGame,
    YatziPhase,
)
from engine.yatzi.score import BOXES, UPPER_BOXES, NOfAKind, YatziRules, score

faces = st.integers(min_value=1, max_value=6)

rules_strategy = st.builds(
    YatziRules,
    bonus_value=st.sampled_from([30, 35]),
    bonus_threshold=st.sampled_from([63, 60, 0]),
    n_of_a_kind=st.sampled_from(list(NOfAKind)),
    cyclic_straights=st.booleans(),
    yatzi_is_full=st.booleans(),
)

junk_actions = st.one_of(
    st.builds(RecordRoll, st.lists(st.integers(-1, 8), max_size=7).map(tuple)),
    st.builds(Keep, st.lists(st.integers(0, 7), max_size=6).map(tuple)),
    st.builds(Reroll, st.lists(st.integers(0, 7), max_size=6).map(tuple)),
    st.builds(Score, st.sampled_from(BOXES + ("bonus", "scala"))),
)


def state(game: YatziGame) -> tuple[object, ...]:
    return (
        game.phase, game.to_act, game.turn, game.dice, game.kept, game.rolls_left,
        tuple(game.scorecard(p) for p in game.players), game.history,
    )


@settings(settings.get_profile("yatzi-games"), deadline=None)  # 60 games in CI (tests/conftest.py)
@given(
    players=st.integers(min_value=1, max_value=4),
    rules=rules_strategy,
    data=st.data(),
)
def test_random_games(players: int, rules: YatziRules, data: st.DataObject) -> None:
    names = [f"P{i}" for i in range(players)]
    game = YatziGame(names, rules=rules)
    events: list[object] = []
    steps = 0
    while not game.is_over:
        steps += 1
        assert steps < 2000
        # an arbitrary action: either legal (and then applied) or refused without a trace
        junk = data.draw(junk_actions, label="junk")
        before = state(game)
        try:
            events += game.apply(junk)
        except IllegalAction:
            assert state(game) == before
        if game.is_over:
            break
        if game.phase is YatziPhase.ROLL:
            dice = data.draw(st.lists(faces, min_size=5, max_size=5).map(tuple), label="first roll")
            events += game.apply(RecordRoll(dice))
            continue
        choices = list(game.legal_actions())
        if game.can_roll:
            choices.append(RecordRoll(()))  # placeholder: roll the dice to roll
        action = data.draw(st.sampled_from(choices), label="action")
        if isinstance(action, RecordRoll):
            n = game.dice_to_roll
            action = RecordRoll(data.draw(st.lists(faces, min_size=n, max_size=n).map(tuple), label="roll"))
        if isinstance(action, Score):
            assert game.dice is not None
            expected = score(action.box, game.dice, rules)
            assert game.would_score(action.box) == expected
        events += game.apply(action)
        assert game.rolls_left >= 0

    scored = [e for e in events if isinstance(e, Scored)]
    ended = [e for e in events if isinstance(e, GameEnded)]
    # exactly 13 * players Score actions end the game, with one GameEnded, last
    assert len(scored) == len(BOXES) * players
    assert sum(isinstance(a, Score) for a in game.history) == len(BOXES) * players
    assert len(ended) == 1 and events[-1] == ended[0]
    # no box is scored twice
    assert not [k for k, n in Counter((e.player, e.box) for e in scored).items() if n > 1]
    for name in names:
        card = game.scorecard(name)
        # every player ends with 13 filled boxes
        assert card.complete and len(card.boxes) == 13
        points = dict(card.boxes)
        assert all(p is not None for p in points.values())
        upper = sum(p for b, p in points.items() if b in UPPER_BOXES and p is not None)
        lower = sum(p for b, p in points.items() if b not in UPPER_BOXES and p is not None)
        bonus = rules.bonus_value if upper >= rules.bonus_threshold else 0
        # a full card totals the sum of its boxes plus the bonus
        assert (card.upper, card.bonus, card.lower) == (upper, bonus, lower)
        assert card.total == upper + lower + bonus
        assert [e.points for e in scored if e.player == name] == [
            points[e.box] for e in scored if e.player == name
        ]
    ranking = ended[0].ranking
    assert [s.total for s in ranking] == sorted((s.total for s in ranking), reverse=True)
    top = [s for s in ranking if s.rank == 1]
    assert ended[0].winner == (top[0].player if len(top) == 1 else None)
    assert game.standings() == ranking


@settings(max_examples=2 * settings.default.max_examples, deadline=None)  # 200 in CI
@given(first=st.lists(faces, min_size=5, max_size=5), keep_mask=st.lists(st.booleans(), min_size=5, max_size=5),
       new=st.lists(faces, min_size=5, max_size=5))
def test_keep_then_roll_keeps_the_kept_dice(first: list[int], keep_mask: list[bool], new: list[int]) -> None:
    game = YatziGame(["A"])
    game.apply(RecordRoll(tuple(first)))
    kept = tuple(f for f, k in zip(first, keep_mask) if k)
    if len(kept) == 5:
        return
    game.apply(Keep(kept))
    rolled = tuple(new[: 5 - len(kept)])
    game.apply(RecordRoll(rolled))
    assert game.dice == kept + rolled
    assert game.rolls_left == 1
