"""Benchmark of the Tokio grammar: phrase-list generation per phase, and parser throughput.

Run: ``python bench/parser.py`` (about 10 s). Prints figures, and counts the clean and
noisy utterances that do not parse to what their phrase means (``wrong``). The last line
is ``parser d10_claim_us=X mean_us=Y wrong=N``: the mean time of one parse in the largest
phase (classico d10 claim, every phrase clean and noisy) and over every phase.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.tokio.rules import TokioRules, preset
from grammars.intents import Intent, NotUnderstood
from grammars.normalize import fold
from grammars.tokio import grammar as tokio
from grammars.tokio.grammar import Phase, parse_tokio, tokio_phrases, tokio_table

RULES: list[TokioRules] = [preset(n, sides=s) for n in ("classico", "lizumo") for s in (4, 6, 8, 10)] + [
    preset("milella")
]
FILLERS = ["ehm", "allora", "dico", "beh,", "ok", "uhm...", "io dico"]
GARBAGE = ["banana", "", "quindici", "sessantadue tokio", "ehm", "passo", "tredici", "non lo so"]


def _clear_caches() -> None:
    # Private caches, cleared only so that generation is timed cold.
    tokio._table.cache_clear()


def bench_generation() -> None:
    print("phrase-list generation (cold, includes building the lookup table):")
    for rules in (preset("classico"), preset("classico", sides=10), preset("milella")):
        for phase in Phase:
            _clear_caches()
            t0 = time.perf_counter()
            phrases = tokio_phrases(phase, rules, can_take_penalty=True)
            cold = time.perf_counter() - t0
            t0 = time.perf_counter()
            for _ in range(1000):
                tokio_phrases(phase, rules, can_take_penalty=True)
            warm = (time.perf_counter() - t0) / 1000
            variants = sum(len(p.variants) for p in phrases)
            print(
                f"  {rules.name:8} d{rules.sides:<2} {phase.value:8} {len(phrases):4} phrases "
                f"{variants:4} variants  cold {cold * 1e3:7.2f} ms  cached {warm * 1e6:6.2f} us"
            )


def _noisy(text: str, rng: random.Random) -> str:
    out = fold(text) if rng.random() < 0.5 else text
    if rng.random() < 0.5:
        out = out.upper()
    if rng.random() < 0.7:
        out = f"{rng.choice(FILLERS)} {out}"
    if rng.random() < 0.5:
        out += rng.choice(["!", ".", "?", "..."])
    return out


def utterances(rng: random.Random) -> list[tuple[str, str, TokioRules, bool, Intent | None]]:
    """(text, phase, rules, flag, expected) for every variant of every phase, clean and noisy."""
    cases: list[tuple[str, str, TokioRules, bool, Intent | None]] = []
    for rules in RULES:
        for phase in Phase:
            flag = phase is Phase.RESPONSE
            for phr, intent in tokio_table(phase, rules, can_take_penalty=flag).entries:
                for v in phr.variants:
                    cases.append((v, phase.value, rules, flag, intent))
                    cases.append((_noisy(v, rng), phase.value, rules, flag, intent))
            for g in GARBAGE:
                cases.append((g, phase.value, rules, False, None))
    rng.shuffle(cases)
    return cases


def bench_parse(seconds: float = 3.0) -> None:
    rng = random.Random(1)
    cases = utterances(rng)
    wrong = 0
    for text, phase, rules, flag, expected in cases:  # warm the caches, check correctness
        got = parse_tokio(text, phase, rules, can_take_penalty=flag)
        # a lead-in alone ("fatto") means "not understood", with the text heard
        unclear = expected is None or isinstance(expected, NotUnderstood)
        if not (isinstance(got, NotUnderstood) if unclear else got == expected):
            wrong += 1
            print(f"  wrong: {text!r} in {phase} -> {got!r}")
    clean = sum(1 for c in cases if c[4] is not None) // 2
    print(
        f"\nparser: {len(cases)} utterances ({clean} clean, {clean} noisy, {len(cases) - 2 * clean} not understood),"
        f" all phases, {len(RULES)} rule sets"
    )
    n = 0
    t0 = time.perf_counter()
    deadline = t0 + seconds
    while time.perf_counter() < deadline:
        for text, phase, rules, flag, _ in cases:
            parse_tokio(text, phase, rules, can_take_penalty=flag)
        n += len(cases)
    elapsed = time.perf_counter() - t0
    print(f"  {n} parses in {elapsed:.2f} s: {n / elapsed:,.0f} phrases/s ({elapsed / n * 1e6:.1f} us each)")
    for label, subset in (
        ("clean only", [c for c in cases if c[4] is not None and c[0] == c[0].strip() and c[0].islower()]),
        ("not understood", [c for c in cases if c[4] is None]),
    ):
        t0 = time.perf_counter()
        reps = max(1, 20000 // max(1, len(subset)))
        for _ in range(reps):
            for text, phase, rules, flag, _ in subset:
                parse_tokio(text, phase, rules, can_take_penalty=flag)
        el = time.perf_counter() - t0
        print(f"  {label:15}: {reps * len(subset) / el:,.0f} phrases/s")
    d10 = [c for c in cases if c[1] == Phase.CLAIM.value and c[2].sides == 10 and c[2].name == "classico"]
    reps = max(1, 20000 // len(d10))
    t0 = time.perf_counter()
    for _ in range(reps):
        for text, phase, rules, flag, _ in d10:
            parse_tokio(text, phase, rules, can_take_penalty=flag)
    d10_us = (time.perf_counter() - t0) / (reps * len(d10)) * 1e6
    chatter = "parliamo un po' di calcio mentre aspettiamo gli altri giocatori"  # the slowest kind: all unknown
    rules = next(c[2] for c in d10)
    t0 = time.perf_counter()
    for _ in range(200):
        parse_tokio(chatter, Phase.CLAIM, rules)
    chatter_us = (time.perf_counter() - t0) / 200 * 1e6
    print(
        f"parser d10_claim_us={d10_us:.1f} d10_chatter_us={chatter_us:.0f}"
        f" mean_us={elapsed / n * 1e6:.1f} wrong={wrong}"
    )


def main() -> None:
    t0 = time.perf_counter()
    bench_generation()
    print(f"\ngeneration total {time.perf_counter() - t0:.1f} s")
    bench_parse()


if __name__ == "__main__":
    main()
