"""Hearing right at a noisy table: how close our phrases sound, and how sure the host is.

:mod:`~voice_host.hearing.phonemes` turns phrases into Italian phonemes (espeak-ng),
:mod:`~voice_host.hearing.confusability` finds the risky pairs of each phase,
:mod:`~voice_host.hearing.decisions` holds what was decided for each of them.
"""
