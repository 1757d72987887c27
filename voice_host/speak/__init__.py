"""Speaking: the pyttsx3 speaker (:mod:`~voice_host.speak.speaker`), the voice it chooses,
the listening cue and the playback of int16 audio.
"""
