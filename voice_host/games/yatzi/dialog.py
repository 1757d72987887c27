"""The Yatzi half of the host: physical dice said by the player, or virtual dice rolled here.

Before the first turn, with two or more players and no ``--first``, the players
choose who starts (seed ``yatzi.txt``): one die each, the lowest starts, the
players tied on the lowest roll again. With physical dice each player says the
value of one die (``StartDie``, journaled like every other answer); with virtual
dice the host rolls them from the game's seed and says them in the opening, so a
replay gives the same dice.

With virtual dice the first roll of every turn is made at once, without asking:
it follows from the seed, so the journal needs no record of it. Every other
virtual roll is journaled with its dice, and replaying a journal re-derives them
from the seed: a record whose dice differ is refused.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeAlias

from engine.errors import IllegalAction
from engine.yatzi import game as yg
from engine.yatzi.score import BOXES, DICE_COUNT, YatziRules, is_sub_multiset, remove_faces
from grammars import intents as it
from grammars.it import catalogue as say
from grammars.phases import ListeningPhase
from grammars.phrases import Phrase
from grammars.yatzi import intents as yi
from grammars.yatzi import sentences as yatzi_say
from grammars.yatzi.complete import answer_complete
from grammars.yatzi.grammar import (
    SEQUENCE_PHASES,
    Phase,
    Reason,
    box_name,
    face_word,
    help_examples,
    parse_yatzi,
    say_dice,
    speaks_of_rolling,
    yatzi_all_phrases,
    yatzi_phrases,
)
from voice_host.core.dialog import Act, Confirm, Decision, GameDialog, Refuse
from voice_host.games.yatzi import rulings as r
from voice_host.games.yatzi.board_state import yatzi_board
from voice_host.games.yatzi.coach import Coach, printed_analysis, spoken_analysis
from voice_host.games.yatzi.rulings import Action, KeepAndRoll, StartDie
from voice_host.games.yatzi.start import Decided, RoundEnd, Tied, WhoStarts
from voice_host.storage.bad_record import BadRecord, shown

#: A box chosen after a consiglio that costs at least this many points on average is questioned.
COSTLY = 0.5



class DialogPhase(ListeningPhase):
    """The listening phase the Yatzi dialog adds to its grammar's."""

    CHOOSE = "choose"
    """Virtual dice with rolls left: the virtual commands and the boxes, together."""


#: What the Yatzi host may be listening for.
Listening: TypeAlias = Phase | DialogPhase


