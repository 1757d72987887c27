"""What the audio stack's C libraries print, kept off the players' screen (or said once in Italian).

ALSA, JACK and PortAudio write straight to the process's standard error (file
descriptor 2), below Python: "ALSA lib pcm.c:8570:(snd_pcm_recover) underrun
occurred" dozens of times a turn, "jack server is not running" when PortAudio
probes for JACK. Inside :func:`filtered_stderr` descriptor 2 is a pipe read by a
thread: a glitch (underrun, overrun) is said once in Italian, the libraries' other
chatter is dropped, and everything else (Python's own lines, a crash) passes
through unchanged and at once. A line cut in several writes is held until its
end only when it starts like one of the libraries' lines; any other text waiting
without its newline (a typed-input prompt, a progress bar's ``\\r``) is passed on
after :data:`HOLD_S`.
"""

from __future__ import annotations

import contextlib
import os
import re
import select
import sys
import threading
from collections.abc import Callable, Iterator

from grammars.it import catalogue
from voice_host.audio.jack_residue import jack_residue

#: A glitch of the sound card's buffers: audible, worth one Italian line.
GLITCH = re.compile(rb"underrun occurred|overrun occurred|output underflow|input overflow", re.IGNORECASE)
#: The libraries' other chatter: probing, fallbacks, internal assertions, nothing a player can act on.
CHATTER = re.compile(
    rb"^(ALSA lib |Cannot connect to server|jack server|JackShm|Jack: |JACK |Expression '.*' failed in '|PaAlsa"
    rb"|bt_audio|connect\(2\) call to|attempt to connect to server|(LOG|WARNING|VLOG\S*) \(VoskAPI)"
)
#: The beginnings that make a partial line worth holding until its newline.
_PREFIXES = (b"ALSA lib ", b"Cannot connect", b"jack", b"Jack", b"JACK", b"Expression '", b"PaAlsa", b"bt_audio",
             b"connect(2)", b"attempt to connect", b"LOG (", b"WARNING (", b"VLOG")
#: Seconds a partial line that is not the libraries' waits before it is passed on.
HOLD_S = 0.05


def classify(line: bytes) -> str:
    """``"glitch"``, ``"chatter"`` or ``"pass"`` for one line the process wrote on its standard error.

    >>> classify(b"ALSA lib pcm.c:8570:(snd_pcm_recover) underrun occurred\\n")
    'glitch'
    >>> classify(b"jack server is not running or cannot be started\\n"), classify(b"voice-host: errore: x\\n")
    ('chatter', 'pass')
    """
    if GLITCH.search(line):
        return "glitch"
    return "chatter" if CHATTER.match(line) else "pass"


def _may_be_library_line(partial: bytes) -> bool:
    """True when ``partial`` (a line without its end yet) could still become one of the libraries' lines."""
    return any(partial.startswith(prefix) or prefix.startswith(partial) for prefix in _PREFIXES)


class _Relay:
    """Reads the pipe, writes what passes (and the Italian glitch line, once) to the real standard error."""

    def __init__(self, source: int, target: int, glitch_line: Callable[[], str]) -> None:
        self._source = source
        self._target = target
        self._glitch_line = glitch_line
        self._pending = b""
        self.glitches = 0

    def run(self) -> None:
        """Relay until the pipe's write end is closed; on any failure, pass the rest on raw (never stall a writer)."""
        try:
            self._relay()
        except Exception:
            self._write(self._pending)
            with contextlib.suppress(OSError):
                while chunk := os.read(self._source, 65536):
                    self._write(chunk)

    def _relay(self) -> None:
        while True:
            ready, _, _ = select.select([self._source], [], [], HOLD_S if self._pending else None)
            if not ready:  # a partial line sat for HOLD_S: pass it on unless it is the libraries'
                if not _may_be_library_line(self._pending):
                    self._write(self._pending)
                    self._pending = b""
                continue
            chunk = os.read(self._source, 65536)
            if not chunk:
                break
            self._take(chunk)
        if self._pending and classify(self._pending) == "pass":
            self._write(self._pending)

    def _take(self, chunk: bytes) -> None:
        data = self._pending + chunk
        lines = re.split(rb"(?<=[\n\r])", data)
        self._pending = lines.pop()  # the text after the last line end ("" when there is none)
        for line in lines:
            kind = classify(line)
            if kind == "glitch":
                self.glitches += 1
                if self.glitches == 1:
                    self._write((self._glitch_line() + "\n").encode("utf-8"))
            elif kind == "pass":
                self._write(line)

    def _write(self, data: bytes) -> None:
        with contextlib.suppress(OSError):  # the terminal is gone: nothing left to tell
            while data:
                data = data[os.write(self._target, data):]


@contextlib.contextmanager
def filtered_stderr() -> Iterator[None]:
    """Inside the block, the audio libraries' lines on descriptor 2 are filtered (see the module's docstring)."""
    if sys.platform == "win32":  # no ALSA or JACK there, and select() does not take pipes
        yield
        return
    with jack_residue(), _filtered() as relayed:  # PortAudio's JACK probe leaves a database in /dev/shm
        yield relayed


@contextlib.contextmanager
def _filtered() -> Iterator[None]:
    try:
        saved = os.dup(2)
    except OSError:  # no standard error at all: nothing to protect
        yield
        return
    read_end, write_end = os.pipe()
    relay = _Relay(read_end, saved, catalogue.audio_glitch)
    thread = threading.Thread(target=relay.run, name="stderr-filter", daemon=True)
    with contextlib.suppress(AttributeError, OSError, ValueError):
        sys.stderr.flush()
    os.dup2(write_end, 2)
    os.close(write_end)
    thread.start()
    try:
        yield
    finally:
        with contextlib.suppress(AttributeError, OSError, ValueError):
            sys.stderr.flush()
        os.dup2(saved, 2)  # closes the pipe's last write end: the relay reads to its end and stops
        thread.join(timeout=2.0)
        if not thread.is_alive():  # else a child still holds the pipe: leave both to the relay's end
            os.close(read_end)
            os.close(saved)
