"""The voice tools of the command line: ``devices``, ``check``, ``say``, ``model``.

``register(subparsers)`` adds them to ``voice-host``'s argparse; each parser sets
``handler``, a function of the parsed arguments returning the exit code:
0 fine, 1 something missing (``check``, ``model path``), 2 bad input (one line,
no traceback). ``python -m voice_host.cli.voice_tools ...`` runs them alone.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, TextIO

from grammars.it import catalogue
from grammars.phrases import LeadInPhrase, Phrase
from voice_host.audio.errors import VoiceUnavailable
from voice_host.audio.stack_noise import filtered_stderr
from voice_host.cli.parser import ItalianArgumentParser
from voice_host.cli.voice_options import add_voice_options, voice_option
from voice_host.errors import EXIT_WRITE_FAILED, InputError, WriteFailure
from voice_host.games import GAMES, ConfigError
from voice_host.hearing.calibrate import ScoreSheet
from voice_host.terminal.stdout_guard import OutputClosed, guarded_stdout
from voice_host.user_command import user_command

EXIT_OK, EXIT_MISSING, EXIT_USAGE = 0, 1, 2


def _download_command() -> str:
    """The command that downloads the model, as the user runs it."""
    return user_command("model", "download")


class BadInput(InputError):
    """Bad arguments or files given to a voice tool: one line on stderr, exit 2."""


def register(subparsers: Any) -> None:
    """Add the voice subcommands to ``subparsers`` (from ``add_subparsers``)."""
    help_of = catalogue.CLI_HELP
    devices = subparsers.add_parser("devices", help=help_of["devices"])
    devices.set_defaults(handler=cmd_devices)

    check = subparsers.add_parser("check", help=help_of["check"])
    check.add_argument("--model", help=help_of["check --model"])
    check.add_argument("--game", choices=[*GAMES, "all"], default="all", help=help_of["check --game"])
    check.add_argument("--rules", default="classico", help=help_of["check --rules"])
    check.add_argument("--dice", type=int, default=6, help=help_of["check --dice"])
    check.add_argument("--phrases", help=help_of["check --phrases"])
    check.add_argument("--device", help=help_of["check --device"])
    check.add_argument("--seconds", type=float, default=3.0, help=help_of["check --seconds"])
    check.add_argument("--selftest", action="store_true", help=help_of["check --selftest"])
    check.add_argument("--phase", action="append", help=help_of["check --phase"])
    _voice_options(check)
    check.set_defaults(handler=cmd_check)

    say = subparsers.add_parser("say", help=help_of["say"])
    say.add_argument("text", nargs="+", help=help_of["say text"])
    _voice_options(say)
    say.set_defaults(handler=cmd_say)

    voices = subparsers.add_parser("voci", help=help_of["voci"])
    voices.add_argument("--voice", metavar="VOCE", type=voice_option, help=help_of["voci --voice"])
    voices.set_defaults(handler=cmd_voices)

    model = subparsers.add_parser("model", help=help_of["model"])
    model_sub = model.add_subparsers(dest="model_command", required=True, parser_class=type(model))
    download = model_sub.add_parser("download", help=help_of["model download"])
    download.add_argument("--dest", help=help_of["model download --dest"])
    download.set_defaults(handler=cmd_model_download)
    path = model_sub.add_parser("path", help=help_of["model path"])
    path.add_argument("--model", help=help_of["model path --model"])
    path.set_defaults(handler=cmd_model_path)


def _voice_options(parser: argparse.ArgumentParser) -> None:
    help_of = catalogue.CLI_HELP
    add_voice_options(
        parser, help_of["voice tools --voice"], help_of["voice tools --rate"], help_of["voice tools --volume"]
    )


def _guarded(handler: Any) -> Any:
    def run(args: argparse.Namespace) -> int:
        try:
            with filtered_stderr():  # ALSA/JACK/PortAudio chatter stays off the screen
                return int(handler(args))
        except InputError as exc:
            print(catalogue.usage_error(str(exc)), file=sys.stderr)
            return EXIT_USAGE
        except VoiceUnavailable as exc:
            print(catalogue.voice_tool_failed(str(exc)), file=sys.stderr)
            return EXIT_MISSING

    run.__doc__ = handler.__doc__
    run.__name__ = handler.__name__
    return run


# ------------------------------------------------------------------ devices


@_guarded
def cmd_devices(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """List input and output devices (index, name, channels, default rate)."""
    out = out or sys.stdout
    import sounddevice as sd

    devices = sd.query_devices()
    default_in, default_out = sd.default.device
    for inputs, key, default in (
        (True, "max_input_channels", default_in),
        (False, "max_output_channels", default_out),
    ):
        print(catalogue.voice_devices_title(inputs), file=out)
        for index, device in enumerate(devices):
            if device[key] > 0:
                line = catalogue.voice_device_line(
                    index == default, index, device["name"], device[key], device["default_samplerate"]
                )
                print(line, file=out)
    return EXIT_OK


# ------------------------------------------------------------------ check


def game_phrases_for(game: str, rules: str, dice: int) -> dict[str, tuple[Phrase, ...]]:
    """Every phase's phrases of ``game`` (a registry name, or "all": phases then named "game/phase").

    ``rules`` and ``dice`` choose Tokio's preset; BadInput on a bad choice.
    """
    names = list(GAMES) if game == "all" else [game]
    phrases: dict[str, tuple[Phrase, ...]] = {}
    for name in names:
        try:
            of_game = GAMES[name].all_phrases(rules, dice)
        except ConfigError as exc:
            raise BadInput(catalogue.voice_bad_rules(rules, dice, str(exc))) from None
        phrases |= of_game if game != "all" else {f"{name}/{phase}": p for phase, p in of_game.items()}
    return phrases


def load_phrases(path: str) -> dict[str, tuple[Phrase, ...]]:
    """Phases from a JSON file ``{"phase": [["text", "variant", ...], "text", ...]}``."""
    try:
        with open(path, encoding="utf-8") as handle:
            raw = json.load(handle)
    except OSError as exc:
        raise BadInput(catalogue.voice_phrases_unreadable(path, str(exc.strerror))) from None
    except json.JSONDecodeError as exc:
        raise BadInput(catalogue.voice_phrases_not_json(path, exc.msg, exc.lineno)) from None
    if not isinstance(raw, dict):
        raise BadInput(catalogue.voice_phrases_not_an_object(path))
    phases: dict[str, tuple[Phrase, ...]] = {}
    for phase, items in raw.items():
        phrases = []
        for item in items if isinstance(items, list) else [None]:
            forms = [item] if isinstance(item, str) else item
            if not isinstance(forms, list) or not forms or not all(isinstance(f, str) and f.strip() for f in forms):
                raise BadInput(catalogue.voice_phrases_bad_phrase(path, phase))
            phrases.append(Phrase.of(*forms))
        phases[str(phase)] = tuple(phrases)
    return phases


def mic_level(device: int | str | None, seconds: float) -> float:
    """Peak level in dBFS of ``seconds`` of microphone audio (raises VoiceUnavailable)."""
    import numpy as np

    from voice_host.listen.mic import MicSource

    source = MicSource(device=device)
    peak = 0
    try:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            chunk = source.read()
            if chunk is None:
                break
            samples = np.frombuffer(chunk.data, dtype="<i2")
            if samples.size:
                peak = max(peak, int(np.abs(samples.astype(np.int32)).max()))
    finally:
        source.close()
    return 20 * math.log10(max(peak, 1) / 32768)


@_guarded
def cmd_check(args: argparse.Namespace) -> int:
    """Check the model, vocabulary per phase, microphone and voice; or run the self-test."""
    if args.seconds < 0:
        raise BadInput(catalogue.voice_negative_seconds())
    phrases = load_phrases(args.phrases) if args.phrases else game_phrases_for(args.game, args.rules, args.dice)
    return run_check(
        args.model,
        phrases,
        device=args.device,
        seconds=args.seconds,
        selftest=args.selftest,
        phases=args.phase,
        voice=args.voice,
        rate=args.rate,
        volume=args.volume,
    )


def run_check(
    model_path: str | None,
    all_phrases: Mapping[str, Sequence[Phrase]],
    *,
    device: int | str | None = None,
    seconds: float = 3.0,
    selftest: bool = False,
    phases: Sequence[str] | None = None,
    voice: str | None = None,
    rate: int | None = None,
    volume: float | None = None,
    out: TextIO | None = None,
) -> int:
    """The body of ``voice-host check``; returns 0 when everything needed is there, else 1."""
    from voice_host.listen.listener import load_model, vocabulary_of
    from voice_host.model.store import find_model

    out = out or sys.stdout
    ok = True
    try:
        path = find_model(model_path)
    except VoiceUnavailable as exc:
        print(f"{catalogue.voice_check_model(None, _download_command())} ({exc})", file=out)
        path = None
    if path is None:
        print(catalogue.voice_check_model(None, _download_command()), file=out)
        ok = False
        model = vocabulary = None
    else:
        print(catalogue.voice_check_model(str(path), _download_command()), file=out)
        try:
            model = load_model(str(path))
        except VoiceUnavailable as exc:  # the model aborts, hangs or fails in its trial
            print(catalogue.voice_model_unloadable(str(path), str(exc)), file=out)
            ok, model = False, None
        vocabulary = None if model is None else vocabulary_of(model, path.name)
        if vocabulary is not None:
            for phase, phrases in all_phrases.items():
                coverage = vocabulary.coverage(phase, phrases)
                missing = [p.text for p in coverage.missing]
                ok = ok and not missing
                print(catalogue.voice_check_phase(phase, coverage.covered, len(phrases), missing), file=out)
        if model is not None and not selftest:  # the calibration play would use (the self-test makes a new one)
            from voice_host.hearing.calibration_in_use import calibration_in_use

            for line in calibration_in_use(path, model_path).lines:
                print(line, file=out)
    speaker = _open_check_speaker(voice, rate, volume, out)
    if speaker is None:
        ok = False
    if selftest:
        if path is None or model is None or vocabulary is None or speaker is None:
            print(catalogue.voice_check_result(False), file=out)
            return EXIT_MISSING
        scores = ScoreSheet()
        right, total = run_selftest(model, vocabulary, speaker, all_phrases, phases=phases, out=out, scores=scores)
        print(keep_calibration(path, scores), file=out)
        print(catalogue.voice_selftest_total(right, total), file=out)
        speaker.close()
        return EXIT_OK if ok and total and right == total else EXIT_MISSING
    if seconds > 0:
        try:
            level = mic_level(device, seconds)
            print(catalogue.voice_check_mic(level, level > -50.0), file=out)
        except VoiceUnavailable as exc:
            print(catalogue.voice_check_mic(None, False, str(exc)), file=out)
            ok = False
    if speaker is not None:
        speaker.close()
    print(catalogue.voice_check_result(ok), file=out)
    return EXIT_OK if ok else EXIT_MISSING


def keep_calibration(model_folder: Path, scores: ScoreSheet, state: Path | None = None) -> str:
    """Derive the thresholds of the model at ``model_folder`` from ``scores`` and store them; the line to print.

    ``state`` is the state folder (None: the user's). Nothing is stored when
    too few phrases were heard, or when the model's folder cannot be read.
    """
    import datetime

    from voice_host.hearing import calibration_store
    from voice_host.hearing.calibrate import TooFew, derive
    from voice_host.hearing.calibration_in_use import fingerprint

    found = derive(scores.measured(), model_folder.name)
    if isinstance(found, TooFew):
        return catalogue.calibration_too_few(found.clean, found.noisy, found.clean_needed, found.noisy_needed)
    key = fingerprint(model_folder)
    if key is None:
        return catalogue.calibration_not_saved(catalogue.voice_model_folder_unreadable())
    stored = calibration_store.Stored(found, key, datetime.date.today())
    try:
        path = calibration_store.save(model_folder, stored, state)
    except OSError as exc:
        return catalogue.calibration_not_saved(catalogue.system_error(exc))
    return catalogue.calibration_saved(str(path), found.weak_score, found.strong_score, found.rival_margin)


def _open_check_speaker(voice: str | None, rate: int | None, volume: float | None, out: TextIO) -> Any:
    from voice_host.speak.speaker import Pyttsx3Speaker, TtsUnavailable

    try:
        speaker = Pyttsx3Speaker(voice=voice, rate=rate, volume=volume, warn=out)
    except TtsUnavailable as exc:
        print(catalogue.voice_check_speaker(None, True) + f" ({catalogue.audio_reason(str(exc))})", file=out)
        return None
    chosen = speaker.engine.voice
    print(catalogue.voice_check_speaker(f"{chosen.id} ({chosen.name})" if chosen else None, speaker.printing), file=out)
    return speaker


def run_selftest(
    model: Any,
    vocabulary: Any,
    speaker: Any,
    all_phrases: Mapping[str, Sequence[Phrase]],
    *,
    phases: Sequence[str] | None = None,
    out: TextIO | None = None,
    fillers: Sequence[str] | None = None,
    talk: Sequence[str] | None = None,
    babble_s: float = 120.0,
    scores: ScoreSheet | None = None,
) -> tuple[int, int]:
    """Synthesize every phrase and feed it (16 kHz) to the listener, clean and over babble; (right, total).

    ``right``/``total`` count the clean phrases heard as themselves. Each phrase
    is also heard over babble (``talk`` sentences said by the same voice, three
    at a time, 10 dB below the speech), then ``babble_s`` seconds of babble
    alone; the figures line (:meth:`voice_host.hearing.trial.Tally.line`) is
    printed last. ``fillers`` default to the Italian ones. ``scores``, when
    given, receives the grammar decode's score of every phrase heard as itself
    (clean and over babble) and of every phrase babble alone formed, for the
    calibration (:mod:`voice_host.hearing.calibrate`).
    """
    import numpy as np

    from grammars.it import table_talk
    from voice_host.audio.wav import resample
    from voice_host.core.ports import ListenRequest, heard_or_none
    from voice_host.hearing.trial import Tally, babble, babble_gain, padded, to_int16
    from voice_host.listen.listener import Utterance, VoskListener
    from voice_host.listen.sources import BufferSource

    out = out or sys.stdout
    rng = np.random.default_rng(0)
    words_for_garbage = table_talk.COMMON_WORDS if fillers is None else fillers
    sentences = table_talk.TALK if talk is None else talk

    def samples(text: str) -> Any:
        return resample(speaker.synthesize(text), 16000).samples.astype(np.float64)

    def listener_on(
        audio: Any, noting: Callable[[Utterance], None] | None = None, *, close_after_drop: bool = True
    ) -> VoskListener:
        # A real microphone is never digital zero: add a -70 dB noise floor.
        noisy = audio + rng.normal(0.0, 10.0, audio.size)
        source = BufferSource(to_int16(noisy).tobytes())
        return VoskListener(
            model, vocabulary, source, fillers=words_for_garbage, on_utterance=noting,
            close_after_drop=close_after_drop,
        )

    def noting(into: list[float] | None, said: str | None = None) -> Callable[[Utterance], None] | None:
        """Note the score of each utterance heard as ``said`` (None: as any phrase) into ``into``."""
        if into is None:
            return None

        def note(utterance: Utterance) -> None:
            phrase, decoded = utterance.match.phrase, utterance.decoded
            if phrase is not None and decoded is not None and (said is None or phrase.text == said):
                into.append(decoded.score)

        return note

    chosen = {phase: phrases for phase, phrases in all_phrases.items() if not phases or phase in phases}
    # a lead-in ("fatto") is in the grammar but means nothing alone: it is not said as a phrase
    said = {phase: [p for p in phrases if not isinstance(p, LeadInPhrase)] for phase, phrases in chosen.items()}
    clips = {phrase.text: samples(phrase.text) for phrases in said.values() for phrase in phrases}
    talk_clips = [samples(sentence) for sentence in sentences]
    gain = babble_gain(list(clips.values()), babble(talk_clips, 20.0, rng)) if clips else 0.0
    tally = Tally()
    right = total = 0
    for phase, phrases in chosen.items():
        request = ListenRequest(phase, tuple(phrases))
        for phrase in said[phase]:
            clean = padded(clips[phrase.text], 0.5, 1.0)
            listener = listener_on(clean, noting(None if scores is None else scores.clean, phrase.text))
            heard = heard_or_none(listener.listen(request))
            if heard is None and listener.last is not None:
                heard_text = f"[{listener.last.match.heard}: {listener.last.match.reason}]"
            elif heard is None:
                heard_text = catalogue.voice_selftest_nothing_heard()
            else:
                heard_text = heard.text + ("" if heard.sure else " (?)")
            ok = heard is not None and heard.text == phrase.text
            total += 1
            right += ok
            tally.add(phrase.text, heard)
            print(catalogue.voice_selftest_line(phrase.text, heard_text, ok), file=out)
            noisy = clean + gain * babble(talk_clips, clean.size / 16000, rng)
            over = listener_on(noisy, noting(None if scores is None else scores.noisy, phrase.text))
            tally.add(phrase.text, heard_or_none(over.listen(request)))
    if chosen and babble_s > 0:
        requests = [ListenRequest(phase, tuple(phrases)) for phase, phrases in chosen.items()]
        alone = gain * babble(talk_clips, babble_s, rng)
        listener = listener_on(alone)
        while listener.listen(requests[tally.false_accepts % len(requests)]) is not None:
            tally.false_accepts += 1
        tally.babble_s = babble_s
        if scores is not None:
            # The game's listener stops decoding talk it has dropped, so it forms few phrases; the
            # calibration wants the scores of every phrase this babble can form: decode all of it.
            sampling = listener_on(alone, noting(scores.babble), close_after_drop=False)
            index = 0
            while sampling.listen(requests[index % len(requests)]) is not None:
                index += 1
    print(tally.line(), file=out)
    return right, total


# ------------------------------------------------------------------ voci, say, model


@_guarded
def cmd_voices(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """List the installed voices, Italian first, marking the one ``play`` and ``say`` would use."""
    from voice_host.speak import voice_choice
    from voice_host.speak.speaker import TtsUnavailable, installed_voices, is_italian, italian_first

    out = out or sys.stdout
    try:
        found, default = installed_voices()
    except TtsUnavailable as exc:
        raise VoiceUnavailable(catalogue.tts_unavailable(str(exc))) from None
    voices = italian_first(found)
    chosen = voice_choice.choose(voices, args.voice)  # the one play and say would use
    if args.voice and chosen is None:
        raise BadInput(catalogue.voice_unknown_tts_voice(args.voice, user_command("voci")))
    chosen_id = chosen.id if chosen is not None else default
    italian = [voice for voice in voices if is_italian(voice)]
    if not italian:
        print(catalogue.voice_list_no_italian(), file=out)
    for title, group in ((True, italian), (False, voices[len(italian):])):
        if group:
            print(catalogue.voice_list_title(title, len(group)), file=out)
        for voice in group:
            print(catalogue.voice_list_line(voice.id == chosen_id, voice.id, voice.name, voice.languages), file=out)
    print(catalogue.voice_list_legend(chosen_id), file=out)
    return EXIT_OK


@_guarded
def cmd_say(args: argparse.Namespace) -> int:
    """Say the text with the local voice; return when it has been played."""
    from voice_host.cli.voice_adapters import open_speaker

    text = " ".join(args.text).strip()
    if not text:
        raise BadInput(catalogue.voice_nothing_to_say())
    try:
        speaker = open_speaker("pyttsx3", voice=args.voice, rate=args.rate, volume=args.volume)
    except VoiceUnavailable as exc:  # an unknown --voice: the user's to fix, exit 2 as in play
        raise BadInput(str(exc)) from None
    try:
        speaker.say(text)
    finally:
        speaker.close()
    return EXIT_OK


@_guarded
def cmd_model_download(args: argparse.Namespace) -> int:
    """Download the Italian model (progress bar) unless it is already here."""
    from pathlib import Path

    from voice_host.model.store import MODEL_NAME, default_download_dir, download_model, find_model

    dest = Path(args.dest).expanduser() if args.dest else None
    found = find_model(None) if dest is None else None
    if found is not None:
        print(found)
        return EXIT_OK
    folder = dest or default_download_dir()
    print(catalogue.voice_model_downloading(MODEL_NAME, str(folder)), file=sys.stderr, flush=True)
    print(download_model(folder))
    return EXIT_OK


@_guarded
def cmd_model_path(args: argparse.Namespace) -> int:
    """Print the model folder that would be used; exit 1 when there is none."""
    from voice_host.model.store import MODEL_NAME, find_model, search_dirs

    found = find_model(args.model)
    if found is None:
        searched = [str(d) for d in search_dirs()]
        print(catalogue.voice_model_missing(MODEL_NAME, searched, _download_command()), file=sys.stderr)
        return EXIT_MISSING
    print(found)
    return EXIT_OK


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m voice_host.cli.voice_tools ...``: the voice tools without the game CLI."""
    parser = ItalianArgumentParser(prog="voice-host")
    register(parser.add_subparsers(dest="command", required=True, parser_class=ItalianArgumentParser,
                                   title=catalogue.ARGPARSE_WORDS["commands"], metavar="comando"))
    args = parser.parse_args(argv)
    try:
        with guarded_stdout():
            return int(args.handler(args))
    except OutputClosed:
        return EXIT_WRITE_FAILED
    except WriteFailure as exc:
        print(catalogue.usage_error(str(exc)), file=sys.stderr)
        return EXIT_WRITE_FAILED


if __name__ == "__main__":
    sys.exit(main())
