"""Tokio with computer seats, played through the session at its ports.

The human's side is a driver that reads only what the host says (the last
question of each turn) and answers as a player with physical dice would: it rolls
its own dice, claims them when they are enough and bluffs the least it may
otherwise, believes or doubts at random, and tells its dice when its cup is lifted.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from fakes import RecordingSpeaker

from engine.rolls import Roll
from engine.tokio.rules import RaiseRule, TokioRules, preset
from grammars.tokio.grammar import Phase, parse_tokio, roll_name
from grammars.tokio.intents import SayRoll
from voice_host.core.ports import Heard, ListenRequest
from voice_host.core.session import Outcome, Session
from voice_host.games import tokio as tokio_entry
from voice_host.games.common import ConfigError
from voice_host.storage.journal import Journal, read_journal


class Driver:
    """A human at the table who hears the host's questions and answers them."""

    def __init__(self, rules: TokioRules, speaker: RecordingSpeaker, seed: int, undo_at: int | None = None) -> None:
        self.rules, self.speaker, self.rng = rules, speaker, random.Random(seed)
        self.cup: Roll | None = None
        self.answers = 0
        self.undo_at = undo_at

    def listen(self, request: ListenRequest) -> Heard | None:
        self.answers += 1
        if self.answers > 2000:
            return None
        if self.answers == self.undo_at:
            return Heard("annulla")
        question = self.speaker.said[-1]
        if request.phase is Phase.CLAIM:
            return Heard(self._claim(question))
        if request.phase is Phase.RESPONSE:
            return Heard(self.rng.choice(["ci credo", "dubito"]))
        if request.phase is Phase.REVEAL:
            assert self.cup is not None, question
            return Heard(roll_name(self.cup, self.rules))
        return Heard("sì")  # a confirmation: a lower claim the driver meant

    def _claim(self, question: str) -> str:
        faces = self.rules.dice.faces
        self.cup = Roll.of(self.rng.choice(faces), self.rng.choice(faces))
        to_beat = _claim_in(question, self.rules)
        ranking = self.rules.ranking
        strictly = self.rules.raise_rule is RaiseRule.STRICTLY_HIGHER
        if to_beat is None or (ranking.beats(self.cup, to_beat) or (not strictly and self.cup == to_beat)):
            return roll_name(self.cup, self.rules)
        legal = [r for r in ranking.ordered() if ranking.beats(r, to_beat) or (not strictly and r == to_beat)]
        return roll_name((legal or [to_beat])[0], self.rules)

    def close(self) -> None:
        pass


def _claim_in(question: str, rules: TokioRules) -> Roll | None:
    """The claim to beat named after the colon of "Anna, tira: almeno cinquantatré." (None for an opener)."""
    if ":" not in question:
        return None
    tail = question.split(":", 1)[1].strip(" .")
    for bound in ("almeno", "più di", "di nuovo"):
        tail = tail.removeprefix(bound).strip()
    intent = parse_tokio(tail, Phase.CLAIM, rules)
    assert isinstance(intent, SayRoll), question
    return intent.roll


def _config(rules: str = "classico", level: str = "forte", seed: int = 5, **more: Any) -> dict[str, Any]:
    """Anna and the computer seat Robi; d4 unless ``dice`` says otherwise (its strategy solves in a second)."""
    return {"rules": rules, "players": ["Anna"], "computers": ["Robi"], "level": level, "seed": seed, "dice": 4, **more}


def _play(
    config: dict[str, Any], path: Path, seed: int, undo_at: int | None = None
) -> tuple[Outcome, Session, list[str]]:
    dialog = tokio_entry.make_dialog(config)
    rules = dialog.rules  # type: ignore[attr-defined]
    speaker = RecordingSpeaker()
    journal = Journal.create(str(path), "tokio", config)
    session = Session(lambda: tokio_entry.make_dialog(config), Driver(rules, speaker, seed, undo_at), speaker, journal)
    outcome = session.run()
    journal.close()
    return outcome, session, speaker.said


@pytest.mark.parametrize(
    ("rules", "dice"),
    [
        ("classico", 4),
        *(pytest.param(r, d, marks=pytest.mark.slow) for r, d in [("classico", 6), ("lizumo", 6), ("milella", 6)]),
        pytest.param("lizumo", 10, marks=pytest.mark.slow),
    ],
)
def test_a_human_against_a_forte_seat_plays_to_the_end(rules: str, dice: int, tmp_path: Path) -> None:
    outcome, session, said = _play(_config(rules, limit=3, dice=dice), tmp_path / "j.jsonl", seed=1)
    assert outcome is Outcome.FINISHED
    winner = session.dialog.summary()["winner"]
    assert winner in ("Anna", "Robi")
    assert f"{winner} vince la partita!" in said
    assert any("Robi tira e dichiara." == s for s in said)
    assert any(s.startswith("Robi scopre i dadi") for s in said) or any("Robi dubita." == s for s in said)


def test_the_journal_replays_the_computer_seat_exactly(tmp_path: Path) -> None:
    """Resuming replays the computer's dice and decisions: the same penalties, the same winner, the same journal."""
    config = _config(limit=3)
    path = tmp_path / "j.jsonl"
    _, session, _ = _play(config, path, seed=2)
    contents, _ = read_journal(str(path))
    speaker = RecordingSpeaker()
    replayed = Session(lambda: tokio_entry.make_dialog(config), _Silent(), speaker, None, contents.actions)
    assert replayed.dialog.summary() == session.dialog.summary()
    assert contents.actions == session.actions


