"""The "what would a strong player do here?" panel of every playout explorer.

:class:`StrongPlayPanel` is mixed into :class:`~rometools.widgets._playout.PlayoutExplorer`:
a Simulations box (``rt-best-budget``), a Search button (``rt-best-run``) and the
ranked moves (``rt-best-moves``): :func:`rometools.core.search.best_moves` (seeded
MCTS) from the state at the slider's turn, in the game's words (its
``action_text``). While it searches the panel says so, for which player and turn, and
the button is disabled and reads "Searching…" (:func:`~rometools.widgets._base.busy`,
as the Run buttons) and every other control is disabled (the kernel redraws no chart until the
search ends, so a turn moved meanwhile would leave the board behind the slider); a search that fails says so in the panel. The ranking is cleared
when the turn or the game changes, and a ranking whose position is no longer the one
shown is never presented as its ranking; a
Simulations value that is not a whole number in :data:`SEARCH_RANGE` (typed, or
given to ``best_moves``) is refused inside the panel, naming the field, and the box
goes back. No game is imported here.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from rometools.core.formatting import number, percent, shown
from rometools.core.search import best_moves as search_best_moves
from rometools.widgets._base import (
    INPUT_ERRORS,
    WholeNumberText,
    _text_of,
    busy,
    html_table,
    seat_html,
    whole_number,
)

__all__ = ["SEARCH_RANGE", "SEARCH_SIMULATIONS", "StrongPlayPanel"]

#: Simulations of the "what would a strong player do here?" search: default and range.
SEARCH_SIMULATIONS = 300
SEARCH_RANGE = (10, 5_000)


class StrongPlayPanel:
    """The "what would a strong player do here?" panel, for a :class:`PlayoutExplorer`.

    The explorer provides ``state``, ``game``, ``_game``, ``_states``, ``_seed``,
    ``_turn``, ``_spec`` and the message helpers of
    :class:`~rometools.widgets._base.Explorer`; it calls :meth:`_build_strong_play`
    while building its controls, :meth:`_refresh_strong_play` after each draw, and
    lays out :meth:`_strong_play_rows` among its children.
    """

    def _build_strong_play(self) -> None:
        """Create the panel's controls and wire the Search button."""
        self._search_budget = WholeNumberText(
            value=SEARCH_SIMULATIONS, low=SEARCH_RANGE[0], high=SEARCH_RANGE[1], description="Simulations",
            style={"description_width": "84px"}, layout={"width": "200px"},
            tooltip="MCTS simulations (whole games played to the end) before ranking")
        self._search_budget.add_class("rt-best-budget")
        self._search_budget.observe(self._on_search_budget, names="value")
        self._search_run = widgets.Button(description="Search", layout={"width": "90px"},
                                          tooltip="Rank the legal moves of the player to move at this turn")
        self._search_run.add_class("rt-best-run")
        self._search_out = widgets.HTML()
        self._search_out.add_class("rt-best-moves")
        self._searched: Any = None       # the state whose ranking is shown
        self._searching: Any = None      # the state being searched, during a search
        self._search_good = SEARCH_SIMULATIONS
        self._search_run.on_click(lambda _b: self.best_moves())

    def _refresh_strong_play(self) -> None:
        """After a draw: a ranking of another state is cleared, the hint shown instead."""
        if self._searching is not None and self._searching is not self.state:
            self._searched = None
            self._search_out.value = ("<small><i>Still searching the position the board showed when "
                                      "Search was pressed; its ranking will not be shown for this one: "
                                      "press Search again when the button is back.</i></small>")
        elif self._searched is not self.state:
            self._searched = None
            self._search_out.value = self._search_hint()

    def best_moves(self, simulations: int | None = None):
        """Rank the legal moves of the player to move at the slider's turn with MCTS.

        "What would a strong player do here?": :func:`rometools.core.search.best_moves`
        on the state shown, ``simulations`` playouts (greedy bots play them out),
        seeded by the explorer's seed (same seed and turn, same ranking). The
        table (``rt-best-moves``) lists every move the search tried, the most
        visited first; it is cleared when the turn or the game changes.

        Parameters
        ----------
        simulations : int, optional
            Playouts, :data:`SEARCH_RANGE` (default: the ``rt-best-budget`` box,
            first :data:`SEARCH_SIMULATIONS`).

        Returns
        -------
        pandas.DataFrame or None
            Columns ``Rank``, ``Move`` (the game's words), ``Simulations``
            (playouts that began with the move) and ``Win chance`` (estimated,
            as a percentage; ``"only move"`` when there is no choice). ``None``
            when the simulations are out of range (the panel says so in place
            of the ranking and the box goes back to its last good value), when
            the search fails (the panel says so), when the position shown
            changed before the search ended (its ranking is not shown), and
            with a note in the panel when nobody is to move (chance or the end).

        Examples
        --------
        >>> from rometools.widgets import BoardExplorer
        >>> ex = BoardExplorer(players=2, seed=3)
        >>> table = ex.best_moves(30)
        >>> list(table.columns), table["Rank"].tolist()[:2]
        (['Rank', 'Move', 'Simulations', 'Win chance'], [1, 2])
        >>> from rometools.widgets._base import plain_text
        >>> ex.best_moves(3), plain_text(ex._search_out.value)[:68]
        (None, 'Cannot search: Simulations must be a whole number 10 to 5,000, got 3')
        """
        value = self._search_budget.value if simulations is None else simulations
        try:
            whole_number("Simulations", value, *SEARCH_RANGE)
            state, game = self.state, self.game
            seat = game.current_player(state)
            if seat < 0:
                self._search_out.value = self._search_hint()
                return None
            where = f"{seat_html(seat)} to move at turn {self._turn.value}"
            self._searched, self._searching = None, state
            self._search_out.value = (  # sent before the search starts, as a chart's "Computing…"
                f'<div class="rt-computing"><small><i>Searching\u2026 {number(value)} simulations for '
                f"{where} (the button comes back when the ranking is ready).</i></small></div>")
            with busy(self._search_run, "Searching\u2026"), self._held():   # no control moves under the charts
                ranked = search_best_moves(state, value, rng=self._seed.value)
        except INPUT_ERRORS as err:
            self._refuse_search(err)
            return None
        except Exception as err:  # a bug: never a traceback in a widget
            self._show_unexpected(err)
            self._refuse_search(err, lead="Search failed")
            return None
        finally:
            self._searching = None
        if self.state is not state:  # the position changed meanwhile: this ranking is not the one shown
            self._searched = None
            self._search_out.value = (
                f"<small><i>The search for {where} finished after the board moved on, so its ranking "
                f"is not shown here. {self._search_hint().removeprefix('<small><i>')}")
            return None
        self._search_good = self._search_budget.value = value
        words = self._spec.action_text
        rows = [{"Rank": i + 1, "Move": words(state, m.action) if words else shown(m.action),
                 "Simulations": m.visits, "Win chance": "only move" if m.visits == 0 else percent(m.value)}
                for i, m in enumerate(ranked)]
        import pandas as pd  # here: an explorer opens without it

        table = pd.DataFrame(rows, columns=["Rank", "Move", "Simulations", "Win chance"])
        self._searched = state
        self._clear_error()
        self._search_out.value = (
            f"<small>{seat_html(seat)} to move at turn {self._turn.value}: {number(value)} simulations "
            f"(MCTS, greedy playouts, seed {self._seed.value}); the most simulated move is the search's "
            "choice. The win chance is the share of those playouts the player won.</small>"
            + html_table(table, "rt-best-moves-table", numeric=["Rank", "Simulations", "Win chance"], highlight=0))
        return table

    def _on_search_budget(self, _change=None) -> None:
        """A value typed in the box: refused at once unless a whole number in :data:`SEARCH_RANGE`."""
        try:
            whole_number("Simulations", self._search_budget.value, *SEARCH_RANGE)
        except ValueError as err:
            self._refuse_search(err)

    def _refuse_search(self, err: BaseException, lead: str = "Cannot search") -> None:
        """Say why in the panel (next to the box and the button, in place of the old ranking); a refused
        box back at its last good value (a failed search keeps the value it was given)."""
        self._searched = None
        if lead == "Cannot search":
            self._search_budget.value = self._search_good
            text, kept = self._wording(_text_of(err), err), f"the box is back at {number(self._search_good)}; "
        else:
            text, kept = (f"an unexpected error in rometools ({type(err).__name__}: {shown(_text_of(err), 200)}); "
                          "please report it"), ""
        self._search_out.value = (
            f'<div class="rt-error" style="color:#b00020"><b>{lead}:</b> '
            f"{html.escape(text)}<br><small>({kept}no ranking is shown)</small></div>")

    def _search_hint(self) -> str:
        seat = self.game.current_player(self.state) if self._game is not None and self._states else -1
        if seat < 0:
            return "<small><i>Nobody is to move at this turn (the game is over): no move to rank.</i></small>"
        depth = getattr(getattr(self.game, "spec", None), "mcts_playout_depth", None)
        played = ("simulation plays the game to its end, so the time grows with the simulations and with the turns "
                  "left" if depth is None else   # as the search plays it (a trial read "to its end" of a cut one)
                  f"simulation plays at most {depth} decisions on and is valued by the game's provisional results "
                  "there, so the time grows with the simulations")
        return f"<small><i>Press Search to rank the moves of {seat_html(seat)} at this turn (each {played}).</i></small>"

    def _strong_play_rows(self) -> list[widgets.Widget]:
        """The "what would a strong player do here?" panel, for the subclass's children."""
        row = {"flex_flow": "row wrap", "align_items": "center"}
        return [
            widgets.HTML("<b style='font-size:1.05em'>What would a strong player do here?</b> "
                         "<small>the legal moves ranked by a Monte Carlo tree search</small>"),
            widgets.HBox([self._search_budget, self._search_run], layout=row),
            self._search_out,
        ]
