"""The evening through the ports: the lobby asks again on silence as a game does; games get the same waits."""

from __future__ import annotations

from pathlib import Path

from fakes import ListListener, RecordingSpeaker

from voice_host.core.ports import Silence
from voice_host.evening.lobby import Lobby
from voice_host.evening.run import EveningRun
from voice_host.games import GAMES
from voice_host.storage.journal import Journal

QUIET = Silence(20.0)


def _evening(tmp_path: Path, lines, *, reprompt_s=(20.0, 20.0), cue=True):
    listener, speaker = ListListener(lines), RecordingSpeaker()
    journal = Journal.create(str(tmp_path / "serata.jsonl"), "serata", {})
    evening = EveningRun.replayed(Lobby(GAMES, names=("Anna", "Bruno")), listener, speaker, journal, [],
                                  reprompt_s=reprompt_s, cue=cue, printed=lambda text: None)
    try:
        evening.run()
    finally:
        journal.close()
    return evening, listener, speaker


def test_silence_asks_the_question_again_then_gives_two_examples_then_waits(tmp_path: Path) -> None:
    evening, listener, speaker = _evening(tmp_path, [QUIET, QUIET, "tokio"])
    welcome = "Buonasera! Tokio o Yatzi?"
    assert speaker.turns[:3] == [[welcome], [welcome],
                                 ["Potete dire, per esempio: giochiamo a tokio, giochiamo a yatzi."]]
    assert speaker.cues[:3] == [True, True, True]  # each ends with the listening cue
    assert [r.patience_s for r in listener.requests] == [20.0, 20.0, None, 20.0]  # then waits as long as it takes
    assert evening.lobby.state.game == "tokio"  # silence decided nothing; the answer did


def test_the_two_examples_mean_different_things(tmp_path: Path) -> None:
    _, _, speaker = _evening(tmp_path, ["tokio", QUIET, QUIET])
    assert speaker.turns[3] == ["Potete dire, per esempio: va bene, con i dadi da dieci."]


def test_no_waits_no_reprompt_and_the_games_get_the_same_waits(tmp_path: Path) -> None:
    made = {}
    _, listener, _ = _evening(tmp_path, ["tokio", "va bene", "Anna", "Bruno", "basta così"], reprompt_s=())
    assert all(r.patience_s is None for r in listener.requests)
    listener, speaker = ListListener(["tokio", "va bene", "Anna", "Bruno", "basta così", QUIET]), RecordingSpeaker()
    journal = Journal.create(str(tmp_path / "due.jsonl"), "serata", {})
    from voice_host.core.session import Session

    def session(*args, **kwargs):
        made.update(kwargs)
        return Session(*args, **kwargs)

    evening = EveningRun.replayed(Lobby(GAMES, names=("Anna", "Bruno")), listener, speaker, journal, [],
                                  reprompt_s=(7.0, 9.0), cue=False, make_session=session, printed=lambda text: None)
    evening.run()
    journal.close()
    assert made["reprompt_s"] == (7.0, 9.0) and made["cue"] is False
    assert speaker.turns[-1] == ["Anna, tira e dichiara."]  # the game's own reprompt after 7 s of silence


def test_remembered_rules_are_offered_as_their_games_default_and_come_back_with_it(tmp_path: Path) -> None:
    defaults = {"r": "defaults", "game": "tokio", "options": ["dice", "limit"], "values": [10, 5]}
    listener, speaker = ListListener(["tokio", "va bene", "Anna", "Bruno", "basta così"]), RecordingSpeaker()
    journal = Journal.create(str(tmp_path / "serata.jsonl"), "serata", {})
    journal.append(defaults)
    evening = EveningRun.replayed(Lobby(GAMES, names=("Anna", "Bruno")), listener, speaker, journal, [defaults],
                                  printed=lambda text: None)
    evening.resumed = False
    evening.run()
    journal.close()
    assert "Regole classiche, dadi da dieci, fuori a cinque penalità: va bene?" in speaker.said
    assert evening.lobby.state.games[0].settings == {"dice": 10, "limit": 5}
    state = evening.lobby.state
    for record in ({"r": "change_game"}, {"r": "game", "game": "yatzi"}):
        state.apply(record)
    assert state.settings == {}  # another game: its own defaults
    state.apply({"r": "game", "game": "tokio"})
    assert state.settings == {"dice": 10, "limit": 5}
