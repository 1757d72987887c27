"""The Italian language of each game: phrase tables as data, the code that expands
them into the phrases valid in each phase, and parsers from text to intents.

Imports ``engine`` for value types only.
"""
