"""Yatzi, pure: the boxes and their scores (:mod:`~engine.yatzi.score`), the game
(:mod:`~engine.yatzi.game`), the dice (:mod:`~engine.yatzi.dice`), and the optimal solo
strategy with the coach's advice and analysis (:mod:`~engine.yatzi.solver`,
:mod:`~engine.yatzi.advice`, :mod:`~engine.yatzi.analysis`).
"""
