"""A whole evening: the lobby that sets up each game by voice, the games one after another, the standings.

``state.py`` is the evening as its journal's records make it (pure), ``lobby.py`` asks the
questions between games and turns answers into records, ``standings.py`` counts the wins,
``run.py`` runs the evening through the two ports, journaling every record before it is said,
``settings.py`` remembers the last evening's choices.
"""
