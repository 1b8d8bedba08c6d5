"""Pig's playout explorer: a board-less :class:`~rometools.widgets._playout.PlayoutExplorer`.

Pig's widgets layer (as :mod:`rometools.widgets` is rometools'): it imports ipywidgets and
:mod:`pig.charts`; the game (``pig``, ``pig.rules``...) never imports it, and registers the
explorer by name (``pig.EXPLORER``). The base gives the players, bots, seed, saved-game start, turn slider and "what would a strong
player do here?"; Pig adds a status line and the banked-points chart (docs/new-game.md, step 7).
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from pig.charts import banked_figure
from rometools.widgets._base import ChartFigure
from rometools.widgets._playout import PlayoutExplorer


class PigPlayoutExplorer(PlayoutExplorer):
    """Step a seeded Pig bot game decision by decision: banked points, turn total, the chart.

    Controls: those of :class:`~rometools.widgets._playout.PlayoutExplorer` without a board
    (``HAS_BOARD = False``). Output: the status (``rt-pig-status``) and the chart
    (``rt-pig-chart``; traces ``pig-banked-p1``..., ``pig-at-risk-p1``...).

    Examples
    --------
    >>> ex = PigPlayoutExplorer(players=3, seed=2)
    >>> ex.set_values(turn=ex.turns), max(ex.state.banked) >= 100
    (True, True)
    >>> ex.set_values(board="pig.toml"), "Pig has no board" in ex.message, ex.state.banked == ex.states[-1].banked
    (False, True, True)
    """

    figure = ChartFigure()
    GAME = "pig"
    HAS_BOARD = False
    DEFAULT_BOT = "greedy"

    def __init__(self, players: int | None = None, bot: str = "greedy", seed: int = 1, *,
                 bots: list[str] | None = None, start: Any = None, files: str = "path"):
        super().__init__(None, players, bot, seed, bots=bots, start=start, files=files)
        self.children = [*self._game_rows(), self._message, self._status, self._charts["figure"].view,
                         *self._strong_play_rows()]

    def build_view(self) -> None:
        self._status = widgets.HTML()
        self._status.add_class("rt-pig-status")
        self._add_chart("figure", "rt-pig-chart")

    def set_values(self, *, players: int | None = None, bot: str | None = None, bots: list[str] | None = None,
                   seed: int | None = None, start: Any = None, turn: int | None = None, board: None = None) -> bool:
        """Set controls as a user would; all or nothing (a ``board`` is refused: Pig has none)."""
        return self._set({"players": players, "bot": bot, "bots": bots, "seed": seed, "start": start,
                          "turn": turn, "board": board})

    def compute(self, state: Any) -> tuple[Any, Any]:
        return state, banked_figure(self.states, current_turn=self._turn.value)

    def draw(self, view: tuple[Any, Any]) -> None:
        state, fig = view
        self._show_chart("figure", fig)
        banked = ", ".join(f"P{s + 1} {b}" for s, b in enumerate(state.banked))
        who = "game over" if max(state.banked) >= state.config.target else \
            f"P{state.seat + 1} to move with {state.turn_total} this turn"
        self._status.value = f"Decision {self._turn.value} of {self.turns}: banked {banked}; {who}."
