"""The doubt's truth test of each source, and the --truth house rule, through the real CLI.

Worked by hand from the sources:
- wiki (classico): the doubter pays "se invece il tiro corrisponde alla dichiarazione";
- Milella: the declarer pays unless "il valore dichiarato corrisponde alla realtà del tiro";
- Lizumo: the declaration holds with "un punto almeno pari a quello dichiarato".
So 5-5 under a 53 claim is a bluff in classico and milella, and true in lizumo.
"""

from __future__ import annotations

from pathlib import Path

import pytest

THREE = "Anna,Bruno,Carla"

# (rules, --truth or None, who pays, penalties paid, the reveal sentence)
CASES = [
    # classico, exact by default: 55 is not 53, Anna bluffed and takes 1 of 10
    ("classico", None, "Anna", 1, "Coppia di cinque: bluff!"),
    # classico with the at-least house rule: 55 is worth more than 53, Bruno doubted wrongly
    ("classico", "at-least", "Bruno", 1, "Coppia di cinque: era vero."),
    # lizumo, at least by default: Bruno loses one of his 3 lives
    ("lizumo", None, "Bruno", 1, "Coppia di cinque: era vero."),
    # lizumo with the exact house rule: Anna bluffed
    ("lizumo", "exact", "Anna", 1, "Coppia di cinque: bluff!"),
    # milella, exact by default, in the first duel (Anna against Bruno)
    ("milella", None, "Anna", 1, "Coppia di cinque: bluff!"),
    ("milella", "at-least", "Bruno", 1, "Coppia di cinque: era vero."),
]


def _script(tmp_path: Path, *lines: str) -> str:
    path = tmp_path / "script.txt"
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return f"script:{path}"


@pytest.mark.slow
@pytest.mark.parametrize("rules, truth, payer, amount, sentence", CASES,
                         ids=[f"{c[0]}-{c[1] or 'default'}" for c in CASES])
def test_a_higher_roll_than_declared(voice_host, tmp_path, rules, truth, payer, amount, sentence):
    args = ["play", "--game", "tokio", "--players", THREE, "--rules", rules, "--tts", "print",
            "--input", _script(tmp_path, "cinquantatré", "dubito", "cinque e cinque")]
    if truth:
        args += ["--truth", truth]
    run = voice_host(*args)
    assert run.code == 3, run.stderr
    assert sentence in run.stdout
    paid = {name: penalties for name, (penalties, _, _) in run.players().items()}
    assert paid == {name: (amount if name == payer else 0) for name in THREE.split(",")}
    expected_truth = {"exact": "exact", "at-least": "at_least"}[truth] if truth else (
        "at_least" if rules == "lizumo" else "exact")
    assert run.summary is not None and run.summary["truth"] == expected_truth


@pytest.mark.slow  # seconds of simulation or processes: the full tier
@pytest.mark.parametrize("truth", [None, "exact", "at-least"])
def test_milella_pechino_under_a_tokio_claim_is_a_doubled_bluff(voice_host, tmp_path, truth):
    # Tokio (3-1) declared, Pechino (2-1) under the cup: not the roll declared, and the
    # lowest value of Milella's sheet; "Pechino beats Tokio" is for raising only.
    # Tokio was declared, so the duel's penalties are doubled: Anna takes 2.
    args = ["play", "--game", "tokio", "--players", THREE, "--rules", "milella", "--tts", "print",
            "--input", _script(tmp_path, "trentuno", "dubito", "due e uno")]
    if truth:
        args += ["--truth", truth]
    run = voice_host(*args)
    assert "Pechino: bluff!" in run.stdout
    assert "Anna prende 2 penalità, doppie per il tokio, ne ha 2." in run.stdout
    assert run.players()["Anna"] == (2, 6, False) and run.players()["Bruno"] == (0, 8, False)


@pytest.mark.slow  # the host started as a process for a whole game or more: the full tier
def test_milella_confirmation_of_the_claim_that_starts_doubling(voice_host, tmp_path):
    # Anna declares Pechino, Bruno believes and declares Tokio: Tokio is the highest value but
    # does not beat Pechino (Milella's cycle), and
    # declaring Tokio doubles the duel at once, so the lower claim costs 2, as asked.
    run = voice_host("play", "--game", "tokio", "--players", THREE, "--rules", "milella", "--tts", "print",
                     "--input", _script(tmp_path, "pechino", "ci credo", "tokio", "sì"))
    assert "Tokio non batte pechino: prendi 2 penalità. Bruno, confermi?" in run.stdout
    assert "Bruno prende 2 penalità, doppie per il tokio, ne ha 2." in run.stdout
    assert run.players()["Bruno"] == (2, 6, False)


@pytest.mark.slow
def test_resume_keeps_the_house_truth_test(voice_host, tmp_path):
    journal = tmp_path / "game.jsonl"
    first = voice_host("play", "--game", "tokio", "--players", THREE, "--truth", "at-least", "--tts", "none",
                       "--journal", str(journal), "--input", _script(tmp_path, "cinquantatré", "dubito"))
    assert first.code == 3
    rest = tmp_path / "rest.txt"
    rest.write_text("cinque e cinque\n", encoding="utf-8")
    run = voice_host("play", "--resume", str(journal), "--tts", "print", "--input", f"script:{rest}")
    assert "Coppia di cinque: era vero." in run.stdout
    assert run.players()["Bruno"][0] == 1


@pytest.mark.slow
@pytest.mark.parametrize("sides, top, the_top", [(4, "taipei", "il taipei"), (8, "yokohama", "lo yokohama"),
                                                 (10, "pechino", "il pechino")])
def test_other_dice_speak_of_their_own_top_roll(voice_host, tmp_path, sides, top, the_top):
    # The help names the top of these dice; a declared top doubles the round "per il <top>":
    # the cup shows 4-3, so Anna bluffed and takes 2.
    run = voice_host("play", "--game", "tokio", "--players", THREE, "--dice", str(sides), "--tts", "print",
                     "--input", _script(tmp_path, "aiuto", top, "aiuto", "dubito", "quattro e tre"))
    help_line = next(line for line in run.stdout.splitlines() if line.startswith("Dichiara un punto"))
    assert top in help_line and "tokio" not in help_line
    assert f"{top.capitalize()}! Bruno: accetti, dubiti o passi?" in run.stdout
    assert "Puoi dire accetto, dubito o passo." in run.stdout
    assert f"Anna prende 2 penalità, doppie per {the_top}, ne ha 2." in run.stdout
    assert "tokio" not in run.stdout.lower()
