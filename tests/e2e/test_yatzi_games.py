"""Complete Yatzi games through the command line, worked by hand from RULES.md section 2."""

from __future__ import annotations

import os
import re
import signal
from pathlib import Path

import pytest

from interactive import start_interactive, wait_for

GAMES = Path(__file__).parent / "games"
BOX_KEYS = ["assi", "due", "tre", "quattro", "cinque", "sei", "tris", "poker", "full",
            "scala_minima", "scala_massima", "yatzi", "chance"]
ANNA = {"assi": 3, "due": 6, "tre": 12, "quattro": 12, "cinque": 15, "sei": 18, "tris": 15, "poker": 12,
        "full": 25, "scala_minima": 30, "scala_massima": 40, "yatzi": 50, "chance": 15}
BRUNO = {"assi": 2, "due": 4, "tre": 3, "quattro": 0, "cinque": 0, "sei": 0, "tris": 0, "poker": 0,
         "full": 0, "scala_minima": 0, "scala_massima": 0, "yatzi": 0, "chance": 9}


def test_solo_physical_game_scores_as_worked_by_hand(voice_host):
    run = voice_host("play", "--game", "yatzi", "--players", "Anna", "--tts", "print",
                     "--input", f"script:{GAMES / 'yatzi_solo.txt'}")
    assert run.code == 0, run.stderr
    assert run.summary == {
        "game": "yatzi", "finished": True, "winner": "Anna",
        "players": [{"name": "Anna", "total": 283, "upper": 66, "bonus": 30, "scores": ANNA}],
    }
    assert "Non ho capito: servono cinque dadi" in run.stdout
    assert "Scala massima vale zero con questi dadi, full vale 25. Segni zero? Sì o no?" in run.stdout
    assert "Bonus di 30 per Anna" in run.stdout
    assert "Anna vince la partita con 283 punti!" in run.stdout


def test_two_players_physical_game(voice_host):
    run = voice_host("play", "--game", "yatzi", "--players", "Anna,Bruno", "--tts", "print",
                     "--input", f"script:{GAMES / 'yatzi_duo.txt'}")
    assert run.code == 0, run.stderr
    assert run.summary is not None
    assert run.summary["winner"] == "Anna"
    anna, bruno = run.summary["players"]
    assert (anna["name"], anna["total"], anna["scores"]) == ("Anna", 283, ANNA)
    assert (bruno["name"], bruno["total"], bruno["upper"], bruno["bonus"], bruno["scores"]) == \
        ("Bruno", 18, 9, 0, BRUNO)
    assert run.stdout.count("Segni zero? Sì o no?") == 9


@pytest.mark.slow
def test_virtual_dice_game_is_consistent_and_reproducible(voice_host):
    args = ("play", "--game", "yatzi", "--players", "Anna", "--virtual-dice", "--seed", "7", "--tts", "print",
            "--input", f"script:{GAMES / 'yatzi_virtual.txt'}")
    run = voice_host(*args)
    assert run.code == 0, run.stderr
    summary = run.summary
    assert summary is not None and summary["finished"] is True and summary["winner"] == "Anna"
    card = summary["players"][0]
    assert set(card["scores"]) == set(BOX_KEYS) and None not in card["scores"].values()
    upper = sum(card["scores"][k] for k in BOX_KEYS[:6])
    assert card["upper"] == upper
    assert card["bonus"] == (30 if upper >= 63 else 0)
    assert card["total"] == sum(card["scores"].values()) + card["bonus"]
    # the chance box holds the sum of the dice the host announced for the last turn
    words = {"uno": 1, "due": 2, "tre": 3, "quattro": 4, "cinque": 5, "sei": 6}
    last = re.findall(r"Anna, con ([a-z, ]+): dove segni\?", run.stdout)[-1]
    dice = [words[w] for w in re.split(r", | e ", last)]
    assert len(dice) == 5 and card["scores"]["chance"] == sum(dice)
    # the same seed gives the same game
    assert voice_host(*args).summary == summary


@pytest.mark.slow
def test_resume_after_sigkill_finishes_the_same_game(tmp_path, voice_host):
    lines = [line for line in (GAMES / "yatzi_solo.txt").read_text(encoding="utf-8").splitlines()
             if line and not line.startswith("#")]
    journal = tmp_path / "y.jsonl"
    proc, out = start_interactive(["play", "--game", "yatzi", "--players", "Anna", "--tts", "print",
                                   "--input", "keyboard", "--journal", str(journal)], tmp_path)
    assert proc.stdin is not None
    upto = lines.index("sei sei sei uno uno") + 2  # through the sixes, which earn the bonus
    for line in lines[:upto]:
        proc.stdin.write(line + "\n")
    proc.stdin.flush()
    wait_for(out, "Bonus di 30 per Anna")
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=10)
    rest = tmp_path / "rest.txt"
    rest.write_text("\n".join(lines[upto:]) + "\n", encoding="utf-8")
    run = voice_host("play", "--resume", str(journal), "--input", f"script:{rest}", "--tts", "print")
    assert run.code == 0, run.stderr
    assert run.summary is not None and run.summary["players"][0]["total"] == 283


# Anna's thirteen turns of yatzi_solo.txt without its detours: 283 points, worked out there
ANNA_TURNS = [
    ("uno uno uno due tre", "assi"), ("due due due cinque cinque", "due"), ("tre tre tre tre sei", "tre"),
    ("quattro quattro quattro uno due", "quattro"), ("cinque cinque cinque sei sei", "cinque"),
    ("sei sei sei uno uno", "sei"), ("due due cinque cinque cinque", "tris"), ("tre tre tre tre due", "poker"),
    ("due due tre tre tre", "full"), ("quattro cinque sei uno tre", "scala minima"),
    ("uno due tre quattro cinque", "scala massima"), ("sei sei sei sei sei", "yatzi"),
    ("uno due due quattro sei", "chance"),
]


def test_six_players_who_roll_alike_tie_and_nobody_wins(voice_host, tmp_path):
    players = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Franco"]
    script = tmp_path / "six.txt"
    script.write_text("".join(f"{dice}\n{box}\n" for dice, box in ANNA_TURNS for _ in players), encoding="utf-8")
    run = voice_host("play", "--game", "yatzi", "--players", ",".join(players), "--tts", "print",
                     "--input", f"script:{script}")
    assert run.code == 0, run.stderr
    assert run.summary is not None and run.summary["finished"] is True
    assert run.summary["winner"] is None
    assert [(p["name"], p["total"]) for p in run.summary["players"]] == [(name, 283) for name in players]
    assert "Pareggio tra Anna, Bruno, Carla, Dario, Elena e Franco con 283 punti." in run.stdout
