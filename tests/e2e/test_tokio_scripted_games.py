"""Complete Tokio games through the command line, one per preset and dice.

The scripts are in ``games/``; every expected outcome below was worked by hand
from RULES.md (the reasoning is in the comments of each script).
"""

from __future__ import annotations

from pathlib import Path

import pytest

GAMES = Path(__file__).parent / "games"

# (script, rules, dice, limit or None, players, winner, {name: (penalties, lives, out)})
GAMES_BY_HAND = [
    ("classico_d6", "classico", 6, 2, "Anna,Bruno,Carla", "Anna",
     {"Anna": (1, 1, False), "Bruno": (3, 0, True), "Carla": (3, 0, True)}),
    ("classico_d4", "classico", 4, 2, "Anna,Bruno", "Anna",
     {"Anna": (0, 2, False), "Bruno": (2, 0, True)}),
    ("classico_d8", "classico", 8, 2, "Anna,Bruno", "Bruno",
     {"Anna": (2, 0, True), "Bruno": (1, 1, False)}),
    ("classico_d10", "classico", 10, 2, "Anna,Bruno,Carla", "Carla",
     {"Anna": (2, 0, True), "Bruno": (2, 0, True), "Carla": (1, 1, False)}),
    ("lizumo_d6", "lizumo", 6, None, "Anna,Bruno", "Bruno",
     {"Anna": (3, 0, True), "Bruno": (1, 2, False)}),
    ("lizumo_d4", "lizumo", 4, 2, "Anna,Bruno,Carla", "Carla",
     {"Anna": (3, 0, True), "Bruno": (2, 0, True), "Carla": (0, 2, False)}),
    ("lizumo_d8", "lizumo", 8, 3, "Anna,Bruno", "Anna",
     {"Anna": (1, 2, False), "Bruno": (3, 0, True)}),
    ("lizumo_d10", "lizumo", 10, 2, "Anna,Bruno,Carla", "Anna",
     {"Anna": (1, 1, False), "Bruno": (2, 0, True), "Carla": (2, 0, True)}),
    ("milella_d6", "milella", 6, 2, "Anna,Bruno,Carla", "Anna",
     {"Anna": (0, 2, False), "Bruno": (2, 0, True), "Carla": (2, 0, True)}),
]


@pytest.mark.slow
@pytest.mark.parametrize("source", ["script", "keyboard"])
@pytest.mark.parametrize("script,rules,dice,limit,players,winner,expected", GAMES_BY_HAND,
                         ids=[g[0] for g in GAMES_BY_HAND])
def test_game_ends_as_worked_by_hand(voice_host, source, script, rules, dice, limit, players, winner, expected):
    path = GAMES / (script + ".txt")
    args = ["play", "--game", "tokio", "--players", players, "--rules", rules, "--dice", str(dice), "--tts", "print"]
    if limit is not None:
        args += ["--limit", str(limit)]
    if source == "script":
        run = voice_host(*args, "--input", f"script:{path}")
    else:  # the same lines typed at the keyboard (comments would be typed too: drop them)
        typed = "".join(line + "\n" for line in path.read_text(encoding="utf-8").splitlines()
                        if not line.startswith("#"))
        run = voice_host(*args, "--input", "keyboard", stdin=typed)
    assert run.code == 0, run.stderr + run.stdout[-2000:]
    assert run.summary is not None
    assert run.summary["game"] == "tokio"
    assert run.summary["rules"] == rules
    assert run.summary["dice"] == dice
    assert run.summary["finished"] is True
    assert run.summary["winner"] == winner
    assert run.players() == expected
    assert [p["name"] for p in run.summary["players"]] == players.split(",")
    assert f"{winner} vince la partita!" in run.stdout
    assert "Traceback" not in run.stderr


@pytest.mark.slow  # the host started as a process for a whole game or more: the full tier
def test_classico_transcript_announces_events_and_reasons(voice_host):
    run = voice_host("play", "--game", "tokio", "--players", "Anna,Bruno,Carla", "--limit", "2",
                     "--input", f"script:{GAMES / 'classico_d6.txt'}", "--tts", "print")
    out = run.stdout
    # the claim is echoed in the question to the next player, the noise is refused, the undo is announced
    assert "Cinquantatré. Bruno, ci credi?" in out
    assert "Non ho capito" in out
    assert "Annullato: Bruno dichiara sessantuno." in out
    # the reveal, who pays, how much, why and the new count; the standings at an elimination
    assert "Sessantuno: era vero." in out
    assert "Carla prende una penalità, ne ha 1." in out
    assert "Cinquantatré: bluff!" in out
    assert "Carla prende 2 penalità, doppie per il tokio: è fuori." in out
    assert "Penalità: Anna e Bruno 0, Carla fuori." in out
    # a lower claim is confirmed first, naming the player; the third answer to Tokio is offered
    assert "Quarantadue è meno di coppia di quattro: prendi una penalità. Bruno, confermi?" in out
    assert "Tokio! Bruno: accetti, dubiti o passi?" in out
    assert "Bruno passa: prende una penalità, ne ha 1." in out


@pytest.mark.slow  # the host started as a process for a whole game or more: the full tier
def test_impossible_claim_is_refused_without_penalty(voice_host):
    run = voice_host("play", "--game", "tokio", "--players", "Anna,Bruno,Carla", "--rules", "lizumo",
                     "--dice", "4", "--limit", "2",
                     "--input", f"script:{GAMES / 'lizumo_d4.txt'}", "--tts", "print")
    assert "Cinquantuno non esiste con i dadi da 4." in run.stdout
    assert run.players()["Anna"] == (3, 0, True)  # the refused claim cost nothing: only 1 + 2
