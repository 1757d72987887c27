"""Complete Yatzi games through the command line, worked by hand from RULES.md section 2."""

from __future__ import annotations

import json
import os
import re
import signal
from pathlib import Path

import pytest
from interactive import start_interactive, wait_for
from journal_text import chained_lines, journal_text

GAMES = Path(__file__).parent / "games"
BOX_KEYS = ["assi", "due", "tre", "quattro", "cinque", "sei", "tris", "poker", "full",
            "scala_minima", "scala_massima", "yatzi", "chance"]
ANNA = {"assi": 3, "due": 6, "tre": 12, "quattro": 12, "cinque": 15, "sei": 18, "tris": 15, "poker": 12,
        "full": 25, "scala_minima": 30, "scala_massima": 40, "yatzi": 50, "chance": 15}
BRUNO = {"assi": 2, "due": 4, "tre": 3, "quattro": 0, "cinque": 0, "sei": 0, "tris": 0, "poker": 0,
         "full": 0, "scala_minima": 0, "scala_massima": 0, "yatzi": 0, "chance": 9}


@pytest.mark.slow  # the host started as a process for a whole game or more: the full tier
def test_solo_physical_game_scores_as_worked_by_hand(voice_host):
    run = voice_host("play", "--game", "yatzi", "--players", "Anna", "--tts", "print",
                     "--input", f"script:{GAMES / 'yatzi_solo.txt'}")
    assert run.code == 0, run.stderr
    assert run.summary == {
        "game": "yatzi", "finished": True, "winner": "Anna",
        "players": [{"name": "Anna", "total": 283, "upper": 66, "bonus": 30, "scores": ANNA}],
    }
    assert "Non ho capito: servono cinque dadi" in run.stdout
    assert "Anna, scala massima vale zero e full vale 25. Confermi?" in run.stdout
    # sei 6-6-6-1-1 = 18 brings the upper boxes to 66: the bonus is said with it, total 66 + 30
    assert "Anna segna 18 in sei e prende il bonus di 30: totale 96." in run.stdout
    assert "Partita finita: Anna fa 283 punti." in run.stdout
    assert "Anna, giochiamo a Yatzi: tredici turni, con i tuoi dadi." in run.stdout
    assert "Si gioca" not in run.stdout and "Classifica" not in run.stdout  # one player: no ranking


@pytest.mark.slow  # the host started as a process for a whole game or more: the full tier
def test_two_players_physical_game(voice_host):
    run = voice_host("play", "--game", "yatzi", "--players", "Anna,Bruno", "--first", "Anna", "--tts", "print",
                     "--input", f"script:{GAMES / 'yatzi_duo.txt'}")
    assert run.code == 0, run.stderr
    assert run.summary is not None
    assert run.summary["winner"] == "Anna"
    anna, bruno = run.summary["players"]
    assert (anna["name"], anna["total"], anna["scores"]) == ("Anna", 283, ANNA)
    assert (bruno["name"], bruno["total"], bruno["upper"], bruno["bonus"], bruno["scores"]) == \
        ("Bruno", 18, 9, 0, BRUNO)
    assert run.stdout.count("Bruno, ") and run.stdout.count("Confermi?") == 9
    assert "dado a testa" not in run.stdout  # --first: nobody rolls for who starts
    assert "Anna vince la partita!\nClassifica: Anna 283; Bruno 18.\n" in run.stdout


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
    wait_for(out, "prende il bonus di 30")
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


# Who starts among six: Anna 3, Bruno 3, Carla 2, Dario 2, Elena 4, Franco 2 -> Carla, Dario and Franco
# tie on 2 and roll again: 5, 1, 1 -> Dario and Franco tie on 1: 6, 6 -> tie on 6: 4, 3 -> Franco starts.
SIX_START = ["tre", "tre", "due", "due", "quattro", "due", "cinque", "uno", "uno", "sei", "sei", "quattro", "tre"]


@pytest.mark.slow  # a real process: the full tier (the fast tier keeps one of each kind)
def test_six_players_who_roll_alike_tie_and_nobody_wins(voice_host, tmp_path):
    players = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Franco"]
    script = tmp_path / "six.txt"
    turns = "".join(f"{dice}\n{box}\n" for dice, box in ANNA_TURNS for _ in players)
    script.write_text("\n".join(SIX_START) + "\n" + turns, encoding="utf-8")
    run = voice_host("play", "--game", "yatzi", "--players", ",".join(players), "--tts", "print",
                     "--input", f"script:{script}")
    assert run.code == 0, run.stderr
    assert run.summary is not None and run.summary["finished"] is True
    assert run.summary["winner"] is None
    assert [(p["name"], p["total"]) for p in run.summary["players"]] == [(name, 283) for name in players]
    assert ("Carla, Dario e Franco hanno fatto due: ritirate.\nCarla, tira un dado e di' il numero.\n"
            in run.stdout)
    assert "Dario e Franco hanno fatto uno: ritirate." in run.stdout
    assert "Dario e Franco hanno fatto sei: ritirate." in run.stdout
    assert "Comincia Franco, che ha fatto tre.\nTurno 1 di 13.\nFranco, tira i dadi" in run.stdout
    assert "Partita finita in parità.\nTutti pari a 283." in run.stdout


