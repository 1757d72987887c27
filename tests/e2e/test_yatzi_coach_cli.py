"""The Yatzi coach through the command line: consiglio, computer seats, --rules, the analysis.

The solved table comes from the user's cache folder (solved on first use). The
positions are worked by hand in the scripts' comments and below.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from journal_text import journal_text

GAMES = Path(__file__).parent / "games"

# The coach reads the solved tables of the seed and standard rules: on a fresh machine the
# first test solves them (seconds each), so the module runs in the full tier only.
pytestmark = pytest.mark.slow
SOLO = ("play", "--game", "yatzi", "--players", "Anna", "--tts", "print")


def test_consiglio_in_hand_worked_positions(voice_host):
    run = voice_host(*SOLO, "--input", f"script:{GAMES / 'yatzi_consiglio.txt'}")
    assert run.code == 0, run.stderr
    # turn 1, physical dice, before the dictation: nothing to advise yet, and the box that follows is not questioned
    assert "Dimmi prima i dadi, poi ti consiglio la casella." in run.stdout
    assert "assi costa" not in run.stdout
    # turn 12, 3-3-1-2-4, "tre" and "chance" free, upper 57, card 140 (see the script):
    # tre now gives 140 + 6 + 30 + 70/3 = 199.33; chance now 180.28, 19.05 less
    assert "Segna in tre: in media 199 punti a fine partita." in run.stdout
    assert "Anna, chance costa in media 19 punti rispetto a tre. Confermi?" in run.stdout
    assert "Anna segna 6 in tre e prende il bonus di 30: totale 176." in run.stdout
    # turn 13: only chance is free, 6-6-6-6-5 = 29: the expected score is the final score, 205
    assert "Segna in chance: in media 205 punti a fine partita." in run.stdout
    assert run.summary is not None and run.summary["players"][0]["total"] == 205
    # consiglio is not an action: the journaled game is the same as without it
    assert run.summary["players"][0]["scores"]["chance"] == 29


@pytest.mark.parametrize("rules, expected", [("seed", 277), ("standard", 321)])
def test_five_sixes_on_the_first_turn(voice_host, tmp_path, rules, expected):
    # A yatzi on the table at the first turn: write it in the yatzi box. Under the
    # seed rules "sei" (30 and most of the bonus) is second, about 9.5 points worse.
    script = tmp_path / "sixes.txt"
    script.write_text("sei sei sei sei sei\nconsiglio\nsei\nno\nyatzi\n", encoding="utf-8")
    run = voice_host(*SOLO, "--rules", rules, "--input", f"script:{script}")
    assert run.code == 3, run.stderr  # the script ends before the game
    assert f"Segna in yatzi: in media {expected} punti a fine partita." in run.stdout
    assert re.search(r"Anna, sei costa in media \d+ punti rispetto a yatzi\. Confermi\?", run.stdout)
    assert "Anna segna 50 in yatzi: totale 50." in run.stdout
    if rules == "seed":
        assert "Anna, sei costa in media 10 punti rispetto a yatzi." in run.stdout


def test_virtual_dice_consiglio_says_the_dice_to_keep(voice_host, tmp_path):
    # seed 3 deals Anna 1-4-5-5-5 on her first roll (the dice come from the seed)
    script = tmp_path / "keep.txt"
    script.write_text("consiglio\n", encoding="utf-8")
    run = voice_host(*SOLO, "--virtual-dice", "--seed", "3", "--input", f"script:{script}")
    assert "Anna, hai uno, quattro, cinque, cinque e cinque; restano 2 tiri." in run.stdout
    # three fives on the first roll: keep them and roll two dice
    assert "Tieni cinque, cinque e cinque: in media" in run.stdout


def test_a_game_with_a_computer_seat_finishes_with_a_summary(voice_host, tmp_path):
    boxes = ["assi", "due", "tre", "quattro", "cinque", "sei", "tris", "poker", "full",
             "scala minima", "scala massima", "yatzi", "chance"]
    # Anna stops at her first roll and fills the boxes in order; "sì" answers a zero
    # confirmation when there is one and is refused, changing nothing, when there is not
    script = tmp_path / "anna.txt"
    script.write_text("".join(f"basta\n{box}\nsì\n" for box in boxes), encoding="utf-8")
    run = voice_host("play", "--game", "yatzi", "--players", "Anna", "--computer", "Hal", "--virtual-dice",
                     "--seed", "3", "--tts", "print", "--input", f"script:{script}")
    assert run.code == 0, run.stderr
    summary = run.summary
    assert summary is not None and summary["finished"] is True
    anna, hal = summary["players"]
    assert anna["name"] == "Anna" and "computer" not in anna
    assert hal["name"] == "Hal" and hal["computer"] is True
    assert None not in hal["scores"].values()
    assert hal["total"] == sum(hal["scores"].values()) + hal["bonus"]
    assert summary["winner"] == max((anna, hal), key=lambda p: p["total"])["name"]
    assert re.search(r"Hal ha [a-z, ]+: tiene [a-z, ]+\.", run.stdout)
    assert re.search(r"Hal segna \d+ in [a-z ]+: totale \d+\.", run.stdout)
    assert f"Hal {hal['total']}" in run.stdout  # the final standings
    # the analysis is for the human only
    assert "Anna ha perso in media" in run.stdout or "Anna ha sempre fatto" in run.stdout
    assert "Hal ha perso" not in run.stdout and "Hal:" not in run.stdout


def test_analysis_names_the_costliest_decision(voice_host, tmp_path):
    journal = tmp_path / "analysis.jsonl"
    run = voice_host(*SOLO, "--journal", str(journal), "--input", f"script:{GAMES / 'yatzi_analysis.txt'}")
    assert run.code == 0, run.stderr
    assert run.summary is not None and run.summary["players"][0]["total"] == 258
    # Five sixes written in assi for 0: a 50-point yatzi thrown away, while the
    # yatzi box later is worth far less (a yatzi in the twelve turns left is a long
    # shot). Every other box is a sensible choice, so turn 1 is the costliest.
    spoken = re.search(r"La scelta più costosa, al turno 1: assi invece di yatzi, (\d+) punti\.", run.stdout)
    assert spoken and int(spoken.group(1)) > 20
    printed = "turno 1, dadi sei, sei, sei, sei e sei (nessun tiro rimasto): assi invece di yatzi"
    assert printed in run.stdout
    again = voice_host("analizza", str(journal))
    assert again.code == 0, again.stderr
    assert printed in again.stdout and again.stdout.startswith("Anna: persi in media")


def test_analizza_reads_an_unfinished_journal(voice_host, tmp_path):
    journal = tmp_path / "short.jsonl"
    script = tmp_path / "short.txt"
    script.write_text("sei sei sei sei sei\nassi\nsì\ndue due due tre quattro\ndue\n", encoding="utf-8")
    run = voice_host(*SOLO, "--journal", str(journal), "--input", f"script:{script}")
    assert run.code == 3
    analysed = voice_host("analizza", str(journal))
    assert analysed.code == 0, analysed.stderr
    assert "Anna: persi in media" in analysed.stdout and "in 2 scelte" in analysed.stdout
    assert "assi invece di yatzi" in analysed.stdout


@pytest.mark.parametrize("args, needle", [
    (("play", "--game", "yatzi", "--players", "Anna", "--rules", "bari"), "--rules"),
    (("play", "--game", "yatzi", "--players", "Anna", "--rules", "classico"), "foglio o standard"),
    (("play", "--game", "tokio", "--players", "Anna,Bruno", "--rules", "standard"), "classico"),
    (("play", "--game", "tokio", "--players", "Anna,Bruno", "--computer", "Hal"), "--computer"),
    (("play", "--game", "yatzi", "--players", "Anna", "--computer", "anna"), "--computer"),
    (("analizza", "/nonexistent/journal.jsonl"), "giornale"),
])
def test_bad_coach_arguments_get_one_line_and_exit_2(voice_host, args, needle):
    run = voice_host(*args, summary=False)
    assert run.code == 2
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0], run.stderr
    assert "Traceback" not in run.stderr


def test_analizza_refuses_a_tokio_journal(voice_host, tmp_path):
    journal = tmp_path / "tokio.jsonl"
    journal.write_text(journal_text("tokio", None, []), encoding="utf-8")
    run = voice_host("analizza", str(journal), summary=False)
    assert run.code == 2 and "Yatzi" in run.stderr and "Traceback" not in run.stderr
