"""Python API errors say what was expected, in the designer's words (hostile-input issue, part 3)."""

from __future__ import annotations

import pytest

from rometools.caesars_empire import (
    city_points,
    marginal_treasure_value,
    play_game,
    road_bonus,
    treasure_points,
)
from rometools.core.errors import ArgumentError

CASES = [
    (lambda: treasure_points(["grapes", "gold"]), ValueError,
     "treasures must be a mapping of a Treasure type to its count, e.g. {'grapes': 3, 'gold': 1}; got list"),
    (lambda: marginal_treasure_value("gold"), ValueError, "treasures must be a mapping"),
    (lambda: road_bonus([3, 4]), ValueError, "roads_left must be a mapping of each player to their Roads left"),
    (lambda: city_points(None), ValueError, "tokens must be a list of (colour, value) pairs such as [('red', 3)]"),
    (lambda: city_points({"red": 3}), ValueError, "tokens must be a list of (colour, value) pairs"),
    (lambda: play_game(bots=["smart"] * 4), ArgumentError,
     "unknown bot 'smart' for Caesar's Empire; choose one of cheapest, greedy, random"),
]


@pytest.mark.parametrize("call,error,message", CASES)
def test_api_errors_name_what_was_expected(call, error, message):
    with pytest.raises(error) as info:
        call()
    assert message in str(info.value)
