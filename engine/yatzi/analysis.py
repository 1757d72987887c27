"""Post-game analysis: each decision of a Yatzi game priced against optimal play.

Pure: replays the engine's action history with an ``Advisor``. With physical
dice only the box choices are known (the player says the final dice), so only
they are priced, against the best box for those dice. With virtual dice the
keeps are priced too, and a box chosen while rolls were left is priced against
the best option then, keeps included.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from engine.yatzi.advice import Advice, Advisor, Option
from engine.yatzi.game import Action, Keep, Reroll, Score, YatziGame
from engine.yatzi.score import remove_faces


@dataclass(frozen=True)
class Decision:
    """One choice a player made, with the best choice there and then."""

    player: str
    turn: int
    dice: tuple[int, ...]
    """The five dice on the table, sorted."""
    rolls_left: int
    chosen: Option
    best: Option

    @property
    def cost(self) -> float:
        """Expected points lost against the best choice (0 when it was the best)."""
        return max(0.0, self.best.expected - self.chosen.expected)


@dataclass(frozen=True)
class PlayerReport:
    """Every priced decision of one player, in play order."""

    player: str
    decisions: tuple[Decision, ...]

    @property
    def lost(self) -> float:
        """Expected points lost in total against optimal play."""
        return sum(d.cost for d in self.decisions)

    def costliest(self, count: int = 3) -> tuple[Decision, ...]:
        """The ``count`` decisions that cost most (those that cost something), costliest first."""
        ranked = sorted((d for d in self.decisions if d.cost > 1e-6), key=lambda d: -d.cost)
        return tuple(ranked[:count])


def card_of(game: YatziGame, player: str) -> dict[str, int]:
    """The filled boxes of ``player`` (box -> points)."""
    return {box: points for box, points in game.scorecard(player).boxes if points is not None}


def advise_now(advisor: Advisor, game: YatziGame) -> Advice:
    """The advice for the player in hand and the dice on the table."""
    player = game.to_act
    if player is None or game.dice is None:
        raise ValueError("no dice on the table")
    return advisor.advise(card_of(game, player), game.dice, game.rolls_left, game.yatzi_bonuses(player))


def analyse(
    advisor: Advisor,
    players: Sequence[str],
    first: str | None,
    history: Sequence[Action],
    keeps_known: bool,
    only: Collection[str] | None = None,
) -> dict[str, PlayerReport]:
    """Replay ``history`` and price the decisions of ``only`` (default: every player).

    ``keeps_known``: virtual dice (keeps are priced); False for physical dice
    (box choices only, against the best box).
    """
    game = YatziGame(players, advisor.rules, first)
    wanted = set(players if only is None else only)
    found: dict[str, list[Decision]] = {name: [] for name in players if name in wanted}
    for action in history:
        player = game.to_act
        if player in found and game.dice is not None:
            decision = _price(advisor, game, action, keeps_known)
            if decision is not None:
                found[player].append(decision)
        game.apply(action)
    return {name: PlayerReport(name, tuple(decisions)) for name, decisions in found.items()}


def _price(advisor: Advisor, game: YatziGame, action: Action, keeps_known: bool) -> Decision | None:
    player, dice = game.to_act, game.dice
    assert player is not None and dice is not None
    if isinstance(action, Score):
        advice = advise_now(advisor, game)
        best = advice.best if keeps_known else advice.boxes[0]
        chosen = advice.box_option(action.box)
    elif isinstance(action, (Keep, Reroll)) and keeps_known:
        advice = advise_now(advisor, game)
        kept = action.faces if isinstance(action, Keep) else remove_faces(dice, action.faces)
        best, chosen = advice.best, advice.keep_option(kept)
    else:
        return None
    rolls_left = game.rolls_left if keeps_known else 0  # physical dice: the final dice were said
    return Decision(player, game.turn, tuple(sorted(dice)), rolls_left, chosen, best)
