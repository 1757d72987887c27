"""The understanding model: what decides an answer, found anywhere in an utterance (issue 28).

:mod:`~grammars.understanding.spotting` finds the decisive phrases of a phase among
other words, applies negation, and settles agreement, conflict and quotation;
:mod:`~grammars.understanding.typos` finds the one legal word a typed token was
meant to be. Pure: no I/O; each game gives its vocabulary as data.
"""
