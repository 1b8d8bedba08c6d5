"""ipywidgets explorers: thin controls wired to the game packages and :mod:`rometools.charts`.

* :class:`CollectionExplorer` -- Caesar's Empire Treasure / City points of one collection.
* :class:`SetupOddsExplorer` -- Caesar's Empire set-up odds, exact with a seeded simulation.
* :class:`BoardExplorer` -- Caesar's Empire board: step a seeded bot game (a bot per seat,
  from a new deal or a position), inspect connections.
* :class:`ObjectiveOddsExplorer` -- Augustus: an objective's exact completion odds, the
  joker reset's effect, two objectives compared.
* :class:`BagExplorer` -- Augustus: draw the mobilisation bag step by step with a seed.
* :class:`AugustusPlayoutExplorer` -- Augustus: step a seeded bot game (objectives and
  their odds, reward tiles, scores, the log).
* :class:`RegionBoardExplorer` -- IMPERATOR: place a worker on the region board of a seeded
  game and watch the chain reaction step by step, with the Action-track moves.
* :class:`RoadBoardExplorer` -- Via Romana: a seeded bot game on the road board, who won
  each road and what the others received, hands and scores, turn by turn.
* :class:`CardOddsExplorer` -- Via Romana: how often a hand can build a fort or two
  milestones, exact by hand size, with a seeded simulation.
* :class:`TileOddsExplorer` -- IMPERATOR: exact reveal odds of each reward-tile kind by round,
  with a seeded simulation.
* :class:`BalanceExplorer` -- any game: many seeded bot games, seat win rates with
  intervals, a variant compared on the same seeds.
* :class:`DrawOddsExplorer` -- any bag, deck or tile stack (typed, or a game's bag from
  :data:`~rometools.widgets.draws.GAME_BAGS`): exact odds of a condition built from rows,
  the law and the curve over draws, a seeded simulation beside them.
* :class:`DiceOddsExplorer` -- any pool of dice (``2d6 + d8``, symbol dice): the exact law of
  the total, the kept dice or the successes, as bars and a table of fractions, re-rolls, a
  target's chance and a seeded simulation.

Each game declares its own explorers on its ``GameSpec`` (:mod:`rometools.core.explorers`);
the four of no one game (the balance lab, the draw and dice odds explorers, the playtest report) are
:data:`GENERAL_EXPLORERS`, registered when this package is imported.

What every explorer shares is in :mod:`rometools.widgets._base`: :class:`Explorer`
(``holding()``, all-or-nothing ``set_values``), figures, tables and input checks;
:class:`PlayoutExplorer` (:mod:`rometools.widgets._playout`, with the strong-play
panel of :mod:`rometools.widgets._strong_play`) is the base of every board game's
explorer.

Examples
--------
>>> from rometools.widgets import CollectionExplorer
>>> ex = CollectionExplorer()
>>> ex.set_values(counts={"gold": 3})
True
>>> ex.figure_data()["ce-breakdown"]["y"]
[14, 14, 9, 22]
"""

# Each explorer is imported from its module when first used (PEP 562): `import rometools.widgets`
# costs nearly nothing, and an explorer brings only its own game, charts and libraries.
from rometools.core._lazy import lazy_names
from rometools.widgets._general import GENERAL_EXPLORERS  # registers the explorers of no one game

_LAZY = {
    "Explorer": "rometools.widgets._base",
    "PlayoutExplorer": "rometools.widgets._playout",
    "AugustusPlayoutExplorer": "rometools.widgets.augustus",
    "BagExplorer": "rometools.widgets.augustus",
    "ObjectiveOddsExplorer": "rometools.widgets.augustus",
    "BalanceExplorer": "rometools.widgets.balance",
    "CollectionExplorer": "rometools.widgets.caesars_empire",
    "SetupOddsExplorer": "rometools.widgets.caesars_empire",
    "BoardExplorer": "rometools.widgets.caesars_empire_board",
    "GAME_BAGS": "rometools.widgets.draws",
    "DiceOddsExplorer": "rometools.widgets.dice",
    "DrawOddsExplorer": "rometools.widgets.draws",
    "GameBag": "rometools.widgets.draws",
    "RegionBoardExplorer": "rometools.widgets.imperator",
    "PlaytestReport": "rometools.widgets.playtest",
    "RoadBoardExplorer": "rometools.widgets.via_romana",
    "CardOddsExplorer": "rometools.widgets.via_romana",
    "TileOddsExplorer": "rometools.widgets.imperator",
}

__all__ = ["GAME_BAGS", "GENERAL_EXPLORERS", "AugustusPlayoutExplorer", "BagExplorer", "BalanceExplorer", "BoardExplorer", "CardOddsExplorer",
           "CollectionExplorer", "DiceOddsExplorer", "DrawOddsExplorer", "Explorer", "GameBag", "ObjectiveOddsExplorer",
           "PlayoutExplorer", "PlaytestReport", "RegionBoardExplorer", "RoadBoardExplorer", "SetupOddsExplorer", "TileOddsExplorer"]


__getattr__, __dir__ = lazy_names(__name__, _LAZY, globals())
