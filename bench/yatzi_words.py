"""How much the host says in a game of Yatzi, and how many answers the players give.

Plays the scripted games of ``tests/e2e/games`` through the real session and
dialog (the speaker only records; the listener reads the script), and counts,
side by side in one run:

- ``solo``: ``yatzi_solo.txt``, physical dice, one player;
- ``duo``: ``yatzi_duo.txt``, physical dice, Anna and Bruno, ``--first Anna``;
- ``virtual``: ``yatzi_virtual.txt``, virtual dice, one player, seed 7;
- ``start``: ``yatzi_start_tie.txt``, three players choosing who starts with a tie.

Words are the host's sentences split on spaces; answers are the script lines the
game consumed. Run: ``python bench/yatzi_words.py``. The last line is
``yatzi_words solo_words=N duo_words=N virtual_words=N virtual_answers=N start_words=N``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from voice_host.core.dialog import GameDialog
from voice_host.core.ports import Heard, ListenRequest
from voice_host.core.session import Session
from voice_host.games.yatzi.dialog import YatziDialog

GAMES = Path(__file__).resolve().parents[1] / "tests" / "e2e" / "games"


class _Script:
    """The script's lines, one per question; counts what was consumed."""

    def __init__(self, path: Path) -> None:
        text = path.read_text(encoding="utf-8")
        self.lines = [line for line in text.splitlines() if line.strip() and not line.startswith("#")]
        self.answers = 0

    def listen(self, request: ListenRequest) -> Heard | None:
        if not self.lines:
            return None
        self.answers += 1
        return Heard(self.lines.pop(0))

    def close(self) -> None:
        pass


class _Words:
    """A speaker that counts words."""

    def __init__(self) -> None:
        self.words = 0

    def say(self, text: str) -> None:
        self.words += len(text.split())

    def say_all(self, sentences: Sequence[str]) -> None:
        for text in sentences:
            self.say(text)

    def close(self) -> None:
        pass


def play(script: str, new_dialog: Callable[[], GameDialog[Any, Any]]) -> tuple[int, int]:
    """(host words, player answers) of one scripted game."""
    listener, speaker = _Script(GAMES / script), _Words()
    Session(new_dialog, listener, speaker).run()
    return speaker.words, listener.answers


def main() -> None:
    solo, _ = play("yatzi_solo.txt", lambda: YatziDialog(["Anna"]))
    duo, _ = play("yatzi_duo.txt", lambda: YatziDialog(["Anna", "Bruno"], first="Anna"))
    virtual, answers = play("yatzi_virtual.txt", lambda: YatziDialog(["Anna"], virtual=True, seed=7))
    start, _ = play("yatzi_start_tie.txt", lambda: YatziDialog(["Anna", "Bruno", "Carla"]))
    print(f"yatzi_words solo_words={solo} duo_words={duo} virtual_words={virtual} "
          f"virtual_answers={answers} start_words={start}")


if __name__ == "__main__":
    main()
