"""A game of Yatzi: turns, rolls, keeps and the scorecards of every player.

Pure: dice come in as values. With virtual dice the host owns a seeded
``random.Random`` and passes each roll's results in ``RecordRoll``; with
physical dice the host passes the five final values once (one ``RecordRoll``)
and then ``Score``.

A turn, for the player in hand:

1. ``RecordRoll`` with five values (first roll).
2. Optionally ``Keep(faces)`` (or ``Reroll(faces)``), then ``RecordRoll`` with the
   values of the rerolled dice only (``dice_to_roll`` of them) or with all five
   final values (they must contain the kept dice). A ``RecordRoll`` without a
   keep rerolls all five. At most three rolls a turn (``rolls_left``).
3. ``Score(box)`` in any free box (0 when the dice do not fit it).

Play order is the listed order (clockwise round the table), starting with
``first`` (default: the first listed). The seed's start ("everyone rolls one
die, the lowest starts") is done by the table or the host before the game, which
then passes the winner of that roll as ``first``.

Every action is checked in full before anything changes: an illegal action raises
a typed ``IllegalAction`` and leaves the game as it was.

>>> g = YatziGame(["Anna", "Bruno"])
>>> g.apply(RecordRoll((3, 3, 3, 5, 6)))[0].rolls_left
2
>>> [type(e).__name__ for e in g.apply(Score("tris"))]
['Scored', 'TurnStarted']
>>> g.scorecard("Anna")["tris"], g.to_act
(9, 'Bruno')
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from engine.errors import BadConfiguration, GameOver, IllegalAction, WrongPhase
from engine.yatzi.score import (
    BOXES,
    DICE_COUNT,
    MAX_ROLLS,
    SEED_RULES,
    YatziRules,
    allowed_boxes,
    card_totals,
    is_sub_multiset,
    remove_faces,
    score_on_card,
    yatzi_bonus,
)

#: Turns each player plays: one per box.
TURNS = len(BOXES)


class YatziPhase(enum.Enum):
    """What the game is waiting for."""

    ROLL = "roll"
    """The turn has started and no dice are on the table: a ``RecordRoll`` is due."""
    CHOOSE = "choose"
    """Dice are on the table: ``Score``, or ``Keep``/``Reroll``/``RecordRoll`` while rolls are left."""
    OVER = "over"
    """Every box of every player is filled."""


# ---------------------------------------------------------------- actions


@dataclass(frozen=True)
class RecordRoll:
    """The result of one roll.

    Five values on the first roll, or when nothing is kept. After a ``Keep`` of
    k dice: the 5 - k new values, or all five final values (containing the kept
    dice).
    """

    dice: tuple[int, ...]


@dataclass(frozen=True)
class Keep:
    """Keep ``faces`` (one value per die, repeats allowed) for the next roll; reroll the rest.

    ``Keep(())`` rerolls everything. Keeping all five is refused: score instead.
    """

    faces: tuple[int, ...]


@dataclass(frozen=True)
class Reroll:
    """Roll ``faces`` again (one value per die) and keep the rest: the complement of ``Keep``."""

    faces: tuple[int, ...]


@dataclass(frozen=True)
class Score:
    """Fill ``box`` (a key of ``BOXES``) with what the dice on the table score there."""

    box: str


Action = RecordRoll | Keep | Reroll | Score


# ---------------------------------------------------------------- events


@dataclass(frozen=True)
class TurnStarted:
    """``player`` starts turn ``turn`` (1..13) with no dice on the table."""

    player: str
    turn: int


@dataclass(frozen=True)
class Rolled:
    """``player`` made roll number ``roll`` (1..3) of the turn.

    ``dice`` are the five dice now on the table: ``kept`` first, then ``rolled``
    (or the five values as passed, when all five were given).
    """

    player: str
    roll: int
    dice: tuple[int, ...]
    kept: tuple[int, ...]
    rolled: tuple[int, ...]
    rolls_left: int


@dataclass(frozen=True)
class Kept:
    """``player`` keeps ``kept``; the next roll is of ``to_roll`` dice."""

    player: str
    kept: tuple[int, ...]
    to_roll: int


@dataclass(frozen=True)
class Scored:
    """``player`` wrote ``points`` in ``box``; ``total`` is the card's total after it.

    A bonus earned by this box is not in ``total`` yet: a ``BonusEarned`` follows
    with the new total.
    """

    player: str
    box: str
    points: int
    total: int


@dataclass(frozen=True)
class BonusEarned:
    """``player``'s upper boxes reached the threshold: ``bonus`` points, new ``total``."""

    player: str
    bonus: int
    upper: int
    total: int


@dataclass(frozen=True)
class YatziBonusEarned:
    """``player`` rolled a further yatzi with 50 in the yatzi box: ``bonus`` points, new ``total``."""

    player: str
    bonus: int
    total: int


