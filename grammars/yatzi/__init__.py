"""Yatzi's Italian: its words (:mod:`~grammars.yatzi.words`), the phrases of each phase and
their parser (:mod:`~grammars.yatzi.grammar`), its intents (:mod:`~grammars.yatzi.intents`)
and everything the host says in a game of Yatzi (:mod:`~grammars.yatzi.sentences`).
"""
