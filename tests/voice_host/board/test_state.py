"""The board's state against the engine's own state, on games worked by hand from the rules."""

from __future__ import annotations

import json

from fakes import ListListener, RecordingSpeaker

from engine.rolls import Roll
from engine.tokio import actions as ta
from engine.tokio.rules import preset
from engine.yatzi import game as yg
from voice_host.board.hub import StateHub
from voice_host.board.state import BoardPublisher, board_state
from voice_host.core.session import Session, SpokenTurn
from voice_host.games.tokio.dialog import TokioDialog
from voice_host.games.yatzi.dialog import YatziDialog


def _tokio(rules="milella", players=("Anna", "Bruno"), **options):
    return TokioDialog(preset(rules, **options), list(players))


def test_tokio_a_caught_bluff_is_one_penalty_on_the_bluffer_who_opens_again():
    # Milella: "Chi mente e viene scoperto prende una penalità"; the penalised player opens the next duel.
    dialog = _tokio()
    dialog.apply(ta.Claim(Roll.of(5, 3)))
    state = dialog.board_state()
    assert state["claim"] == {"name": "cinquantatré", "dice": [5, 3], "by": "Anna"}
    assert state["turn"] == {"player": "Bruno", "phase": "response"}
    dialog.apply(ta.Doubt())
    dialog.apply(ta.Reveal(Roll.of(4, 2)))
    state = dialog.board_state()
    assert [(p["name"], p["penalties"], p["out"], p["to_act"]) for p in state["players"]] == [
        ("Anna", 1, False, True), ("Bruno", 0, False, False),
    ]
    assert state["claim"] is None
    assert state["turn"] == {"player": "Anna", "phase": "claim"}
    assert state["rules"]["limit"] == 8 and state["rules"]["counting"] == "penalties"
    assert state["finished"] is False and state["winner"] is None


def test_tokio_players_are_the_engines_players():
    dialog = _tokio("classico", ("Anna", "Bruno", "Carla"))
    for action in (ta.Claim(Roll.of(6, 5)), ta.Doubt(), ta.Reveal(Roll.of(6, 5)), ta.Claim(Roll.of(4, 1))):
        dialog.apply(action)
    state = dialog.board_state()
    engine = [(p.name, p.penalties, p.lives, p.out) for p in dialog.engine.players]
    assert [(p["name"], p["penalties"], p["lives"], p["out"]) for p in state["players"]] == engine
    assert [p["name"] for p in state["players"] if p["to_act"]] == [dialog.engine.to_act]


def test_tokio_declared_tokio_doubles_the_wrong_doubt():
    # Milella: "Se qualcuno dichiara o realizza Tokio le penalità sono doppie" (Tokio is 3-1).
    dialog = _tokio()
    for action in (ta.Claim(Roll.of(3, 1)), ta.Doubt(), ta.Reveal(Roll.of(3, 1))):
        dialog.apply(action)
    assert {p["name"]: p["penalties"] for p in dialog.board_state()["players"]} == {"Anna": 0, "Bruno": 2}


def test_tokio_lives_count_down_and_the_last_one_standing_wins():
    # Lizumo counts lives; with one life a caught bluff puts Anna out and Bruno, alone, wins.
    dialog = _tokio("lizumo", limit=1)
    for action in (ta.Claim(Roll.of(5, 3)), ta.Doubt(), ta.Reveal(Roll.of(4, 2))):
        dialog.apply(action)
    state = dialog.board_state()
    assert state["rules"]["counting"] == "lives"
    assert [(p["name"], p["lives"], p["out"]) for p in state["players"]] == [("Anna", 0, True), ("Bruno", 1, False)]
    assert state["finished"] is True and state["winner"] == "Bruno"
    assert state["turn"] is None and state["claim"] is None
    assert [row["name"] for row in state["standings"]] == ["Bruno", "Anna"]
    assert "una vita a testa" in state["rules_text"]


