"""Journal records that cannot be replayed, said in Italian.

A dialog raises :class:`BadRecord` (a ``ValueError``) for a journal record it
cannot take, with a reason from the catalogue. :func:`replay_failure_detail` is
what the host prints after "il giornale non corrisponde a una partita valida":
the dialog's own reason, or, for an action the engine refuses, an Italian line
(the engine's messages are for developers).
"""

from __future__ import annotations

import json
from typing import Any

from engine.errors import IllegalAction
from grammars.it import catalogue as say


class BadRecord(ValueError):
    """A journal record a dialog cannot take; ``str(exc)`` is an Italian reason."""


def replay_failure_detail(exc: BaseException) -> str:
    """Italian words for why journaled actions did not replay.

    >>> replay_failure_detail(BadRecord("azione non valida")), replay_failure_detail(IllegalAction("not now"))
    ('azione non valida', "un'azione non si può fare in quel punto della partita")
    """
    if isinstance(exc, BadRecord):
        return str(exc)[:200]
    if isinstance(exc, IllegalAction):
        return say.journal_action_not_legal()
    return say.journal_record_unreadable()


def shown(record: Any) -> str:
    """A journal record as shown in an error: JSON, cut short."""
    try:
        text = json.dumps(record, ensure_ascii=False, sort_keys=True)
    except (TypeError, ValueError):
        text = repr(record)
    return text if len(text) <= 80 else text[:77] + "..."