@dataclass(frozen=True)
class Standing:
    """One player's place: ``rank`` 1 is first; tied players share a rank (1, 1, 3)."""

    player: str
    total: int
    rank: int
    filled: int
    """Boxes filled so far (13 at the end)."""


@dataclass(frozen=True)
class GameEnded:
    """Every box is filled. ``winner`` is None when the top total is tied."""

    winner: str | None
    ranking: tuple[Standing, ...]


Event = TurnStarted | Rolled | Kept | Scored | BonusEarned | YatziBonusEarned | GameEnded


@dataclass(frozen=True)
class Scorecard:
    """A player's card: every box (None while free) and the totals.

    ``card["tris"]`` reads one box.
    """

    player: str
    boxes: tuple[tuple[str, int | None], ...]
    """(box, points or None) in ``BOXES`` order."""
    upper: int
    bonus: int
    lower: int
    total: int
    yatzi_bonus: int = 0
    """Points from further yatzis (standard rules), included in ``total``."""

    def __getitem__(self, box: str) -> int | None:
        for key, points in self.boxes:
            if key == box:
                return points
        raise KeyError(box)

    @property
    def free(self) -> tuple[str, ...]:
        """The boxes still free, in scorecard order."""
        return tuple(box for box, points in self.boxes if points is None)

    @property
    def complete(self) -> bool:
        """True when all 13 boxes are filled."""
        return not self.free


# ---------------------------------------------------------------- the game


def _ints(values: Iterable[object]) -> bool:
    return all(isinstance(v, int) and not isinstance(v, bool) for v in values)


