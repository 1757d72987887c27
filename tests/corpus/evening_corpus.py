"""The corpus's evening lines (setting ``serata``): one lobby answer played through the real evening.

A line's script is the canonical answers given since ``voice-host serata`` started (nothing on the
command line), then its answer. :func:`react` plays them through the real
:class:`~voice_host.evening.run.EveningRun` and :class:`~voice_host.evening.lobby.Lobby`, with fakes
only at the two ports, as ``serata --input script:`` does (any typed name is a name); it returns
what the host said and what the evening journaled.

Two positions need more than the script:

- a game reached by the script ("... / basta così" before "Un'altra?") is played to its end: at a
  Tokio game every claim is "tokio" and every answer "passo" (each round one penalty, in turn, until
  one player is left); at another game the players stop it ("fine partita", "sì");
- a sì or no as the first answer after the rules ("tokio / va bene / sì") answers the table of an
  earlier evening offered again ("Giocano Anna, Bruno e Carla?"), so the evening starts with that
  table remembered, as the command line does after an earlier evening.
"""

from __future__ import annotations

import itertools
import sys
from pathlib import Path
from typing import Any

from grammars.evening.grammar import LobbyPhase
from grammars.evening.names import italian_names
from grammars.intents import Intent
from voice_host.core.ports import Heard, ListenRequest
from voice_host.evening.lobby import Lobby
from voice_host.evening.run import EVENING, EveningRun
from voice_host.games import GAMES
from voice_host.storage.journal import Journal

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "voice_host"))
from fakes import RecordingSpeaker

#: The table an earlier evening left (offered again at the players question).
EARLIER_TABLE = ("Anna", "Bruno", "Carla")
#: A whole Tokio game, said by its players: every claim the top roll, every answer a pass.
TOKIO_AUTOPLAY = {"claim": "tokio", "response": "passo", "reveal": "tokio", "confirm": "sì"}
#: The most lines a game of a position may take.
MOST_GAME_LINES = 400
_RUNS = itertools.count()


class _EveningListener:
    """Serves the script and the answer to the lobby's questions, plays a game met on the way, then ends."""

    def __init__(self, lines: list[str], lobby: Lobby) -> None:
        self.lines = list(lines)
        self.lobby = lobby
        self.intents: list[Intent] = []
        self.game_lines = 0

    def listen(self, request: ListenRequest) -> Heard | None:
        if not self.lines:
            return None
        if not isinstance(request.phase, LobbyPhase):
            return self._play(str(request.phase))
        line = self.lines.pop(0)
        self.intents.append(self.lobby.parse(line))
        return Heard(line)

    def _play(self, phase: str) -> Heard | None:
        self.game_lines += 1
        if self.game_lines > MOST_GAME_LINES:
            return None
        game = self.lobby.state.games[-1].game if self.lobby.state.games else ""
        if game == "tokio" and phase in TOKIO_AUTOPLAY:
            return Heard(TOKIO_AUTOPLAY[phase])
        return Heard("sì" if self.game_lines % 2 == 0 else "fine partita")

    def close(self) -> None:
        pass


def _offers_earlier_table(script: tuple[str, ...], canonical: str) -> bool:
    """True for a sì/no right after the rules: only an earlier evening's table offered asks that."""
    return len(script) == 2 and canonical.strip().lower() in ("sì", "si", "no")


def react(line: Any, answer: str, folder: Path) -> Any:
    """Play ``line``'s evening script, then ``answer``; what was said and journaled (the evening's records)."""
    from natural_corpus import Reaction

    lobby = Lobby(GAMES, names=italian_names(), free_names=True)
    records: list[dict[str, Any]] = []
    if _offers_earlier_table(line.script, line.canonical):
        records.append({"r": "offer", "players": list(EARLIER_TABLE)})
    listener, speaker = _EveningListener([*line.script, answer], lobby), RecordingSpeaker()
    path = folder / f"serata-{line.number}-{next(_RUNS)}.jsonl"
    journal = Journal.create(str(path), EVENING, {})
    for record in records:
        journal.append(record)
    try:
        evening = EveningRun.replayed(lobby, listener, speaker, journal, records, printed=lambda text: None,
                                      new_seed=lambda: 1)
        evening.resumed = False
        evening.run()
    finally:
        journal.close()
    journaled = path.read_text(encoding="utf-8").splitlines()[1:]
    return Reaction(tuple(speaker.said), tuple(journaled), tuple(listener.intents))