def test_yatzi_the_card_fills_in_box_by_box():
    # Seed rules: the tris scores only the three equal dice (3+3+3 = 9); sei with four sixes is 24.
    dialog = YatziDialog(["Anna", "Bruno"], first="Anna")
    dialog.apply(yg.RecordRoll((3, 3, 3, 5, 6)))
    state = dialog.board_state()
    assert state["dice"] == [3, 3, 3, 5, 6] and state["roll"] == 1 and state["rolls"] == 3
    assert state["turn"] == {"player": "Anna", "round": 1, "rounds": 13, "phase": "choose"}
    dialog.apply(yg.Score("tris"))
    dialog.apply(yg.RecordRoll((6, 6, 6, 6, 2)))
    dialog.apply(yg.Score("sei"))
    state = dialog.board_state()
    anna, bruno = state["players"]
    assert anna["scores"]["tris"] == 9 and anna["total"] == 9 and anna["upper"] == 0 and anna["bonus_missing"] == 63
    assert bruno["scores"]["sei"] == 24 and bruno["upper"] == 24 and bruno["bonus_missing"] == 39
    assert all(points is None for box, points in anna["scores"].items() if box != "tris")
    assert state["dice"] is None and state["turn"]["player"] == "Anna" and state["turn"]["round"] == 2
    assert [b["key"] for b in state["boxes"]][:6] == ["assi", "due", "tre", "quattro", "cinque", "sei"]
    assert {b["key"]: b["name"] for b in state["boxes"]}["scala_minima"] == "scala minima"


def test_yatzi_63_in_the_upper_half_earns_the_bonus_of_30():
    # Three of each face: 3 + 6 + 9 + 12 + 15 + 18 = 63, the seed's threshold: bonus 30, total 93.
    dialog = YatziDialog(["Anna"])
    for face, box in enumerate(("assi", "due", "tre", "quattro", "cinque", "sei"), start=1):
        other = 1 if face != 1 else 2
        dialog.apply(yg.RecordRoll((face, face, face, other, other)))
        dialog.apply(yg.Score(box))
    (anna,) = dialog.board_state()["players"]
    assert (anna["upper"], anna["bonus"], anna["bonus_missing"], anna["total"]) == (63, 30, 0, 93)
    card = dialog.engine.scorecard("Anna")
    totals = (card.upper, card.bonus, card.lower, card.total)
    assert (anna["upper"], anna["bonus"], anna["lower"], anna["total"]) == totals


def test_yatzi_choosing_who_starts_has_no_player_in_hand():
    state = YatziDialog(["Anna", "Bruno"]).board_state()
    assert state["choosing_start"] is True and state["turn"] is None
    assert not any(p["to_act"] for p in state["players"])


def test_the_state_is_json_and_carries_what_the_host_says():
    dialog = _tokio()
    turn = SpokenTurn(dialog, ("Anna, tira e dichiara.",), ("Duello: Anna contro Bruno.",), 1)
    state = json.loads(json.dumps(board_state(turn)))
    assert state["said"] == ["Anna, tira e dichiara."]
    assert state["outcome"] == ["Duello: Anna contro Bruno."] and state["outcome_number"] == 1
    assert state["game"] == "tokio"


def test_the_session_publishes_each_turn_before_saying_it():
    hub = StateHub()
    seen = []
    speaker = RecordingSpeaker()

    class Watch(BoardPublisher):
        def __call__(self, turn):
            super().__call__(turn)
            seen.append((json.loads(hub.latest().json), len(speaker.turns)))

    rules = preset("milella")
    session = Session(lambda: TokioDialog(rules, ["Anna", "Bruno"]), ListListener(
        ["cinquantatré", "dubito", "quarantadue", "ripeti"]), speaker)
    session.observer = Watch(hub)
    session.run()
    assert [state["said"] for state, _ in seen] == speaker.turns
    assert all(spoken == index for index, (_, spoken) in enumerate(seen))  # published, then said
    penalty = next(state for state, _ in seen if state["players"][0]["penalties"] == 1)
    assert penalty["outcome"] == [
        "Quarantadue: bluff!", "Anna prende una penalità, ne ha 1.", "Duello: Anna contro Bruno.",
    ]
    # "ripeti" says the outcome again: it is no new outcome
    assert seen[-1][0]["outcome_number"] == penalty["outcome_number"]
    assert seen[-1][0]["said"][0] == "Quarantadue: bluff!"


def test_a_failing_board_never_stops_the_game():
    class Broken:
        game = "x"

        def board_state(self):
            raise RuntimeError("a bug in the board")

    hub = StateHub()
    BoardPublisher(hub)(SpokenTurn(Broken(), (), (), 0))  # type: ignore[arg-type]
    assert hub.latest().seq == 0


