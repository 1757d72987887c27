"""Who starts a game of Yatzi: each player rolls one die, the lowest roll starts.

Seed ``yatzi.txt``: "Ciascuno tira un dado. Comincia chi ha fatto il punto più
basso." When several players share the lowest roll, only they roll again, in
listed order, until one alone is lowest.

Pure: die values come in one at a time (said by the players, or rolled by the
host from its seed); nothing here rolls or speaks.

>>> start = WhoStarts(["Anna", "Bruno", "Carla"])
>>> [start.record(v) for v in (4, 2, 2)][-1]
Tied(players=('Bruno', 'Carla'), value=2)
>>> start.to_roll, start.record(5), start.record(3)
('Bruno', None, Decided(player='Carla', value=3))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

FACES = range(1, 7)


@dataclass(frozen=True)
class Tied:
    """``players`` share the lowest roll ``value`` of a round: they roll again."""

    players: tuple[str, ...]
    value: int


@dataclass(frozen=True)
class Decided:
    """``player`` rolled ``value``, lower than everyone else in the round: ``player`` starts."""

    player: str
    value: int


RoundEnd = Tied | Decided


class WhoStarts:
    """The rounds of single-die rolls that choose the first player."""

    def __init__(self, players: Sequence[str]) -> None:
        if len(players) < 2:
            raise ValueError("choosing who starts needs at least two players")
        self._round: tuple[str, ...] = tuple(players)
        self._rolled: list[int] = []
        self._first: str | None = None
        self._rounds = 1

    @property
    def first(self) -> str | None:
        """The player who starts, once decided."""
        return self._first

    @property
    def round(self) -> int:
        """The round being rolled: 1, then 2 after the first tie, and so on."""
        return self._rounds

    @property
    def contenders(self) -> tuple[str, ...]:
        """The players who roll in this round, in listed order."""
        return self._round

    @property
    def to_roll(self) -> str | None:
        """The player whose die is awaited; None once the first player is decided."""
        if self._first is not None:
            return None
        return self._round[len(self._rolled)]

    def record(self, value: int) -> RoundEnd | None:
        """The die of ``to_roll``; returns how the round ended, or None while it goes on.

        Raises ``ValueError`` (changing nothing) once decided or for a value that
        is not a face of a die.
        """
        if self._first is not None:
            raise ValueError("the first player is already decided")
        if isinstance(value, bool) or not isinstance(value, int) or value not in FACES:
            raise ValueError(f"not a face of a die: {value!r}")
        self._rolled.append(value)
        if len(self._rolled) < len(self._round):
            return None
        lowest = min(self._rolled)
        lowest_players = tuple(p for p, v in zip(self._round, self._rolled) if v == lowest)
        if len(lowest_players) == 1:
            self._first = lowest_players[0]
            return Decided(self._first, lowest)
        self._round = lowest_players
        self._rolled = []
        self._rounds += 1
        return Tied(lowest_players, lowest)
