"""The audio stack that listening and speaking share: the half-duplex gate (the host never
hears itself), the C libraries' chatter kept off the players' screen, WAV files, and the
one error that says voice cannot work.

vosk, sounddevice and pyttsx3 are imported only inside the functions of
:mod:`voice_host.listen`, :mod:`voice_host.speak`, :mod:`voice_host.model` and the voice
commands that need them, so the rest of the host runs without an audio stack.
"""