@pytest.mark.slow  # the host started as a process for a whole game or more: the full tier
def test_who_starts_with_a_tie_worked_by_hand(voice_host):
    run = voice_host("play", "--game", "yatzi", "--players", "Anna,Bruno,Carla", "--tts", "print",
                     "--input", f"script:{GAMES / 'yatzi_start_tie.txt'}")
    assert run.code == 3, run.stderr  # the script stops in round 2
    said = [line for line in run.stdout.splitlines() if not line.startswith("> ")]
    assert said[:7] == [
        "Anna, Bruno e Carla, giochiamo a Yatzi: tredici turni, con i vostri dadi.",
        "Per cominciare, un dado a testa: comincia chi fa meno.",
        "Anna, tira un dado e di' il numero.",
        "Bruno, tira un dado e di' il numero.",
        "Carla, tira un dado e di' il numero.",
        "Bruno e Carla hanno fatto due: ritirate.",
        "Bruno, tira un dado e di' il numero.",
    ]
    # Carla's misheard 1 decided at once; annulla takes that die back and asks Carla again
    wrong = said.index("Comincia Carla, che ha fatto uno.")
    assert said[wrong + 1: wrong + 5] == ["Turno 1 di 13.", "Carla, tira i dadi e di' i cinque valori.",
                                          "Annullato: il dado di Carla, uno.", "Carla, tira un dado e di' il numero."]
    start = said.index("Comincia Carla, che ha fatto tre.")
    assert said[start + 1: start + 3] == ["Turno 1 di 13.", "Carla, tira i dadi e di' i cinque valori."]
    assert said[-5:] == ["Bruno segna 40 in scala massima: totale 40.", "Turno 2 di 13.",
                         "Carla, tira i dadi e di' i cinque valori.",
                         "Classifica: Carla 50; Anna e Bruno a 40.", "Carla, tira i dadi e di' i cinque valori."]
    assert run.summary is not None and run.summary["finished"] is False
    assert {p["name"]: p["total"] for p in run.summary["players"]} == {"Anna": 40, "Bruno": 40, "Carla": 50}


@pytest.mark.slow
def test_resume_in_the_middle_of_who_starts(tmp_path, voice_host):
    lines = [line for line in (GAMES / "yatzi_start_tie.txt").read_text(encoding="utf-8").splitlines()
             if line and not line.startswith("#")]
    journal = tmp_path / "start.jsonl"
    first = tmp_path / "first.txt"
    first.write_text("\n".join(lines[:4]) + "\n", encoding="utf-8")  # through the tie and Bruno's 5
    run = voice_host("play", "--game", "yatzi", "--players", "Anna,Bruno,Carla", "--tts", "print",
                     "--input", f"script:{first}", "--journal", str(journal))
    assert run.code == 3 and "Bruno e Carla hanno fatto due: ritirate." in run.stdout
    rest = tmp_path / "rest.txt"
    rest.write_text("\n".join(lines[4:]) + "\n", encoding="utf-8")
    run = voice_host("play", "--resume", str(journal), "--input", f"script:{rest}", "--tts", "print")
    assert run.code == 3, run.stderr
    # after the resume Carla's die is awaited; "uno" then annulla takes back only that die
    assert run.stdout.splitlines()[2] == "Carla, tira un dado e di' il numero."
    assert "Annullato: il dado di Carla, uno." in run.stdout
    assert "Comincia Carla, che ha fatto tre." in run.stdout
    assert {p["name"]: p["total"] for p in run.summary["players"]} == {"Anna": 40, "Bruno": 40, "Carla": 50}


def _dice_of(sentence: str) -> list[int]:
    words = {"uno": 1, "due": 2, "tre": 3, "quattro": 4, "cinque": 5, "sei": 6}
    return [words[w] for w in re.split(r", | e ", sentence)]


