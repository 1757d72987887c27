"""A set of journals worked by hand: three Tokio games and three Yatzi games, written as the host writes them.

The figures each test expects are worked out from RULES.md in the comments of
:func:`write_journal_set`, never read back from the code.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

from voice_host.storage.journal import Journal


def tokio_config(players: list[str], first: str, limit: int) -> dict[str, Any]:
    return {"rules": "classico", "dice": None, "limit": limit, "truth": None, "players": players, "first": first}


def yatzi_config(players: list[str], first: str) -> dict[str, Any]:
    return {"players": players, "first": first, "virtual": False, "seed": 1, "rules": "seed"}


def claim(high: int, low: int) -> dict[str, Any]:
    return {"type": "claim", "dice": [high, low]}


def reveal(high: int, low: int) -> dict[str, Any]:
    return {"type": "reveal", "dice": [high, low]}


BELIEVE, DOUBT, PASS = {"type": "believe"}, {"type": "doubt"}, {"type": "take_penalty"}

#: Anna's card of tests/e2e/games/yatzi_solo.txt: 283 (upper 66 + bonus 30, one yatzi).
ANNA_CARD = [
    ([1, 1, 1, 2, 3], "assi"), ([2, 2, 2, 5, 5], "due"), ([3, 3, 3, 3, 6], "tre"), ([4, 4, 4, 1, 2], "quattro"),
    ([5, 5, 5, 6, 6], "cinque"), ([6, 6, 6, 1, 1], "sei"), ([2, 2, 5, 5, 5], "tris"), ([3, 3, 3, 3, 2], "poker"),
    ([2, 2, 3, 3, 3], "full"), ([4, 5, 6, 1, 3], "scala_minima"), ([1, 2, 3, 4, 5], "scala_massima"),
    ([6, 6, 6, 6, 6], "yatzi"), ([1, 2, 2, 4, 6], "chance"),
]
#: Always 1-1-2-2-3, the boxes in order: assi 2, due 4, tre 3, chance 9, the rest 0: 18, no bonus.
LOW_CARD = [([1, 1, 2, 2, 3], box) for box, _ in [(b, 0) for _, b in ANNA_CARD]]
#: Always five sixes, the boxes in order: sei 30, tris 18, poker 24, yatzi 50, chance 30, the rest 0:
#: 152, upper 30 (no bonus), one yatzi.
SIXES_CARD = [([6, 6, 6, 6, 6], box) for _, box in ANNA_CARD]


def yatzi_turns(*cards: list[tuple[list[int], str]], turns: int = 13) -> list[dict[str, Any]]:
    """The records of ``turns`` rounds of physical-dice turns, the cards in seat order."""
    records = []
    for turn in range(turns):
        for card in cards:
            dice, box = card[turn]
            records += [{"type": "dice", "dice": dice}, {"type": "score", "box": box}]
    return records


def write(folder: Path, name: str, game: str, config: dict[str, Any], steps: list[Any], end_at: float) -> Path:
    """A journal as the host writes it; "undo", "end" and "resume" in ``steps`` act as their names say."""
    path = folder / name
    journal = Journal.create(str(path), game, config)
    for step in steps:
        if step == "undo":
            journal.append_undo()
        elif step == "end":
            journal.append_end()
        elif step == "resume":
            journal.close()
            journal, _ = Journal.resume(str(path))
        else:
            journal.append(step)
    journal.close()
    os.utime(path, (end_at, end_at))
    return path


def write_journal_set(folder: Path) -> dict[str, Path]:
    """Six games; their names carry their start, the file times their end (T1 oldest, Y3 newest)."""
    day = time.mktime((2024, 3, 5, 21, 0, 0, 0, 0, -1))
    paths = {}
    # T1: classico, limit 2, Anna, Bruno, Carla; finished, Anna wins.
    # R1 Anna 4-2, Bruno believes, claims 5-3, Carla doubts: 5-3 holds: Carla 1 (wrong doubt, given by Bruno).
    # R2 Carla claims 6-6, annulla, 4-1; Anna doubts: 3-1: bluff caught, Carla 2: out (first out).
    # R3 Anna declares Tokio (2-1); Bruno takes the penalty: Bruno 1 (given by Anna).
    # R4 Bruno 6-5, Anna believes, claims 6-5, Bruno doubts: it holds: Bruno 2 (given by Anna): Anna wins.
    paths["T1"] = write(folder, "tokio-20240305-210000-000001.jsonl", "tokio",
                        tokio_config(["Anna", "Bruno", "Carla"], "Anna", 2),
                        [claim(4, 2), BELIEVE, claim(5, 3), DOUBT, reveal(5, 3),
                         claim(6, 6), "undo", claim(4, 1), DOUBT, reveal(3, 1),
                         claim(2, 1), PASS,
                         claim(6, 5), BELIEVE, claim(6, 5), DOUBT, reveal(6, 5)], day + 1200)
    # T2: "anna" (Anna, spelt small), Bruno; Bruno 5-4, anna doubts: 2-2: bluff caught, Bruno 1; then fine partita.
    paths["T2"] = write(folder, "tokio-20240305-213000-000002.jsonl", "tokio",
                        tokio_config(["anna", "Bruno"], "Bruno", 10),
                        [claim(5, 4), DOUBT, reveal(2, 2), "end"], day + 2100)
    # T3: limit 1, Anna, NICOLO; resumed after the first claim. Anna 3-2, NICOLO believes, claims 4-4,
    # Anna believes, claims 5-5, NICOLO doubts: it holds: NICOLO 1: out, Anna wins. One round.
    paths["T3"] = write(folder, "tokio-20240306-210000-000003.jsonl", "tokio",
                        tokio_config(["Anna", "NICOLO"], "Anna", 1),
                        [claim(3, 2), "resume", BELIEVE, claim(4, 4), BELIEVE, claim(5, 5), DOUBT, reveal(5, 5)],
                        day + 86400 + 600)
    # Y1: Anna 283 against Bruno 18: Anna wins.
    paths["Y1"] = write(folder, "yatzi-20240307-210000-000004.jsonl", "yatzi", yatzi_config(["Anna", "Bruno"], "Anna"),
                        yatzi_turns(ANNA_CARD, LOW_CARD), day + 2 * 86400 + 1800)
    # Y2: Nicolò 152 (five sixes every turn) against Bruno 283 (Anna's card); a box written wrong and
    # undone on the third turn; resumed half-way. Bruno wins.
    y2 = yatzi_turns(SIXES_CARD, ANNA_CARD)
    wrong = [{"type": "dice", "dice": [6, 6, 6, 6, 6]}, {"type": "score", "box": "yatzi"}, "undo", "undo"]
    y2 = y2[:8] + wrong + y2[8:26] + ["resume"] + y2[26:]
    paths["Y2"] = write(folder, "yatzi-20240308-210000-000005.jsonl", "yatzi",
                        yatzi_config(["Nicolò", "Bruno"], "Nicolò"), y2, day + 3 * 86400 + 1500)
    # Y3: Anna and Bruno, two turns each, then fine partita: no score counts; no yatzi.
    paths["Y3"] = write(folder, "yatzi-20240309-210000-000006.jsonl", "yatzi", yatzi_config(["Anna", "Bruno"], "Anna"),
                        [*yatzi_turns(ANNA_CARD, LOW_CARD, turns=2), "end"], day + 4 * 86400 + 300)
    return paths


