"""Pig, the dice game, as a rometools game: the worked example of docs/new-game.md.

>>> import rometools
>>> game = rometools.load_game("pig", target=30)
>>> end = game.spec.play_game(game.config, ["greedy", "random"], rng=1)
>>> game.is_over(end), max(game.scores(end)) >= 30
(True, True)
"""

from pig import rules
from pig.bots import BOTS, RESTRICTIONS, HoldAtBot
from pig.odds import key_odds, rolls_until_pig, turn_points
from pig.rules import PigConfig, PigState, score_bounds
from rometools.core.flow import TURNS
from rometools.core.game import GameSpec, register_game

GAME = register_game(GameSpec(
    id="pig", title="Pig", rules=rules, config=PigConfig, state=PigState, bots=BOTS,
    score_bounds=score_bounds, chance_name="a roll of the die", restrictions=RESTRICTIONS, key_odds=key_odds,
    time_unit=TURNS,  # a turn: one player's rolls until they hold or roll a 1
    sample_configs=({}, {"players": 4, "target": 30}, {"players": 3, "target": 50, "sides": 4})))
__getattr__ = GAME.package_attribute

__all__ = ["BOTS", "GAME", "HoldAtBot", "PigConfig", "PigState", "rolls_until_pig", "turn_points"]
