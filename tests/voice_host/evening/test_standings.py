"""Who lost a game (and opens the rematch): the first player out, in the order the game's events said it."""

from __future__ import annotations

from pathlib import Path

from fakes import ListListener, RecordingSpeaker

from engine.tokio.rules import preset
from voice_host.core.session import Outcome, Session
from voice_host.evening.standings import last_place
from voice_host.games.tokio.dialog import TokioDialog

SCRIPT = Path(__file__).parents[2] / "e2e" / "games" / "classico_d6.txt"


def test_the_first_player_out_lost_even_when_seated_later_and_level_on_penalties() -> None:
    # classico_d6.txt, worked by hand in its comments: Carla bluffs a doubled Tokio in round 2 (1 + 2 = 3,
    # out at 2); Bruno goes out in round 4 (1 + 2 doubled = 3). Both end on 3; Carla went out first.
    lines = [line for line in SCRIPT.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#")]
    session = Session(lambda: TokioDialog(preset("classico", limit=2), ["Anna", "Bruno", "Carla"]),
                      ListListener(lines), RecordingSpeaker())
    assert session.run() is Outcome.FINISHED
    summary = session.dialog.summary()
    assert [p["penalties"] for p in summary["players"] if p["out"]] == [3, 3]
    assert summary["eliminated"] == ["Carla", "Bruno"]
    assert last_place(summary) == "Carla"


def test_an_undone_elimination_is_forgotten() -> None:
    # Anna 53, Bruno doubts, Anna shows 52: she bluffed and, at a limit of one, is out; "annulla" takes it back
    said = ["cinquantatré", "dubito", "cinque e due"]
    for lines, out in ((said, ["Anna"]), ([*said, "annulla"], [])):
        session = Session(lambda: TokioDialog(preset("classico", limit=1), ["Anna", "Bruno", "Carla"]),
                          ListListener(lines), RecordingSpeaker())
        session.run()
        assert session.dialog.summary()["eliminated"] == out
