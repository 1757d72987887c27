"""The pyttsx3 speaker: Italian voice, synthesis to a WAV, blocking playback.

pyttsx3 2.99's espeak driver returns from ``runAndWait`` long before the sound
is heard, so the speaker synthesizes with ``save_to_file`` into a temporary WAV
(22050 Hz mono) and plays it itself (:mod:`voice_host.audio.playback`): ``say``
returns when playback has really ended, and the half-duplex gate is closed for
exactly that span. One worker thread owns the pyttsx3 engine (it is not
re-entrant). When no audio output works, sentences are printed instead, after
one warning.
"""

from __future__ import annotations

import contextlib
import io
import os
import queue
import sys
import tempfile
import threading
import wave
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any, TextIO

import numpy as np

from voice_host import catalogue
from voice_host.audio.gate import HalfDuplexGate
from voice_host.audio.playback import PlaybackFailed, PlaybackTimes, play
from voice_host.audio.wav import Clip, read_wav


class TtsUnavailable(Exception):
    """The pyttsx3 engine cannot start or synthesize."""


@dataclass(frozen=True)
class VoiceInfo:
    """A pyttsx3 voice: id, name and languages."""

    id: str
    name: str
    languages: tuple[str, ...]


def _languages(raw: Any) -> tuple[str, ...]:
    items = raw if isinstance(raw, (list, tuple)) else [raw]
    out = []
    for item in items:
        if isinstance(item, bytes):
            item = item.decode("utf-8", "replace").lstrip("\x05")
        out.append(str(item).lower())
    return tuple(out)


def is_italian(voice: VoiceInfo) -> bool:
    """True for a voice whose language is Italian (``it``, ``it-IT``, ``it_IT``, id ``roa/it``)."""
    if any(lang == "it" or lang.startswith(("it-", "it_")) for lang in voice.languages):
        return True
    return voice.id.lower().rsplit("/", 1)[-1] in ("it", "italian")


def choose_voice(voices: Sequence[VoiceInfo], requested: str | None) -> VoiceInfo | None:
    """The voice to use: ``requested`` (id, name or language), else the first Italian one.

    Returns None when nothing fits (the engine's default voice stays).

    >>> vs = [VoiceInfo("gmw/en", "English", ("en",)), VoiceInfo("roa/it", "Italian", ("it",))]
    >>> choose_voice(vs, None).id, choose_voice(vs, "english").id
    ('roa/it', 'gmw/en')
    """
    if requested:
        wanted = requested.lower()
        for voice in voices:
            if wanted in (voice.id.lower(), voice.name.lower()) or wanted in voice.languages:
                return voice
        return None
    return next((voice for voice in voices if is_italian(voice)), None)


#: Seconds to wait for pyttsx3's "finished-utterance" after ``runAndWait`` returns.
SYNTHESIS_TIMEOUT_S = 15.0
#: Attempts before a sentence that keeps coming out empty is reported as a failure.
SYNTHESIS_ATTEMPTS = 3


class Pyttsx3Engine:
    """Synthesis only: text to a :class:`Clip`. Must be used from a single thread.

    pyttsx3 2.99's espeak driver synthesizes on espeak's own thread: its
    ``runAndWait`` can return before the WAV of ``save_to_file`` is written, and
    now and then a sentence comes out empty with the rate setting lost. So each
    synthesis re-applies the settings, waits for the driver's
    ``finished-utterance`` notification (sent after the file is written), and
    tries again when the clip is empty.
    """

    def __init__(self, *, voice: str | None = None, rate: int | None = None, volume: float | None = None) -> None:
        try:
            import pyttsx3

            self._engine = pyttsx3.init()
            raw = self._engine.getProperty("voices") or []
        except Exception as exc:  # espeak-ng missing, driver errors
            raise TtsUnavailable(str(exc)) from None
        self.voices = tuple(VoiceInfo(str(v.id), str(v.name), _languages(v.languages)) for v in raw)
        chosen = choose_voice(self.voices, voice)
        if voice and chosen is None:
            raise TtsUnavailable(catalogue.voice_unknown_tts_voice(voice))
        self.voice = chosen
        self._settings: dict[str, object] = {}
        if chosen is not None:
            self._settings["voice"] = chosen.id
        if rate is not None:
            self._settings["rate"] = int(rate)
        if volume is not None:
            self._settings["volume"] = max(0.0, min(1.0, float(volume)))
        self._finished = threading.Event()
        self._engine.connect("finished-utterance", lambda name=None, completed=True: self._finished.set())
        self._apply_settings()
        self.retries = 0
        """Sentences synthesized again because a first attempt came out empty."""

    def _apply_settings(self) -> None:
        for name, value in self._settings.items():
            self._engine.setProperty(name, value)

    def synthesize(self, text: str) -> Clip:
        """``text`` spoken by the chosen voice, as samples (pyttsx3 ``save_to_file``)."""
        for attempt in range(SYNTHESIS_ATTEMPTS):
            clip = self._synthesize_once(text)
            if clip is not None and len(clip.samples):
                return clip
            self.retries += attempt == 0
        raise TtsUnavailable(f"pyttsx3 wrote no audio for {text!r}")

    def _synthesize_once(self, text: str) -> Clip | None:
        handle, path = tempfile.mkstemp(prefix="voice-host-", suffix=".wav")
        os.close(handle)
        try:
            self._apply_settings()
            self._finished.clear()
            with contextlib.redirect_stdout(io.StringIO()):  # pyttsx3 prints "Audio saved to ..."
                self._engine.save_to_file(text, path)
                self._engine.runAndWait()
                self._finished.wait(SYNTHESIS_TIMEOUT_S)
            if os.path.getsize(path) == 0:
                return None
            return read_wav(path)
        except (OSError, ValueError, EOFError, wave.Error):  # a WAV cut short by the race
            return None
        finally:
            os.unlink(path)


