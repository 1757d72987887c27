"""The evening's records (issue 31): the start's options in one record, the save question at the end."""

from __future__ import annotations

from pathlib import Path

import pytest
from fakes import ListListener, RecordingSpeaker

from voice_host.evening.lobby import Lobby
from voice_host.evening.run import EveningRun
from voice_host.evening.state import EveningState, Stage
from voice_host.games import GAMES
from voice_host.storage.journal import Journal


def test_the_starts_one_record_replays_as_its_records_in_order() -> None:
    inner = [{"r": "game", "game": "tokio"}, {"r": "set", "option": "limit", "value": 3}, {"r": "rules_ok"},
             {"r": "player", "name": "Anna"}, {"r": "player", "name": "Bruno"}, {"r": "players_ok"}]
    one, many = EveningState(), EveningState()
    one.apply({"r": "begin", "records": inner})
    for record in inner:
        many.apply(record)
    assert one == many and one.stage() is Stage.START and one.settings == {"limit": 3}


def test_a_begin_inside_a_begin_is_refused() -> None:
    with pytest.raises(ValueError):
        EveningState().apply({"r": "begin", "records": [{"r": "begin", "records": []}]})


def _evening(tmp_path: Path, lines: list[str]) -> tuple[EveningRun, RecordingSpeaker]:
    listener, speaker = ListListener(lines), RecordingSpeaker()
    journal = Journal.create(str(tmp_path / "serata.jsonl"), "serata", {})
    evening = EveningRun.replayed(Lobby(GAMES, names=("Anna", "Bruno", "Carla")), listener, speaker, journal, [],
                                  printed=lambda text: None, new_seed=lambda: 7)
    try:
        evening.run()
    finally:
        journal.close()
    return evening, speaker


GAME_STOPPED = ["tokio", "a tre penalità", "va bene", "Anna", "Bruno", "basta così", "fine partita", "sì"]


def test_annulla_at_the_save_question_goes_back_to_another_game(tmp_path: Path) -> None:
    evening, speaker = _evening(tmp_path, [*GAME_STOPPED, "basta per stasera", "annulla", "rivincita"])
    said = speaker.said
    asked = said.index("Salvo queste regole come predefinite?")
    assert "Annullato." in said[asked:] and "Un'altra?" in said[asked:]
    assert len(evening.lobby.state.games) == 2  # the rematch started: the evening did not end
    assert not evening.lobby.state.over


def test_a_no_ends_the_evening_without_saving_and_the_rules_as_offered_are_not_asked(tmp_path: Path) -> None:
    evening, speaker = _evening(tmp_path, [*GAME_STOPPED, "basta per stasera", "no"])
    state = evening.lobby.state
    assert state.over and not state.save_rules and state.rules_to_save() == ("tokio", {"limit": 3})
    assert "Va bene, le regole salvate restano quelle." in speaker.said
    (tmp_path / "again").mkdir()
    plain, speaker = _evening(tmp_path / "again", ["tokio", "va bene", "Anna", "Bruno", "basta così", "fine partita",
                                                   "sì", "basta per stasera"])
    assert plain.lobby.state.over and "Salvo queste regole come predefinite?" not in speaker.said


def test_annulla_in_the_lobby_then_the_evening_goes_on_from_the_state_it_left(tmp_path: Path) -> None:
    # Before: the evening's loop kept the state from before "annulla", so the table completed after it
    # was asked about again ("Un'altra?") instead of starting the game with Anna and Bruno.
    evening, speaker = _evening(tmp_path, ["tokio", "va bene", "Anna", "Bruno", "Carla", "annulla", "basta così"])
    assert [played.players for played in evening.lobby.state.games] == [["Anna", "Bruno"]]
    assert speaker.said[-1] == "Anna, tira e dichiara."


def test_annulla_at_a_question_asked_back_drops_the_question_and_undoes_nothing_else(tmp_path: Path) -> None:
    evening, speaker = _evening(tmp_path, [*GAME_STOPPED, "ma chiudiamo già?", "annulla", "rivincita"])
    said = speaker.said
    asked = said.index("Hai detto chiudiamo? Sì o no?")
    assert said[asked + 1:asked + 3] == ["Annullato.", "Un'altra?"]
    assert len(evening.lobby.state.games) == 2 and not evening.lobby.state.over  # the rematch, the game kept
