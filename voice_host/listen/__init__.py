"""Listening: the vosk listener (:mod:`~voice_host.listen.listener`) and its stages, each in the
module named after it: :mod:`~voice_host.listen.gate`, :mod:`~voice_host.listen.decode`,
:mod:`~voice_host.listen.endpoint`, :mod:`~voice_host.listen.verify`,
:mod:`~voice_host.listen.deliver`, passing the values of :mod:`~voice_host.listen.messages`.
"""
