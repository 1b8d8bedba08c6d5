"""ipywidgets explorers: thin controls wired to the game packages and :mod:`rometools.charts`.

* :class:`CollectionExplorer` -- Caesar's Empire Treasure / City points of one collection.
* :class:`SetupOddsExplorer` -- Caesar's Empire set-up odds, exact with a seeded simulation.
* :class:`BoardExplorer` -- Caesar's Empire board: step a seeded bot game, inspect connections.

Examples
--------
>>> from rometools.widgets import CollectionExplorer
>>> ex = CollectionExplorer()
>>> ex.set_values(counts={"gold": 3})
True
>>> ex.figure_data()["ce-breakdown"]["y"]
[14, 14, 9, 22]
"""

from rometools.widgets.caesars_empire import CollectionExplorer, SetupOddsExplorer
from rometools.widgets.caesars_empire_board import BoardExplorer

__all__ = ["BoardExplorer", "CollectionExplorer", "SetupOddsExplorer"]
