"""The Tokio half of the host: asks the right player, understands, announces."""

from __future__ import annotations

from typing import Any, Sequence

from engine import tokio_actions as ta
from engine.rolls import SPECIAL_NAMES, Roll
from engine.tokio_game import TokioGame
from engine.tokio_rules import Counting, RaiseRule, TokioResponse, TokioRules
from grammars import intents as it
from grammars.phrases import Phrase
from grammars.tokio import Reason, parse_tokio, roll_name, tokio_all_phrases, tokio_phrases
from voice_host import catalogue as say
from voice_host.dialog import Act, Confirm, Decision, Refuse

RULES_NAMES = {"classico": "classiche", "lizumo": "di Lizumo", "milella": "di Milella"}


class TokioDialog:
    """One Tokio game as the host runs it (implements ``GameDialog``)."""

    game = "tokio"

    def __init__(self, rules: TokioRules, players: Sequence[str], first: str | None = None) -> None:
        self.rules = rules
        self.engine = TokioGame(rules, players, first)
        self._opening_events = self.engine.initial_events()

    # ------------------------------------------------------------ asking

    def opening(self) -> list[str]:
        """Presents the game and who opens."""
        game_name = SPECIAL_NAMES[self.rules.sides].capitalize()
        if self.rules.ranking_kind.value == "milella":
            game_name = "Tokio"
        limit = self._amount(self.rules.limit)
        first = say.tokio_opening(
            game_name, RULES_NAMES.get(self.rules.name, self.rules.name), self.rules.sides,
            [p.name for p in self.engine.players], limit,
        )
        return [first, *self._announce(self._opening_events)]

    def is_over(self) -> bool:
        """True once a player has won."""
        return self.engine.phase is ta.Phase.OVER

    def phase(self) -> str:
        """The grammar phase matching the engine's."""
        return self.engine.phase.value

    def prompt(self) -> str:
        """The question for the player who must act."""
        game, player = self.engine, self.engine.to_act or ""
        if game.phase is ta.Phase.CLAIM:
            if game.claim is None:
                return say.ask_claim(player)
            claim = self._name(game.claim)
            if game.claim == self.rules.ranking.top and self.rules.tokio_response is TokioResponse.THREE_CHOICES:
                return say.ask_claim_top_again(player, claim)
            return say.ask_claim_over(player, claim, self.rules.raise_rule is RaiseRule.STRICTLY_HIGHER)
        if game.phase is ta.Phase.RESPONSE:
            assert game.claim is not None and game.claimant is not None
            claim, claimant = self._name(game.claim), game.claimant
            if self._lizumo_top():
                return say.ask_response_lizumo(player, claimant, claim)
            if game.can_take_penalty:
                return say.ask_response_three(player, claimant, claim)
            return say.ask_response(player, claimant, claim)
        return say.ask_reveal(player)

    def phrases(self, phase: str) -> tuple[Phrase, ...]:
        """Phrases valid in ``phase`` now."""
        return tokio_phrases(phase, self.rules, can_take_penalty=self.engine.can_take_penalty)

    def takes_sequences(self, phase: str) -> bool:
        """Every Tokio phrase is said whole (dice by dice are phrases of their own)."""
        return False

    def all_phrases(self) -> dict[str, tuple[Phrase, ...]]:
        """Every phase's phrases, for the recognizer's vocabulary check at start-up."""
        return tokio_all_phrases(self.rules)

    def parse(self, text: str, phase: str) -> it.Intent:
        """Understand ``text`` against what is valid in ``phase`` now."""
        return parse_tokio(text, phase, self.rules, can_take_penalty=self.engine.can_take_penalty)

    def help(self, phase: str) -> str:
        """What can be said now."""
        if phase == "claim":
            return say.help_claim()
        if phase == "response":
            return say.help_response(self.engine.can_take_penalty, self._lizumo_top())
        return say.help_reveal()

    # ------------------------------------------------------------ deciding

    def decide(self, intent: it.Intent) -> Decision:
        """Map an intent onto a legal action, confirming what costs the speaker a penalty."""
        game = self.engine
        if isinstance(intent, it.NotUnderstood):
            return Refuse(self._not_understood(intent))
        if game.phase is ta.Phase.CLAIM:
            if not isinstance(intent, it.SayRoll):
                return Refuse(say.not_understood(say.expected_claim()))
            if not self.rules.dice.is_possible(intent.roll):
                return Refuse(say.impossible_roll(self._name(intent.roll), self.rules.sides))
            if game.is_lower(intent.roll):
                assert game.claim is not None
                cost = self._cost(self._penalty_amount())
                question = say.confirm_low_claim(self._name(intent.roll), self._name(game.claim), cost)
                return Confirm(question, ta.Claim(intent.roll), say.claim_again())
            return Act(ta.Claim(intent.roll))
        if game.phase is ta.Phase.RESPONSE:
            if isinstance(intent, it.DoubtIt):
                return Act(ta.Doubt())
            if isinstance(intent, it.BelieveIt):
                if self._lizumo_top():
                    return Confirm(say.confirm_accept_blind(self._amount(1)), ta.Believe(), say.answer_again())
                return Act(ta.Believe())
            if isinstance(intent, it.TakeThePenalty):
                if not game.can_take_penalty:
                    return Refuse(say.cannot_take_penalty())
                return Confirm(say.confirm_take_penalty(self._amount(1)), ta.TakePenalty(), say.answer_again())
            return Refuse(say.not_understood(say.expected_response()))
        if not isinstance(intent, it.SayRoll):
            return Refuse(say.not_understood(say.expected_reveal()))
        if not self.rules.dice.is_possible(intent.roll):
            return Refuse(say.impossible_roll(self._name(intent.roll), self.rules.sides))
        return Act(ta.Reveal(intent.roll))

    def _not_understood(self, intent: it.NotUnderstood) -> str:
        reason = str(intent.reason)
        if reason == Reason.EMPTY:
            return say.heard_nothing()
        if reason == Reason.NOT_A_ROLL:
            return say.not_a_roll(intent.text)
        if reason == Reason.NAME_NOT_IN_PLAY:
            return say.name_not_in_play(intent.text, self.rules.sides)
        if reason == Reason.DIE_BY_DIE_IN_CLAIM:
            return say.claim_as_number()
        if reason == Reason.TAKE_PENALTY_NOT_ALLOWED:
            return say.cannot_take_penalty()
        expected = {
            ta.Phase.CLAIM: say.expected_claim(),
            ta.Phase.RESPONSE: say.expected_response(),
        }.get(self.engine.phase, say.expected_reveal())
        return say.not_understood(expected)

    def apply(self, action: Any) -> list[str]:
        """Apply an engine action; announce its events."""
        return self._announce(self.engine.apply(action))

    # ------------------------------------------------------------ telling

    def describe(self, action: Any) -> str:
        """Names ``action`` as taken from the current state (used by annulla)."""
        player = self.engine.to_act or ""
        if isinstance(action, ta.Claim):
            return say.undo_claim(player, self._name(action.roll))
        if isinstance(action, ta.Believe):
            return say.undo_believe(player)
        if isinstance(action, ta.Doubt):
            return say.undo_doubt(player)
        if isinstance(action, ta.TakePenalty):
            return say.undo_take_penalty(player)
        return say.undo_reveal(self._name(action.roll))

    def standings(self) -> str:
        """Penalties (or lives) of every player, in seat order."""
        if self.rules.counting is Counting.LIVES:
            entries = [say.standing_lives(p.name, p.lives, p.out) for p in self.engine.players]
        else:
            entries = [say.standing_penalties(p.name, p.penalties, p.out) for p in self.engine.players]
        return say.standings(entries)

    def final(self) -> list[str]:
        """The final standings (the winner was announced with the last event)."""
        return [self.standings()]

    def _announce(self, events: Sequence[ta.Event]) -> list[str]:
        lives = self.rules.counting is Counting.LIVES
        out: list[str] = []
        for event in events:
            if isinstance(event, ta.RoundStarted):
                if event.opponent is None:
                    out.append(say.round_opens(event.opener))
                else:
                    out.append(say.duel_opens(event.opener, event.opponent))
            elif isinstance(event, ta.Claimed):
                out.append(say.claimed(event.player, self._name(event.roll)))
                if event.lower and event.to_beat is not None:
                    out.append(say.claim_too_low(self._name(event.roll), self._name(event.to_beat)))
            elif isinstance(event, ta.Believed):
                out.append(say.believed(event.player))
            elif isinstance(event, ta.Doubted):
                out.append(say.doubted(event.player))
            elif isinstance(event, ta.Revealed):
                out.append(say.revealed(self._name(event.roll), event.holds))
            elif isinstance(event, ta.Penalised):
                if lives:
                    out.append(say.lost_lives(event.player, event.amount, event.reason.value, event.doubled))
                    if event.lives > 0:
                        out.append(say.lives_left(event.player, event.lives))
                else:
                    out.append(say.penalised(event.player, event.amount, event.reason.value, event.doubled))
                    if event.penalties < self.rules.limit:
                        out.append(say.penalty_total(event.player, event.penalties, self.rules.limit))
            elif isinstance(event, ta.Eliminated):
                out.append(say.eliminated(event.player))
            elif isinstance(event, ta.DuelWon):
                out.append(say.duel_won(event.player, event.opponent))
            elif isinstance(event, ta.GameWon):
                out.append(say.winner(event.player))
        return out

    # ------------------------------------------------------------ journal & summary

    def encode(self, action: Any) -> dict[str, Any]:
        """Action as journal data."""
        if isinstance(action, (ta.Claim, ta.Reveal)):
            kind = "claim" if isinstance(action, ta.Claim) else "reveal"
            return {"type": kind, "dice": [action.roll.high, action.roll.low]}
        kinds = {ta.Believe: "believe", ta.Doubt: "doubt", ta.TakePenalty: "take_penalty"}
        return {"type": kinds[type(action)]}

    def decode(self, data: dict[str, Any]) -> Any:
        """Journal data back to an action; ValueError when malformed.

        Strict: exactly the keys ``encode`` writes, dice that are integers (not
        booleans) these dice can show.
        """
        kind = data.get("type")
        if not isinstance(kind, str):
            raise ValueError(f"no action type in {data!r}")
        if kind in ("claim", "reveal"):
            dice = data.get("dice")
            if set(data) != {"type", "dice"} or not (
                type(dice) is list and len(dice) == 2 and all(type(d) is int for d in dice)
            ):
                raise ValueError(f"bad dice in {data!r}")
            roll = Roll.of(dice[0], dice[1])
            if not self.rules.dice.is_possible(roll):
                raise ValueError(f"dice these dice cannot show in {data!r}")
            return ta.Claim(roll) if kind == "claim" else ta.Reveal(roll)
        simple = {"believe": ta.Believe, "doubt": ta.Doubt, "take_penalty": ta.TakePenalty}
        if kind not in simple or set(data) != {"type"}:
            raise ValueError(f"unknown action {data!r}")
        return simple[kind]()

    def summary(self) -> dict[str, Any]:
        """The --summary document."""
        return {
            "game": "tokio",
            "rules": self.rules.name,
            "dice": self.rules.sides,
            "finished": self.is_over(),
            "winner": self.engine.winner,
            "players": [
                {"name": p.name, "penalties": p.penalties, "lives": p.lives, "out": p.out}
                for p in self.engine.players
            ],
        }

    # ------------------------------------------------------------ helpers

    def _name(self, roll: Roll) -> str:
        return roll_name(roll, self.rules)

    def _lizumo_top(self) -> bool:
        return (
            self.rules.tokio_response is TokioResponse.LIZUMO
            and self.engine.phase is ta.Phase.RESPONSE
            and self.engine.claim == self.rules.ranking.top
        )

    def _penalty_amount(self) -> int:
        return 2 if self.engine.doubled else 1

    def _amount(self, n: int) -> str:
        if self.rules.counting is Counting.LIVES:
            return say.count(n, "vita", "vite")
        return say.count(n, "penalità", "penalità")

    def _cost(self, n: int) -> str:
        verb = "perdi" if self.rules.counting is Counting.LIVES else "prendi"
        return f"{verb} {self._amount(n)}"
