"""The Yatzi half of the host: physical dice said by the player, or virtual dice rolled here."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any, Sequence

from engine import yatzi_game as yg
from engine.yatzi_score import BOXES, YatziRules
from grammars import intents as it
from grammars.phrases import Phrase
from grammars.yatzi import Reason, box_name, parse_yatzi, say_dice, yatzi_all_phrases, yatzi_phrases
from voice_host import catalogue as say
from voice_host.dialog import Act, Confirm, Decision, Refuse

#: The dialog's own phase with virtual dice and rolls left: roll/keep commands and boxes.
CHOOSE = "choose"


@dataclass(frozen=True)
class KeepAndRoll:
    """Virtual dice: keep ``keep`` and roll the others, which showed ``dice``."""

    keep: tuple[int, ...]
    dice: tuple[int, ...]


class YatziDialog:
    """One Yatzi game as the host runs it (implements ``GameDialog``)."""

    game = "yatzi"

    def __init__(
        self,
        players: Sequence[str],
        *,
        virtual: bool = False,
        seed: int = 0,
        first: str | None = None,
        rules: YatziRules | None = None,
    ) -> None:
        self.listed = list(players)
        self.virtual = virtual
        self.seed = seed
        self.engine = yg.YatziGame(players, rules or YatziRules(), first)
        self._stopped = False  # virtual dice: "basta" was said this turn

    # ------------------------------------------------------------ asking

    def opening(self) -> list[str]:
        """Presents the game and the first turn."""
        return [say.yatzi_opening(self.engine.players, self.virtual), *self._announce(self.engine.opening_events())]

    def is_over(self) -> bool:
        """True when every box is filled."""
        return self.engine.is_over

    def phase(self) -> str:
        """dice/virtual before the first roll; choose while virtual rolls are left; box otherwise."""
        game = self.engine
        if game.phase is yg.YatziPhase.ROLL:
            return "virtual" if self.virtual else "dice"
        if self.virtual and game.rolls_left > 0 and not self._stopped:
            return CHOOSE
        return "box"

    def prompt(self) -> str:
        """The question for the player in hand."""
        game, player = self.engine, self.engine.current_player or ""
        phase = self.phase()
        if phase == "dice":
            return say.ask_physical_dice(player)
        if phase == "virtual":
            return say.ask_virtual_roll(player)
        dice = say_dice(sorted(game.dice or ()))
        if phase == CHOOSE:
            return say.ask_keep_or_box(player, dice, game.rolls_left)
        return say.ask_box(player, dice)

    def phrases(self, phase: str) -> tuple[Phrase, ...]:
        """Phrases valid in ``phase`` now (the choose phase joins virtual commands and boxes)."""
        if phase != CHOOSE:
            return yatzi_phrases(phase)
        merged: dict[str, Phrase] = {p.text: p for p in yatzi_phrases("virtual") + yatzi_phrases("box")}
        return tuple(merged.values())

    def takes_sequences(self, phase: str) -> bool:
        """Dice are dictated one by one in the dice phase and after tengo/ritira."""
        return phase in ("dice", "virtual", CHOOSE)

    def all_phrases(self) -> dict[str, tuple[Phrase, ...]]:
        """Every phase's phrases, for the recognizer's vocabulary check."""
        return yatzi_all_phrases()

    def parse(self, text: str, phase: str) -> it.Intent:
        """Understand ``text`` in ``phase``."""
        if phase != CHOOSE:
            return parse_yatzi(text, phase)
        intent = parse_yatzi(text, "virtual")
        if isinstance(intent, it.NotUnderstood):
            as_box = parse_yatzi(text, "box")
            if not isinstance(as_box, it.NotUnderstood):
                return as_box
        return intent

    def help(self, phase: str) -> str:
        """What can be said now."""
        if phase == "dice":
            return say.help_dice()
        if phase in ("virtual", CHOOSE):
            return say.help_virtual()
        return say.help_box()

    # ------------------------------------------------------------ deciding

    def decide(self, intent: it.Intent) -> Decision:
        """Map an intent onto a legal action; confirm a zero when another box scores."""
        game = self.engine
        if isinstance(intent, it.NotUnderstood):
            return Refuse(self._not_understood(intent))
        if isinstance(intent, it.ReadCard):
            return Refuse(self._card())
        if isinstance(intent, it.SayDice):
            if self.virtual:
                return Refuse(say.not_understood(say.expected_virtual()))
            if game.phase is not yg.YatziPhase.ROLL:
                return Refuse(say.not_understood(say.expected_box()))
            return Act(yg.RecordRoll(intent.values))
        if isinstance(intent, (it.RollDice, it.KeepDice, it.RerollDice, it.KeepAll)):
            return self._virtual(intent)
        if isinstance(intent, it.ChooseBox):
            return self._choose(intent.box)
        return Refuse(say.not_understood(""))

    def _virtual(self, intent: it.Intent) -> Decision:
        game = self.engine
        if not self.virtual:
            return Refuse(say.dice_are_physical())
        if game.phase is yg.YatziPhase.ROLL:
            if isinstance(intent, it.RollDice):
                return Act(yg.RecordRoll(self._roll(5)))
            return Refuse(say.roll_first())
        if game.rolls_left == 0:
            return Refuse(say.no_rolls_left())
        dice = game.dice or ()
        if isinstance(intent, it.KeepAll):
            self._stopped = True
            return Refuse(say.choose_again())
        if isinstance(intent, it.RollDice):
            return Act(KeepAndRoll((), self._roll(5)))
        assert isinstance(intent, (it.KeepDice, it.RerollDice))
        faces = intent.faces
        if Counter(faces) - Counter(dice):
            return Refuse(say.not_on_table(say_dice(faces)))
        keep = faces if isinstance(intent, it.KeepDice) else _without(dice, faces)
        if len(keep) == len(dice):
            self._stopped = True
            return Refuse(say.choose_again())
        return Act(KeepAndRoll(tuple(keep), self._roll(len(dice) - len(keep))))

    def _choose(self, box: str) -> Decision:
        game = self.engine
        if game.phase is not yg.YatziPhase.CHOOSE:
            return Refuse(say.roll_first())
        free = game.free_boxes()
        if box not in free:
            return Refuse(say.box_taken(box_name(box)))
        points = game.would_score(box)
        best = max(free, key=game.would_score)
        if points == 0 and game.would_score(best) > 0:
            question = say.confirm_zero(box_name(box), box_name(best), game.would_score(best))
            return Confirm(question, yg.Score(box), say.choose_again())
        return Act(yg.Score(box))

    def _roll(self, count: int) -> tuple[int, ...]:
        """Virtual dice, fixed by seed, player, turn and roll: undoing a roll cannot change it."""
        game = self.engine
        rng = random.Random(f"{self.seed}/{game.current_player}/{game.turn}/{game.rolls_made}")
        return tuple(rng.randint(1, 6) for _ in range(count))

    def apply(self, action: Any) -> list[str]:
        """Apply a dialog action (one or two engine actions); announce the events."""
        if isinstance(action, KeepAndRoll):
            self._check_keep_and_roll(action)
            events = self.engine.apply(yg.Keep(action.keep)) + self.engine.apply(yg.RecordRoll(action.dice))
        else:
            events = self.engine.apply(action)
        if isinstance(action, yg.Score):
            self._stopped = False
        return self._announce(events)

    def _check_keep_and_roll(self, action: KeepAndRoll) -> None:
        """Validate both halves first, so that a bad pair changes nothing."""
        game = self.engine
        probe = yg.YatziGame.replay(game.players, game.history, game.rules, game.players[0])
        probe.apply(yg.Keep(action.keep))
        probe.apply(yg.RecordRoll(action.dice))

    # ------------------------------------------------------------ telling

    def _announce(self, events: Sequence[yg.Event]) -> list[str]:
        out: list[str] = []
        for event in events:
            if isinstance(event, yg.TurnStarted):
                out.append(say.yatzi_turn(event.player, event.turn, len(BOXES)))
            elif isinstance(event, yg.Scored):
                out.append(say.scored(event.player, event.points, box_name(event.box), event.total))
            elif isinstance(event, yg.BonusEarned):
                out.append(say.bonus_earned(event.player, event.bonus, event.total))
            elif isinstance(event, yg.GameEnded):
                top = event.ranking[0]
                if event.winner is None:
                    tied = [s.player for s in event.ranking if s.rank == 1]
                    out.append(say.yatzi_tie(tied, top.total))
                else:
                    out.append(say.yatzi_winner(event.winner, top.total))
            # Rolled and Kept are told by the next prompt, which names the dice.
        return out

    def _not_understood(self, intent: it.NotUnderstood) -> str:
        reason = str(intent.reason)
        if reason == Reason.EMPTY:
            return say.heard_nothing()
        if reason == Reason.WRONG_DICE_COUNT:
            return say.not_understood(say.say_five_dice())
        expected = {
            "dice": say.expected_dice(), "virtual": say.expected_virtual(), CHOOSE: say.expected_virtual(),
        }.get(self.phase(), say.expected_box())
        return say.not_understood(expected)

    def _card(self) -> str:
        card = self.engine.scorecard()
        threshold = self.engine.rules.bonus_threshold
        if not card.free:
            return say.card_full(card.player, card.upper)
        return say.card(card.player, say.join_names([box_name(b) for b in card.free]), card.upper, threshold)

    def describe(self, action: Any) -> str:
        """Names ``action`` as taken from the current state (used by annulla)."""
        player = self.engine.current_player or ""
        if isinstance(action, yg.Score):
            return say.undo_score(player, box_name(action.box))
        dice = action.dice if isinstance(action, yg.RecordRoll) else action.keep + action.dice
        return say.undo_dice(player, say_dice(sorted(dice)))

    def standings(self) -> str:
        """Totals, highest first."""
        return say.standings([say.yatzi_entry(s.player, s.total) for s in self.engine.standings()])

    def final(self) -> list[str]:
        """The final standings (the winner was announced with the last event)."""
        return [self.standings()]

    # ------------------------------------------------------------ journal & summary

    def encode(self, action: Any) -> dict[str, Any]:
        """Action as journal data."""
        if isinstance(action, yg.RecordRoll):
            return {"type": "dice", "dice": list(action.dice)}
        if isinstance(action, KeepAndRoll):
            return {"type": "keep_roll", "keep": list(action.keep), "dice": list(action.dice)}
        return {"type": "score", "box": action.box}

    def decode(self, data: dict[str, Any]) -> Any:
        """Journal data back to an action; ValueError when malformed."""
        kind = data.get("type")
        if kind == "dice":
            return yg.RecordRoll(_ints(data.get("dice")))
        if kind == "keep_roll":
            return KeepAndRoll(_ints(data.get("keep")), _ints(data.get("dice")))
        if kind == "score" and data.get("box") in BOXES:
            return yg.Score(data["box"])
        raise ValueError(f"unknown action {data!r}")

    def summary(self) -> dict[str, Any]:
        """The --summary document."""
        players = []
        for name in self.listed:
            card = self.engine.scorecard(name)
            players.append({
                "name": name, "total": card.total, "upper": card.upper, "bonus": card.bonus,
                "scores": {box: card[box] for box in BOXES},
            })
        return {"game": "yatzi", "finished": self.is_over(), "winner": self.engine.winner, "players": players}


def _without(dice: Sequence[int], faces: Sequence[int]) -> list[int]:
    rest = list(dice)
    for face in faces:
        rest.remove(face)
    return rest


def _ints(value: Any) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(isinstance(v, int) for v in value):
        raise ValueError(f"bad dice {value!r}")
    return tuple(value)
