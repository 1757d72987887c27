"""The one exception the CLI needs to know: voice input or output cannot work."""

from __future__ import annotations


class VoiceUnavailable(Exception):
    """Voice cannot be used; ``str(exc)`` is a user-facing message from the catalogue.

    Raised for a missing model (offline, download failed), a model that lacks
    every spelling of some phrase, or an unusable microphone. The CLI falls back
    to the keyboard (``--input auto``) or exits 2 (``--input voice``).
    """

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
