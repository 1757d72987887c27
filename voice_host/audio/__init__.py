"""Real audio adapters: vosk listener, pyttsx3 speaker, microphone, playback.

Only this subpackage imports vosk, sounddevice and pyttsx3 (lazily, inside the
adapter modules), so the rest of the host runs without an audio stack.
``voice_host.cli.voice_adapters`` is the entry point used by ``voice_host.cli.bootstrap``.
"""
