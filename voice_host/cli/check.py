"""``voice-host check``: is the model there, does it know every phrase, does the microphone hear,
and (``--selftest``) how well the host hears through this machine's own speaker and microphone.
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

from grammars.it import catalogue, command_line
from grammars.phrases import LeadInPhrase, Phrase, SpottedPhrase
from voice_host.audio.errors import VoiceUnavailable
from voice_host.cli.model import download_command
from voice_host.cli.voice_command import EXIT_MISSING, EXIT_OK, BadInput, guarded
from voice_host.games import GAMES, ConfigError
from voice_host.hearing.calibrate import ScoreSheet
from voice_host.storage.bounded_read import NotARegularFile, read_small_file

#: The largest phrases file ``check --phrases`` reads (every game's phrases together are a few hundred KB).
MAX_PHRASES_BYTES = 8 * 1024 * 1024
#: The longest microphone check (``check --seconds``).
MAX_CHECK_SECONDS = 600


def check_seconds(text: str) -> float:
    """``--seconds``: a finite number from 0 to :data:`MAX_CHECK_SECONDS` (nan, inf, 1e309 would listen for ever).

    >>> check_seconds("2,5")
    2.5
    """
    try:
        value = float(text.replace(",", "."))
    except ValueError:
        raise argparse.ArgumentTypeError(command_line.not_a_finite_number(text)) from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(command_line.not_a_finite_number(text))
    if value < 0:
        raise argparse.ArgumentTypeError(catalogue.voice_negative_seconds())
    if value > MAX_CHECK_SECONDS:
        raise argparse.ArgumentTypeError(command_line.seconds_too_many(MAX_CHECK_SECONDS))
    return value


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
    try:  # a regular file only (a FIFO nobody writes would block), and bounded
        data = read_small_file(path, MAX_PHRASES_BYTES)
    except NotARegularFile as exc:
        raise BadInput(catalogue.voice_phrases_unreadable(path, exc.kind)) from None
    except OSError as exc:
        raise BadInput(catalogue.voice_phrases_unreadable(path, catalogue.system_error(exc))) from None
    try:
        raw = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise BadInput(command_line.phrases_not_utf8(path)) from None
    except json.JSONDecodeError as exc:
        raise BadInput(catalogue.voice_phrases_not_json(path, exc.msg, exc.lineno)) from None
    except RecursionError:
        raise BadInput(command_line.phrases_too_deep(path)) from None
    except ValueError as exc:  # an integer of more digits than Python converts
        raise BadInput(catalogue.voice_phrases_not_json(path, str(exc), 1)) from None
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


@guarded
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
        print(f"voice-host: {exc}", file=sys.stderr)
        path = None
    if path is None:
        print(catalogue.voice_check_model(None, download_command()), file=out)
        ok = False
        model = vocabulary = None
    else:
        print(catalogue.voice_check_model(str(path), download_command()), file=out)
        try:
            model = load_model(str(path))
        except VoiceUnavailable as exc:  # the model aborts, hangs or fails in its trial
            print(f"voice-host: {catalogue.voice_model_unloadable(str(path), str(exc))}", file=sys.stderr)
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

            *warnings, in_use = calibration_in_use(path, model_path).lines  # a file ignored, then which is used
            for line in warnings:
                print(f"voice-host: {line}", file=sys.stderr)
            print(in_use, file=out)
    speaker = open_check_speaker(voice, rate, volume, out)
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


def open_check_speaker(voice: str | None, rate: int | None, volume: float | None, out: TextIO) -> Any:
    from voice_host.speak.speaker import Pyttsx3Speaker, TtsUnavailable

    try:
        speaker = Pyttsx3Speaker(voice=voice, rate=rate, volume=volume, warn=sys.stderr)  # warnings: stderr
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
    # a lead-in ("fatto") is in the grammar but means nothing alone, a spotted word ("non") is no phrase:
    # neither is said as a phrase
    said = {
        phase: [p for p in phrases if not isinstance(p, (LeadInPhrase, SpottedPhrase))]
        for phase, phrases in chosen.items()
    }
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
