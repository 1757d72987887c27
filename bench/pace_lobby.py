"""The lobby's pace (``bench/pace.py --lobby``): from ``voice-host serata`` to the first claim of a Tokio game.

The real lobby, journal and game session run in this process on scripted answers; the
recorder stops at the first question of the game's claim phase ("Anna, tira e dichiara.").
Counted: the exchanges (answers the players give), the words the host says and the words
the players say; and the seconds of the host's speech, measured, not estimated: each turn
(what the host says before an answer, in one breath) is synthesized by espeak-ng's Italian
voice to a WAV file at pyttsx3's default rate for espeak (200 words a minute) and the
file's frames are counted. The gaps the speaker puts between sentences and the listening
cue are not in it. Two tables: the defaults accepted by three new players, and the same
table remembered from an earlier evening.
"""

from __future__ import annotations

import datetime
import subprocess
import sys
import tempfile
import wave
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from grammars.evening.names import italian_names
from voice_host.core.ports import Heard, ListenRequest
from voice_host.evening.lobby import Lobby
from voice_host.evening.run import EVENING, EveningRun
from voice_host.games import GAMES
from voice_host.storage.journal import Journal

#: espeak-ng's speed for pyttsx3's default rate (its espeak driver starts at 200 words a minute).
RATE = 200
NEW_TABLE = ["tokio", "va bene", "Anna", "Bruno", "Carla", "siamo tutti"]
REMEMBERED = ["tokio", "va bene", "sì"]


@dataclass
class _Table:
    """The players: scripted answers, and every turn the host says."""

    answers: list[str]
    turns: list[list[str]] = field(default_factory=lambda: [[]])
    given: list[str] = field(default_factory=list)

    def listen(self, request: ListenRequest) -> Heard | None:
        if str(getattr(request.phase, "value", request.phase)) == "claim" or len(self.given) == len(self.answers):
            return None  # the first claim is asked: the lobby is over
        self.given.append(self.answers[len(self.given)])
        self.turns.append([])
        return Heard(self.given[-1])

    def say(self, text: str) -> None:
        self.turns[-1].append(text)

    def say_all(self, sentences: Sequence[str], *, cue: bool = False) -> None:
        self.turns[-1].extend(sentences)

    def close(self) -> None:
        pass


def seconds(text: str, folder: Path) -> float:
    """How long espeak-ng's Italian voice takes to say ``text`` (measured on the WAV it writes)."""
    path = folder / "turn.wav"
    subprocess.run(["espeak-ng", "-v", "it", "-s", str(RATE), "-w", str(path), text], check=True, capture_output=True)
    with wave.open(str(path)) as wav:
        return wav.getnframes() / wav.getframerate()


@dataclass(frozen=True)
class LobbyPace:
    """One table's lobby: exchanges, words, seconds (the game's opening turn apart)."""

    exchanges: int
    host_words: int
    player_words: int
    host_s: float
    opening_s: float
    turns: list[list[str]]


def lobby_pace(answers: list[str], remembered: list[str] | None = None) -> LobbyPace:
    """Run the lobby on ``answers`` (``remembered``: the table an earlier evening left) up to the first claim."""
    with tempfile.TemporaryDirectory(prefix="vh-pace-lobby-") as name:
        folder = Path(name)
        table = _Table(list(answers))
        journal = Journal.create(str(folder / "serata.jsonl"), EVENING, {"started": datetime.date.today().isoformat()})
        records = [{"r": "offer", "players": remembered}] if remembered else []
        for record in records:
            journal.append(record)
        lobby = Lobby(GAMES, names=italian_names(), free_names=True)
        evening = EveningRun.replayed(lobby, table, table, journal, records, printed=lambda text: None)
        evening.resumed = False  # a new evening with a remembered table, as ``serata`` starts it
        try:
            evening.run()
        finally:
            journal.close()
        turns = [turn for turn in table.turns if turn]
        lobby_turns, opening = turns[:-1], turns[-1]  # the last turn: "Giocano ...", the game's opening, the claim
        said = [s for turn in turns for s in turn]
        host_s = sum(seconds(" ".join(turn), folder) for turn in lobby_turns)
        last = seconds(" ".join(opening), folder)
        return LobbyPace(len(table.given), sum(len(s.split()) for s in said),
                         sum(len(a.split()) for a in table.given), host_s + last, last, turns)


def report() -> str:
    """Print both tables' turns and return the figures' line."""
    new = lobby_pace(NEW_TABLE)
    again = lobby_pace(REMEMBERED, remembered=["Anna", "Bruno", "Carla"])
    for title, pace in (("new table", new), ("remembered table", again)):
        print(f"{title}:")
        for turn, answer in zip(pace.turns, [*(NEW_TABLE if pace is new else REMEMBERED), ""]):
            print(f"  host: {' '.join(turn)}" + (f"\n  players: {answer}" if answer else ""))
    return (f"lobby exchanges={new.exchanges} host_words={new.host_words} player_words={new.player_words} "
            f"host_s={new.host_s:.1f} (of which the game's opening turn {new.opening_s:.1f}) "
            f"remembered_exchanges={again.exchanges} remembered_host_s={again.host_s:.1f} "
            f"(espeak-ng -v it -s {RATE})")
