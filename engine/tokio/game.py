"""The Tokio state machine: one class for every point of the rule space (RULES.md 1).

Variants are data (``TokioRules``) plus a few small hooks, not copies of the
state machine:

* chain play (classico, lizumo) and Milella's duel differ only in *who receives a
  claim* and in *what believing the reply does*: a duel is a round that has an
  ``opponent``; the claim goes back and forth between the two, and when the opener
  believes the reply the duel is won and a new one starts;
* the raise rule, the truth test, the doubling of penalties and the answers to a
  top claim are each one small helper reading one option.

The game never does I/O, never reads a clock and never rolls dice: the host tells it
what was claimed and what a lifted cup showed.

Readings where RULES.md leaves a corner open (each follows from its wording):

* a claim of the top roll counts as "declared" for doubling even when it is itself a
  lower claim (Milella: Tokio 3-1 claimed over a believed Pechino 2-1);
* taking the penalty (classico's third answer) restarts with the taker whatever
  ``next_opener`` says, as RULES.md 1.3 states; if the taker is out, the next player;
* Lizumo's answers to a top claim apply to whoever receives it, so in a duel played
  with ``TokioResponse.LIZUMO`` an opener who believes a top reply loses a life
  rather than losing the duel.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence

from engine.errors import BadConfiguration, GameOver, ImpossibleRoll, WrongPhase
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
from engine.tokio.rules import (
    Direction,
    DoubleOnTokio,
    Flow,
    NextOpener,
    RaiseRule,
    TokioResponse,
    TokioRules,
    TruthTest,
)

#: Which actions each phase accepts (OVER accepts none).
_ACCEPTED: Mapping[Phase, tuple[type, ...]] = {
    Phase.CLAIM: (Claim,),
    Phase.RESPONSE: (Believe, Doubt, TakePenalty),
    Phase.REVEAL: (Reveal,),
}

#: Lizumo's fixed amounts for a top claim (RULES.md 1.3); never doubled.
_LIZUMO_TOP_AMOUNTS: Mapping[PenaltyReason, int] = {
    PenaltyReason.ACCEPTED_TOKIO: 1,
    PenaltyReason.WRONG_DOUBT: 2,
    PenaltyReason.BLUFF_CAUGHT: 1,
}


class TokioGame:
    """A game of Tokio (or Taipei, Yokohama, Pechino, Milella's duel) under ``rules``.

    Players sit in the listed order, which is clockwise; ``Direction.COUNTER_CLOCKWISE``
    reverses the order of play. The first listed player opens unless ``first`` is given.
    Actions carry no player: the action is always made by ``to_act``.

    >>> from engine.tokio.rules import preset
    >>> from engine.tokio.actions import Claim, Doubt, Reveal
    >>> game = TokioGame(preset("classico"), ["Anna", "Bruno", "Carla"])
    >>> game.opening_events()
    [RoundStarted(opener='Anna', opponent=None)]
    >>> game.apply(Claim(Roll.of(6, 5)))
    [Claimed(player='Anna', roll=Roll(high=6, low=5), to_beat=None, lower=False)]
    >>> game.phase, game.to_act
    (<Phase.RESPONSE: 'response'>, 'Bruno')
    >>> game.apply(Doubt())
    [Doubted(player='Bruno', claimant='Anna', claim=Roll(high=6, low=5))]
    >>> events = game.apply(Reveal(Roll.of(4, 2)))  # a bluff: Anna is penalised and reopens
    >>> [type(event).__name__ for event in events]
    ['Revealed', 'Penalised', 'RoundStarted']
    >>> game.players[0], game.to_act
    (PlayerState(name='Anna', penalties=1, lives=9, out=False), 'Anna')
    """

    def __init__(self, rules: TokioRules, players: Sequence[str], first: str | None = None) -> None:
        if isinstance(players, str):
            raise BadConfiguration("players must be a sequence of names, not one string")
        names = tuple(players)
        if len(names) < 2:
            raise BadConfiguration(f"Tokio needs at least 2 players, not {len(names)}")
        for name in names:
            if not isinstance(name, str) or not name.strip():
                raise BadConfiguration(f"a player's name must be a non-empty string, not {name!r}")
        if len(set(names)) != len(names):
            raise BadConfiguration(f"players' names must be distinct: {', '.join(names)}")
        if first is not None and first not in names:
            raise BadConfiguration(f"{first!r} is not one of the players")

        self._rules = rules
        self._ranking = rules.ranking
        self._dice = rules.dice
        self._top = self._ranking.top
        every_roll = self._ranking.ordered()
        self._claims = tuple(Claim(roll) for roll in every_roll)  # actions are frozen: share them
        self._reveals = tuple(Reveal(roll) for roll in every_roll)
        self._names = names
        order = names if rules.direction is Direction.CLOCKWISE else tuple(reversed(names))
        self._order = order
        self._seat = {name: i for i, name in enumerate(order)}
        self._penalties = dict.fromkeys(names, 0)
        self._standing: tuple[tuple[PlayerState, ...], tuple[str, ...]] | None = None  # see _standings()
        self._out_order: tuple[str, ...] = ()
        self._winner: str | None = None

        # Round (or duel) state, all set by _start_round.
        self._phase = Phase.CLAIM
        self._hand = ""  # the claimant: must claim (CLAIM) or whose claim stands
        self._claim: Roll | None = None  # the standing claim
        self._opener = ""
        self._opponent: str | None = None  # the duel partner; None in chain play
        self._doubled = False
        self._first_round = self._start_round(first if first is not None else names[0])

    def __deepcopy__(self, memo: dict[int, object]) -> TokioGame:
        """An independent copy: only the penalties are mutable, every other member is shared.

        The rules, the ranking, the seating and the cached actions are immutable
        values, so a copy (``preview``, the computer seat's solver) need not copy them.
        """
        clone = copy.copy(self)
        clone._penalties = dict(self._penalties)
        return clone

    # ------------------------------------------------------------ read-only view

    @property
    def rules(self) -> TokioRules:
        """The rules in play."""
        return self._rules

    @property
    def phase(self) -> Phase:
        """What the game is waiting for."""
        return self._phase

    @property
    def is_over(self) -> bool:
        """True once one player is left."""
        return self._phase is Phase.OVER

    @property
    def to_act(self) -> str | None:
        """Who must act now: the claimant (CLAIM, and REVEAL: their cup is lifted), the receiver (RESPONSE)."""
        if self._phase is Phase.OVER:
            return None
        if self._phase is Phase.RESPONSE:
            return self._receiver_of(self._hand)
        return self._hand

    @property
    def claim(self) -> Roll | None:
        """The standing claim: to answer (RESPONSE), to check (REVEAL), to beat (CLAIM); None if nothing."""
        return None if self._phase is Phase.OVER else self._claim

    @property
    def claimant(self) -> str | None:
        """The player in hand: the one who must claim (CLAIM) or whose claim stands (RESPONSE, REVEAL)."""
        return None if self._phase is Phase.OVER else self._hand

    @property
    def receiver(self) -> str | None:
        """Who answers the claimant's claim: the next player in chain play, the duel partner in a duel."""
        return None if self._phase is Phase.OVER else self._receiver_of(self._hand)

    @property
    def doubled(self) -> bool:
        """True when the penalties of this round (or duel) are now doubled by a top roll."""
        return self._doubled and self._phase is not Phase.OVER

    @property
    def players(self) -> tuple[PlayerState, ...]:
        """Every player's standing, in the listed order."""
        return self._standings()[0]

    @property
    def active_players(self) -> tuple[str, ...]:
        """The players still in, in the listed order."""
        return self._standings()[1]

    def _standings(self) -> tuple[tuple[PlayerState, ...], tuple[str, ...]]:
        """Every player's standing and the players still in, made once per change of the penalties.

        A seat's search and a game's checks read them after every action, and they change only with a penalty
        (:meth:`_penalise` forgets them); both are immutable, so a copy may share them.
        """
        if self._standing is None:
            limit = self._rules.limit
            players = tuple(PlayerState(name, p, max(0, limit - p), p >= limit)
                            for name, p in ((name, self._penalties[name]) for name in self._names))
            self._standing = players, tuple(player.name for player in players if not player.out)
        return self._standing

    @property
    def out_order(self) -> tuple[str, ...]:
        """The players who are out, in the order they went out (the first out first)."""
        return self._out_order

    @property
    def winner(self) -> str | None:
        """The last player left, once the game is over."""
        return self._winner

    @property
    def can_take_penalty(self) -> bool:
        """True when classico's third answer (take one penalty, restart) is open now."""
        return (
            self._phase is Phase.RESPONSE
            and self._claim == self._top
            and self._rules.tokio_response is TokioResponse.THREE_CHOICES
        )

    def opening_events(self) -> list[Event]:
        """The events that open the game: the first round (or duel) starting."""
        return [self._first_round]

    def is_lower(self, roll: Roll) -> bool:
        """True when claiming ``roll`` now would cost the claimant a penalty.

        Lower than the standing claim, or equal to it under ``RaiseRule.STRICTLY_HIGHER``.
        Raises ``WrongPhase`` outside the CLAIM phase and ``ImpossibleRoll`` for a roll the
        dice cannot show.
        """
        if self._phase is not Phase.CLAIM:
            raise self._wrong_phase("a claim")
        self._check_roll(roll)
        return self._is_lower(roll)

    def legal_actions(self) -> list[Action]:
        """Every action legal now (lower claims included: they are legal, with a penalty)."""
        if self._phase is Phase.CLAIM:
            return list(self._claims)
        if self._phase is Phase.RESPONSE:
            answers: list[Action] = [Believe(), Doubt()]
            if self.can_take_penalty:
                answers.append(TakePenalty())
            return answers
        if self._phase is Phase.REVEAL:
            return list(self._reveals)
        return []

    # ------------------------------------------------------------ applying actions

    def preview(self, action: Action) -> list[Event]:
        """The events ``action`` would cause now, leaving this game unchanged.

        What a confirmation announces comes from here, so the host can never
        announce one penalty and charge another. Raises like ``apply``.
        """
        return copy.deepcopy(self).apply(action)

    def apply(self, action: Action) -> list[Event]:
        """Apply ``action`` by ``to_act`` and return the events it caused, in order.

        Raises ``GameOver``, ``WrongPhase`` or ``ImpossibleRoll`` (all ``IllegalAction``)
        without changing any state.
        """
        self._validate(action)
        if isinstance(action, Claim):
            return self._on_claim(action.roll)
        if isinstance(action, Believe):
            return self._on_believe()
        if isinstance(action, Doubt):
            return self._on_doubt()
        if isinstance(action, TakePenalty):
            return self._on_take_penalty()
        return self._on_reveal(action.roll)

    def _validate(self, action: object) -> None:
        if self._phase is Phase.OVER:
            raise GameOver(f"the game is over: {self._winner} won")
        if not isinstance(action, _ACCEPTED[self._phase]):
            raise self._wrong_phase(type(action).__name__)
        if isinstance(action, TakePenalty) and not self.can_take_penalty:
            raise WrongPhase("taking a penalty only answers a top claim under the three-choices rule")
        if isinstance(action, (Claim, Reveal)):
            self._check_roll(action.roll)

    def _on_claim(self, roll: Roll) -> list[Event]:
        lower = self._is_lower(roll)
        if roll == self._top:
            self._note_top(revealed=False)
        events: list[Event] = [Claimed(self._hand, roll, self._claim, lower)]
        if lower:
            return events + self._penalise(self._hand, PenaltyReason.LOWER_CLAIM)
        self._claim = roll
        self._phase = Phase.RESPONSE
        return events

    def _on_believe(self) -> list[Event]:
        claim = self._standing_claim()
        believer, claimant = self._receiver_of(self._hand), self._hand
        events: list[Event] = [Believed(believer, claimant, claim)]
        if self._lizumo_top():  # accepted without looking: the round ends at once
            return events + self._penalise(believer, PenaltyReason.ACCEPTED_TOKIO)
        if self._opponent is not None and believer == self._opener:
            # Duel: the opener believed the reply; the replier won and duels the next player.
            events.append(DuelWon(claimant, believer))
            events.append(self._start_round(claimant))
            return events
        self._hand = believer  # rolls again and must beat the believed claim
        self._phase = Phase.CLAIM
        return events

    def _on_doubt(self) -> list[Event]:
        self._phase = Phase.REVEAL
        return [Doubted(self._receiver_of(self._hand), self._hand, self._standing_claim())]

    def _on_take_penalty(self) -> list[Event]:
        return self._penalise(self._receiver_of(self._hand), PenaltyReason.TOOK_PENALTY)

    def _on_reveal(self, real: Roll) -> list[Event]:
        claim = self._standing_claim()
        claimant, doubter = self._hand, self._receiver_of(self._hand)
        holds = self._holds(real, claim)
        if real == self._top:
            self._note_top(revealed=True)  # counts for the penalty this reveal causes
        events: list[Event] = [Revealed(claimant, real, claim, holds)]
        if holds:
            return events + self._penalise(doubter, PenaltyReason.WRONG_DOUBT)
        return events + self._penalise(claimant, PenaltyReason.BLUFF_CAUGHT)

    # ------------------------------------------------------------ penalties and rounds

    def _penalise(self, player: str, reason: PenaltyReason) -> list[Event]:
        """Charge ``player``, then eliminate, end the game or start the next round."""
        amount, doubled = self._amount(reason)
        self._penalties[player] += amount
        self._standing = None
        total = self._penalties[player]
        limit = self._rules.limit
        events: list[Event] = [Penalised(player, amount, reason, total, max(0, limit - total), doubled)]
        if total >= limit:
            self._out_order += (player,)
            events.append(Eliminated(player))
        active = self.active_players
        if len(active) == 1:
            self._winner = active[0]
            self._phase = Phase.OVER
            events.append(GameWon(active[0]))
            return events
        events.append(self._start_round(self._next_opener(player, reason)))
        return events

    def _amount(self, reason: PenaltyReason) -> tuple[int, bool]:
        """How many penalties ``reason`` costs now, and whether a top roll doubled it."""
        if reason is PenaltyReason.TOOK_PENALTY:
            return 1, False
        if self._lizumo_top() and reason in _LIZUMO_TOP_AMOUNTS:
            return _LIZUMO_TOP_AMOUNTS[reason], False
        return (2, True) if self._doubled else (1, False)

    def _next_opener(self, penalised: str, reason: PenaltyReason) -> str:
        # Taking the penalty always restarts with that player (RULES.md 1.3).
        stays = reason is PenaltyReason.TOOK_PENALTY or self._rules.next_opener is NextOpener.PENALISED
        if stays and not self._is_out(penalised):
            return penalised
        return self._next_active(penalised)

    def _start_round(self, opener: str) -> RoundStarted:
        self._phase = Phase.CLAIM
        self._hand = opener
        self._opener = opener
        self._opponent = self._next_active(opener) if self._rules.flow is Flow.DUEL else None
        self._claim = None
        self._doubled = False
        return RoundStarted(opener, self._opponent)

    # ------------------------------------------------------------ small rule hooks

    def _receiver_of(self, claimant: str) -> str:
        if self._opponent is None:  # chain: the claim goes on round the table
            return self._next_active(claimant)
        return self._opponent if claimant == self._opener else self._opener  # duel: back and forth

    def _is_lower(self, roll: Roll) -> bool:
        if self._claim is None:
            return False
        if self._rules.raise_rule is RaiseRule.AT_LEAST:
            return not self._ranking.at_least(roll, self._claim)
        return not self._ranking.beats(roll, self._claim)

    def _holds(self, real: Roll, claim: Roll) -> bool:
        if self._rules.truth_test is TruthTest.EXACT:
            return real == claim
        return self._ranking.at_least_in_value(real, claim)

    def _note_top(self, *, revealed: bool) -> None:
        mode = self._rules.double_on_tokio
        if mode is DoubleOnTokio.DECLARED_OR_REVEALED or (mode is DoubleOnTokio.DECLARED and not revealed):
            self._doubled = True

    def _lizumo_top(self) -> bool:
        """True when the standing claim is the top and Lizumo's answers to it apply."""
        return self._rules.tokio_response is TokioResponse.LIZUMO and self._claim == self._top

    # ------------------------------------------------------------ seating

    def _is_out(self, name: str) -> bool:
        return self._penalties[name] >= self._rules.limit

    def _next_active(self, name: str) -> str:
        """The next player still in after ``name`` in the direction of play."""
        n = len(self._order)
        start = self._seat[name]
        for step in range(1, n):
            candidate = self._order[(start + step) % n]
            if not self._is_out(candidate):
                return candidate
        return name

    # ------------------------------------------------------------ validation helpers

    def _standing_claim(self) -> Roll:
        assert self._claim is not None, "RESPONSE and REVEAL always have a standing claim"
        return self._claim

    def _check_roll(self, roll: object) -> None:
        if not isinstance(roll, Roll) or not self._dice.is_possible(roll):
            raise ImpossibleRoll(f"two d{self._dice.sides} cannot show {roll}")

    def _wrong_phase(self, what: str) -> WrongPhase:
        return WrongPhase(f"{what} is not legal now: the game waits for {self.to_act} ({self._phase.value})")

    def __repr__(self) -> str:
        return (
            f"<TokioGame {self._rules.name} d{self._dice.sides} {self._phase.value}"
            f" to_act={self.to_act} claim={self.claim} penalties={self._penalties}>"
        )