def test_undoing_a_human_step_replays_the_computer_move_it_led_to(tmp_path: Path) -> None:
    """After "annulla" and the same answer again, the computer says and does exactly what it did before."""
    config = _config(rules="lizumo", limit=2)  # d4
    _, plain, plain_said = _play(config, tmp_path / "a.jsonl", seed=3)
    _, undone, undone_said = _play(config, tmp_path / "b.jsonl", seed=3, undo_at=4)
    # The driver's answers after the undo come from the same generator, one step later: compare the computer's
    # first moves after the undo's own sentence with the plain game's moves at the same point.
    mark = next(i for i, s in enumerate(undone_said) if s.startswith("Annullato"))
    before = [s for s in undone_said[:mark] if s.startswith("Robi")]
    assert before == [s for s in plain_said if s.startswith("Robi")][: len(before)]
    assert undone.dialog.is_over() and plain.dialog.is_over()


def test_the_same_seed_gives_the_same_computer_and_another_seed_another(tmp_path: Path) -> None:
    _, _, first = _play(_config(seed=11, limit=4), tmp_path / "a.jsonl", seed=9)
    _, _, again = _play(_config(seed=11, limit=4), tmp_path / "b.jsonl", seed=9)
    _, _, other = _play(_config(seed=12, limit=4), tmp_path / "c.jsonl", seed=9)
    assert first == again
    assert first != other


def test_a_computer_that_opens_claims_in_the_opening() -> None:
    dialog = tokio_entry.make_dialog(_config(first="Robi"))
    opening = dialog.opening()
    assert "Robi tira e dichiara." in opening
    assert dialog.phase() is Phase.RESPONSE  # Anna answers the computer's claim


@pytest.mark.parametrize(
    "config",
    [
        {"rules": "classico", "players": [], "computers": ["Robi", "Ugo"], "level": "forte", "seed": 1},
        {"rules": "classico", "players": ["Anna"], "computers": ["Robi"], "level": "fortissimo", "seed": 1},
        {"rules": "classico", "players": ["Anna"], "computers": ["Robi"], "level": "forte", "seed": -1},
        {"rules": "classico", "players": ["Anna"], "computers": ["anna"], "level": "forte", "seed": 1},
        {"rules": "classico", "players": ["Anna", "Bruno"], "level": "forte", "seed": 1},
    ],
)
def test_configurations_a_journal_could_hold_are_checked_strictly(config: dict[str, Any]) -> None:
    """No table of computers only, a known level, a seed in range, distinct seats, no level without a computer."""
    with pytest.raises(ConfigError):
        tokio_entry.make_dialog(config)


def test_the_summary_marks_the_computer_seat() -> None:
    players = tokio_entry.make_dialog(_config()).summary()["players"]
    assert [p.get("computer", False) for p in players] == [False, True]


def test_one_human_and_one_computer_make_a_table_but_one_human_alone_does_not() -> None:
    rules = preset("classico")
    dialog = tokio_entry.make_dialog(_config())
    assert [p.name for p in dialog.engine.players] == ["Anna", "Robi"]  # type: ignore[attr-defined]
    assert rules.sides == 6
    with pytest.raises(ConfigError):
        tokio_entry.make_dialog({"rules": "classico", "players": ["Anna"]})


class _Silent:
    def listen(self, request: ListenRequest) -> Heard | None:
        return None

    def close(self) -> None:
        pass


def test_forte_habits_are_rebuilt_by_replaying_the_same_actions() -> None:
    """The habits come from the actions noted, so a resume (a replay of the journal) rebuilds them exactly."""
    from engine.tokio import actions as ta
    from engine.tokio.game import TokioGame
    from engine.tokio.level import Level
    from engine.tokio.round import build_round
    from engine.tokio.solver import solve
    from voice_host.games.tokio.computer import TokioComputers

    rules = preset("classico", sides=4)
    solved = solve(build_round(rules), iterations=50)
    script: list[ta.Action] = [
        ta.Claim(Roll(4, 3)), ta.Doubt(), ta.Reveal(Roll(3, 1)), ta.Claim(Roll(2, 2)), ta.Believe(),
    ]

    def played() -> TokioComputers:
        computers = TokioComputers(rules, ["Robo"], Level.FORTE, 7, strategies=lambda _rules: solved)
        game = TokioGame(rules, ["Anna", "Bruno", "Robo"])
        for action in script:
            computers.note(game, action)
            game.apply(action)
        return computers

    first, again = played(), played()
    seat, replayed = first._seat, again._seat
    assert seat is not None and replayed is not None
    assert set(seat.habits) == {"Anna", "Bruno"}
    for name in seat.habits:
        assert (seat.habits[name].answers == replayed.habits[name].answers).all()
        assert (seat.habits[name].lifted == replayed.habits[name].lifted).all()
    assert seat.habits["Anna"].lifted.sum(axis=0).tolist() == [1.0, 0.0]  # Anna's 43 was lifted: a 31, false
    # Bruno doubted the 43; Anna, penalised, reopened with 22 to Bruno, who believed it
    assert seat.habits["Bruno"].answers.sum(axis=0).tolist() == [1.0, 1.0, 0.0]
