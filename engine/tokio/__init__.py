"""Tokio and its family (Taipei d4, Yokohama d8, Pechino d10), pure: the rule sets as data
(:mod:`~engine.tokio.rules`), the game (:mod:`~engine.tokio.game`, :mod:`~engine.tokio.actions`),
and the computer seat (:mod:`~engine.tokio.round`, :mod:`~engine.tokio.solver`,
:mod:`~engine.tokio.exploitability`, :mod:`~engine.tokio.seat`).
"""
