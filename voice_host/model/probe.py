"""Try a vosk model in a child process before the host loads it: vosk aborts or hangs on a damaged one.

A damaged model (an empty ``ivector/splice.conf``, a ``--frame-subsampling-factor=0``,
a 2×3 ``global_cmvn.stats``, a byte-damaged ``am/final.mdl``) makes vosk's C++
code abort the whole process, at load time or at the first decode, and a FIFO
in the folder makes it wait forever. So the folder is first scanned (regular
files and folders only), then loaded in a child process that decodes a second
of silence, within a time limit. Only a model that passed is loaded in the
host's own process.

A pass is remembered in the user's cache folder (``model-probe/<key>.ok``),
keyed by the folder's contents: the path, size, modification and change time
of every file, and the vosk version. Any change to the folder tries it again;
a failure is never remembered (a timeout on a busy machine is not a verdict).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import signal
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

from grammars.it import catalogue
from voice_host.audio.errors import VoiceUnavailable
from voice_host.platform.dirs import cache_dir
from voice_host.storage.bounded_read import read_small_file

#: How long loading the model and decoding a second of silence may take in the child.
PROBE_SECONDS = 60.0
#: A vosk model has a few dozen files; a folder with far more is not one.
MAX_MODEL_FILES = 10_000

#: What the child runs: only vosk, quiet, then one word on stdout.
_CHILD = (
    "import sys, vosk\n"
    "vosk.SetLogLevel(-1)\n"
    "model = vosk.Model(sys.argv[1])\n"
    "recognizer = vosk.KaldiRecognizer(model, 16000.0)\n"
    "recognizer.AcceptWaveform(bytes(32000))\n"
    "recognizer.FinalResult()\n"
    "sys.stdout.write('ok')\n"
)


class ModelUnusable(VoiceUnavailable):
    """The model cannot be used; the message says why, in Italian (after "non si carica: ")."""


def contents_key(folder: Path) -> str:
    """A hash of what is in ``folder``: every entry's path, size, mtime and ctime, and vosk's version.

    Raises ModelUnusable when the folder holds something vosk would block on (a
    FIFO, a device, a socket) or far too many files; OSError when it cannot be read.
    """
    entries: list[tuple[str, int, int, int]] = []
    for root, dirs, files in os.walk(folder, onerror=_raise, followlinks=True):  # a loop ends at the bound
        dirs.sort()
        for name in sorted(files) + dirs:
            full = os.path.join(root, name)
            info = os.stat(full)  # through links: vosk reads what they point at
            relative = os.path.relpath(full, folder)
            if not (stat.S_ISREG(info.st_mode) or stat.S_ISDIR(info.st_mode)):
                raise ModelUnusable(catalogue.voice_model_odd_file(relative, _kind(info.st_mode)))
            entries.append((relative, info.st_size, info.st_mtime_ns, info.st_ctime_ns))
            if len(entries) > MAX_MODEL_FILES:
                raise ModelUnusable(catalogue.voice_model_too_many_files(MAX_MODEL_FILES))
    text = json.dumps({"folder": str(folder.resolve()), "vosk": _vosk_version(), "entries": entries})
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _raise(error: OSError) -> None:
    raise error


def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return catalogue.file_kind_fifo()
    if stat.S_ISSOCK(mode):
        return catalogue.file_kind_socket()
    return catalogue.file_kind_device()


def _vosk_version() -> str:
    from importlib import metadata

    try:
        return metadata.version("vosk")
    except metadata.PackageNotFoundError:
        return "?"


def verdict_path(key: str, folder: Path | None = None) -> Path:
    """Where the pass of the model with contents ``key`` is remembered."""
    return (folder or cache_dir()) / "model-probe" / f"{key}.ok"


def remembered(key: str, folder: Path | None = None) -> bool:
    """True when a model with these contents passed before (the file holds its key)."""
    try:
        return read_small_file(str(verdict_path(key, folder)), 256, follow_links=False) == key.encode()
    except OSError:
        return False


def remember(key: str, folder: Path | None = None) -> None:
    """Write the pass of ``key`` (through a private temporary file); a cache that cannot be written is skipped."""
    path = verdict_path(key, folder)
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, partial = tempfile.mkstemp(dir=path.parent, prefix=".", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(key.encode())
            os.replace(partial, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(partial)
            raise


def try_in_child(path: Path, seconds: float = PROBE_SECONDS) -> None:
    """Load the model at ``path`` and decode a second of silence in a child process; ModelUnusable if that fails.

    The child is killed when it takes longer than ``seconds``, and when this
    process is interrupted meanwhile (the interruption then goes on as usual).
    """
    try:
        done = subprocess.run([sys.executable, "-I", "-c", _CHILD, str(path)], stdin=subprocess.DEVNULL,
                              capture_output=True, timeout=seconds, check=False)
    except subprocess.TimeoutExpired:
        raise ModelUnusable(catalogue.voice_model_probe_timeout(seconds)) from None
    if done.returncode < 0:
        raise ModelUnusable(catalogue.voice_model_probe_aborted(_signal_name(-done.returncode)))
    if done.returncode != 0 or done.stdout != b"ok":
        raise ModelUnusable(catalogue.voice_model_probe_failed())


def _signal_name(signum: int) -> str:
    try:
        return signal.Signals(signum).name
    except ValueError:
        return str(signum)


def probe(path: Path, seconds: float = PROBE_SECONDS, cache: Path | None = None) -> None:
    """Make sure the model at ``path`` loads and decodes; ModelUnusable (one Italian reason) if not.

    A model whose contents passed before is not tried again (see the module).
    """
    try:
        key = contents_key(path)
    except OSError as exc:
        raise ModelUnusable(catalogue.system_error(exc)) from None
    if remembered(key, cache):
        return
    try_in_child(path, seconds)
    remember(key, cache)
