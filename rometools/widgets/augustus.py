"""Augustus explorers: thin ipywidgets wired to :mod:`rometools.augustus` and its charts.

* :class:`ObjectiveOddsExplorer` -- build an objective from symbol counts or pick a
  card; its exact completion CDF and expected draws, the joker reset's effect (a
  toggle comparing against a bag without the reset), a second card to compare.
* :class:`BagExplorer` -- draw tokens step by step with a seed; the bag's contents,
  the exact next-token odds, the refill after a joker.
* :class:`AugustusPlayoutExplorer` -- a seeded bot game step by step on the shared
  :class:`~rometools.widgets._playout.PlayoutExplorer`: each player's objectives with
  their open slots and exact completion odds, the reward tiles and who holds them,
  the scores and the game log.

They hold no rules and no probability: every number comes from
:mod:`rometools.augustus` through :mod:`rometools.charts.augustus`. Invalid input
shows a readable message in ``rt-message`` and leaves the last good view in place.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go

from rometools.augustus import (
    JOKER_POLICIES,
    GameState,
    ObjectiveSet,
    completion_cdf,
    draw_tokens,
    expected_draws,
    game_log,
    is_over,
    legion_counts,
    load_components,
    load_objectives,
    objective_odds,
    reward_holders,
    score_parts,
    senators,
    token_counts,
)
from rometools.augustus.components import bag_file_with_counts, symbols_text
from rometools.augustus.views import reward_name
from rometools.charts._common import seat_colour
from rometools.charts.augustus import (
    bag_figure,
    completion_cdf_figure,
    game_odds_figure,
    slots_text,
    symbol_text,
)
from rometools.core.formatting import number, percent_column, probability, shown
from rometools.widgets._base import (
    MAX_SEED,
    ChartFigure,
    Explorer,
    WholeNumberText,
    trace_data,
    whole_number,
)
from rometools.widgets._counts import CountsEditor, CountsField
from rometools.widgets._playout import PlayoutExplorer

__all__ = ["AugustusPlayoutExplorer", "BagExplorer", "ObjectiveOddsExplorer"]

CUSTOM = 0  # the card dropdown's "build from symbol counts"


def _table(header: list[str], rows: list[list[str]], css: str) -> str:
    head = "".join(f"<th style='padding:2px 8px;text-align:left'>{h}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td style='padding:2px 8px'>{c}</td>" for c in r) + "</tr>"
                   for r in rows)
    return f"<table class='{css}' style='border-collapse:collapse'><tr>{head}</tr>{body}</table>"


#: The odds tables' columns, each cell in one format true to its heading (a trial read "≈ 14.78" under
#: "expected draws (exact)" beside "2,378/275 ≈ 8.65" and "12", and "1 in 30 (3.3%)" beside "43% (exact,
#: rounded)"): every value is exact and shown rounded, and the heading says so.
_ROUNDED = "exact, rounded"


def _draws_cells(means: list[Fraction | int]) -> list[str]:
    """Exact expected draws as one column: each to 2 decimals, its exact fraction as the cell's hover
    where its terms have at most 6 digits (an exact mean over the 23-token bag can have 30-digit terms).

    Examples
    --------
    >>> _draws_cells([Fraction(2378, 275), 12])
    ["<span title='exact: 2,378/275'>8.65</span>", "<span title='exact: 12'>12.00</span>"]
    """
    cells = []
    for mean in means:
        q = Fraction(mean)
        exact = (f" title='exact: {number(q.numerator)}" + (f"/{number(q.denominator)}" if q.denominator > 1 else "")
                 + "'" if len(str(q.numerator)) <= 6 and len(str(q.denominator)) <= 6 else "")
        cells.append(f"<span{exact}>{float(q):,.2f}</span>")
    return cells


def _seat_html(seat: int | None) -> str:
    if seat is None:
        return ""
    return f'<span style="color:{seat_colour(seat)};font-weight:bold">P{seat + 1}</span>'


def _card_options(cards: ObjectiveSet) -> list[tuple[str, int]]:
    return [(f"#{c.number} {c.name} ({slots_text(dict(c.slots))})", c.number) for c in cards.cards]


# ===================================================================== objective odds
class ObjectiveOddsExplorer(Explorer):
    """How long does an objective take? Exact completion odds, with and without the joker reset.

    Controls (CSS class in brackets): the card (``rt-au-card``; "build from symbol
    counts" uses the counts), one count per symbol (``rt-au-slot-<symbol>``, e.g.
    ``rt-au-slot-dagger``), a second card to compare (``rt-au-compare``), the
    comparison without the joker reset (``rt-au-no-reset``), the joker policy
    (``rt-au-policy``), the draws shown (``rt-au-max-draws``), simulated objectives
    (``rt-au-trials``; 0 hides them) and their seed (``rt-seed``).
    Output: the summary (``rt-au-summary``), the message area (``rt-message``) and
    the chart (``rt-au-odds-chart``; traces ``au-cdf-0``, ``au-cdf-1``,
    ``au-cdf-noreset-0``..., ``au-cdf-sim-0``...).

    Parameters
    ----------
    card : int, optional
        A card number of the set; default: build from ``slots``.
    slots : Mapping[str, int], optional
        Symbol counts (default two daggers).
    compare : int, optional
        A second card number to draw beside it.
    no_reset : bool
        Also draw each objective without the joker reset.
    joker_policy : str
        A name of :data:`rometools.augustus.JOKER_POLICIES`.
    max_draws : int
    trials, seed : int
    cards : ObjectiveSet, optional
        Default: the bundled illustrative set.

    Examples
    --------
    >>> ex = ObjectiveOddsExplorer(slots={"dagger": 2}, no_reset=True)
    >>> sorted(ex.figure_data())
    ['au-cdf-0', 'au-cdf-noreset-0']
    >>> ex.expected_draws()
    [Fraction(12, 1)]
    >>> ex.set_values(card=23, compare=2)
    True
    >>> ex.slots()
    {'dagger': 2}
    >>> ex.set_values(slots={"dagger": 7})
    False
    >>> ex.message
    'Cannot update: Slots: dagger must be a whole number 0 to 6, got 7 (the chart still shows the last valid input)'
    """

    figure = ChartFigure()

    def __init__(self, card: int | None = None, slots: Mapping[str, int] | None = None, *,
                 compare: int | None = None, no_reset: bool = False, joker_policy: str = "rarest",
                 max_draws: int = 30, trials: int = 0, seed: int = 0, cards: ObjectiveSet | None = None):
        self._init_message()
        self.cards = cards or load_objectives()
        self.symbols = load_components().symbols
        options = _card_options(self.cards)
        self._card = self._add_control("card", widgets.Dropdown(
            options=[("build from symbol counts", CUSTOM), *options], value=CUSTOM, description="Card",
            layout={"width": "460px"}), "rt-au-card")
        self._slots = {s: self._add_control(f"slot_{s}", WholeNumberText(
            value=0, low=0, high=6, description=s.replace("_", " "), layout={"width": "190px"},
            style={"description_width": "105px"}), f"rt-au-slot-{s}") for s in self.symbols}
        self._compare_card = self._add_control("compare", widgets.Dropdown(
            options=[("nothing", CUSTOM), *options], value=CUSTOM, description="Compare with",
            layout={"width": "460px"}, style={"description_width": "100px"}), "rt-au-compare")
        self._no_reset = self._add_control("no_reset", widgets.Checkbox(
            value=False, indent=False, description="Compare with a bag without the joker reset"), "rt-au-no-reset")
        self._policy = self._add_control("joker_policy", widgets.Dropdown(
            options=sorted(JOKER_POLICIES), value="rarest", description="Joker fills"), "rt-au-policy")
        self._max_draws = self._add_control("max_draws", widgets.IntSlider(
            value=30, min=5, max=60, description="Draws", continuous_update=False), "rt-au-max-draws")
        self._trials = self._add_control("trials", WholeNumberText(
            value=0, low=0, high=20_000, description="Simulated objectives", layout={"width": "250px"},
            style={"description_width": "135px"}), "rt-au-trials")
        self._seed = self._add_control("seed", WholeNumberText(
            value=0, low=0, high=MAX_SEED, description="Seed", layout={"width": "180px"}), "rt-seed")
        self._summary = widgets.HTML()
        self._summary.add_class("rt-au-summary")
        self._add_chart("figure", "rt-au-odds-chart")
        self._means: list = []
        super().__init__([
            self._card,
            widgets.HBox(list(self._slots.values())[:3]), widgets.HBox(list(self._slots.values())[3:]),
            self._compare_card, widgets.HBox([self._no_reset, self._policy]),
            widgets.HBox([self._max_draws, self._trials, self._seed]),
            self._message, self._summary, self._charts["figure"].view,
        ])
        self.add_class("rt-au-objective-odds")
        first = {"card": card, "slots": slots if slots is not None or card is not None else {"dagger": 2},
                 "compare": compare, "no_reset": no_reset, "joker_policy": joker_policy,
                 "max_draws": max_draws, "trials": trials, "seed": seed}
        if not self._set(first):
            error = self._message.value
            self._set({"slots": {"dagger": 2}})
            self._message.value = error
        self._card.observe(self._on_card, names="value")
        for w in self._slots.values():
            w.observe(self._on_slot, names="value")
        for w in (self._compare_card, self._no_reset, self._policy, self._max_draws, self._trials, self._seed):
            w.observe(self._on_change, names="value")

    # ------------------------------------------------------------ public
    def set_values(self, *, card: int | None = None, slots: Mapping[str, int] | None = None,
                   compare: int | None = None, no_reset: bool | None = None, joker_policy: str | None = None,
                   max_draws: int | None = None, trials: int | None = None, seed: int | None = None) -> bool:
        """Set controls as a user would, then redraw once; all or nothing.

        ``card=0`` means "build from symbol counts" and ``compare=0`` "nothing";
        giving ``slots`` builds from them (the card control shows the custom choice).

        Returns
        -------
        bool
            ``True`` if the view was updated; ``False`` with a message otherwise.
        """
        return self._set({"card": card, "slots": slots, "compare": compare, "no_reset": no_reset,
                          "joker_policy": joker_policy, "max_draws": max_draws, "trials": trials, "seed": seed})

    def slots(self) -> dict[str, int]:
        """The objective's slots as the counts show them, ``{symbol: slots}``."""
        return {s: w.value for s, w in self._slots.items() if w.value}

    def expected_draws(self) -> list:
        """Exact expected draws of each objective drawn (the first, then the comparison)."""
        return list(self._means)

    def figure_data(self) -> dict[str, dict]:
        """The chart's traces by ``meta`` (``x``, ``y``, ``customdata``...)."""
        return trace_data(self._chart_figure("figure"))

    # ------------------------------------------------------------ set_values
    FIELD_LABELS = {"card": "Card", "slots": "Slots", "compare": "Compare with", "no_reset": "Without the reset",
                    "joker_policy": "Joker fills", "max_draws": "Draws", "trials": "Simulated objectives", "seed": "Seed"}

    def field_label(self, name: str) -> str:
        """As :meth:`Explorer.field_label`; a symbol's box by the symbol it shows ("Dagger slots").

        A count typed in its box is refused, and put back, as every explorer's number box is;
        ``set_values(slots=...)`` names its field too ("Slots: dagger must be ...").

        Examples
        --------
        >>> ex = ObjectiveOddsExplorer(slots={"dagger": 2})
        >>> ex.field_label("slot_dagger")
        'Dagger slots'
        >>> ex._slots["dagger"].value = 7      # as typed in the box
        >>> ex.message
        'Cannot update: Dagger slots must be a whole number 0 to 6, got 7 (Dagger slots put back to 2, the value the chart shows)'
        """
        if name.startswith("slot_"):
            return f"{name.removeprefix('slot_').replace('_', ' ').capitalize()} slots"
        return super().field_label(name)

    def _check(self, name: str, value: Any) -> Any:
        numbers = {CUSTOM, *self.cards.numbers}
        if name in ("card", "compare"):
            if isinstance(value, bool) or not isinstance(value, int) or value not in numbers:
                raise ValueError(f"{self.field_label(name)} must be a card number of the set "
                                 f"{self.cards.name!r} (or 0), got {shown(value)}")
        elif name == "slots":
            if not isinstance(value, Mapping):
                raise ValueError(f"Slots must be a mapping of symbol to count such as {{'dagger': 2}}, "
                                 f"got {shown(value)}")
            for s, n in value.items():
                if s not in self._slots:
                    raise ValueError(f"Slots: unknown symbol {shown(s)}; the symbols are {', '.join(self.symbols)}")
                whole_number(f"Slots: {s}", n, 0, 6)
            if not any(value.values()):
                raise ValueError("Slots: an objective needs at least one slot")
        elif name == "no_reset":
            if not isinstance(value, bool):
                raise ValueError(f"Without the reset must be True or False, got {shown(value)}")
        elif name == "joker_policy" and (not isinstance(value, str) or value not in JOKER_POLICIES):
            raise ValueError(f"Joker fills: unknown joker policy {shown(value)}; choose one of "
                             f"{', '.join(sorted(JOKER_POLICIES))}")
        elif name == "max_draws":
            whole_number("Draws", value, 5, 60)
        elif name == "trials":
            whole_number("Simulated objectives", value, 0, 20_000)
        elif name == "seed":
            whole_number("Seed", value, 0, MAX_SEED)
        return value

    def _assign(self, values: dict[str, Any]) -> None:
        card = values.pop("card", None)
        slots = values.pop("slots", None)
        if slots is not None:
            self._fill({s: slots.get(s, 0) for s in self.symbols})
            self._card.value = CUSTOM
        elif card is not None:
            self._card.value = card
            if card != CUSTOM:
                self._fill_from_card()
        super()._assign(values)

    def _fill(self, slots: Mapping[str, int]) -> None:
        for s, w in self._slots.items():
            w.value = slots.get(s, 0)

    def _fill_from_card(self) -> None:
        self._fill(self.cards.card(self._card.value).slot_counts)

    def _on_card(self, _change=None) -> None:
        if self._hold:
            return
        if self._card.value == CUSTOM:
            self.update()
        else:
            self._attempt(self._fill_from_card, restore_to=self._good)

    def _on_slot(self, _change=None) -> None:
        if self._hold:
            return
        self._attempt(lambda: setattr(self._card, "value", CUSTOM), restore_to=self._good)

    # ------------------------------------------------------------ compute and draw
    def _objectives(self) -> dict[str, dict[str, int]]:
        slots = self.slots()
        if not slots:
            raise ValueError("an objective needs at least one slot")
        card = self._card.value
        label = f"#{card} {self.cards.card(card).name}" if card != CUSTOM else "your objective"
        out = {label: slots}
        if self._compare_card.value != CUSTOM:
            other = self.cards.card(self._compare_card.value)
            out.setdefault(f"#{other.number} {other.name}", other.slot_counts)
        return out

    def _compute(self):
        objectives = self._objectives()
        policy, no_reset = self._policy.value, self._no_reset.value
        fig = completion_cdf_figure(objectives, self._max_draws.value, compare_reset=no_reset,
                                    joker_policy=policy, trials=self._trials.value, rng=self._seed.value)
        means = [expected_draws(slots, joker_policy=policy) for slots in objectives.values()]
        tens = percent_column([completion_cdf(slots, 10, joker_policy=policy)[-1] for slots in objectives.values()])
        rows = [[html.escape(label), slots_text(slots), f"<b>{mean}</b>", ten]
                for (label, slots), mean, ten in zip(objectives.items(), _draws_cells(means), tens, strict=True)]
        if no_reset:
            for row, slots in zip(rows, objectives.values(), strict=True):
                try:
                    row.append(_draws_cells([expected_draws(slots, joker_policy=policy, reset=False)])[0])
                except ValueError:
                    stuck = 1 - completion_cdf(slots, 23, joker_policy=policy, reset=False)[-1]
                    row.append(f"infinite: stays incomplete with probability {probability(stuck)}")
        header = ["objective", "slots", f"expected draws ({_ROUNDED})", f"P(within 10 draws) ({_ROUNDED})"]
        if no_reset:
            header.append(f"expected draws without the reset ({_ROUNDED})")
        return fig, _table(header, rows, "rt-au-summary-table"), means

    def _draw(self, view) -> None:
        fig, summary, means = view
        self._show_chart("figure", fig)
        self._summary.value = summary
        self._means = means