class YatziDialog:
    """One Yatzi game as the host runs it (implements ``GameDialog[Listening, Action]``)."""

    game = "yatzi"
    confirm_phase = Phase.CONFIRM

    def __init__(
        self,
        players: Sequence[str],
        *,
        virtual: bool = False,
        seed: int = 0,
        first: str | None = None,
        rules: YatziRules | None = None,
        computers: Sequence[str] = (),
        coach: Coach | None = None,
    ) -> None:
        """``computers``: seats played by the optimal strategy with virtual dice, after ``players``.
        ``coach`` (default: one for ``rules``) answers consiglio, plays them and analyses the game."""
        self.humans = list(players)
        self.computers = list(computers)
        self.listed = self.humans + self.computers
        self.virtual = virtual
        self.seed = seed
        self.rules = rules or YatziRules()
        self.coach = coach or Coach(self.rules)
        self._stopped = False  # virtual dice: "basta" was said this turn
        self._advised = False  # consiglio was asked in this turn: a costlier box is questioned
        self._reports: list[Any] | None = None
        self._start: WhoStarts | None = None
        self._start_told: list[str] = []  # virtual dice: the start roll, said in the opening
        # Each event's sentences, from the event and the events after it in the same step.
        self._announcers: dict[type, Callable[[Any, Sequence[yg.Event]], list[str]]] = {
            yg.TurnStarted: self._on_turn_started,
            yg.Rolled: lambda event, later: [],  # the next prompt names the dice
            yg.Kept: lambda event, later: [],
            yg.Scored: self._on_scored,
            yg.BonusEarned: lambda event, later: [],  # said with its score
            yg.YatziBonusEarned: lambda event, later: [
                yatzi_say.yatzi_bonus_earned(event.player, event.bonus, event.total)
            ],
            yg.GameEnded: lambda event, later: [self._game_ended(event)],
        }
        if first is None and len(self.listed) >= 2:
            self._start = WhoStarts(self.listed)
            if virtual or self.computers:
                self._start_told = self._roll_for_start(self._start)
                first = self._start.first
        self.engine = yg.YatziGame(self.listed, self.rules, first)
        self._opening_turns: list[str] = []
        if self.phase() is not Phase.START:
            self._opening_turns = [*self._announce(self.engine.opening_events()), *self._next_turns()]

    # ------------------------------------------------------------ asking

    def opening(self) -> list[str]:
        """Presents the game, chooses who starts (virtual dice) and opens the first turn."""
        sentences = [yatzi_say.yatzi_opening(self.listed, self.virtual, self.computers)]
        if self.phase() is Phase.START:
            return [*sentences, yatzi_say.start_rule()]
        return [*sentences, *self._start_told, *self._opening_turns]

    def is_over(self) -> bool:
        """True when every box is filled."""
        return self.engine.is_over

    def phase(self) -> Listening:
        """start while choosing who starts; dice/virtual before a roll; choose while
        virtual rolls are left; box otherwise."""
        game = self.engine
        if self._start is not None and self._start.first is None:
            return Phase.START
        if game.phase is yg.YatziPhase.ROLL:
            return Phase.VIRTUAL if self.virtual else Phase.DICE
        if self.virtual and game.rolls_left > 0 and not self._stopped:
            return DialogPhase.CHOOSE
        return Phase.BOX

    def prompt(self) -> str:
        """The question for the player in hand."""
        game, player = self.engine, self.engine.to_act or ""
        phase = self.phase()
        if phase is Phase.START:
            assert self._start is not None and self._start.to_roll is not None
            return yatzi_say.ask_start_die(self._start.to_roll)
        if phase is Phase.DICE:
            return yatzi_say.ask_physical_dice(player)
        if phase is Phase.VIRTUAL:
            return yatzi_say.ask_virtual_roll(player)
        dice = say_dice(sorted(game.dice or ()))
        if phase is DialogPhase.CHOOSE:
            return yatzi_say.ask_keep_or_box(player, dice, game.rolls_left)
        return yatzi_say.ask_box(player, dice)

    def who(self) -> str:
        """The player in hand, or the one rolling a die to choose who starts."""
        if self.phase() is Phase.START:
            assert self._start is not None
            return self._start.to_roll or ""
        return self.engine.to_act or ""

    def phrases(self, phase: Listening) -> tuple[Phrase, ...]:
        """Phrases valid in ``phase`` now (the choose phase joins virtual commands and boxes)."""
        if phase is not DialogPhase.CHOOSE:
            return yatzi_phrases(phase)
        merged: dict[str, Phrase] = {p.text: p for p in yatzi_phrases(Phase.VIRTUAL) + yatzi_phrases(Phase.BOX)}
        return tuple(merged.values())

    def takes_sequences(self, phase: Listening) -> bool:
        """Dice are dictated one by one in the dice phase and after tengo/ritira."""
        return phase is DialogPhase.CHOOSE or phase in SEQUENCE_PHASES

    def complete(self, text: str, phase: Listening) -> bool:
        """True when the dictation ``text`` is whole: five dice said, "tira" or "basta" alone, a keep naming every
        die on the table, a box named whole after a roll (see :func:`grammars.yatzi.complete.answer_complete`)."""
        if phase is DialogPhase.CHOOSE:
            return answer_complete(text, Phase.VIRTUAL, dice=self.engine.dice or (), boxes=True)
        if phase is Phase.DICE or phase is Phase.VIRTUAL:
            return answer_complete(text, phase)
        return False

    def all_phrases(self) -> Mapping[Listening, tuple[Phrase, ...]]:
        """Every phase's phrases, for the recognizer's vocabulary check (choose's are virtual's and box's)."""
        return dict(yatzi_all_phrases().items())

    def parse(self, text: str, phase: Listening) -> it.Intent:
        """Understand ``text`` in ``phase``."""
        if phase is not DialogPhase.CHOOSE:
            return parse_yatzi(text, phase)
        intent = parse_yatzi(text, Phase.VIRTUAL)
        if isinstance(intent, it.NotUnderstood) and not speaks_of_rolling(text):  # "rilancia tutti e cinque": no box
            as_box = parse_yatzi(text, Phase.BOX)
            if not isinstance(as_box, it.NotUnderstood):
                return as_box
        return intent

    def help(self, phase: Listening) -> str:
        """What can be said now; every example in it is accepted in ``phase`` (see ``help_examples``)."""
        examples = self.help_examples(phase)
        if phase is Phase.START:
            return yatzi_say.help_start(examples[0])
        if phase is Phase.DICE:
            return yatzi_say.help_dice(examples[0])
        if phase is Phase.VIRTUAL:
            return yatzi_say.help_virtual(examples[0])
        if phase is DialogPhase.CHOOSE:
            keep, reroll, stop, box = examples
            return yatzi_say.help_choose(keep, reroll, stop, box)
        return yatzi_say.help_box(examples)

    def help_examples(self, phase: Listening) -> tuple[str, ...]:
        """The example answers the help of ``phase`` gives (the grammar's), fitted to the dice on the table."""
        if phase is DialogPhase.CHOOSE:  # keep, reroll, stop, and the best box
            keeps = help_examples(Phase.VIRTUAL, dice=self.engine.dice or ())
            return keeps + help_examples(Phase.BOX, boxes=self._best_free_boxes()[:1])
        if phase is Phase.BOX:
            return help_examples(phase, boxes=self._best_free_boxes())
        return help_examples(phase)

    def _best_free_boxes(self) -> list[str]:
        """The player's free boxes, those scoring most with the dice on the table first."""
        game = self.engine
        free = list(game.free_boxes())
        if game.phase is yg.YatziPhase.CHOOSE:
            free.sort(key=game.would_score, reverse=True)
        return free

    # ------------------------------------------------------------ deciding

    def decide(self, intent: it.Intent) -> Decision[Action]:
        """Map an intent onto a legal action; confirm a zero when another box scores.

        The ruling is made on the engine's values alone (:meth:`_rule`), then said once (:meth:`_said`).
        """
        return self._said(self._rule(intent))

    def _rule(self, intent: it.Intent) -> r.Ruling:
        """What ``intent`` comes to now, in the engine's values."""
        game = self.engine
        if isinstance(intent, it.NotUnderstood):
            return r.Misheard(intent)
        if self.phase() is Phase.START:
            if isinstance(intent, yi.AskAdvice):
                return r.Refuse(r.Refusal.ADVICE_NOT_YET)
            if isinstance(intent, yi.SayDice) and len(intent.values) == 1:
                return r.Apply(StartDie(intent.values[0]))
            return r.Refuse(r.Refusal.START_FIRST)
        if isinstance(intent, yi.ReadCard):
            return r.ReadCard()
        if isinstance(intent, yi.AskAdvice):
            return r.GiveAdvice(keeps=self.phase() is DialogPhase.CHOOSE)
        if isinstance(intent, yi.SayDice):
            if self.virtual or game.phase is not yg.YatziPhase.ROLL:
                return r.Refuse(r.Refusal.NOT_UNDERSTOOD)
            if intent.check:  # "tre sei due quattro": a full by counts, or four dice of a dictation cut short
                return r.CheckCountedDice(yg.RecordRoll(intent.values))
            return r.Apply(yg.RecordRoll(intent.values))
        if isinstance(intent, (yi.RollDice, yi.KeepDice, yi.RerollDice, yi.KeepAll)):
            return self._rule_virtual(intent)
        if isinstance(intent, yi.ChooseBox):
            return self._rule_box(intent.box)
        return r.Refuse(r.Refusal.NOT_UNDERSTOOD)

    def _rule_virtual(self, intent: yi.RollDice | yi.KeepDice | yi.RerollDice | yi.KeepAll) -> r.Ruling:
        game = self.engine
        if not self.virtual:
            return r.Refuse(r.Refusal.DICE_ARE_PHYSICAL)
        if game.phase is yg.YatziPhase.ROLL:
            if isinstance(intent, yi.RollDice):
                return r.Apply(yg.RecordRoll(self._roll(DICE_COUNT)))
            return r.Refuse(r.Refusal.ROLL_FIRST)
        if game.rolls_left == 0:
            return r.Refuse(r.Refusal.NO_ROLLS_LEFT)
        dice = game.dice or ()
        if isinstance(intent, yi.KeepAll):
            return r.Refuse(r.Refusal.STOP)
        if isinstance(intent, yi.RollDice):
            return r.Apply(KeepAndRoll((), self._roll(DICE_COUNT)))
        absent = tuple(face for face in intent.every if face not in dice)
        if absent:  # "tengo i cinque" with no five showing
            return r.NotOnTable(absent)
        every = tuple(d for d in dice if d in intent.every)
        faces = intent.faces + every
        if not is_sub_multiset(faces, dice):
            counted = intent.counted + every  # "tengo due cinque" with no two on the table: two fives
            if not intent.counted or not is_sub_multiset(counted, dice):
                return r.NotOnTable(intent.faces)
            faces = counted
        # the dice kept are the rest of the table, in its order: how they were named changes nothing
        rolled = faces if isinstance(intent, yi.RerollDice) else remove_faces(dice, faces)
        keep = remove_faces(dice, rolled)
        if len(keep) == len(dice):
            return r.Refuse(r.Refusal.STOP)
        return r.Apply(KeepAndRoll(keep, self._roll(len(dice) - len(keep))))

    def _rule_box(self, box: str) -> r.Ruling:
        game = self.engine
        if game.phase is not yg.YatziPhase.CHOOSE:
            return r.Refuse(r.Refusal.ROLL_FIRST)
        free = game.free_boxes()
        if box not in free:
            return r.BoxTaken(box)
        best = max(free, key=game.would_score)
        if self._advised:
            cost, best_box = self.coach.box_cost(game, box)
            if cost >= COSTLY:
                return r.CheckCostlyBox(box, cost, best_box)
        if game.would_score(box) == 0 and game.would_score(best) > 0:
            return r.CheckZeroBox(box, best, game.would_score(best))
        return r.Apply(yg.Score(box))

    def _said(self, ruling: r.Ruling) -> Decision[Action]:
        """The decision for ``ruling``, with its Italian: the one place ``decide`` writes a sentence."""
        game = self.engine
        player = game.to_act or ""
        if isinstance(ruling, r.Apply):
            return Act(ruling.action)
        if isinstance(ruling, r.CheckCountedDice):  # on "no" the dice are asked again
            return Confirm(yatzi_say.confirm_counted_dice(player, say_dice(ruling.action.dice)), ruling.action, "")
        if isinstance(ruling, r.CheckCostlyBox):
            question = yatzi_say.confirm_costly_box(
                player, box_name(ruling.box), yatzi_say.points_words(ruling.cost), box_name(ruling.best)
            )
            return Confirm(question, yg.Score(ruling.box), "")
        if isinstance(ruling, r.CheckZeroBox):  # on "no" the box question comes again
            question = yatzi_say.confirm_zero(player, box_name(ruling.box), box_name(ruling.best), ruling.points)
            return Confirm(question, yg.Score(ruling.box), "")
        if isinstance(ruling, r.Misheard):
            return Refuse(self._not_understood(ruling.intent))
        if isinstance(ruling, r.NotOnTable):
            return Refuse(yatzi_say.not_on_table(say_dice(ruling.faces)))
        if isinstance(ruling, r.BoxTaken):
            return Refuse(yatzi_say.box_taken(box_name(ruling.box)))
        if isinstance(ruling, r.ReadCard):
            return Refuse(self._card())
        if isinstance(ruling, r.GiveAdvice):
            self._advised = game.dice is not None  # a box was advised: a costlier one is questioned
            return Refuse(self.coach.advice_sentence(game, self.virtual, keeps=ruling.keeps))
        if ruling.why is r.Refusal.STOP:  # basta / tengo tutto: the box question follows at once
            self._stopped = True
            return Refuse("")
        return Refuse(self._refusal_sentence(ruling.why))

    def _refusal_sentence(self, why: r.Refusal) -> str:
        sentences = {
            r.Refusal.ADVICE_NOT_YET: yatzi_say.advice_not_yet,
            r.Refusal.START_FIRST: yatzi_say.start_first,
            r.Refusal.DICE_ARE_PHYSICAL: yatzi_say.dice_are_physical,
            r.Refusal.ROLL_FIRST: yatzi_say.roll_first,
            r.Refusal.NO_ROLLS_LEFT: yatzi_say.no_rolls_left,
        }
        if why in sentences:
            return sentences[why]()
        return say.not_understood(self._expected())

    def _roll(self, count: int) -> tuple[int, ...]:
        """Virtual dice, fixed by seed, player, turn and roll: undoing a roll cannot change it."""
        game = self.engine
        rng = random.Random(f"{self.seed}/{game.to_act}/{game.turn}/{game.rolls_made}")
        return tuple(rng.randint(1, 6) for _ in range(count))

    def _next_turns(self) -> list[str]:
        """After a box is filled: the computer seats' turns, then a virtual first roll for a human."""
        out: list[str] = []
        game = self.engine
        while not game.is_over and game.to_act in self.computers:
            out += self._computer_step()
        return out + self._announce(self._roll_first())

    def _computer_step(self) -> list[str]:
        """One choice of the computer seat in hand (rolling first when no dice are on the table)."""
        game = self.engine
        player = game.to_act or ""
        if game.phase is yg.YatziPhase.ROLL:
            game.apply(yg.RecordRoll(self._roll(DICE_COUNT)))
        dice = say_dice(sorted(game.dice or ()))
        choice = self.coach.computer_choice(game)
        if choice.keep is not None:
            keep = choice.keep
            rolled = self._roll(DICE_COUNT - len(keep))
            game.apply(yg.Keep(keep))
            game.apply(yg.RecordRoll(rolled))
            return [
                yatzi_say.computer_keeps(player, dice, say_dice(keep))
                if keep
                else yatzi_say.computer_rerolls_all(player, dice)
            ]
        assert choice.box is not None
        return [yatzi_say.computer_has(player, dice), *self._announce(game.apply(yg.Score(choice.box)))]

    def _roll_first(self) -> list[yg.Event]:
        """Virtual dice: a new turn's first roll, made at once (it follows from the seed)."""
        game = self.engine
        if not self.virtual or game.is_over or game.phase is not yg.YatziPhase.ROLL:
            return []
        return game.apply(yg.RecordRoll(self._roll(DICE_COUNT)))

    def _roll_for_start(self, start: WhoStarts) -> list[str]:
        """Virtual dice: one die per player from the seed, rounds until one alone is lowest."""
        told: list[str] = []
        while start.first is None:
            tie_break = start.round > 1
            rolled = []
            for player in start.contenders:
                value = random.Random(f"{self.seed}/start/{start.round}/{player}").randint(1, 6)
                rolled.append((player, face_word(value)))
                start.record(value)
            told.append(yatzi_say.start_dice(rolled, tie_break, physical=not self.virtual))
        told.append(yatzi_say.first_player(start.first))
        return told

    def apply(self, action: Action) -> list[str]:
        """Apply a dialog action; announce the events.

        Raises ``IllegalAction`` (changing nothing) when the action does not fit
        the game now, and ``ValueError`` when virtual dice are not the ones the
        seed gives (only a tampered journal can hold those).
        """
        if isinstance(action, StartDie):
            return self._apply_start(action)
        if self.phase() is Phase.START:
            raise IllegalAction("the players are still choosing who starts")
        if isinstance(action, KeepAndRoll):
            self._check_keep_and_roll(action)
            events = self.engine.apply(yg.Keep(action.keep)) + self.engine.apply(yg.RecordRoll(action.dice))
        else:
            if self.virtual and isinstance(action, yg.RecordRoll):
                self._check_seeded(action.dice)
            events = self.engine.apply(action)
        sentences = self._announce(events)
        if isinstance(action, yg.Score):
            self._stopped = False
            self._advised = False
            sentences += self._next_turns()
        return sentences

    def _apply_start(self, action: StartDie) -> list[str]:
        if self.phase() is not Phase.START or self.virtual:
            raise IllegalAction("no die for who starts is awaited now")
        assert self._start is not None
        try:
            end: RoundEnd | None = self._start.record(action.value)
        except ValueError as exc:
            raise IllegalAction(str(exc)) from None
        if isinstance(end, Tied):
            return [yatzi_say.start_tie(end.players, face_word(end.value))]
        if isinstance(end, Decided):
            self.engine = yg.YatziGame(self.listed, self.rules, end.player)
            return [
                yatzi_say.start_decided(end.player, face_word(end.value)),
                *self._announce(self.engine.opening_events()),
                *self._next_turns(),
            ]
        return []

    def _check_keep_and_roll(self, action: KeepAndRoll) -> None:
        """Validate both halves first, so that a bad pair changes nothing."""
        game = self.engine
        self._check_seeded(action.dice)
        probe = yg.YatziGame.replay(game.players, game.history, game.rules, game.players[0])
        probe.apply(yg.Keep(action.keep))
        probe.apply(yg.RecordRoll(action.dice))

    def _check_seeded(self, dice: tuple[int, ...]) -> None:
        """Virtual dice must be the ones the seed gives for this player, turn and roll."""
        rolled = self._roll(len(dice))
        if tuple(dice) != rolled:
            player = self.engine.to_act or ""
            raise BadRecord(yatzi_say.yatzi_dice_not_from_seed(player, say_dice(dice), say_dice(rolled)))

    # ------------------------------------------------------------ telling

    def _announce(self, events: Sequence[yg.Event]) -> list[str]:
        out: list[str] = []
        for index, event in enumerate(events):
            out += self._announcers[type(event)](event, events[index + 1:])
        return out

    def _on_turn_started(self, event: yg.TurnStarted, later: Sequence[yg.Event]) -> list[str]:
        """A new round is said when its first player starts; the prompt names the player."""
        return [yatzi_say.yatzi_round(event.turn, len(BOXES))] if event.player == self.engine.players[0] else []

    def _on_scored(self, event: yg.Scored, later: Sequence[yg.Event]) -> list[str]:
        """The score and the new total; with the upper bonus it earned, one sentence and one total."""
        bonus = next((e for e in later if isinstance(e, yg.BonusEarned)), None)
        if bonus is None:
            return [yatzi_say.scored(event.player, event.points, box_name(event.box), event.total)]
        return [yatzi_say.scored_with_bonus(event.player, event.points, box_name(event.box), bonus.bonus, bonus.total)]

    def _game_ended(self, event: yg.GameEnded) -> str:
        top = event.ranking[0]
        if len(event.ranking) == 1:
            return yatzi_say.yatzi_solo_end(top.player, top.total)
        if event.winner is None:
            return yatzi_say.yatzi_tie()
        return yatzi_say.yatzi_winner(event.winner)

    def _not_understood(self, intent: it.NotUnderstood) -> str:
        reason = intent.reason
        phase = self.phase()
        if reason is Reason.EMPTY:
            return say.heard_nothing()
        if reason is Reason.WRONG_DICE_COUNT:
            return say.not_understood(yatzi_say.say_one_die() if phase is Phase.START else yatzi_say.say_five_dice())
        if reason is Reason.NOT_NOW and self._rolls_over():
            return yatzi_say.no_rolls_left()
        return say.not_understood(self._expected())

    def _rolls_over(self) -> bool:
        """Virtual dice after the third roll: only a box is left to choose."""
        game = self.engine
        return self.virtual and game.phase is yg.YatziPhase.CHOOSE and game.rolls_left == 0

    def _expected(self) -> str:
        """What "non ho capito" asks for in this phase, with the help's own examples."""
        phase = self.phase()
        examples = self.help_examples(phase)
        if phase is Phase.START:
            return yatzi_say.expected_start_of(examples[0])
        if phase is Phase.DICE:
            return yatzi_say.expected_dice_of(examples[0])
        if phase is Phase.VIRTUAL:
            return yatzi_say.expected_roll_of(examples[0])
        if phase is DialogPhase.CHOOSE:
            keep, reroll, stop, box = examples
            return yatzi_say.expected_choice_of(keep, reroll, stop, box)
        return yatzi_say.expected_box_of(examples)

    def _card(self) -> str:
        card = self.engine.scorecard()
        threshold = self.engine.rules.bonus_threshold
        if not card.free:
            return yatzi_say.card_full(card.player, card.upper)
        return yatzi_say.card(card.player, say.join_names([box_name(b) for b in card.free]), card.upper, threshold)

    def describe(self, action: Action) -> str:
        """Names ``action`` as taken from the current state (used by annulla)."""
        if isinstance(action, StartDie):
            player = self._start.to_roll if self._start is not None else None
            return yatzi_say.undo_start_die(player or "", face_word(action.value))
        player = self.engine.to_act or ""
        if isinstance(action, yg.Score):
            return yatzi_say.undo_score(player, box_name(action.box))
        dice = action.dice if isinstance(action, yg.RecordRoll) else action.keep + action.dice
        return yatzi_say.undo_dice(player, say_dice(sorted(dice)))

    def standings(self) -> str:
        """Totals, highest first; players on the same total said together as tied."""
        ranking = self.engine.standings()
        if len(ranking) == 1:
            return yatzi_say.yatzi_solo_total(ranking[0].player, ranking[0].total)
        groups: list[tuple[list[str], int]] = []
        for standing in ranking:
            if groups and groups[-1][1] == standing.total:
                groups[-1][0].append(standing.player)
            else:
                groups.append(([standing.player], standing.total))
        return yatzi_say.yatzi_standings(groups)

    def final(self) -> list[str]:
        """The final standings (the winner was announced with the last event; alone, the total too),
        then briefly each human's analysis against optimal play."""
        standings = [self.standings()] if len(self.listed) > 1 else []
        return standings + spoken_analysis(self.analysis())

    def analysis(self) -> list[Any]:
        """Each human player's decisions priced against optimal play (``PlayerReport``), in seat order."""
        if self._reports is None:
            game = self.engine
            reports = self.coach.analyse(game.players, game.players[0], game.history, self.humans, self.virtual)
            self._reports = [reports[name] for name in self.humans]
        return self._reports

    def analysis_text(self) -> str:
        """The analysis in full, for printing."""
        return printed_analysis(self.analysis())

    # ------------------------------------------------------------ journal & summary

    def encode(self, action: Action) -> dict[str, Any]:
        """Action as journal data."""
        if isinstance(action, StartDie):
            return {"type": "start_die", "die": action.value}
        if isinstance(action, yg.RecordRoll):
            return {"type": "dice", "dice": list(action.dice)}
        if isinstance(action, KeepAndRoll):
            return {"type": "keep_roll", "keep": list(action.keep), "dice": list(action.dice)}
        return {"type": "score", "box": action.box}

    def decode(self, data: dict[str, Any]) -> Action:
        """Journal data back to an action; ValueError when malformed.

        Strict: exactly the keys ``encode`` writes, integers (not booleans) that
        are faces of a die, as many dice as the action takes, a known box, and
        no die for who starts with virtual dice, no keep with physical dice.
        Virtual dice are checked against the seed when applied.
        """
        kind = data.get("type") if isinstance(data, dict) else None
        keys = set(data) if isinstance(data, dict) else set()
        if kind == "start_die" and keys == {"type", "die"} and not self.virtual:
            return StartDie(_faces([data["die"]], 1, 1, data)[0])
        if kind == "dice" and keys == {"type", "dice"}:
            return yg.RecordRoll(_faces(data["dice"], DICE_COUNT, DICE_COUNT, data))
        if kind == "keep_roll" and keys == {"type", "keep", "dice"} and self.virtual:
            keep = _faces(data["keep"], 0, DICE_COUNT - 1, data)
            rolled = DICE_COUNT - len(keep)
            return KeepAndRoll(keep, _faces(data["dice"], rolled, rolled, data))
        if kind == "score" and keys == {"type", "box"} and isinstance(data["box"], str) and data["box"] in BOXES:
            return yg.Score(data["box"])
        raise BadRecord(yatzi_say.yatzi_bad_record(shown(data)))

    def summary(self) -> dict[str, Any]:
        """The --summary document."""
        players = []
        for name in self.listed:
            card = self.engine.scorecard(name)
            entry: dict[str, Any] = {
                "name": name, "total": card.total, "upper": card.upper, "bonus": card.bonus,
                "scores": {box: card[box] for box in BOXES},
            }
            if card.yatzi_bonus:
                entry["yatzi_bonus"] = card.yatzi_bonus
            if name in self.computers:
                entry["computer"] = True
            players.append(entry)
        return {"game": "yatzi", "finished": self.is_over(), "winner": self.engine.winner, "players": players}

    def board_state(self) -> dict[str, Any]:
        """The live board's view of this game (see :mod:`voice_host.games.yatzi.board_state`)."""
        return yatzi_board(self)


#: mypy checks here that the dialog implements the protocol with Yatzi's own types.
_IMPLEMENTS: type[GameDialog[Listening, Action]] = YatziDialog


def _faces(value: Any, fewest: int, most: int, record: Any) -> tuple[int, ...]:
    """``value`` as die faces: a list of ``fewest``..``most`` integers from 1 to 6, else ValueError."""
    if (
        not isinstance(value, list)
        or not fewest <= len(value) <= most
        or not all(type(v) is int and 1 <= v <= 6 for v in value)
    ):
        raise BadRecord(yatzi_say.yatzi_bad_record(shown(record)))
    return tuple(value)

