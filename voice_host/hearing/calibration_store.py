"""A model's measured calibration, kept in the user's state folder beside the model's identity.

One small JSON file per model folder (``calibration/<hash of the folder's
path>.json`` in :func:`voice_host.platform.dirs.state_dir`): the format, the
model's folder name, a fingerprint of its contents (the key
:mod:`voice_host.model.probe` remembers a pass by: every file's path,
size and times, and vosk's version), the day it was measured and the three
thresholds. The state folder, not the cache: a measurement of the user's model
and voice takes minutes to redo, and macOS may empty Caches.

It is read with the journal's discipline: a regular file only, never through a
link, at most :data:`MAX_BYTES`, every field checked (a finite float each, the
weak score under the strong one, a positive margin); anything else raises
:class:`BadCalibrationFile`, which the game reports in one Italian line before
going on uncalibrated, and the next self-test overwrites the file. It is
written through a private temporary file beside it (a random name, created
exclusively, never through a link), fsynced and renamed into place with signals
held back, so a reader never sees half a file and no temporary file is left.
"""

from __future__ import annotations

import datetime
import errno
import hashlib
import json
import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from grammars.it import catalogue
from voice_host.hearing.calibration import Calibration
from voice_host.platform.dirs import state_dir
from voice_host.storage.atomic_write import write_atomically
from voice_host.storage.bounded_read import FileTooBig, NotARegularFile, read_small_file

#: The version of the file's layout; a file of another version is bad (the self-test writes it again).
STORE_FORMAT = 1
#: A calibration file is a few hundred bytes; a larger one is not ours.
MAX_BYTES = 4096
_FINGERPRINT = re.compile(r"[0-9a-f]{64}")
_FIELDS = {"format", "model", "fingerprint", "measured_on", "weak_score", "strong_score", "rival_margin"}


@dataclass(frozen=True)
class Stored:
    """A calibration measured on one model: its thresholds, the model's fingerprint and the day."""

    calibration: Calibration
    fingerprint: str
    measured_on: datetime.date


class BadCalibrationFile(ValueError):
    """The calibration file is not one the self-test wrote; the message says why, in Italian."""


def store_path(model_folder: Path, folder: Path | None = None) -> Path:
    """Where the calibration of the model at ``model_folder`` is kept (``folder``: the state folder).

    >>> store_path(Path("/m/vosk-model-it"), Path("/s")).parent.as_posix()
    '/s/calibration'
    """
    name = hashlib.sha256(str(model_folder.resolve()).encode("utf-8")).hexdigest()[:20]
    return (folder or state_dir()) / "calibration" / f"{name}.json"


def encode(stored: Stored) -> bytes:
    """The file's bytes for ``stored``."""
    calibration = stored.calibration
    record = {
        "format": STORE_FORMAT,
        "model": calibration.model,
        "fingerprint": stored.fingerprint,
        "measured_on": stored.measured_on.isoformat(),
        "weak_score": calibration.weak_score,
        "strong_score": calibration.strong_score,
        "rival_margin": calibration.rival_margin,
    }
    return (json.dumps(record, ensure_ascii=False, sort_keys=True) + "\n").encode("utf-8")


def decode(data: bytes) -> Stored:
    """The calibration in a file's bytes; BadCalibrationFile (in Italian) when it is not a whole one.

    >>> decode(b'{"format": 1}')
    Traceback (most recent call last):
    ...
    voice_host.hearing.calibration_store.BadCalibrationFile: campi mancanti o sbagliati
    """
    try:
        record = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):  # RecursionError: arrays nested thousands deep
        raise BadCalibrationFile(catalogue.calibration_file_not_json()) from None
    if not isinstance(record, dict) or set(record) != _FIELDS or record["format"] != STORE_FORMAT:
        raise BadCalibrationFile(catalogue.calibration_file_bad_fields())
    scores = [record[name] for name in ("weak_score", "strong_score", "rival_margin")]
    if not all(_finite(value) for value in scores):
        raise BadCalibrationFile(catalogue.calibration_file_bad_fields())
    weak, strong, margin = (float(value) for value in scores)
    model, fingerprint, day = record["model"], record["fingerprint"], record["measured_on"]
    if not (isinstance(model, str) and model and isinstance(fingerprint, str) and _FINGERPRINT.fullmatch(fingerprint)):
        raise BadCalibrationFile(catalogue.calibration_file_bad_fields())
    if weak > strong or margin <= 0:
        raise BadCalibrationFile(catalogue.calibration_file_bad_fields())
    try:
        measured_on = datetime.date.fromisoformat(day) if isinstance(day, str) and len(day) == 10 else None
    except ValueError:
        measured_on = None
    if measured_on is None:
        raise BadCalibrationFile(catalogue.calibration_file_bad_fields())
    calibration = Calibration(model, weak_score=weak, strong_score=strong, rival_margin=margin, measured=True)
    return Stored(calibration, fingerprint, measured_on)


def _finite(value: Any) -> bool:
    """A JSON number that is a finite float (an integer of 400 digits is not: float() overflows)."""
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        return False
    try:
        return math.isfinite(float(value))
    except OverflowError:
        return False


def load(model_folder: Path, folder: Path | None = None) -> Stored | None:
    """The calibration kept for the model at ``model_folder``, None when there is none.

    Raises BadCalibrationFile (why, in Italian) when the file is there but not a
    whole calibration: not a regular file, a link, too large, unreadable, or not
    what :func:`save` writes.
    """
    path = store_path(model_folder, folder)
    try:
        data = read_small_file(str(path), MAX_BYTES, follow_links=False)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise BadCalibrationFile(_unreadable(exc)) from None
    return decode(data)


def _unreadable(exc: OSError) -> str:
    """Why a calibration file cannot be read, in Italian."""
    if isinstance(exc, NotARegularFile):
        return exc.kind
    if isinstance(exc, FileTooBig):
        return catalogue.calibration_file_too_big()
    if exc.errno == errno.ELOOP:
        return catalogue.calibration_file_link()
    return catalogue.system_error(exc)


def save(model_folder: Path, stored: Stored, folder: Path | None = None) -> Path:
    """Keep ``stored`` for the model at ``model_folder``, atomically; returns the file's path. Raises OSError.

    Through a private temporary file beside it: see :mod:`voice_host.storage.atomic_write`.
    """
    path = store_path(model_folder, folder)
    write_atomically(path, lambda out: out.write(encode(stored)))
    return path
