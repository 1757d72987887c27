"""The pyttsx3 speaker: Italian voice, synthesis ahead, one output stream, no dead air.

pyttsx3 2.99's espeak driver returns from ``runAndWait`` long before the sound
is heard, so the speaker synthesizes with ``save_to_file`` into a temporary WAV
(22050 Hz mono) and plays it itself. One worker thread owns the pyttsx3 engine
(it is not re-entrant) and synthesizes the sentences of a turn in order, so
sentence N+1 is ready while sentence N plays. The silence espeak puts around
each sentence is trimmed, the sentences of one turn are queued back to back
with a short pause on one output stream that stays open
(:class:`voice_host.speak.playback.OutputStream`), and ``say_all`` returns when
the last one has really been heard: the half-duplex gate is closed for exactly
that span. When no audio output works, sentences are printed instead, after
one warning.
"""

from __future__ import annotations

import contextlib
import functools
import io
import os
import queue
import sys
import tempfile
import threading
import wave
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any, Protocol, TextIO

from grammars.it import catalogue
from voice_host.audio.far_end import TalkOver
from voice_host.audio.half_duplex import HalfDuplexGate
from voice_host.audio.wav import Clip, read_wav
from voice_host.core.computer_pause import AfterPause
from voice_host.speak import voice_choice
from voice_host.speak.earcon import LEAD_S, earcon
from voice_host.speak.playback import (
    TALK_OVER_IDLE_STOP_S,
    OutputStream,
    Pending,
    PlaybackFailed,
    PlaybackTimes,
)
from voice_host.speak.trim import silence, trim_silence
from voice_host.terminal.captions import show_sentence
from voice_host.user_command import user_command


class TtsUnavailable(Exception):
    """The pyttsx3 engine cannot start or synthesize."""


class UnknownTtsVoice(TtsUnavailable):
    """No installed voice matches the ``--voice`` asked for: the user's to fix, not the machine's."""


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


def italian_first(voices: Sequence[VoiceInfo]) -> list[VoiceInfo]:
    """``voices`` with the Italian ones first, each group in its own order (so the default is the first).

    >>> voices = [VoiceInfo("gmw/en", "English", ("en",)), VoiceInfo("roa/it", "Italian", ("it",))]
    >>> [voice.id for voice in italian_first(voices)]
    ['roa/it', 'gmw/en']
    """
    return sorted(voices, key=lambda voice: not is_italian(voice))


def installed_voices() -> tuple[tuple[VoiceInfo, ...], str | None]:
    """The voices pyttsx3 offers on this machine and the id of the system's default one (for ``voci``).

    Raises TtsUnavailable when pyttsx3 cannot start (espeak-ng missing, driver errors).
    """
    try:
        import pyttsx3

        engine = pyttsx3.init(voice_choice.driver_name())
        raw = engine.getProperty("voices") or []
        default = engine.getProperty("voice")
    except Exception as exc:
        raise TtsUnavailable(str(exc)) from None
    return _voice_infos(raw), str(default) if default else None


def _voice_infos(raw: Sequence[Any]) -> tuple[VoiceInfo, ...]:
    return tuple(VoiceInfo(str(v.id), str(v.name), _languages(v.languages)) for v in raw)


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

            self._engine = pyttsx3.init(voice_choice.driver_name())
            raw = self._engine.getProperty("voices") or []
        except Exception as exc:  # espeak-ng missing, driver errors
            raise TtsUnavailable(str(exc)) from None
        self.voices = _voice_infos(raw)
        chosen = voice_choice.choose(self.voices, voice)
        if voice and chosen is None:
            raise UnknownTtsVoice(catalogue.voice_unknown_tts_voice(voice, user_command("voci")))
        if chosen is None:  # no voice of the host's language: printing beats Italian read by an English voice
            raise TtsUnavailable(voice_choice.no_voice_message())
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
"""A blocking player: plays a clip, returns when it has been heard (tests inject a broken one)."""

#: Silence between two sentences of one turn, after espeak's own has been trimmed.
SENTENCE_PAUSE_S = 0.08
#: Output streams opened before a warm-up blip never heard gives the voice up (each waits 5 s for its blip):
#: up to 15 s of a start while the model loads, rather than an evening printed to a player who cannot read it.
WARM_UP_TRIES = 3
#: Barge-in: the silence between a cut and the question said alone (the host acknowledges the stop).
CUT_PAUSE_S = 0.3


