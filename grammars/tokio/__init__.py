"""Tokio's Italian: its words (:mod:`~grammars.tokio.words`), the phrases of each phase and
their parser (:mod:`~grammars.tokio.grammar`), its intents (:mod:`~grammars.tokio.intents`)
and everything the host says in a game of Tokio (:mod:`~grammars.tokio.sentences`).
"""
