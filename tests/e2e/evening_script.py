"""The scripted evening of the end-to-end tests and of ``bench/kill_resume.py --evening``.

The two games are the hand-worked scripts of ``games/``: ``classico_d6.txt`` (classico,
d6, limit 2, Anna, Bruno, Carla: Anna wins, RULES.md 1.2-1.3, reasoning in the script) and
``yatzi_solo.txt`` (Anna alone, 283 points). The rematch is stopped at once ("fine
partita", "sì"): a game ended by the players counts for nobody.
"""

from __future__ import annotations

from pathlib import Path

GAMES = Path(__file__).parent / "games"


def game_lines(name: str) -> list[str]:
    """The answers of one scripted game (comments and blank lines left out)."""
    return [line for line in (GAMES / name).read_text(encoding="utf-8").splitlines()
            if line and not line.startswith("#")]


def evening_script() -> list[str]:
    """The evening, answer by answer, in natural words."""
    return [
        "giochiamo a tokio", "sì, ma a due penalità", "va bene",
        "Anna", "Bruno", "Carla", "siamo tutti",
        *game_lines("classico_d6.txt"),
        "rivincita", "fine partita", "sì",
        "esce Bruno", "esce Carla", "cambiamo gioco", "yatzi", "va bene",
        *game_lines("yatzi_solo.txt"),
        "basta per stasera",
    ]


#: The evening's games as the summary gives them: (game, winner, finished).
EXPECTED_GAMES = [("tokio", "Anna", True), ("tokio", None, False), ("yatzi", "Anna", True)]
