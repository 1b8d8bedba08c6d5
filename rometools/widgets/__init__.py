"""ipywidgets explorers: thin controls wired to the game packages and :mod:`rometools.charts`.

* :class:`CollectionExplorer` -- Caesar's Empire Treasure / City points of one collection.
* :class:`SetupOddsExplorer` -- Caesar's Empire set-up odds, exact with a seeded simulation.
* :class:`BoardExplorer` -- Caesar's Empire board: step a seeded bot game (a bot per seat,
  from a new deal or a position), inspect connections.
* :class:`BalanceExplorer` -- any game: many seeded bot games, seat win rates with
  intervals, a variant compared on the same seeds.

What every explorer shares is in :mod:`rometools.widgets._base`: :class:`Explorer`
(``holding()``, all-or-nothing ``set_values``) and :class:`PlayoutExplorer`, the base
of every board game's explorer.

Examples
--------
>>> from rometools.widgets import CollectionExplorer
>>> ex = CollectionExplorer()
>>> ex.set_values(counts={"gold": 3})
True
>>> ex.figure_data()["ce-breakdown"]["y"]
[14, 14, 9, 22]
"""

from rometools.widgets._base import Explorer, PlayoutExplorer
from rometools.widgets.balance import BalanceExplorer
from rometools.widgets.caesars_empire import CollectionExplorer, SetupOddsExplorer
from rometools.widgets.caesars_empire_board import BoardExplorer

__all__ = ["BalanceExplorer", "BoardExplorer", "CollectionExplorer", "Explorer", "PlayoutExplorer", "SetupOddsExplorer"]
