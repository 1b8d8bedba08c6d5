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
from pig.rules import PigConfig, PigState, action_text, score_bounds
from rometools.core.explorers import ExplorerSpec
from rometools.core.flow import TURNS
from rometools.core.game import GameSpec, register_game

#: Pig's explorer, by name: pig/widgets.py imports ipywidgets, the game never does.
EXPLORER = ExplorerSpec(
    "pig.widgets:PigPlayoutExplorer", page="pig_playout", title="Game explorer", heading="Pig: a seeded game",
    summary="step a seeded bot game decision by decision; banked points, the turn total, the chart of both.",
    app_args='files="upload"', chart=".rt-pig-chart", change=("keys", ".rt-turn .noUi-handle", ("ArrowRight", "ArrowLeft")),
    stress=(("slider", "turn"), ("number", "seed", 2), ("dropdown", "players", "3"), ("dropdown", "bot", "random")))

GAME = register_game(GameSpec(
    id="pig", title="Pig", rules=rules, config=PigConfig, state=PigState, bots=BOTS, action_text=action_text,
    score_bounds=score_bounds, chance_name="a roll of the die", restrictions=RESTRICTIONS, key_odds=key_odds,
    time_unit=TURNS,  # a turn: one player's rolls until they hold or roll a 1
    random_source=rules.random_source,
    sample_configs=({}, {"players": 4, "target": 30}, {"players": 3, "target": 50, "sides": 4}),
    explorers=(EXPLORER,)))
__getattr__ = GAME.package_attribute

__all__ = ["BOTS", "GAME", "HoldAtBot", "PigConfig", "PigState", "rolls_until_pig", "turn_points"]
