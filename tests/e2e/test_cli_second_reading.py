"""The command line's lines after a second reading (issue 17, item 5): Italian, right, for players."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ENGLISH = ("ranking", "defined", "only", "must", "players", "unknown", "seed")


def _one_italian_line(run) -> str:  # type: ignore[no-untyped-def]
    assert run.code == 2, (run.stdout, run.stderr)
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in run.stderr, run.stderr
    line: str = lines[0]
    assert line.startswith("voice-host: errore: ")
    assert not any(word in line.lower() for word in ENGLISH), line
    return line


@pytest.mark.slow
def test_milella_with_d10_is_refused_in_italian(voice_host):
    run = voice_host("play", "--game", "tokio", "--players", "Anna,Bruno", "--rules", "milella", "--dice", "10",
                     "--input", "keyboard", "--tts", "print", "--no-journal")
    assert _one_italian_line(run) == "voice-host: errore: le regole di Milella si giocano solo con i dadi da 6"


@pytest.mark.slow
def test_check_milella_with_d10_is_refused_in_italian(voice_host):
    run = voice_host("check", "--game", "tokio", "--rules", "milella", "--dice", "10")
    assert _one_italian_line(run).endswith("le regole di Milella si giocano solo con i dadi da 6")


@pytest.mark.slow
def test_one_option_the_game_does_not_use_is_toglila(voice_host):
    run = voice_host("play", "--game", "yatzi", "--players", "Anna", "--dice", "6", "--no-journal")
    assert _one_italian_line(run) == "voice-host: errore: Yatzi non usa --dice: toglila"


@pytest.mark.slow
def test_a_missing_journal_folder_is_named_as_the_folder(voice_host, tmp_path):
    run = voice_host("play", "--game", "tokio", "--players", "Anna,Bruno", "--journal", "nessuna/partita.jsonl",
                     "--input", "keyboard", "--tts", "print")
    line = _one_italian_line(run)
    assert line == ("voice-host: errore: non posso creare il giornale nessuna/partita.jsonl: "
                    "la cartella nessuna non esiste")


@pytest.mark.slow
def test_yatzi_rules_are_named_for_players(voice_host):
    run = voice_host("play", "--game", "yatzi", "--players", "Anna", "--rules", "tedesche", "--no-journal")
    assert _one_italian_line(run) == "voice-host: errore: --rules tedesche: per Yatzi scegli foglio o standard"
    help_text = voice_host("play", "--help", summary=False).stdout
    assert "seed o standard" not in help_text and "foglio" in help_text


@pytest.mark.slow
@pytest.mark.parametrize("rules", ["foglio", "seed"])  # "seed" keeps working for old scripts and journals
def test_yatzi_rules_of_the_sheet_start_a_game(voice_host, rules):
    run = voice_host("play", "--game", "yatzi", "--players", "Anna", "--rules", rules, "--no-journal",
                     "--input", "keyboard", "--tts", "print")
    assert run.code == 3, run.stderr
    assert "Anna, giochiamo a Yatzi" in run.stdout


@pytest.mark.slow
@pytest.mark.parametrize("record, detail", [
    # dice a d6 cannot show: the dialog refuses the record, and shows it
    ({"do": {"type": "claim", "dice": [9, 9]}},
     'azione di Tokio non valida nel giornale: {"dice": [9, 9], "type": "claim"}'),
    ({"do": {"type": "believe"}}, "un'azione non si può fare in quel punto della partita"),  # nothing to believe
    ({"do": {"type": "dubbio"}}, 'azione di Tokio non valida nel giornale: {"type": "dubbio"}'),  # no such action
])
def test_a_journal_that_does_not_replay_is_refused_in_italian(voice_host, tmp_path, record, detail):
    sys.path.insert(0, str(Path(__file__).parents[1]))
    from journal_text import journal_text

    path = tmp_path / "partita.jsonl"
    path.write_text(journal_text("tokio", None, [record]), encoding="utf-8")
    yatzi = tmp_path / "yatzi.jsonl"  # a box before any dice: the engine refuses it
    yatzi.write_text(journal_text("yatzi", {"players": ["Anna"], "virtual": False, "seed": 1},
                                  [{"do": {"type": "score", "box": "full"}}]), encoding="utf-8")
    not_now = "un'azione non si può fare in quel punto della partita"
    for args, shown in ((["play", "--resume", str(path), "--input", "keyboard", "--tts", "print"], (path, detail)),
                        (["analizza", str(yatzi)], (yatzi, not_now)),
                        (["play", "--resume", str(yatzi), "--input", "keyboard", "--tts", "print"], (yatzi, not_now))):
        journal, why = shown
        run = voice_host(*args, summary=False)
        assert run.code == 2, (run.stdout, run.stderr)
        lines = run.stderr.strip().splitlines()
        assert len(lines) == 1 and "Traceback" not in run.stderr
        assert lines[0] == f"voice-host: errore: {journal}: il giornale non corrisponde a una partita valida ({why})"
