"""The history of games across evenings: an SQLite index of the journals, its statistics and their answers.

The journals are the source of truth; the database (:mod:`~voice_host.history.store`, the
only module with SQL) is rebuilt from them at will. :mod:`~voice_host.history.journals`
turns a journal into rows through each game's :class:`~voice_host.games.facts.HistorySpec`
(read from the registry: no game is named here), :mod:`~voice_host.history.stats` sums
them up, :mod:`~voice_host.history.answers` says them in one breath, and
:mod:`~voice_host.history.page` draws them for the board.
"""
