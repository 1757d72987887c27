"""Where the Italian vosk model is, and how it gets there.

Search order: ``--model PATH``; ``$VOSK_MODEL_PATH``; ``models/`` of the
repository and of the current directory; then vosk's own folders
(``vosk.MODEL_DIRS``: /usr/share/vosk, ~/.cache/vosk, ...). A folder counts
when it is a model itself or holds ``vosk-model-small-it-0.22`` (or another
``vosk-model*-it-*``). When nothing is found the model can be downloaded
(:mod:`voice_host.model.download`: a time limit, resume, a size and CRC check); a
failure, offline included, is a :class:`VoiceUnavailable` naming the file to
fetch by hand and the folder to unpack it into.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import socket
import sys
import tempfile
import urllib.parse
import zipfile
from collections.abc import Iterable
from pathlib import Path

from grammars.it import catalogue, command_line
from voice_host.audio.errors import VoiceUnavailable
from voice_host.model.download import STALL_SECONDS, DownloadFailed, fetch
from voice_host.platform import dirs
from voice_host.user_command import user_command

#: The model the host uses by default (small Italian, ~48 MB zipped).
MODEL_NAME = "vosk-model-small-it-0.22"
#: Where vosk's models are published (``vosk.MODEL_PRE_URL``).
MODEL_URL = "https://alphacephei.com/vosk/models/"
_ITALIAN = re.compile(r"^vosk-model(-small)?-it(-|$)")
_PACKAGE_ROOT = Path(__file__).resolve().parents[2]


def _checkout_models() -> list[Path]:
    """``models/`` of the repository when the host runs from a checkout; nothing when it is installed
    (the packages' parent is then site-packages, whose ``models`` is nobody's model folder)."""
    return [_PACKAGE_ROOT / "models"] if (_PACKAGE_ROOT / "pyproject.toml").is_file() else []


def is_model_dir(path: Path) -> bool:
    """True when ``path`` looks like an unpacked vosk model (acoustic model + graph)."""
    return (path / "am" / "final.mdl").is_file() and (path / "graph").is_dir()


def vosk_dirs() -> list[Path]:
    """vosk's own model folders, as ``vosk.MODEL_DIRS`` names them, read now; off Windows without AppData.

    Not ``vosk.MODEL_DIRS`` itself: vosk computes it once, at its import, from the environment and
    the home folder of that moment (``VOSK_MODEL_PATH`` is searched first by :func:`search_dirs`).
    """
    home = Path.home()
    dirs = [Path("/usr/share/vosk"), home / "AppData" / "Local" / "vosk", home / ".cache" / "vosk"]
    if os.name != "nt":
        dirs = [d for d in dirs if "AppData" not in d.parts]
    return dirs


def search_dirs() -> list[Path]:
    """Every folder searched for a model, in order, without duplicates."""
    candidates: list[Path] = []
    env = os.environ.get("VOSK_MODEL_PATH")
    if env:
        candidates.append(Path(env))
    candidates += [*_checkout_models(), Path.cwd() / "models", *vosk_dirs()]
    candidates.append(default_download_dir())  # on Linux one of vosk's own
    unique: dict[Path, None] = {}
    for candidate in candidates:
        unique.setdefault(candidate.expanduser().absolute(), None)
    return list(unique)


def _model_in(folder: Path) -> Path | None:
    if is_model_dir(folder):
        return folder
    if is_model_dir(folder / MODEL_NAME):
        return folder / MODEL_NAME
    try:
        entries = sorted(folder.iterdir())
    except OSError:
        return None
    for entry in entries:
        if _ITALIAN.match(entry.name) and is_model_dir(entry):
            return entry
    return None


def find_model(explicit: str | os.PathLike[str] | None = None, dirs: Iterable[Path] | None = None) -> Path | None:
    """The model folder to use, or None when there is none here.

    An explicit path that is not a model raises :class:`VoiceUnavailable`
    instead of silently using another model.
    """
    if explicit is not None:
        path = Path(explicit).expanduser()
        found = _model_in(path) if path.is_dir() else None
        if found is None:
            raise VoiceUnavailable(catalogue.voice_model_not_at(str(path)))
        return found
    for folder in search_dirs() if dirs is None else dirs:
        found = _model_in(folder)
        if found is not None:
            return found
    return None


def default_download_dir() -> Path:
    """Where a download goes: vosk's per-user cache (~/.cache/vosk) on Linux (see ``voice_host.platform.dirs``)."""
    return dirs.model_dir()


