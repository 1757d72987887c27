"""The Tokio half of the host: asks the right player, understands, announces.

The host talks like a quick human game master: the question to the next player
echoes the claim ("Cinquantatré. Bruno, ci credi?"), believing and doubting are
not announced (the next question says what follows), and a penalty says who,
how many, why (when the reveal has not said it already) and the new count.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from engine.rolls import Roll
from engine.tokio import actions as ta
from engine.tokio.game import TokioGame
from engine.tokio.level import Level
from engine.tokio.rules import Counting, RaiseRule, TokioResponse, TokioRules, TruthTest
from grammars import intents as it
from grammars.it import catalogue as say
from grammars.phrases import Phrase
from grammars.tokio import intents as ti
from grammars.tokio import sentences as tokio_say
from grammars.tokio.grammar import (
    Phase,
    Reason,
    help_examples,
    legal_claims,
    parse_tokio,
    roll_name,
    tokio_all_phrases,
    tokio_phrases,
)
from voice_host.core.computer_pause import AfterPause
from voice_host.core.dialog import Act, Confirm, Decision, GameDialog, Refuse
from voice_host.games.tokio.board_state import tokio_board
from voice_host.games.tokio.computer import TokioComputers
from voice_host.storage.bad_record import BadRecord, shown

#: The grammar phase the host listens in for each phase of the engine that waits for a player.
LISTENING: Mapping[ta.Phase, Phase] = MappingProxyType(
    {ta.Phase.CLAIM: Phase.CLAIM, ta.Phase.RESPONSE: Phase.RESPONSE, ta.Phase.REVEAL: Phase.REVEAL}
)

#: The journal's names of the actions that carry no value, and back.
_PLAIN_ACTIONS: Mapping[str, type[ta.Believe | ta.Doubt | ta.TakePenalty]] = MappingProxyType(
    {"believe": ta.Believe, "doubt": ta.Doubt, "take_penalty": ta.TakePenalty}
)
_PLAIN_NAMES: Mapping[type, str] = MappingProxyType({action: name for name, action in _PLAIN_ACTIONS.items()})


class TokioDialog:
    """One Tokio game as the host runs it (implements ``GameDialog[Phase, tokio_actions.Action]``)."""

    game = "tokio"
    confirm_phase = Phase.CONFIRM

    def __init__(
        self,
        rules: TokioRules,
        players: Sequence[str],
        first: str | None = None,
        *,
        computers: Sequence[str] = (),
        level: Level = Level.MEDIO,
        seed: int = 0,
    ) -> None:
        """``computers``: seats played by the computer with secret virtual dice, seated after ``players``;
        ``seed`` fixes their dice and choices, ``level`` how well they play."""
        self.rules = rules
        self.computers = TokioComputers(rules, computers, level, seed)
        self.engine = TokioGame(rules, [*players, *computers], first)
        self._opening_events = self.engine.opening_events()
        self.events: list[ta.Event] = list(self._opening_events)
        """Every engine event of the game so far, in order (the history reads its facts from them)."""
        self._lives = rules.counting is Counting.LIVES
        self._top = roll_name(rules.ranking.top, rules)
        self._announcers: dict[type, Callable[[Any], list[str]]] = {
            ta.RoundStarted: self._on_round_started,
            ta.Claimed: lambda event: [],  # the next question echoes the claim
            ta.Believed: lambda event: [],  # the next question says what follows
            ta.Doubted: lambda event: [],
            ta.Revealed: lambda event: [tokio_say.revealed(self._name(event.roll), event.holds)],
            ta.Penalised: self._on_penalised,
            ta.Eliminated: lambda event: [],  # said with the penalty; standings follow the events
            ta.DuelWon: lambda event: [tokio_say.duel_won(event.player)],
            ta.GameWon: lambda event: [say.winner(event.player)],
        }
        self._opening_turns = self._computer_turns()  # a computer seat that opens the game claims at once

    # ------------------------------------------------------------ asking

    def opening(self) -> list[str]:
        """Presents the game, the way out, the truth test, and who opens."""
        game_name = self._top.capitalize()
        first = tokio_say.tokio_opening(
            game_name, self.rules.name, [p.name for p in self.engine.players],
            self.rules.limit, self._lives, self.rules.truth_test is TruthTest.EXACT,
        )
        seats = [say.computer_seats(self.computers.names, self.computers.level.value)] if self.computers.names else []
        return [first, *seats, *self._announce(self._opening_events), *self._opening_turns]

    def is_over(self) -> bool:
        """True once a player has won."""
        return self.engine.is_over

    def phase(self) -> Phase:
        """The grammar phase matching the engine's (the game goes on: nobody is asked once it is over)."""
        return LISTENING[self.engine.phase]

    def prompt(self) -> str:
        """The question for the player who must act."""
        game, player = self.engine, self.engine.to_act or ""
        if game.phase is ta.Phase.CLAIM:
            if game.claim is None:
                return tokio_say.ask_claim(player)
            claim = self._name(game.claim)
            if self._must_claim_top_again():
                return tokio_say.ask_claim_top_again(player, claim)
            strictly = self.rules.raise_rule is RaiseRule.STRICTLY_HIGHER
            if game.claim == self.rules.ranking.bottom:  # Milella: anything from Pechino up, but Tokio
                return tokio_say.ask_claim_over_but(player, claim, strictly, self._top)
            if self._cycle_over_top():  # Milella: only Pechino beats Tokio
                return tokio_say.ask_claim_one_of(player, [self._name(r) for r in legal_claims(self.rules, game.claim)])
            return tokio_say.ask_claim_over(player, claim, strictly)
        if game.phase is ta.Phase.RESPONSE:
            assert game.claim is not None
            claim = self._name(game.claim)
            if self._lizumo_top():
                return tokio_say.ask_response_lizumo(player, claim)
            if game.can_take_penalty:
                return tokio_say.ask_response_three(player, claim)
            return tokio_say.ask_response(player, claim)
        return tokio_say.ask_reveal(player)

    def who(self) -> str:
        """The player who must act (the claimant, when the cup is lifted)."""
        return self.engine.to_act or ""

    def phrases(self, phase: Phase) -> tuple[Phrase, ...]:
        """Phrases valid in ``phase`` now."""
        return tokio_phrases(
            phase, self.rules, can_take_penalty=self.engine.can_take_penalty, named_choices=self._lizumo_top()
        )

    def takes_sequences(self, phase: Phase) -> bool:
        """Every Tokio phrase is said whole (dice by dice are phrases of their own)."""
        return False

    def complete(self, text: str, phase: Phase) -> bool:
        """No Tokio phase takes dictations: the listener tells a whole phrase from its phrases alone."""
        return False

    def all_phrases(self) -> Mapping[Phase, tuple[Phrase, ...]]:
        """Every phase's phrases, for the recognizer's vocabulary check at start-up."""
        return tokio_all_phrases(self.rules)

    def parse(self, text: str, phase: Phase) -> it.Intent:
        """Understand ``text`` against what is valid in ``phase`` now."""
        return parse_tokio(
            text, phase, self.rules, can_take_penalty=self.engine.can_take_penalty, named_choices=self._lizumo_top()
        )

    def help(self, phase: Phase) -> str:
        """What can be said now, with examples taken from this phase's own phrases."""
        examples = self.help_examples(phase)
        if phase is Phase.CLAIM:
            claim = self.engine.claim
            if claim is None:
                return tokio_say.help_claim(examples)
            if len(examples) == 1:
                return tokio_say.help_claim_only(examples[0])
            strictly = self.rules.raise_rule is RaiseRule.STRICTLY_HIGHER
            but = self._top if claim == self.rules.ranking.bottom else ""
            return tokio_say.help_claim_over(self._name(claim), strictly, examples, but)
        if phase is Phase.RESPONSE:
            return tokio_say.help_response(examples, self.rules.truth_test is TruthTest.EXACT)
        return tokio_say.help_reveal(examples)

    def help_examples(self, phase: Phase) -> tuple[str, ...]:
        """The example phrases ``help`` names in ``phase`` now."""
        to_beat = self.engine.claim if self.engine.phase is ta.Phase.CLAIM else None
        return help_examples(
            phase, self.rules, can_take_penalty=self.engine.can_take_penalty, lizumo_top=self._lizumo_top(),
            to_beat=to_beat,
        )

    # ------------------------------------------------------------ deciding

    def decide(self, intent: it.Intent) -> Decision[ta.Action]:
        """Map an intent onto a legal action, confirming a claim that costs its own declarer.

        Answers the player said plainly (passo, Lizumo's blind accept) are not
        confirmed: they are announced and ``annulla`` undoes them.
        """
        game = self.engine
        if isinstance(intent, it.NotUnderstood):
            return Refuse(self._not_understood(intent))
        if game.phase is ta.Phase.CLAIM:
            if not isinstance(intent, ti.SayRoll):
                return Refuse(say.not_understood(self._expected()))
            if not self.rules.dice.is_possible(intent.roll):
                return Refuse(tokio_say.impossible_roll(self._name(intent.roll), self.rules.sides))
            action = ta.Claim(intent.roll)
            if game.is_lower(intent.roll):
                return Confirm(self._confirm_low_claim(intent.roll, action), action, tokio_say.claim_again())
            return Act(action)
        if game.phase is ta.Phase.RESPONSE:
            if isinstance(intent, ti.DoubtIt):
                return Act(ta.Doubt())
            if isinstance(intent, ti.BelieveIt):
                return Act(ta.Believe())
            if isinstance(intent, ti.TakeThePenalty):
                if not game.can_take_penalty:
                    return Refuse(self._no_passing())
                return Act(ta.TakePenalty())
            return Refuse(say.not_understood(self._expected()))
        if not isinstance(intent, ti.SayRoll):
            return Refuse(say.not_understood(self._expected()))
        if not self.rules.dice.is_possible(intent.roll):
            return Refuse(tokio_say.impossible_roll(self._name(intent.roll), self.rules.sides))
        return Act(ta.Reveal(intent.roll))

    def _confirm_low_claim(self, roll: Roll, action: ta.Claim) -> str:
        """The question before a claim that costs its declarer, with the penalty the engine will charge."""
        game = self.engine
        assert game.claim is not None and game.to_act is not None
        charged = next(e for e in game.preview(action) if isinstance(e, ta.Penalised))
        cost = tokio_say.cost(charged.amount, self._lives)
        player, claim = game.to_act, self._name(roll)
        if self._must_claim_top_again():
            return tokio_say.confirm_not_top(player, claim, self._top, cost)
        if roll == self.rules.ranking.top and game.claim == self.rules.ranking.bottom:
            return tokio_say.confirm_top_over_bottom(player, claim, self._name(game.claim), cost)
        if roll == game.claim:
            return tokio_say.confirm_equal_claim(player, claim, cost)
        return tokio_say.confirm_low_claim(player, claim, self._name(game.claim), cost)

    def _not_understood(self, intent: it.NotUnderstood) -> str:
        reason = intent.reason
        if reason is Reason.EMPTY:
            return say.heard_nothing()
        if reason is Reason.NOT_A_ROLL:
            return tokio_say.not_a_roll(intent.text)
        if reason is Reason.NAME_NOT_IN_PLAY:
            return tokio_say.name_not_in_play(intent.text, self.rules.sides)
        if reason is Reason.TAKE_PENALTY_NOT_ALLOWED:
            return self._no_passing()
        return say.not_understood(self._expected())

    def _expected(self) -> str:
        """What "non ho capito" asks for: the legal answers now, the help's own examples."""
        phase = self.phase()
        examples = self.help_examples(phase)
        if phase is Phase.CLAIM:
            return tokio_say.expected_claim_of(examples)
        if phase is Phase.RESPONSE:
            return tokio_say.expected_answers(examples)
        return tokio_say.expected_reveal_of(examples)

    def _no_passing(self) -> str:
        """"passo" refused: true of these rules (no third answer at all) or of this moment (no Tokio)."""
        if self.rules.tokio_response is not TokioResponse.THREE_CHOICES:
            return tokio_say.no_passing_in_these_rules(self.help_examples(Phase.RESPONSE))
        return tokio_say.cannot_take_penalty(self._top)

    def apply(self, action: ta.Action) -> list[str]:
        """Apply an engine action and announce its events, then play the computer seats until a human must act."""
        return self._step(action) + self._computer_turns()

    def _step(self, action: ta.Action) -> list[str]:
        self.computers.note(self.engine, action)
        events = self.engine.apply(action)
        self.events.extend(events)
        return self._announce(events)

    def _computer_turns(self) -> list[str]:
        """Every action of the computer seats in hand, each with what the seat says, up to a human's turn."""
        out: list[str] = []
        while not self.engine.is_over and self.computers.plays(self.engine.to_act):
            action = self.computers.decide(self.engine)
            says = self._computer_says(action)  # a move it decides is said after a thinking pause
            out += [says if isinstance(action, ta.Reveal) else AfterPause(says), *self._step(action)]
        return out

    def _computer_says(self, action: ta.Action) -> str:
        """What a computer seat says as it acts (its claim itself is echoed by the next question)."""
        player = self.engine.to_act or ""
        if isinstance(action, ta.Claim):
            if self.engine.is_lower(action.roll):  # no question will echo it: say it here
                return say.computer_claims_lower(player, self._name(action.roll))
            return say.computer_claims(player)
        if isinstance(action, ta.Believe):
            return say.computer_accepts_blind(player) if self._lizumo_top() else say.computer_believes(player)
        if isinstance(action, ta.Doubt):
            return say.computer_doubts(player)
        if isinstance(action, ta.TakePenalty):
            return say.computer_takes_penalty(player)
        return say.computer_lifts(player)

    # ------------------------------------------------------------ telling

    def describe(self, action: ta.Action) -> str:
        """Names ``action`` as taken from the current state (used by annulla)."""
        player = self.engine.to_act or ""
        if isinstance(action, ta.Claim):
            return tokio_say.undo_claim(player, self._name(action.roll))
        if isinstance(action, ta.Believe):
            return tokio_say.undo_believe(player)
        if isinstance(action, ta.Doubt):
            return tokio_say.undo_doubt(player)
        if isinstance(action, ta.TakePenalty):
            return tokio_say.undo_take_penalty(player)
        return tokio_say.undo_reveal(self._name(action.roll))

    def standings(self) -> str:
        """Ranked standings: fewest penalties (most lives) first, tied players together, the out last."""
        players = sorted(self.engine.players, key=lambda p: (p.out, p.penalties))
        groups: list[tuple[list[str], str]] = []
        for p in players:
            value = tokio_say.out_value() if p.out else str(p.lives if self._lives else p.penalties)
            if groups and groups[-1][1] == value:
                groups[-1][0].append(p.name)
            else:
                groups.append(([p.name], value))
        return tokio_say.ranked_standings(tokio_say.standings_unit(self._lives), groups)

    def final(self) -> list[str]:
        """The final standings (the winner was announced with the last event)."""
        return [self.standings()]

    def _announce(self, events: Sequence[ta.Event]) -> list[str]:
        out: list[str] = []
        for event in events:
            out += self._announcers[type(event)](event)
        eliminated = any(isinstance(e, ta.Eliminated) for e in events)
        if eliminated and not any(isinstance(e, ta.GameWon) for e in events):
            out.append(self.standings())
        return out

    def _on_round_started(self, event: ta.RoundStarted) -> list[str]:
        # Chain play: the next question ("Anna, tira e dichiara.") says who opens.
        return [] if event.opponent is None else [tokio_say.duel_opens(event.opener, event.opponent)]

    def _on_penalised(self, event: ta.Penalised) -> list[str]:
        reason = event.reason
        if self._lives:
            return [tokio_say.lost_lives(event.player, event.amount, reason, event.doubled, self._top, event.lives)]
        if event.penalties >= self.rules.limit:
            return [tokio_say.penalty_out(event.player, event.amount, reason, event.doubled, self._top)]
        return [tokio_say.penalised(event.player, event.amount, reason, event.doubled, self._top, event.penalties)]

    # ------------------------------------------------------------ journal & summary

    def encode(self, action: ta.Action) -> dict[str, Any]:
        """Action as journal data."""
        if isinstance(action, (ta.Claim, ta.Reveal)):
            kind = "claim" if isinstance(action, ta.Claim) else "reveal"
            return {"type": kind, "dice": [action.roll.high, action.roll.low]}
        return {"type": _PLAIN_NAMES[type(action)]}

    def decode(self, data: dict[str, Any]) -> ta.Action:
        """Journal data back to an action; ``BadRecord`` (a ValueError) when malformed.

        Strict: exactly the keys ``encode`` writes, dice that are integers (not
        booleans) these dice can show.
        """
        kind = data.get("type")
        if not isinstance(kind, str):
            raise BadRecord(say.tokio_bad_record(shown(data)))
        if kind in ("claim", "reveal"):
            dice = data.get("dice")
            if set(data) != {"type", "dice"} or not (
                type(dice) is list and len(dice) == 2 and all(type(d) is int for d in dice)
            ):
                raise BadRecord(say.tokio_bad_record(shown(data)))
            roll = Roll.of(dice[0], dice[1])
            if not self.rules.dice.is_possible(roll):
                raise BadRecord(say.tokio_bad_record(shown(data)))
            return ta.Claim(roll) if kind == "claim" else ta.Reveal(roll)
        if kind not in _PLAIN_ACTIONS or set(data) != {"type"}:
            raise BadRecord(say.tokio_bad_record(shown(data)))
        return _PLAIN_ACTIONS[kind]()

    def summary(self) -> dict[str, Any]:
        """The --summary document."""
        return {
            "game": "tokio",
            "rules": self.rules.name,
            "dice": self.rules.sides,
            "truth": self.rules.truth_test.value,
            "finished": self.is_over(),
            "winner": self.engine.winner,
            "players": [
                {"name": p.name, "penalties": p.penalties, "lives": p.lives, "out": p.out}
                | ({"computer": True} if self.computers.plays(p.name) else {})
                for p in self.engine.players
            ],
            "eliminated": list(self.engine.out_order),
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

    def _cycle_over_top(self) -> bool:
        """Milella: the claim to beat is Tokio, which only Pechino beats."""
        ranking = self.rules.ranking
        return ranking.bottom is not None and self.engine.claim == ranking.top

    def _must_claim_top_again(self) -> bool:
        """Classico: the believer of a top claim must claim the top again."""
        return (
            self.engine.phase is ta.Phase.CLAIM
            and self.engine.claim == self.rules.ranking.top
            and self.rules.tokio_response is TokioResponse.THREE_CHOICES
        )

    def board_state(self) -> dict[str, Any]:
        """The live board's view of this game (see :mod:`voice_host.games.tokio.board_state`)."""
        return tokio_board(self)


#: mypy checks here that the dialog implements the protocol with Tokio's own types.
_IMPLEMENTS: type[GameDialog[Phase, ta.Action]] = TokioDialog