# ===================================================================== the bag
class BagExplorer(CountsField, Explorer):
    """Draw mobilisation tokens step by step with a seed; the bag, the next-token odds, the joker's refill.

    Controls (CSS class in brackets): the seed (``rt-seed``), the tokens drawn
    so far (``rt-au-draws``, a slider 0-80), "Draw one" (``rt-au-draw-one``) and
    "Start again" (``rt-au-restart``).
    Output: the last draws (``rt-au-bag-log``), the exact next-token odds
    (``rt-au-next-odds``), the message area (``rt-message``) and the chart
    (``rt-au-bag-chart``; traces ``au-bag-full``, ``au-bag-left``, ``au-next-token``).
    The bag's mix is edited in a :class:`~rometools.widgets._counts.CountsEditor`, kept by a
    typed path and Save (``files="path"``, a notebook) or a download (``files="upload"``, the
    designer app: no path on the server is typed).

    Examples
    --------
    >>> ex = BagExplorer(seed=3, draws=0)
    >>> ex.bag_left()["joker"], ex.figure_data()["au-next-token"]["customdata"][-1]
    (2, '2/23')
    >>> ex.draw_one(), ex.draws
    (True, 1)
    >>> ex.set_values(draws=81)
    False
    """

    figure = ChartFigure()

    MAX_DRAWS = 80

    def __init__(self, seed: int = 1, draws: int = 0, *, counts: dict[str, int] | None = None,
                 files: str = "path"):
        self._init_message()
        self.components = load_components()
        # the bag's mix: the published counts beside the edited ones (bag_file_with_counts)
        self.counts_editor = CountsEditor(
            self, kinds=[(t.id, t.name) for t in self.components.tokens], unit="tokens", published=self.components.bag,
            text_with=bag_file_with_counts, loader=load_components, file_name="my_bag.toml", high=40,
            game="augustus", files=files)
        self._seed = self._add_control("seed", WholeNumberText(
            value=1, low=0, high=MAX_SEED, description="Seed", layout={"width": "180px"}), "rt-seed")
        self._draws = self._add_control("draws", widgets.IntSlider(
            value=0, min=0, max=self.MAX_DRAWS, description="Drawn", continuous_update=False,
            layout={"width": "420px"}), "rt-au-draws")
        self._draw_button = widgets.Button(description="Draw one", layout={"width": "100px"})
        self._draw_button.add_class("rt-au-draw-one")
        self._restart = widgets.Button(description="Start again", layout={"width": "100px"})
        self._restart.add_class("rt-au-restart")
        self._log = widgets.HTML()
        self._log.add_class("rt-au-bag-log")
        self._odds = widgets.HTML()
        self._odds.add_class("rt-au-next-odds")
        self._add_chart("figure", "rt-au-bag-chart")
        self._left: dict[str, int] = dict(self.components.bag)
        super().__init__([widgets.HBox([self._seed, self._draws, self._draw_button, self._restart]),
                          self._message, self._log, self._charts["figure"].view, self._odds,
                          self.counts_editor.view])
        self.add_class("rt-au-bag-explorer")
        if not self._set({"seed": seed, "draws": draws, "counts": counts}):
            error = self._message.value
            self._set({"seed": 1, "draws": 0})
            self._message.value = error
        for w in (self._seed, self._draws, *self.counts_editor.boxes.values()):
            w.observe(self._on_change, names="value")
        self._draw_button.on_click(lambda _b: self.draw_one())
        self._restart.on_click(lambda _b: self.set_values(draws=0))

    @property
    def draws(self) -> int:
        """Tokens drawn so far (draws)."""
        return self._draws.value

    def set_values(self, *, seed: int | None = None, draws: int | None = None,
                   counts: dict[str, int] | None = None) -> bool:
        """Set the seed, the tokens drawn and the bag's mix (``counts``: tokens of each kind, the counts
        editor's boxes; kinds not given keep theirs); all or nothing. Returns whether the view updated."""
        return self._set({"seed": seed, "draws": draws, "counts": counts})

    def draw_one(self) -> bool:
        """Draw the next token (what the "Draw one" button does)."""
        return self.set_values(draws=self._draws.value + 1)

    def bag_left(self) -> dict[str, int]:
        """Tokens in the bag now, ``{token id: tokens}``."""
        return dict(self._left)

    def figure_data(self) -> dict[str, dict]:
        """The chart's traces by ``meta``."""
        return trace_data(self._chart_figure("figure"))

    FIELD_LABELS = {"seed": "Seed", "draws": "Drawn", "counts": "Counts"}

    def _check(self, name: str, value: Any) -> Any:
        if name == "seed":
            whole_number("Seed", value, 0, MAX_SEED)
        elif name == "draws":
            whole_number("Drawn", value, 0, self.MAX_DRAWS)
        elif name == "counts":
            return self.counts_editor.check(value)
        return value

    def _compute(self):
        n = self._draws.value
        built = self.counts_editor.build()
        bag = dict(built[0].bag if built else self.components.bag)
        # the mix is checked by load_components, which refuses a bag without a joker (AU-15): the
        # bag refills, so every number of draws has a next token
        steps = draw_tokens(n, rng=self._seed.value, bag=bag)
        full = dict(bag)
        if not steps:
            left = full
        elif steps[-1]["reset"]:
            left = dict(full)
        else:
            left = dict(steps[-1]["before"])
            left[steps[-1]["token"]] -= 1
        since = 0
        for s in reversed(steps):
            if s["reset"]:
                break
            since += 1
        title = f"After {n} draw(s): {sum(left.values())} of {sum(full.values())} tokens in the bag"
        if built:
            title += " (edited mix)"
        if steps and steps[-1]["reset"]:
            title += " (a joker: every token is back)"
        fig = bag_figure(left, full=full, title=title)
        return steps, left, since, fig

    def _draw(self, view) -> None:
        steps, left, since, fig = view
        self._left = left
        self._show_chart("figure", fig)
        shown = steps[-12:]
        items = []
        for s in shown:
            text = f"{s['draw']}. {html.escape(symbol_text(s['token']))}"
            if s["reset"]:
                text += " <b>(joker: the bag is full again)</b>"
            items.append(text)
        lead = f"{since} token(s) drawn since the last refill. " if steps else "A full bag. "
        self._log.value = lead + ("Last draws: " + "; ".join(items) if items else "")
        odds = fig.data[2].customdata
        rows = [[html.escape(symbol_text(k)), str(left[k]), f"{p}"] for k, p in zip(left, odds, strict=True)]
        self._odds.value = _table(["token", "left", "P(next)"], rows, "rt-au-next-odds-table")