@pytest.mark.slow  # a real process: the full tier (the fast tier keeps one of each kind)
def test_virtual_dice_choose_who_starts_and_roll_the_first_roll_unasked(voice_host, tmp_path):
    script = tmp_path / "v.txt"
    script.write_text("basta\nchance\nbasta\nchance\n", encoding="utf-8")
    args = ("play", "--game", "yatzi", "--players", "Anna,Bruno", "--virtual-dice", "--seed", "4",
            "--tts", "print", "--input", f"script:{script}")
    run = voice_host(*args)
    assert run.code == 3, run.stderr
    said = run.stdout.splitlines()
    assert said[0] == "Anna e Bruno, giochiamo a Yatzi: tredici turni, i dadi li tiro io."
    rolls = re.fullmatch(r"Un dado a testa, comincia chi fa meno: Anna ([a-z]+), Bruno ([a-z]+)\.", said[1])
    assert rolls is not None
    anna, bruno = _dice_of(rolls.group(1))[0], _dice_of(rolls.group(2))[0]
    index = 2
    while anna == bruno:  # a tie: both roll again
        rolls = re.fullmatch(r"Spareggio: Anna ([a-z]+), Bruno ([a-z]+)\.", said[index])
        assert rolls is not None
        anna, bruno = _dice_of(rolls.group(1))[0], _dice_of(rolls.group(2))[0]
        index += 1
    starter, other = ("Anna", "Bruno") if anna < bruno else ("Bruno", "Anna")
    assert said[index: index + 2] == [f"Comincia {starter}.", "Turno 1 di 13."]
    # no "di' tira": the first prompt already holds the dice; basta goes straight to one box question
    assert re.fullmatch(rf"{starter}, hai [a-z, ]+; restano 2 tiri\. Tieni, ritiri o segni\?", said[index + 2])
    assert said[index + 3] == "> basta"
    asked = re.fullmatch(rf"{starter}, con ([a-z, ]+): dove segni\?", said[index + 4])
    assert asked is not None and said[index + 5] == "> chance"
    chance = sum(_dice_of(asked.group(1)))
    assert said[index + 6] == f"{starter} segna {chance} in chance: totale {chance}."
    assert said[index + 7].startswith(f"{other}, hai ")
    assert voice_host(*args).stdout == run.stdout  # the seed fixes everything


@pytest.mark.slow
def test_a_virtual_journal_with_dice_the_seed_did_not_roll_is_refused(voice_host, tmp_path):
    journal = tmp_path / "v.jsonl"
    script = tmp_path / "v.txt"
    script.write_text("ritira tutto\nbasta\nchance\n", encoding="utf-8")
    run = voice_host("play", "--game", "yatzi", "--players", "Anna", "--virtual-dice", "--seed", "9",
                     "--tts", "none", "--input", f"script:{script}", "--journal", str(journal))
    assert run.code == 3, run.stderr
    records = journal.read_text(encoding="utf-8").splitlines()
    reroll = json.loads(records[1])["do"]
    assert reroll["type"] == "keep_roll" and reroll["dice"] != [6, 6, 6, 6, 6]
    empty = tmp_path / "empty.txt"
    empty.write_text("", encoding="utf-8")
    honest = voice_host("play", "--resume", str(journal), "--input", f"script:{empty}", "--tts", "none")
    assert honest.code == 3 and honest.summary is not None
    # the player edits the reroll to five sixes: refused with one Italian line, the journal untouched
    # ... and recomputes the chained sums, so only the seed can tell
    parsed = [{k: v for k, v in json.loads(line).items() if k != "sum"} for line in records]
    parsed[1] = {"do": {"type": "keep_roll", "keep": [], "dice": [6, 6, 6, 6, 6]}}
    journal.write_text("".join(chained_lines(parsed)), encoding="utf-8")
    tampered = journal.read_text(encoding="utf-8")
    run = voice_host("play", "--resume", str(journal), "--input", f"script:{empty}", "--tts", "none")
    assert run.code == 2
    assert run.stderr.count("\n") == 1 and "Traceback" not in run.stderr
    assert "i dadi virtuali di Anna nel giornale (sei, sei, sei, sei e sei) non sono quelli del seme" in run.stderr
    assert journal.read_text(encoding="utf-8") == tampered


def _journal(path: Path, config: dict[str, object], *actions: dict[str, object]) -> None:
    path.write_text(journal_text("yatzi", config, [{"do": a} for a in actions]), encoding="utf-8")


@pytest.mark.slow
def test_badly_typed_yatzi_journals_get_one_line_and_exit_2(voice_host, tmp_path):
    config = {"players": ["Anna"], "first": None, "virtual": False, "seed": 1}
    bad = {
        "bool-dice": (config, {"type": "dice", "dice": [True, 1, 1, 1, 1]}),
        "float-die": (config, {"type": "dice", "dice": [1, 1, 1, 1, 2.5]}),
        "die-seven": (config, {"type": "dice", "dice": [1, 1, 1, 1, 7]}),
        "huge-seed": (dict(config, seed=float("inf")), {"type": "dice", "dice": [1, 1, 1, 1, 1]}),
        "seed-text": (dict(config, seed="7"), {"type": "dice", "dice": [1, 1, 1, 1, 1]}),
        "bool-virtual": (dict(config, virtual=1), {"type": "dice", "dice": [1, 1, 1, 1, 1]}),
    }
    empty = tmp_path / "empty.txt"
    empty.write_text("", encoding="utf-8")
    for name, (conf, action) in bad.items():
        path = tmp_path / f"{name}.jsonl"
        _journal(path, conf, action)
        if name == "huge-seed":  # what a hand edit to "seed": 1e400 reads as
            path.write_text(path.read_text(encoding="utf-8").replace("Infinity", "1e400"), encoding="utf-8")
        run = voice_host("play", "--resume", str(path), "--input", f"script:{empty}", "--tts", "none")
        assert run.code == 2, (name, run.stderr)
        assert run.stderr.count("\n") == 1 and "Traceback" not in run.stderr, (name, run.stderr)
        assert run.stderr.startswith("voice-host: errore: "), (name, run.stderr)
