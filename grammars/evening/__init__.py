"""The evening's Italian: what the lobby asks and says, the answers it takes, the names it can hear.

``words.py`` holds the wordings, ``grammar.py`` turns them into each lobby question's
phrases and parses text into the lobby's intents, ``names.py`` reads the shipped list of
Italian first names (``data/nomi.txt``), ``sentences.py`` is everything the lobby says.
"""