# ===================================================================== a seeded game
@dataclass(frozen=True)
class _GameView:
    state: GameState
    rows: list[list[dict]]
    figure: go.Figure


class AugustusPlayoutExplorer(PlayoutExplorer):
    """Step a seeded Augustus bot game: objectives with their odds, rewards, scores, the log.

    Controls (CSS class in brackets): those of
    :class:`~rometools.widgets._playout.PlayoutExplorer` -- the objective card file
    (``rt-board-file``, labelled "Cards"; a path typed in ``rt-board-path``,
    loaded with ``rt-board-load``), a saved game to play on from
    (``rt-start-path``, ``rt-start-load``, ``rt-start-clear``), players
    (``rt-players``), the bot for every seat (``rt-bot``) and per seat
    (``rt-bot-p1``...), the seed (``rt-seed``), the turn (``rt-turn``: one step
    per decision, 0 = the first decision of the game) -- and the draws ahead of
    the completion odds (``rt-au-within``).
    Output: the status line (``rt-au-status``: draw, caller, token, bag), the
    chart (``rt-au-game-chart``; traces ``au-game-odds-p1``...), the objectives
    table (``rt-au-objectives``), the reward tiles (``rt-au-rewards``), the
    scores (``rt-au-scores``), the log (``rt-au-log``) and the message area.

    Parameters
    ----------
    cards : str, Path or ObjectiveSet, optional
        The objective cards; default the bundled illustrative set.
    players : int, optional
        2 to 6 (default 4; a start gives its own).
    bot : str
        ``"greedy"`` or ``"random"`` for every seat.
    seed : int
    bots : list of str, optional
        One bot per seat.
    start : GameState, str or Path, optional
        A state or saved game to play on from.
    within : int
        Draws ahead of the completion odds (1-15).

    Examples
    --------
    >>> ex = AugustusPlayoutExplorer(players=3, seed=2)
    >>> ex.bots, ex.state.phase
    (('greedy', 'greedy', 'greedy'), 'keep')
    >>> ex.set_values(turn=ex.turns), is_over(ex.state)
    (True, True)
    >>> ex.set_values(players=7)
    False
    """

    figure = ChartFigure()

    GAME = "augustus"
    DEFAULT_BOT = "greedy"
    DEFAULT_PLAYERS = 4
    FIELD_LABELS = {**PlayoutExplorer.FIELD_LABELS, "board": "Cards", "cards": "Cards", "within": "Odds within"}
    BOARD_OPTION = "objectives"   # the "board" chosen is the objective cards file

    def __init__(self, cards: str | Path | ObjectiveSet | None = None, players: int | None = None,
                 bot: str = "greedy", seed: int = 1, *, bots: list[str] | None = None,
                 start: GameState | str | Path | None = None, within: int = 5, files: str = "path"):
        self._initial_within = within
        super().__init__(cards, players, bot, seed, bots=bots, start=start, files=files)
        self._board_file.description = "Cards"
        if self._board_path is not None:
            self._board_path.placeholder = "or an objectives file path"
        else:
            self._board_upload.description = "Upload objectives"
        self.children = [
            *self._game_rows(), self._within, self._message, self._status, self._charts["figure"].view,
            widgets.HTML("<b>Objectives in play</b> (legions placed / slots; exact odds from the bag as it is)"),
            self._objectives, *self._strong_play_rows(), widgets.HTML("<b>Reward tiles</b>"), self._rewards,
            widgets.HTML("<b>Scores</b> (as if the game ended now)"), self._scores,
            widgets.HTML("<b>Log</b> (the last steps up to this turn)"), self._log,
        ]

    # ------------------------------------------------------------ the game (PlayoutExplorer hooks)
    def player_counts(self, board: ObjectiveSet) -> tuple[int, ...]:
        comps = load_components()
        lo, hi = comps.players
        return tuple(p for p in range(lo, hi + 1) if comps.central_row + p * comps.dealt <= len(board))

    # ------------------------------------------------------------ the view
    def build_view(self) -> None:
        self._within = self._add_control("within", widgets.IntSlider(
            value=self._initial_within if isinstance(self._initial_within, int) else 5, min=1, max=15,
            description="Odds within", continuous_update=False, style={"description_width": "90px"}),
            "rt-au-within")
        self._status = widgets.HTML()
        self._status.add_class("rt-au-status")
        self._objectives = widgets.HTML()
        self._objectives.add_class("rt-au-objectives")
        self._rewards = widgets.HTML()
        self._rewards.add_class("rt-au-rewards")
        self._scores = widgets.HTML()
        self._scores.add_class("rt-au-scores")
        self._log = widgets.HTML()
        self._log.add_class("rt-au-log")
        self._add_chart("figure", "rt-au-game-chart")
        self._rows: list[list[dict]] = []
        self._within.observe(self._on_change, names="value")

    def check_view(self, name: str, value: Any) -> Any:
        if name == "within":
            whole_number("Odds within", value, 1, 15)
        return value

    def set_values(self, *, cards: str | Path | ObjectiveSet | None = None, players: int | None = None,
                   bot: str | None = None, bots: list[str] | None = None, seed: int | None = None,
                   start: GameState | str | Path | None = None, turn: int | None = None,
                   within: int | None = None) -> bool:
        """Set controls as a user would; all or nothing. Returns whether the view updated.

        Parameters
        ----------
        cards, players, bot, bots, seed, start
            As in the constructor (``start=""`` for a new deal).
        turn : int, optional
            0 to :attr:`turns`.
        within : int, optional
            Draws ahead of the odds, 1-15.
        """
        return self._set({"board": cards, "players": players, "bot": bot, "bots": bots, "seed": seed,
                          "start": start, "turn": turn, "within": within})

    def objectives(self) -> list[list[dict]]:
        """Per seat, the objectives in play with their exact odds (:func:`rometools.augustus.objective_odds`)."""
        return [list(r) for r in self._rows]

    def figure_data(self) -> dict[str, dict]:
        """The chart's traces by ``meta``."""
        return trace_data(self._chart_figure("figure"))

    def compute(self, state: GameState) -> _GameView:
        within = self._within.value
        rows = [objective_odds(state, seat, within) for seat in range(state.config.players)]
        fig = game_odds_figure(rows, within=within,
                               title=f"Turn {self._turn.value} of {self.turns}: P(each objective complete "
                                     f"within {within} draws), exact")
        return _GameView(state, rows, fig)

    def draw(self, view: _GameView) -> None:
        state, rows = view.state, view.rows
        self._rows = rows
        self._show_chart("figure", view.figure)
        left = token_counts(state)
        seat = state.seat if state.seat >= 0 else None
        phase = "game over" if is_over(state) else f"{_seat_html(seat)} to decide ({state.phase})" if seat is not None \
            else f"chance: {state.phase}"
        token = f", token drawn: <b>{html.escape(symbol_text(state.token))}</b>" if state.token else ""
        self._status.value = (f"Draw {state.draws}, caller {_seat_html(state.caller)}{token}; {phase}. "
                              f"Bag: {sum(left.values())} tokens left "
                              f"({', '.join(symbols_text(k, v) for k, v in left.items())}).")
        listed = [(s, r) for s, seat_rows in enumerate(rows) for r in seat_rows]
        chances = percent_column([r["cdf"][-1] for _, r in listed])
        draws = _draws_cells([r["expected_draws"] for _, r in listed])
        table = [[_seat_html(s), f"#{r['number']} {html.escape(r['name'])}", r["kind"], str(r["points"]),
                  f"{r['legions']} / {sum(r['slots'].values())}", slots_text(r["open"]), p, d]
                 for (s, r), p, d in zip(listed, chances, draws, strict=True)]
        self._objectives.value = _table(["seat", "objective", "kind", "points", "legions", "open slots",
                                         f"P(within {self._within.value} draws) ({_ROUNDED})",
                                         f"expected draws ({_ROUNDED})"], table,
                                        "rt-au-objectives-table") if table else "<i>no objective in play</i>"
        self._rewards.value = _table(["tile", "condition", "points", "holder"],
                                     [[html.escape(reward_name(r["id"])), html.escape(r["condition"]), str(r["points"]),
                                       _seat_html(r["holder"]) or "available"] for r in reward_holders(state)],
                                     "rt-au-rewards-table")
        legions = legion_counts(state)
        parts = score_parts(state)
        self._scores.value = _table(
            ["seat", "controlled", "rewards", "objectives", "powers", "total", "senators", "legions (reserve)"],
            [[_seat_html(s), ", ".join(f"#{n}" for n in state.controlled[s]) or "-", str(p["rewards"]),
              str(p["objectives"]), str(p["powers"]), f"<b>{p['total']}</b>", str(senators(state, s)),
              f"{legions[s]['owned']} ({legions[s]['reserve']})"] for s, p in enumerate(parts)],
            "rt-au-scores-table")
        log = game_log(state).tail(14)
        self._log.value = _table(["Turn", "Draw", "Token", "Player", "Action", "Then"],
                                 [[str(r.Turn), str(r.Draw), html.escape(r.Token),
                                   _seat_html(int(r.Player[1:]) - 1), html.escape(r.Action), html.escape(r.Then)]
                                  for r in log.itertuples()], "rt-au-log-table") if len(log) else "<i>the set-up deal</i>"
