"""A Tokio configuration read from a journal is checked strictly: any JSON value of a wrong type is a ConfigError."""

from __future__ import annotations

from typing import Any

import pytest

from voice_host.games import ConfigError
from voice_host.games.tokio import check_config

GOOD: dict[str, Any] = {"rules": "classico", "players": ["Anna", "Bruno"]}


@pytest.mark.parametrize("value", [[], {}, ["exact"], 1, True])
def test_a_truth_of_a_wrong_json_type_is_refused(value: object) -> None:
    with pytest.raises(ConfigError):
        check_config({**GOOD, "truth": value})


@pytest.mark.parametrize("value", [[], {}, ["forte"], 3])
def test_a_computer_level_of_a_wrong_json_type_is_refused(value: object) -> None:
    with pytest.raises(ConfigError):
        check_config({**GOOD, "computers": ["Robo"], "level": value, "seed": 1})


def test_the_good_values_still_pass() -> None:
    check_config({**GOOD, "truth": "exact"})
    check_config({**GOOD, "computers": ["Robo"], "level": "forte", "seed": 1})
