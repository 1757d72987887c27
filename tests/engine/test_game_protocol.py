"""Both engines speak the same protocol (engine.game.Game), checked on real games."""

from __future__ import annotations

from engine.game import Game
from engine.rolls import Roll
from engine.tokio.actions import Claim, Doubt, Reveal
from engine.tokio.game import TokioGame
from engine.tokio.rules import preset
from engine.yatzi.game import RecordRoll, Score, YatziGame


def _follows_protocol(game: Game[object, object]) -> None:
    assert isinstance(game.to_act, str) and not game.is_over and game.winner is None
    assert game.opening_events()


def test_tokio_and_yatzi_follow_one_protocol() -> None:
    tokio = TokioGame(preset("classico", limit=1), ["Anna", "Bruno"])
    _follows_protocol(tokio)  # type: ignore[arg-type]
    assert tokio.legal_actions()  # a claim of any roll
    # Anna declares 6-5, Bruno doubts, the cup shows 4-2: Anna bluffed and is out (limit 1).
    for action in (Claim(Roll(6, 5)), Doubt(), Reveal(Roll(4, 2))):
        tokio.apply(action)
    assert tokio.is_over and tokio.to_act is None and tokio.winner == "Bruno" and not tokio.legal_actions()

    yatzi = YatziGame(["Anna"])
    _follows_protocol(yatzi)  # type: ignore[arg-type]
    assert yatzi.to_act == "Anna"
    assert not yatzi.legal_actions()  # rolls are not listed: 6**5 of them
    yatzi.apply(RecordRoll((6, 6, 6, 6, 6)))
    assert Score("yatzi") in yatzi.legal_actions()
    yatzi.apply(Score("yatzi"))
    assert not yatzi.is_over and yatzi.to_act == "Anna"