Player = Callable[[Clip], PlaybackTimes]


class Pyttsx3Speaker:
    """Implements the ``Speaker`` port with pyttsx3 and sounddevice.

    ``say`` blocks until playback has ended; ``last_playback`` holds its times.
    """

    def __init__(
        self,
        *,
        voice: str | None = None,
        rate: int | None = None,
        volume: float | None = None,
        gate: HalfDuplexGate | None = None,
        device: int | str | None = None,
        player: Player | None = None,
        warn: TextIO | None = None,
    ) -> None:
        self._gate = gate
        self._player: Player = player or (lambda clip: play(clip, device=device))
        self._warn = warn or sys.stderr
        self._printing = False
        self.last_playback: PlaybackTimes | None = None
        self._jobs: queue.Queue[tuple[Callable[[], Any], Future[Any]] | None] = queue.Queue()
        ready: Future[Pyttsx3Engine] = Future()
        self._thread = threading.Thread(target=self._run, args=(voice, rate, volume, ready), name="tts", daemon=True)
        self._thread.start()
        self.engine = ready.result()  # raises TtsUnavailable from the worker
        self._warm_up()

    def _run(self, voice: str | None, rate: int | None, volume: float | None, ready: Future[Pyttsx3Engine]) -> None:
        try:
            ready.set_result(Pyttsx3Engine(voice=voice, rate=rate, volume=volume))
        except BaseException as exc:
            ready.set_exception(exc)
            return
        while True:
            job = self._jobs.get()
            if job is None:
                return
            work, result = job
            try:
                result.set_result(work())
            except BaseException as exc:
                result.set_exception(exc)

    def _submit(self, work: Callable[[], Any]) -> Any:
        if not self._thread.is_alive():
            raise TtsUnavailable("the speaker is closed")
        result: Future[Any] = Future()
        self._jobs.put((work, result))
        return result.result()

    def _warm_up(self) -> None:
        """Open the output once (the first stream of a process starts slowly) and detect a dead output."""
        try:
            self._player(Clip(np.zeros(441, np.int16), 22050))
        except PlaybackFailed as exc:
            self._fall_back(str(exc))

    def _fall_back(self, reason: str) -> None:
        if not self._printing:
            self._printing = True
            print(catalogue.voice_no_audio_output(reason), file=self._warn, flush=True)

    @property
    def printing(self) -> bool:
        """True once the speaker has fallen back to printing."""
        return self._printing

    def synthesize(self, text: str) -> Clip:
        """The audio ``say`` would play, without playing it (for ``check --selftest``)."""
        clip: Clip = self._submit(lambda: self.engine.synthesize(text))
        return clip

    def say(self, text: str) -> None:
        """Say ``text``; return when the last sample has been played."""
        if not text.strip():
            return
        if not self._printing:
            try:
                clip = self.synthesize(text)
            except TtsUnavailable as exc:  # this sentence could not be synthesized: show it instead
                print(catalogue.voice_no_audio_output(str(exc)), file=self._warn, flush=True)
                print(text, flush=True)
                return
            try:
                self.last_playback = self._play_gated(clip)
                return
            except PlaybackFailed as exc:
                self._fall_back(str(exc))
        print(text, flush=True)

    def _play_gated(self, clip: Clip) -> PlaybackTimes:
        if self._gate is None:
            return self._player(clip)
        with self._gate.speaking() as done:
            times = self._player(clip)
            done(times.ended_at)
            return times

    def close(self) -> None:
        """Stop the worker thread."""
        if self._thread.is_alive():
            self._jobs.put(None)
            self._thread.join(timeout=5)


class PrintingSpeaker:
    """The fallback speaker: one line per sentence on stdout."""

    def say(self, text: str) -> None:
        """Print ``text``."""
        print(text, flush=True)

    def close(self) -> None:
        """Nothing to release."""
