"""Who starts a Yatzi game (seed yatzi.txt: one die each, the lowest starts), worked by hand."""

from __future__ import annotations

import pytest

from voice_host.games.yatzi.start import Decided, Tied, WhoStarts


def test_the_lowest_die_starts():
    start = WhoStarts(["Anna", "Bruno", "Carla"])
    assert start.to_roll == "Anna" and start.record(6) is None
    assert start.to_roll == "Bruno" and start.record(1) is None
    assert start.record(3) == Decided("Bruno", 1)
    assert start.first == "Bruno" and start.to_roll is None


def test_ties_on_the_lowest_roll_again_until_one_is_alone():
    start = WhoStarts(["Anna", "Bruno", "Carla", "Dario"])
    ends = [start.record(v) for v in (2, 5, 2, 2)]
    assert ends == [None, None, None, Tied(("Anna", "Carla", "Dario"), 2)]
    assert start.contenders == ("Anna", "Carla", "Dario") and start.round == 2 and start.to_roll == "Anna"
    # a tie that is not on the lowest roll does not matter: 4, 4, 3 -> Dario
    assert [start.record(v) for v in (4, 4, 3)] == [None, None, Decided("Dario", 3)]


def test_a_tie_of_everyone_rolls_everyone_again():
    start = WhoStarts(["Anna", "Bruno"])
    assert [start.record(v) for v in (6, 6)] == [None, Tied(("Anna", "Bruno"), 6)]
    assert [start.record(v) for v in (5, 2)] == [None, Decided("Bruno", 2)]


@pytest.mark.parametrize("value", [0, 7, True, 2.0, "3"])
def test_only_faces_of_a_die_are_recorded(value):
    start = WhoStarts(["Anna", "Bruno"])
    with pytest.raises(ValueError):
        start.record(value)
    assert start.to_roll == "Anna" and start.record(3) is None  # nothing changed


def test_decided_is_final_and_one_player_is_not_a_contest():
    start = WhoStarts(["Anna", "Bruno"])
    start.record(1)
    start.record(2)
    with pytest.raises(ValueError):
        start.record(3)
    with pytest.raises(ValueError):
        WhoStarts(["Anna"])
