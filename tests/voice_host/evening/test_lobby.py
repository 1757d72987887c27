"""The lobby's answers to the hard tables: a name it cannot hear, nobody, one player, the same name twice,
a bad settings file. Each gives one clear Italian answer."""

from __future__ import annotations

from pathlib import Path

from voice_host.evening.lobby import Lobby
from voice_host.evening.settings import load_settings
from voice_host.games import GAMES


def lobby_at_names(game: str, names: tuple[str, ...] = ("Anna", "Bruno"), *, free: bool = False) -> Lobby:
    lobby = Lobby(GAMES, names=names, free_names=free)
    for record in ({"r": "game", "game": game}, {"r": "rules_ok"}):
        lobby.state.apply(record)
    return lobby


def answer(lobby: Lobby, text: str) -> tuple[list[dict[str, object]], list[str]]:
    step = lobby.decide(lobby.parse(text))
    for record in step.records:
        lobby.state.apply(record)
    return list(step.records), list(step.sentences)


def test_a_name_the_model_cannot_hear_is_offered_a_fallback_never_misheard():
    lobby = lobby_at_names("tokio", names=("Bruno",))  # "Anna" is not in what this model can hear
    records, said = answer(lobby, "Anna")
    assert records == []
    assert said == ["Questo nome non lo conosco. Dite giocatore uno, oppure scrivete i nomi all'avvio con --players."]


def test_typed_names_are_taken_as_typed():
    lobby = lobby_at_names("tokio", names=(), free=True)
    records, _ = answer(lobby, "Zebedeo")
    assert records == [{"r": "player", "name": "Zebedeo"}]


def test_an_empty_table_is_asked_again():
    lobby = lobby_at_names("yatzi")
    records, said = answer(lobby, "basta così")
    assert records == [] and said == ["Non c'è ancora nessuno. Chi gioca?"]


def test_a_single_player_plays_yatzi_but_not_tokio():
    yatzi = lobby_at_names("yatzi")
    answer(yatzi, "Anna")
    assert answer(yatzi, "basta così") == ([{"r": "players_ok"}], ["Gioca Anna."])
    tokio = lobby_at_names("tokio")
    answer(tokio, "Anna")
    records, said = answer(tokio, "basta così")
    assert records == [] and said[0].endswith("Chi altro gioca?") and "due" in said[0]


def test_the_same_name_twice_is_refused_with_a_way_out():
    lobby = lobby_at_names("tokio")
    answer(lobby, "Anna")
    records, said = answer(lobby, "anna")
    assert records == []
    assert said == ["Anna c'è già. Per l'altro dite un altro nome, oppure giocatore e un numero."]


def test_no_to_the_name_heard_takes_it_away():
    lobby = lobby_at_names("tokio")
    answer(lobby, "Anna")
    records, _ = answer(lobby, "no")
    assert records == [{"r": "drop", "name": "Anna"}] and lobby.state.players == []


def test_milella_with_ten_sided_dice_is_refused_in_italian():
    lobby = Lobby(GAMES)
    lobby.state.apply({"r": "game", "game": "tokio"})
    records, said = answer(lobby, "regole di milella con i dadi da dieci")
    assert records == [] and said[0].startswith("Così non si può:")


def test_virtual_dice_are_not_a_tokio_choice():
    lobby = Lobby(GAMES)
    lobby.state.apply({"r": "game", "game": "tokio"})
    assert answer(lobby, "dadi virtuali") == ([], ["A Tokio questo non si sceglie."])


def test_a_bad_settings_file_is_one_italian_line_and_the_defaults(tmp_path: Path, capsys):
    path = tmp_path / "impostazioni.toml"
    path.write_text('players = "Anna"\ncolore = 3\n', encoding="utf-8")
    settings = load_settings(path)
    err = capsys.readouterr().err
    assert settings.players is None
    assert "non conosco colore" in err
    assert "players non va" in err and err.count("\n") == 2


def test_a_settings_file_that_is_not_toml(tmp_path: Path, capsys):
    path = tmp_path / "impostazioni.toml"
    path.write_text("players = [Anna\n", encoding="utf-8")
    assert load_settings(path).players is None
    err = capsys.readouterr().err
    assert err.startswith("voice-host: Impostazioni in") and err.count("\n") == 1