class _Queued(Protocol):
    def wait(self) -> PlaybackTimes: ...


class _Played:
    """A clip already played by a blocking :data:`Player`."""

    def __init__(self, times: PlaybackTimes) -> None:
        self._times = times

    def wait(self) -> PlaybackTimes:
        return self._times


class Pyttsx3Speaker:
    """Implements the ``Speaker`` port with pyttsx3 and one open sounddevice output stream.

    ``say_all`` blocks until the last sentence has been heard; ``last_playbacks``
    holds the times of each sentence it played, ``last_playback`` the last one's,
    ``last_cue`` those of the listening cue of the last turn that asked for it.
    ``print_fallback=False`` leaves the text to someone else (captions) when no
    audio output works: only the warning is printed then. ``think_pause_s``: the
    silence before a sentence marked :class:`~voice_host.core.computer_pause.AfterPause`.

    Barge-in (``talk_over``): the output stream hands every block it plays to
    ``talk_over.far`` (the echo canceller's reference), and a listening turn
    (``cue=True``) plays on a thread of its own: ``say_all`` returns once it is
    queued, so the listener hears the players while the host speaks. A stop word
    cuts it (:meth:`TalkOver.stop`: the question follows alone, unless it had
    begun); the next ``say_all`` cuts what is left of it (an answer was heard).
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
        print_fallback: bool = True,
        think_pause_s: float = 0.0,
        talk_over: TalkOver | None = None,
    ) -> None:
        self._gate = gate
        self._talk_over = talk_over
        self._turn_lock = threading.Lock()
        self._turn_items: list[tuple[_Queued, bool]] = []  # a talked-over turn's clips, and which is the question
        self._turn_cut: bool | None = None  # the turn was cut (True: say the question alone)
        self._question: Clip | None = None
        self._background: threading.Thread | None = None
        self._think_pause_s = think_pause_s  # the silence before an AfterPause sentence (a computer deciding)
        self._device = device
        self._player = player
        self._output: OutputStream | None = None
        self._warn = warn or sys.stderr
        self._print_fallback = print_fallback
        self._printing = False
        self.last_playback: PlaybackTimes | None = None
        self.last_playbacks: list[PlaybackTimes] = []
        self.last_cue: PlaybackTimes | None = None
        self._warming: Pending | None = None  # the warm-up's blip, until the first sentence waits for it
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

    def _submit(self, work: Callable[[], Any]) -> Future[Any]:
        """Queue ``work`` for the engine's thread; jobs run one at a time, in order."""
        if not self._thread.is_alive():
            raise TtsUnavailable("the speaker is closed")
        result: Future[Any] = Future()
        self._jobs.put((work, result))
        return result

    def _warm_up(self) -> None:
        """Open the output and queue a blip of silence, without waiting for it.

        A new stream's first samples come late (1.9 s through PulseAudio on the
        build machine), so the stream warms up on PortAudio's thread while the
        caller goes on (the bootstrap loads the model meanwhile, on this thread)
        and stops once the blip is heard (:meth:`OutputStream.warm_up`). The first
        sentence waits for the blip (:meth:`_warmed`), which tells a dead output.
        """
        blip = silence(0.02, 22050)
        try:
            if self._player is not None:
                self._player(blip)
            else:
                self._output = OutputStream(sample_rate=blip.sample_rate, device=self._device)
                if self._talk_over is not None:  # kept running through a table's turns: its timing stays the same
                    self._output.idle_stop_s = TALK_OVER_IDLE_STOP_S
                    self._output.tap = self._talk_over.far
                    self._talk_over.bind(self._cut)
                self._warming = self._output.warm_up(blip)
        except PlaybackFailed as exc:
            self._fall_back(str(exc))

    def _warmed(self) -> None:
        """Wait for the warm-up's blip to have been heard (at once, when it has); a dead output falls back.

        A blip not heard in time is tried again on a fresh stream, :data:`WARM_UP_TRIES` streams in all, before
        the voice is given up for the evening: through the sink, on a loaded machine, a new stream once did not
        get to its first samples within the blip's 5 s, and later two or three in a row did (CI, beside the
        whole suite); each time the whole game was printed instead of spoken. Those streams asked PortAudio's
        "low" latency, which a busy thread of the host stalls (:data:`~voice_host.speak.playback.OUTPUT_LATENCY_S`);
        the retries stay for an output that is slow to start for other reasons."""
        for attempt in range(1, WARM_UP_TRIES + 1):
            warming, self._warming = self._warming, None
            if warming is None:
                return
            try:
                warming.wait()
                return
            except PlaybackFailed as exc:
                if attempt == WARM_UP_TRIES or self._output is None:
                    self._fall_back(str(exc))
                    return
                self._output.close()
                self._output = None
                if self._talk_over is not None:  # the fresh stream's first block begins a new run of the reference
                    self._talk_over.far.new_run()
                self._warm_up()  # a fresh stream and blip (or the fallback, when none opens)

    def _fall_back(self, reason: str) -> None:
        if not self._printing:
            self._printing = True
            print(catalogue.voice_no_audio_output(reason), file=self._warn, flush=True)

    @property
    def printing(self) -> bool:
        """True once the speaker has fallen back to printing."""
        return self._printing

    def synthesize(self, text: str) -> Clip:
        """The audio ``say`` would play, untrimmed, without playing it (for ``check --selftest``)."""
        clip: Clip = self._submit(lambda: self.engine.synthesize(text)).result()
        return clip

    def say(self, text: str) -> None:
        """Say ``text``; return when the last sample has been played."""
        self.say_all([text])

    def say_all(self, sentences: Sequence[str], *, cue: bool = False) -> None:
        """Say ``sentences`` as one turn, back to back; return when the last one has been heard.

        All of them are handed to the engine's thread at once, so each is
        synthesized while the one before plays. A sentence that cannot be
        synthesized is shown instead (after the ones before it have played).
        ``cue``: end the turn with the listening cue (:mod:`voice_host.speak.earcon`),
        inside the same half-duplex span, so the microphone opens only after it.
        """
        texts = [text for text in sentences if text.strip()]
        self._end_talked_over()
        if not texts:
            return
        self.last_playbacks = []
        self._warmed()
        if self._printing:
            self._show(texts)
            return
        clips = [self._submit(functools.partial(self.engine.synthesize, text)) for text in texts]
        if cue and self._talk_over is not None and self._talk_over.listening and self._output is not None:
            self._start_talked_over(texts, clips, self._talk_over)
            return
        heard: list[PlaybackTimes] = []
        try:
            self._play_turn(texts, clips, heard, cue)
        except PlaybackFailed as exc:
            self._fall_back(str(exc))
            self._show(texts[len(heard):])
        self.last_playbacks = heard
        if heard:
            self.last_playback = heard[-1]

    def _play_turn(self, texts: list[str], clips: list[Future[Any]], heard: list[PlaybackTimes], cue: bool) -> None:
        """Queue every clip (a short pause between two), then the cue if asked; ``heard`` gets each sentence's times."""
        with self._speaking() as done:
            queued: list[_Queued] = []
            for index, (text, synthesis) in enumerate(zip(texts, clips)):
                try:
                    clip = trim_silence(synthesis.result())
                except TtsUnavailable as exc:
                    heard.extend(item.wait() for item in queued)
                    queued = []
                    print(catalogue.voice_no_audio_output(str(exc)), file=self._warn, flush=True)
                    self._show([text])
                    heard.append(PlaybackTimes(0.0, 0.0))  # shown, not played
                    continue
                gap = SENTENCE_PAUSE_S if index > 0 else 0.0
                if isinstance(text, AfterPause):  # a computer seat thinks before its move
                    gap = max(gap, self._think_pause_s)
                if gap > 0:
                    self._queue(silence(gap, clip.sample_rate))
                queued.append(self._queue(clip))
            earcon_played = self._queue_cue(queued) if cue else None
            for item in queued:
                heard.append(item.wait())
            ends = [times.ended_at for times in heard]
            if earcon_played is not None:
                self.last_cue = earcon_played.wait()
                ends.append(self.last_cue.ended_at)
            done(max(ends))

    # ---- barge-in: a listening turn played while the listener hears the players

    def _start_talked_over(self, texts: list[str], clips: list[Future[Any]], talk: TalkOver) -> None:
        with self._turn_lock:
            self._turn_items, self._turn_cut, self._question = [], None, None
            talk.speaking, talk.in_question = True, False
        self._background = threading.Thread(
            target=self._talked_over, args=(texts, clips, talk), name="talked-over-turn", daemon=True
        )
        self._background.start()

    def _talked_over(self, texts: list[str], clips: list[Future[Any]], talk: TalkOver) -> None:
        """The turn's thread: queue each sentence as it is synthesized (none after a cut), then wait for them."""
        heard: list[PlaybackTimes] = []
        try:
            for index, synthesis in enumerate(clips):
                last = index == len(texts) - 1
                try:
                    clip = trim_silence(synthesis.result())
                except TtsUnavailable:
                    continue
                with self._turn_lock:
                    if last:
                        self._question = clip
                    if self._turn_cut is not None:
                        if last and self._turn_cut:
                            self._queue_question_alone(clip)
                        continue
                    if index > 0:
                        self._turn_items.append((self._queue(silence(SENTENCE_PAUSE_S, clip.sample_rate)), False))
                    self._turn_items.append((self._queue(clip), last))
                    if last:
                        self._queue_cue_over()
            waited = 0
            while True:
                with self._turn_lock:
                    if waited >= len(self._turn_items):
                        talk.speaking = talk.in_question = False
                        break
                    item, question = self._turn_items[waited]
                    if question:
                        talk.in_question = True
                waited += 1
                heard.append(item.wait())
        except PlaybackFailed as exc:
            with self._turn_lock:
                talk.speaking = talk.in_question = False
            self._fall_back(str(exc))
        self.last_playbacks = heard
        if heard:
            self.last_playback = heard[-1]

    def _queue_question_alone(self, clip: Clip) -> None:
        """After a stop word: a short pause, the question by itself, then the cue (under the turn's lock)."""
        self._turn_items.append((self._queue(silence(CUT_PAUSE_S, clip.sample_rate)), False))
        self._turn_items.append((self._queue(clip), True))
        self._queue_cue_over()

    def _queue_cue_over(self) -> None:
        rate = self._output.sample_rate if self._output is not None else 22050
        self._turn_items.append((self._queue(silence(LEAD_S, rate)), False))
        self._turn_items.append((self._queue(earcon(rate)), False))

    def _cut(self, question_alone: bool) -> None:
        """Drop what the talked-over turn still has to play; ``question_alone``: say its question by itself."""
        with self._turn_lock:
            if self._talk_over is None or not self._talk_over.speaking or self._output is None:
                return
            self._turn_cut = question_alone
            self._output.cut()
            if question_alone and self._question is not None:
                self._queue_question_alone(self._question)
                self._talk_over.in_question = True

    def _end_talked_over(self) -> None:
        """Before anything else is said: what is left of a talked-over turn stops (a player answered)."""
        thread, self._background = self._background, None
        if thread is None:
            return
        self._cut(False)
        thread.join(timeout=30)

    def _queue_cue(self, queued: list[_Queued]) -> _Queued | None:
        """Queue the listening cue after the turn's last sentence (None when no sentence was played)."""
        if not queued:
            return None
        rate = self._output.sample_rate if self._output is not None else 22050
        self._queue(silence(LEAD_S, rate))
        return self._queue(earcon(rate))

    @contextlib.contextmanager
    def _speaking(self) -> Iterator[Callable[[float], None]]:
        if self._gate is None:
            yield lambda ended_at: None
            return
        with self._gate.speaking() as done:
            yield done

    def _queue(self, clip: Clip) -> _Queued:
        if self._output is not None:
            return self._output.enqueue(clip)
        if self._player is not None:
            return _Played(self._player(clip))
        raise PlaybackFailed("no audio output")

    def _show(self, texts: Sequence[str]) -> None:
        if self._print_fallback:
            for text in texts:
                show_sentence(text)

    def close(self) -> None:
        """Close the output stream and stop the worker thread."""
        self._end_talked_over()
        if self._output is not None:
            self._output.close()
            self._output = None
        if self._thread.is_alive():
            self._jobs.put(None)
            self._thread.join(timeout=5)