class YatziGame:
    """The state of one game of Yatzi; ``apply`` one action at a time.

    ``players`` in play order (at least one; names unique and non-empty);
    ``first`` the player who starts (default: the first listed); play then goes
    round in listed order.
    """

    def __init__(
        self,
        players: Sequence[str],
        rules: YatziRules = SEED_RULES,
        first: str | None = None,
    ) -> None:
        names = tuple(players)
        if not names:
            raise BadConfiguration("Yatzi needs at least one player")
        if any(not isinstance(n, str) or not n.strip() for n in names):
            raise BadConfiguration("player names must be non-empty strings")
        if len(set(names)) != len(names):
            raise BadConfiguration(f"player names must be unique: {names}")
        if not isinstance(rules, YatziRules):
            raise BadConfiguration(f"rules must be YatziRules, not {rules!r}")
        start = 0
        if first is not None:
            if first not in names:
                raise BadConfiguration(f"{first!r} is not a player")
            start = names.index(first)
        self._players: tuple[str, ...] = names[start:] + names[:start]
        self._rules = rules
        self._cards: dict[str, dict[str, int]] = {name: {} for name in self._players}
        self._yatzi_bonuses: dict[str, int] = dict.fromkeys(self._players, 0)
        self._index = 0
        self._turn = 1
        self._dice: tuple[int, ...] | None = None
        self._kept: tuple[int, ...] = ()
        self._rolls = 0
        self._over = False
        self._history: list[Action] = []

    # ------------------------------------------------------------ queries

    @property
    def players(self) -> tuple[str, ...]:
        """Players in play order, the starting player first."""
        return self._players

    @property
    def rules(self) -> YatziRules:
        """The scoring rules of this game."""
        return self._rules

    @property
    def phase(self) -> YatziPhase:
        """What the game is waiting for."""
        if self._over:
            return YatziPhase.OVER
        return YatziPhase.ROLL if self._dice is None else YatziPhase.CHOOSE

    @property
    def is_over(self) -> bool:
        """True when every box of every player is filled."""
        return self._over

    @property
    def to_act(self) -> str | None:
        """The player in hand; None once the game is over."""
        return None if self._over else self._players[self._index]

    @property
    def turn(self) -> int:
        """The current turn (round) number, 1..13 (13 once the game is over)."""
        return self._turn

    @property
    def dice(self) -> tuple[int, ...] | None:
        """The five dice on the table, or None before the turn's first roll."""
        return self._dice

    @property
    def kept(self) -> tuple[int, ...]:
        """Dice kept for the next roll (empty: the next roll is of all five)."""
        return self._kept

    @property
    def rolls_made(self) -> int:
        """Rolls made in this turn (0..3)."""
        return self._rolls

    @property
    def rolls_left(self) -> int:
        """Rolls still allowed in this turn (3..0)."""
        return MAX_ROLLS - self._rolls

    @property
    def can_roll(self) -> bool:
        """True when a ``RecordRoll`` is legal now."""
        return not self._over and self._rolls < MAX_ROLLS

    @property
    def dice_to_roll(self) -> int:
        """How many values the next ``RecordRoll`` takes (5 minus the kept dice)."""
        return DICE_COUNT - len(self._kept)

    @property
    def history(self) -> tuple[Action, ...]:
        """Every accepted action, in order: replaying them rebuilds this state (for undo)."""
        return tuple(self._history)

    def free_boxes(self, player: str | None = None) -> tuple[str, ...]:
        """Free boxes of ``player`` (default: the player in hand), in scorecard order."""
        card = self._card(player)
        return tuple(box for box in BOXES if box not in card)

    def would_score(self, box: str) -> int:
        """What ``Score(box)`` would write now. Raises like ``Score`` would, changes nothing."""
        self._check_score(box)
        assert self._dice is not None
        return score_on_card(box, self._dice, self._card(None), self._rules)

    def allowed_boxes(self) -> tuple[str, ...]:
        """The boxes where the dice on the table may be scored now (all free boxes but
        under a forced joker); empty before the turn's first roll."""
        if self._over or self._dice is None:
            return ()
        return allowed_boxes(self._dice, self._card(None), self._rules)

    def yatzi_bonuses(self, player: str | None = None) -> int:
        """How many yatzi bonuses ``player`` (default: the player in hand) has earned."""
        return self._yatzi_bonuses[self._name(player)]

    def scorecard(self, player: str | None = None) -> Scorecard:
        """The card of ``player`` (default: the player in hand)."""
        name = self._name(player)
        card = self._cards[name]
        totals = card_totals(card, self._rules, self._yatzi_bonuses[name])
        return Scorecard(
            player=name,
            boxes=tuple((box, card.get(box)) for box in BOXES),
            upper=totals.upper,
            bonus=totals.bonus,
            lower=totals.lower,
            total=totals.total,
            yatzi_bonus=totals.yatzi_bonus,
        )

    def standings(self) -> tuple[Standing, ...]:
        """Players by total, highest first; ties share a rank and keep play order."""
        rows = [
            (name, card_totals(self._cards[name], self._rules, self._yatzi_bonuses[name]).total)
            for name in self._players
        ]
        rows.sort(key=lambda row: -row[1])
        result: list[Standing] = []
        for position, (name, total) in enumerate(rows):
            rank = result[-1].rank if result and result[-1].total == total else position + 1
            result.append(Standing(name, total, rank, len(self._cards[name])))
        return tuple(result)

    @property
    def winner(self) -> str | None:
        """The winner once the game is over; None before, or when the top total is tied."""
        if not self._over:
            return None
        return self._winner(self.standings())

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal ``Score`` and ``Keep`` now (distinct kept multisets, sorted).

        Rolls are not listed (there are 6**n of them): any ``RecordRoll`` of
        ``dice_to_roll`` faces is legal when ``can_roll``. ``Reroll`` is not
        listed either: each is the same as one listed ``Keep``.
        """
        if self._over or self._dice is None:
            return ()
        actions: list[Action] = [Score(box) for box in self.allowed_boxes()]
        if self.rolls_left > 0:
            keeps = sorted(
                {tuple(sorted(c)) for n in range(DICE_COUNT) for c in combinations(self._dice, n)},
                key=lambda c: (len(c), c),
            )
            actions.extend(Keep(c) for c in keeps)
        return tuple(actions)

    # ------------------------------------------------------------ actions

    def apply(self, action: Action) -> list[Event]:
        """Apply ``action`` and return the events it caused.

        Raises ``GameOver`` after the end, ``WrongPhase`` for keeping or scoring
        before the turn's first roll, ``IllegalAction`` for anything else the
        rules forbid; the state is then unchanged.
        """
        if self._over:
            raise GameOver("the game is over")
        if isinstance(action, RecordRoll):
            events = self._roll(action)
        elif isinstance(action, Keep):
            events = self._keep(action.faces)
        elif isinstance(action, Reroll):
            events = self._reroll(action)
        elif isinstance(action, Score):
            events = self._score(action)
        else:
            raise IllegalAction(f"not a Yatzi action: {action!r}")
        self._history.append(action)
        return events

    @classmethod
    def replay(
        cls,
        players: Sequence[str],
        actions: Iterable[Action],
        rules: YatziRules = SEED_RULES,
        first: str | None = None,
    ) -> YatziGame:
        """A new game with ``actions`` applied in order (e.g. ``history[:-1]`` to undo)."""
        game = cls(players, rules, first)
        for action in actions:
            game.apply(action)
        return game

    def opening_events(self) -> list[Event]:
        """The ``TurnStarted`` of the current turn (what the host announces at the start)."""
        if self._over:
            return []
        return [TurnStarted(self._players[self._index], self._turn)]

    # ------------------------------------------------------------ internals

    def _name(self, player: str | None) -> str:
        if player is None:
            return self._players[self._index]
        if player not in self._cards:
            raise KeyError(f"not a player: {player!r}")
        return player

    def _card(self, player: str | None) -> dict[str, int]:
        return self._cards[self._name(player)]

    @staticmethod
    def _winner(standings: tuple[Standing, ...]) -> str | None:
        if len(standings) > 1 and standings[1].rank == 1:
            return None
        return standings[0].player

    def _faces(self, values: object, what: str) -> tuple[int, ...]:
        if not isinstance(values, (tuple, list)) or not _ints(values):
            raise IllegalAction(f"{what} must be a tuple of integers, not {values!r}")
        bad = [v for v in values if not 1 <= v <= 6]
        if bad:
            raise IllegalAction(f"not a face of a die: {bad[0]}")
        return tuple(values)

    def _roll(self, action: RecordRoll) -> list[Event]:
        if self._rolls >= MAX_ROLLS:
            raise IllegalAction(f"no rolls left: {MAX_ROLLS} rolls a turn")
        values = self._faces(action.dice, "dice")
        kept = self._kept
        if len(values) == DICE_COUNT - len(kept):
            dice, rolled = kept + values, values
        elif len(values) == DICE_COUNT and is_sub_multiset(kept, values):
            dice, rolled = values, remove_faces(values, kept)
        elif len(values) == DICE_COUNT:
            raise IllegalAction(f"the dice {values} do not contain the kept dice {kept}")
        else:
            expected = f"{DICE_COUNT - len(kept)} or {DICE_COUNT}" if kept else str(DICE_COUNT)
            raise IllegalAction(f"expected {expected} dice, got {len(values)}")
        self._dice = dice
        self._kept = ()
        self._rolls += 1
        return [Rolled(self._players[self._index], self._rolls, dice, kept, rolled, self.rolls_left)]

    def _check_can_keep(self) -> tuple[int, ...]:
        if self._dice is None:
            raise WrongPhase("no dice on the table yet: roll first")
        if self._rolls >= MAX_ROLLS:
            raise IllegalAction(f"no rolls left: {MAX_ROLLS} rolls a turn")
        return self._dice

    def _keep(self, faces: object) -> list[Event]:
        dice = self._check_can_keep()
        kept = self._faces(faces, "faces")
        if len(kept) >= DICE_COUNT:
            raise IllegalAction("keeping all five dice leaves nothing to roll: score instead")
        if not is_sub_multiset(kept, dice):
            raise IllegalAction(f"{kept} is not among the dice {dice}")
        self._kept = kept
        return [Kept(self._players[self._index], kept, DICE_COUNT - len(kept))]

    def _reroll(self, action: Reroll) -> list[Event]:
        dice = self._check_can_keep()
        faces = self._faces(action.faces, "faces")
        if not faces:
            raise IllegalAction("nothing to roll again: score instead")
        if not is_sub_multiset(faces, dice):
            raise IllegalAction(f"{faces} is not among the dice {dice}")
        return self._keep(remove_faces(dice, faces))

    def _check_score(self, box: str) -> None:
        if self._over:
            raise GameOver("the game is over")
        if box not in BOXES:
            raise IllegalAction(f"unknown box: {box!r}")
        if self._dice is None:
            raise WrongPhase("no dice on the table yet: roll first")
        card = self._cards[self._players[self._index]]
        if box in card:
            raise IllegalAction(f"box {box!r} is already used")
        allowed = allowed_boxes(self._dice, card, self._rules)
        if box not in allowed:
            raise IllegalAction(f"a further yatzi must go in one of {allowed}, not {box!r}")

    def _score(self, action: Score) -> list[Event]:
        box = action.box
        self._check_score(box)
        assert self._dice is not None
        player = self._players[self._index]
        card = self._cards[player]
        before = card_totals(card, self._rules, self._yatzi_bonuses[player])
        extra = yatzi_bonus(self._dice, card, self._rules)
        points = score_on_card(box, self._dice, card, self._rules)
        card[box] = points
        after = card_totals(card, self._rules, self._yatzi_bonuses[player])
        events: list[Event] = [Scored(player, box, points, after.total - after.bonus + before.bonus)]
        if after.bonus > before.bonus:
            events.append(BonusEarned(player, after.bonus, after.upper, after.total))
        if extra:
            self._yatzi_bonuses[player] += 1
            events.append(YatziBonusEarned(player, extra, after.total + extra))
        self._dice = None
        self._kept = ()
        self._rolls = 0
        if all(len(c) == TURNS for c in self._cards.values()):
            self._over = True
            standings = self.standings()
            events.append(GameEnded(self._winner(standings), standings))
            return events
        self._index += 1
        if self._index == len(self._players):
            self._index = 0
            self._turn += 1
        events.append(TurnStarted(self._players[self._index], self._turn))
        return events
