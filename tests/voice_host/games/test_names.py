"""Names equal but for a character that shows nothing are one name: refused, never two players (issue 30)."""

from __future__ import annotations

import pytest

from voice_host.games.common import ConfigError, player_names
from voice_host.games.names import look_alike_key

# Each shows nothing on a screen and says nothing aloud (Unicode's Default_Ignorable_Code_Point, by hand).
HIDDEN = {
    "variation selector 16": "\ufe0f", "variation selector 1": "\ufe00", "combining grapheme joiner": "\u034f",
    "Hangul filler": "\u3164", "Hangul choseong filler": "\u115f", "halfwidth Hangul filler": "\uffa0",
    "Mongolian variation selector": "\u180b", "variation selector 17": "\U000e0100", "word joiner": "\u2060",
}


@pytest.mark.parametrize("hidden", HIDDEN.values(), ids=HIDDEN.keys())
def test_a_name_with_a_character_that_shows_nothing_is_not_a_second_player(hidden: str) -> None:
    assert look_alike_key(f"An{hidden}na") == look_alike_key("Anna")
    with pytest.raises(ConfigError):
        player_names(f"Anna,An{hidden}na")


@pytest.mark.parametrize("hidden", ["\u3164", "\u115f\u1160", "\u2800"])
def test_a_name_of_nothing_visible_is_refused(hidden: str) -> None:
    with pytest.raises(ConfigError):
        player_names(f"Anna,{hidden}")