def test_a_step_the_host_does_not_comment_keeps_the_last_outcome_on_the_board():
    hub = StateHub()
    publish = BoardPublisher(hub)
    dialog = _tokio()
    publish(SpokenTurn(dialog, ("x",), ("Anna prende una penalità, ne ha 1.",), 4))
    publish(SpokenTurn(dialog, ("Cinquantatré. Bruno, ci credi?",), (), 5))  # a claim: nothing announced
    state = json.loads(hub.latest().json)
    assert state["outcome"] == ["Anna prende una penalità, ne ha 1."] and state["outcome_number"] == 4
    publish(SpokenTurn(dialog, ("y",), ("Bruno prende una penalità, ne ha 1.",), 6))
    state = json.loads(hub.latest().json)
    assert state["outcome"] == ["Bruno prende una penalità, ne ha 1."] and state["outcome_number"] == 6


def test_annulla_takes_the_penalty_off_the_board():
    hub = StateHub()
    rules = preset("milella")
    session = Session(lambda: TokioDialog(rules, ["Anna", "Bruno"]), ListListener(
        ["cinquantatré", "dubito", "quarantadue", "annulla"]), RecordingSpeaker())
    states = []
    publish = BoardPublisher(hub)

    def watch(turn):
        publish(turn)
        states.append(json.loads(hub.latest().json))

    session.observer = watch
    session.run()
    penalties = [state["players"][0]["penalties"] for state in states]
    assert 1 in penalties and penalties[-1] == 0  # the reveal is undone: Anna is asked to reveal again
    assert states[-1]["turn"] == {"player": "Anna", "phase": "reveal"}
    assert states[-1]["outcome"][0].startswith("Annullato")


def test_the_rules_in_force_are_listed_as_players_say_them():
    assert _tokio().board_state()["rules_text"] == [
        "Regole di Milella", "dadi a 6 facce", "fuori a 8 penalità", "al dubbio conta il punto esatto",
        "si rilancia pari o più alto",
    ]
    assert _tokio("lizumo").board_state()["rules_text"] == [
        "Regole di Lizumo", "dadi a 6 facce", "3 vite a testa", "al dubbio basta almeno il punto detto",
        "si rilancia sempre più alto",
    ]
    assert YatziDialog(["Anna"]).board_state()["rules_text"] == [
        "Regole del foglio", "bonus di 30 da 63 punti di parte alta",
    ]


def test_tokio_final_standings_rank_by_the_order_players_went_out():
    # Milella to 2 penalties, Anna, Bruno, Carla: Anna's bluff is caught twice and she goes out first (2).
    # Bruno is caught once (1), then declares Tokio and is caught: doubled, 1 + 2 = 3, out second.
    # Carla is the last one standing: she wins, Bruno is second, Anna (first out) last, though she has fewer.
    dialog = _tokio(players=("Anna", "Bruno", "Carla"), limit=2)
    bluff = (ta.Claim(Roll.of(5, 3)), ta.Doubt(), ta.Reveal(Roll.of(4, 2)))
    for action in (*bluff, *bluff, *bluff, ta.Claim(Roll.of(3, 1)), ta.Doubt(), ta.Reveal(Roll.of(4, 2))):
        dialog.apply(action)
    state = dialog.board_state()
    assert {p["name"]: p["penalties"] for p in state["players"]} == {"Anna": 2, "Bruno": 3, "Carla": 0}
    assert state["finished"] is True and state["winner"] == "Carla"
    assert [(row["name"], row["value"]) for row in state["standings"]] == [("Carla", 0), ("Bruno", 3), ("Anna", 2)]


def test_fine_partita_marks_the_game_stopped_with_the_standings_of_the_moment():
    hub = StateHub()
    listener = ListListener(["cinquantatré", "dubito", "quarantadue", "fine partita", "sì"])
    session = Session(lambda: _tokio(players=("Anna", "Bruno")), listener, RecordingSpeaker())
    session.observer = BoardPublisher(hub)
    session.run()
    state = json.loads(hub.latest().json)
    assert state["finished"] is True and state["stopped"] is True
    assert state["turn"] is None and state["winner"] is None and state["claim"] is None
    assert not any(p["to_act"] for p in state["players"])
    assert [(row["name"], row["value"]) for row in state["standings"]] == [("Bruno", 0), ("Anna", 1)]


def test_a_game_over_by_its_rules_is_not_marked_stopped():
    dialog = _tokio("lizumo", limit=1)
    for action in (ta.Claim(Roll.of(5, 3)), ta.Doubt(), ta.Reveal(Roll.of(4, 2))):
        dialog.apply(action)
    state = board_state(SpokenTurn(dialog, (), (), 1))
    assert state["finished"] is True and state["stopped"] is False and state["winner"] == "Bruno"
