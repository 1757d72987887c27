"""voice-host: a hands-free game master for Italian dice games.

Everything that touches the world lives here: input and output adapters, the
journal, the command line, and the dialog that turns intents into engine actions
and events into Italian sentences.
"""

__version__ = "0.1.0"
