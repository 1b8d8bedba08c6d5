"""rometools: exact odds, scoring and bot playouts for Rome-themed board games.

The package is layered one way: ``widgets -> charts -> games -> core``.
Game packages (``rometools.caesars_empire`` and the later ones) import neither
plotly nor ipywidgets, so they run in any Python process.
"""

__version__ = "0.1.0"

from rometools.core.game import games, load_game, register_game  # noqa: E402

__all__ = ["games", "load_game", "register_game"]
