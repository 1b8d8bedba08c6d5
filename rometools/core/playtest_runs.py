"""The seeded runs every part of the playtest shares: the game, game ``i``'s stream, progress.

A registered game id or a :class:`~rometools.core.game.Game` (``_game``), the same game at
another player count (``_with_players``), the random stream of game ``i`` of a run (the same
for every bot and seat, so restricted and unrestricted bots meet the same draws: ``_stream``),
a progress bar or callback (``_bar``, ``_tick``, ``_done``: :func:`~rometools.core.simulate.simulate`'s)
and a Wilson interval's ends (``_wilson``). Used by :mod:`rometools.core.playtest`,
:mod:`rometools.core.rule_holes` and :mod:`rometools.core.hot_spots`.

Examples
--------
>>> _game("pig").players, _with_players("via_romana", 3).players
(2, 3)
>>> _wilson(0, 10)[0]
0.0
"""

from __future__ import annotations

from typing import Any

from rometools.core.describe import variant_options
from rometools.core.load import Game, load_game


def _wilson(wins: int, n: int) -> tuple[float, float]:
    from rometools.core.stats import proportion_estimate

    est = proportion_estimate(wins, n)
    return est.low, est.high


def _stream(seed: int, i: int):
    """The random stream of game ``i`` of a run seeded ``seed`` (the same for every bot and seat)."""
    import numpy as np

    return np.random.SeedSequence([seed, i])


def _bar(total: int, progress: Any, desc: str):
    """A tqdm bar (``progress=True``), a ``progress(done, total)`` callback, or nothing: simulate's."""
    from rometools.core.simulate import _progress

    return _progress(total, progress, desc)


def _tick(bar: Any, k: int = 1) -> None:
    if bar is not None:
        bar.update(k)


def _done(bar: Any) -> None:
    if bar is not None:
        bar.close()


def _game(game: str | Game) -> Game:
    """A registered game id (its default options) or a :class:`~rometools.core.game.Game`."""
    return load_game(game) if isinstance(game, str) else game


def _with_players(game: str | Game, players: int | None) -> Game:
    """``game``, or its default options with ``players`` seats."""
    game = _game(game)
    if players is None or players == game.players:
        return game
    return load_game(game.spec.id, **variant_options(game), players=players)
