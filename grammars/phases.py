"""The typed bases every game's grammar builds its phases and reasons on.

A game's grammar declares what the host may be waiting for as a subclass of
:class:`ListeningPhase` (Tokio's ``claim``, ``response``...; Yatzi's ``dice``,
``box``...), and why a text was not understood as a subclass of
:class:`NotUnderstoodReason`. The dialog and the session pass these members
around, never their names; a name is written only at an edge (the recognizer's
cache keys, JSON).

Both bases mix in ``str``, so a member is its own name where a string is needed
(``str(member)`` is the bare value, not ``Class.MEMBER``):

>>> class Phase(ListeningPhase):
...     CLAIM = "claim"
>>> str(Phase.CLAIM), f"{Phase.CLAIM}", isinstance(Phase.CLAIM, ListeningPhase)
('claim', 'claim', True)
>>> class Reason(NotUnderstoodReason):
...     EMPTY = "empty"
>>> str(Reason.EMPTY), isinstance(Reason.EMPTY, NotUnderstoodReason)
('empty', True)
"""

from __future__ import annotations

import enum


class Named(str, enum.Enum):
    """A member-less ``str`` enum whose ``str()`` is its value: the base of every such kind of value.

    >>> class Kind(Named):
    ...     TAIL = "tail"
    >>> str(Kind.TAIL), Kind.TAIL == "tail"
    ('tail', True)
    """

    def __str__(self) -> str:
        return str.__str__(self)  # the member is its value: the bare name, not "Class.MEMBER"


class ListeningPhase(Named):
    """What the host is waiting for: each game subclasses this with its own members.

    Each phase has its own small grammar (the phrases valid in it). A member
    compares equal to its value, so a name read back from a journal or a test
    still finds it, but code passes members.
    """


class NotUnderstoodReason(Named):
    """Why a text was not understood: each game subclasses this with its own members.

    The dialog picks the sentence it says from the reason.
    """
