"""Which calibration the game's listener uses for its model, and the line that says so.

In order: the thresholds the self-test measured on this very model (stored with
its fingerprint, :mod:`voice_host.hearing.calibration_store`); the proxy's own,
for the proxy (:data:`voice_host.hearing.calibration.PROXY`); else none measured
(:data:`~voice_host.hearing.calibration.UNCALIBRATED`: a phrase clearly above
the room is asked back, never dropped). A stored calibration whose fingerprint
is another's (the model was replaced or changed, or vosk upgraded) is not this
model's; a stored file that is not a whole calibration adds one line saying it
is ignored.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from grammars.it import catalogue
from voice_host.hearing import calibration_store
from voice_host.hearing.calibration import Calibration, for_model
from voice_host.model.probe import ModelUnusable, contents_key
from voice_host.user_command import user_command


@dataclass(frozen=True)
class InUse:
    """The calibration chosen for a model, and the lines (Italian) that say which it is."""

    calibration: Calibration
    lines: tuple[str, ...]


def fingerprint(model_folder: Path) -> str | None:
    """The content fingerprint of the model at ``model_folder`` (None when its folder cannot be read)."""
    try:
        return contents_key(model_folder)
    except (OSError, ModelUnusable):
        return None


def selftest_command(model_option: str | None) -> str:
    """The self-test's command for the model the game was given (``--model``'s value, None: the one found)."""
    if model_option is None:
        return user_command("check", "--selftest")
    return user_command("check", "--model", model_option, "--selftest")


def calibration_in_use(model_folder: Path, model_option: str | None = None, folder: Path | None = None) -> InUse:
    """The calibration for the model at ``model_folder``, and what to say about it.

    ``model_option`` is ``--model``'s value (the self-test hint names it); ``folder`` the state folder.
    """
    selftest = selftest_command(model_option)
    lines: list[str] = []
    try:
        stored = calibration_store.load(model_folder, folder)
    except calibration_store.BadCalibrationFile as exc:
        path = calibration_store.store_path(model_folder, folder)
        lines.append(catalogue.calibration_file_ignored(str(path), str(exc), selftest))
        stored = None
    if stored is not None and stored.fingerprint == fingerprint(model_folder):
        day = stored.measured_on
        lines.append(catalogue.calibration_in_use_measured(day.day, day.month, day.year))
        return InUse(stored.calibration, tuple(lines))
    builtin = for_model(model_folder.name)
    if builtin.measured:
        lines.append(catalogue.calibration_in_use_proxy(builtin.model))
    else:
        lines.append(catalogue.calibration_in_use_none(selftest))
    return InUse(builtin, tuple(lines))
