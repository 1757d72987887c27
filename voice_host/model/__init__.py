"""The vosk model: where it is and how it gets there (:mod:`~voice_host.model.store`), trying it
in a child process before loading it (:mod:`~voice_host.model.probe`,
:mod:`~voice_host.model.loading`), and which spellings of each phrase it knows
(:mod:`~voice_host.model.vocabulary`, :mod:`~voice_host.model.tokens`).
"""
