"""The real voice adapters, built for ``voice_host.cli.bootstrap`` (and the voice tools).

>>> # gate = HalfDuplexGate()
>>> # listener = open_voice_listener(args.model, all_phrases, device=args.device, gate=gate)
>>> # speaker = open_speaker("pyttsx3", voice=args.voice, rate=args.rate, volume=args.volume, gate=gate)

Give both the same gate, so the listener is deaf while the speaker plays (half
duplex); the bootstrap makes one per game. Without one each gets its own.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from grammars.it import catalogue
from grammars.phrases import Phrase
from voice_host.audio.errors import VoiceUnavailable
from voice_host.audio.far_end import TalkOver
from voice_host.audio.half_duplex import HalfDuplexGate
from voice_host.core.ports import Listener, Speaker
from voice_host.hearing.calibration_in_use import calibration_in_use
from voice_host.model.store import find_or_download
from voice_host.speak.speaker import Pyttsx3Speaker, TtsUnavailable, UnknownTtsVoice
from voice_host.terminal.console import print_stderr
from voice_host.terminal.text_io import PrintSpeaker, SilentSpeaker

__all__ = ["VoiceUnavailable", "open_speaker", "open_voice_listener"]


def open_voice_listener(
    model_path: str | None,
    all_phrases: Mapping[str, Sequence[Phrase]],
    *,
    device: int | str | None = None,
    download: bool = True,
    gate: HalfDuplexGate | None = None,
    speaker: Speaker | None = None,
    talk_over: TalkOver | None = None,
) -> Listener:
    """A vosk listener on the microphone, after checking the whole vocabulary.

    ``model_path`` is ``--model`` (None: search, then download when ``download``).
    ``all_phrases`` maps every phase to its phrases (commands included); every
    phrase must have a spelling the model knows. The listener judges each
    utterance with common Italian words as a garbage model
    (:mod:`voice_host.hearing.fillers`), with the calibration measured on this
    model when the self-test stored one (:mod:`voice_host.hearing.calibration_in_use`),
    and says on stderr which calibration it uses; uncalibrated, ``speaker`` (when given) also
    tells the table that doubts will be asked back (a player who cannot read the screen
    hears why the host confirms more often). Raises :class:`VoiceUnavailable`
    with a user-facing message when the model is missing or cannot be loaded, a
    phrase is not covered, or the microphone cannot be opened.
    """
    from voice_host.listen.listener import load_model
    from voice_host.model.loading import release_model

    path = find_or_download(model_path, download=download)
    try:
        model = load_model(str(path))
    except Exception as exc:
        raise VoiceUnavailable(catalogue.voice_model_unloadable(str(path), str(exc))) from None
    try:
        return _listener_on(model, path, model_path, all_phrases, device, gate, speaker, talk_over)
    except BaseException:  # refused (a phrase not covered, no microphone) or stopped: freed here, not in __del__
        release_model(model)
        raise


def _listener_on(model: Any, path: Path, model_path: str | None, all_phrases: Mapping[str, Sequence[Phrase]],
                 device: int | str | None, gate: HalfDuplexGate | None, speaker: Speaker | None,
                 talk_over: TalkOver | None) -> Listener:
    """The listener of :func:`open_voice_listener` on a loaded ``model``."""
    from grammars.it.table_talk import COMMON_WORDS
    from voice_host.listen.listener import VoskListener, vocabulary_of
    from voice_host.listen.mic import MicSource

    vocabulary = vocabulary_of(model, Path(path).name)
    vocabulary.check(all_phrases)
    in_use = calibration_in_use(Path(path), model_path)
    for line in in_use.lines:  # which thresholds the confidence check uses, said once
        print_stderr(f"voice-host: {line}")
    if speaker is not None and not in_use.calibration.measured:
        speaker.say(catalogue.calibration_none_said())
    shared = gate if gate is not None else HalfDuplexGate()
    source = MicSource(device=device, gate=shared)
    echo = None
    if talk_over is not None:  # barge-in: the microphone cleaned of the host's voice (None: half duplex)
        from voice_host.audio.echo_cancel import DEFAULT, CancellerUnavailable, open_canceller
        from voice_host.listen.echo import EchoStage

        try:
            echo = EchoStage(open_canceller(DEFAULT, sample_rate=source.sample_rate), talk_over.far)
        except CancellerUnavailable as exc:
            print_stderr(f"voice-host: {catalogue.barge_in_unavailable(str(exc))}")
    return VoskListener(
        model, vocabulary, source, gate=shared, fillers=COMMON_WORDS, calibration=in_use.calibration,
        talk_over=talk_over, echo=echo,
        spot_stops=echo is not None,  # the stop word cut on the partials (two in a row, the echo gate open over it)
    )


def open_speaker(
    kind: str = "pyttsx3",
    *,
    voice: str | None = None,
    rate: int | None = None,
    volume: float | None = None,
    device: int | str | None = None,
    gate: HalfDuplexGate | None = None,
    print_fallback: bool = True,
    think_pause_s: float = 0.0,
    talk_over: TalkOver | None = None,
) -> Speaker:
    """The pyttsx3 speaker (``kind="pyttsx3"``) or the printing one (``"print"``).

    If pyttsx3 cannot start, or no audio output works, sentences are printed
    after one warning on stderr (only the warning when not ``print_fallback``:
    captions print them). An unknown ``voice`` raises :class:`VoiceUnavailable`.
    ``think_pause_s``: the voice's silence before a computer seat's move
    (:mod:`voice_host.core.computer_pause`).
    """
    if kind == "print":
        return PrintSpeaker()
    if kind != "pyttsx3":
        raise ValueError(f"unknown speaker kind: {kind!r}")
    try:
        return Pyttsx3Speaker(voice=voice, rate=rate, volume=volume, device=device,
                              gate=gate if gate is not None else HalfDuplexGate(), print_fallback=print_fallback,
                              think_pause_s=think_pause_s, talk_over=talk_over)
    except UnknownTtsVoice as exc:
        raise VoiceUnavailable(str(exc)) from None
    except TtsUnavailable as exc:
        print(catalogue.voice_no_audio_output(str(exc)), file=sys.stderr, flush=True)
        return PrintSpeaker() if print_fallback else SilentSpeaker()