def download_model(dest_dir: Path | None = None, *, name: str = MODEL_NAME, base_url: str | None = None,
                   stall_s: float = STALL_SECONDS) -> Path:
    """Download and unpack ``name`` into ``dest_dir`` (:mod:`voice_host.model.download`: a time limit,
    resume, a size check; a progress bar on a terminal).

    The archive is unpacked in a temporary folder beside the destination and moved
    into place only when complete, so an interrupted download leaves no half model;
    a broken download leaves ``NAME.zip.part``, which the next try continues.
    Without a network the message names the file to fetch by hand and the folder to unpack it into.
    """
    dest = (dest_dir or default_download_dir()).expanduser()
    target = dest / name
    if is_model_dir(target):
        return target
    url = f"{base_url or _published_at()}{name}.zip"
    try:
        _check_reachable(url)
    except OSError as exc:  # offline: say so, and what to fetch by hand where
        detail = f"{catalogue.system_error(exc)}; {command_line.download_by_hand(url, str(dest))}"
        raise VoiceUnavailable(catalogue.voice_model_download_failed(name, detail)) from None
    try:
        dest.mkdir(parents=True, exist_ok=True)
        archive = fetch(url, dest / f"{name}.zip", stall_s=stall_s, progress=sys.stderr)
        with tempfile.TemporaryDirectory(prefix=".download-", dir=dest) as scratch:
            with zipfile.ZipFile(archive) as zipped:
                bad = zipped.testzip()  # every member's CRC-32
                if bad is not None:
                    raise OSError(f"damaged member {bad}")
                zipped.extractall(scratch)
            unpacked = Path(scratch) / name
            if not is_model_dir(unpacked):
                raise OSError(f"the archive does not hold a vosk model named {name}")
            shutil.move(str(unpacked), str(target))
        archive.unlink()
    except Exception as exc:  # network, zip, disk: all end the same way for the user
        with contextlib.suppress(OSError):  # a whole archive that is not a model: fetched again next time
            (dest / f"{name}.zip").unlink()
        detail = str(exc) if isinstance(exc, DownloadFailed) else catalogue.system_error(exc)
        reason = f"{detail}; {command_line.download_by_hand(url, str(dest))}"
        raise VoiceUnavailable(catalogue.voice_model_download_failed(name, reason)) from None
    return target


def _published_at() -> str:
    """Where vosk publishes its models (``vosk.MODEL_PRE_URL``, :data:`MODEL_URL` without vosk)."""
    try:
        import vosk
    except ImportError:
        return MODEL_URL
    return str(getattr(vosk, "MODEL_PRE_URL", MODEL_URL))


def _check_reachable(url: str) -> None:
    """Fail at once, before vosk draws an empty progress bar, when the model host has no address."""
    host = urllib.parse.urlparse(url).hostname
    if host:
        socket.getaddrinfo(host, urllib.parse.urlparse(url).port or 443)  # raises socket.gaierror offline



def find_or_download(explicit: str | None, *, download: bool = True) -> Path:
    """The model folder; downloaded when absent and ``download`` is true."""
    found = find_model(explicit)
    if found is not None:
        return found
    if not download:
        searched = [str(d) for d in search_dirs()]
        raise VoiceUnavailable(catalogue.voice_model_missing(MODEL_NAME, searched, user_command("model", "download")))
    return download_model()
