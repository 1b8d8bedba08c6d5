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
* :class:`TileOddsExplorer` -- IMPERATOR: exact reveal odds of each reward-tile kind by round,
  with a seeded simulation.
* :class:`BalanceExplorer` -- any game: many seeded bot games, seat win rates with
  intervals, a variant compared on the same seeds.
* :class:`DrawOddsExplorer` -- any bag, deck or tile stack (typed, or a game's bag from
  :data:`~rometools.widgets.draws.GAME_BAGS`): exact odds of a condition built from rows,
  the law and the curve over draws, a seeded simulation beside them.

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

from rometools.widgets._base import Explorer
from rometools.widgets._playout import PlayoutExplorer
from rometools.widgets.augustus import AugustusPlayoutExplorer, BagExplorer, ObjectiveOddsExplorer
from rometools.widgets.balance import BalanceExplorer
from rometools.widgets.caesars_empire import CollectionExplorer, SetupOddsExplorer
from rometools.widgets.caesars_empire_board import BoardExplorer
from rometools.widgets.draws import GAME_BAGS, DrawOddsExplorer, GameBag
from rometools.widgets.imperator import RegionBoardExplorer, TileOddsExplorer

__all__ = ["GAME_BAGS", "AugustusPlayoutExplorer", "BagExplorer", "BalanceExplorer", "BoardExplorer",
           "CollectionExplorer", "DrawOddsExplorer", "Explorer", "GameBag", "ObjectiveOddsExplorer",
           "PlayoutExplorer", "RegionBoardExplorer", "SetupOddsExplorer", "TileOddsExplorer"]
