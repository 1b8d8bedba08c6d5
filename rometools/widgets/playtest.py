"""The automated playtest in a notebook: :class:`PlaytestReport`.

It wires controls to :func:`rometools.core.playtest.playtest` and draws what the report page
(:func:`rometools.report`) draws, with the charts of :mod:`rometools.charts.playtest` and
:mod:`rometools.charts.balance`; it holds no rule and no statistic of its own. Nothing plays
until **Run** is pressed (or ``set_values`` is called): the last results stay on screen while
the designer changes the controls.
"""

from __future__ import annotations

import html
import threading
import time
import warnings
from pathlib import Path
from typing import Any

import ipywidgets as widgets

import rometools
from rometools.charts._common import empty_figure
from rometools.charts.balance import seat_win_rate_figure
from rometools.charts.flow import flow_summary_figure, lead_figure, winner_rank_figure
from rometools.charts.playtest import (
    hot_spots_figure,
    hot_spots_map_figure,
    report_page,
    restricted_row,
    shift_rows,
)
from rometools.charts.report_text import (
    VARIANT_COLUMNS,
    balance_note,
    decision_rows,
    length_text,
    options_text,
    restricted_count_text,
    spots_count_text,
    variant_note,
    variant_rows,
)
from rometools.charts.strength import skill_curve_figure
from rometools.core.balance import game_length_text, seat_advantage_text, sensitivity_text
from rometools.core.flow import _interval_text, _value_text
from rometools.core.formatting import counted, probability, seed_text, shown
from rometools.core.game import game_spec
from rometools.core.options import option_example
from rometools.core.playtest import place_names, player_counts, playtest
from rometools.widgets._base import (
    INPUT_ERRORS,
    MAX_SEED,
    ChartFigure,
    CheckedAsTyped,
    Explorer,
    WholeNumberText,
    busy,
    in_kernel,
    plain_text,
    stale_note,
    trace_data,
    whole_number,
)
from rometools.widgets._inputs import bundled_file_options
from rometools.widgets.balance import parse_options

__all__ = ["PlaytestReport"]


class _Stopped(ValueError):
    """A playtest ended by **Stop**: said as such, not as a refused input."""

#: The most games of the seat-balance run an explorer plays (the other parts play fewer).
MAX_GAMES = 20_000
#: The most games per player count or per skill budget.
MAX_PART_GAMES = 2_000


def _table(rows: list[list[Any]], columns: list[str], css: str) -> str:
    head = "".join(f"<th style='text-align:left;padding:2px 8px'>{html.escape(str(c))}</th>" for c in columns)
    body = "".join("<tr>" + "".join(f"<td style='padding:2px 8px'>{html.escape(str(v))}</td>" for v in row)
                   + "</tr>" for row in rows)
    return f"<table class='{css}' style='border-collapse:collapse'><tr>{head}</tr>{body}</table>"


class PlaytestReport(CheckedAsTyped, Explorer):
    """The automated playtest of any registered game: seat balance, how it plays (game flow), restricted
    play, hot spots on the board, rule holes, exact odds, and optionally the skill curve, the hot spots
    and the game flow at every player count and a variant paired on the same seeds.

    Controls (CSS class in brackets): game (``rt-playtest-game``), players (``rt-players``),
    bot (``rt-playtest-bot``), games (``rt-games``), seed (``rt-seed``), a variant's options
    (``rt-playtest-variant``, ``key=value, ...``), skill-curve games (``rt-playtest-skill``),
    games per player count (``rt-playtest-shift``), the **Run** button (``rt-playtest-run``: it plays in a
    thread, so the page stays live), the **Stop** button (``rt-playtest-stop``: every part ends, the run
    is said to be stopped and none of its figures is shown) and a progress bar naming the part being
    played (``rt-playtest-progress``). A refusal on screen is cleared when a valid run starts. A number
    typed in Games, Seed, Skill-curve games or Games per player count is checked as typed, as in every
    explorer: a bad one is refused at once and the box goes back to the last run's value
    (:class:`~rometools.widgets._base.CheckedAsTyped`; the Run clicked right after plays the boxes as they
    read now, saying which box was put back); a
    variant the game refuses is refused as typed too, the box keeping what was typed.
    Output: the summary (``rt-playtest-summary``: the tables of the report page), the seat
    win-rate chart (``rt-playtest-rates``, traces ``bl-win-rates``, ``bl-fair``), the hot
    spots on the board (``rt-playtest-map``, traces ``report-map-*``; bars for a game with
    no board), the hot spots as bars (``rt-playtest-spots``, ``report-hot-spots``), the
    skill curve (``rt-playtest-skill-curve``), how it plays (the game-flow figures in the summary's
    ``rt-playtest-flow-table``; ``rt-playtest-flow``, trace ``flow-summary``: every share at a
    glance; ``rt-playtest-lead``, ``flow-lead``: the lead through the game;
    ``rt-playtest-winner``, ``flow-winner-rank-*``: where the eventual winner stood) and the
    message area (``rt-message``). While the
    controls differ from the last run's, a line over the results says which run they are for
    (``rt-playtest-stale``).

    Parameters
    ----------
    game : str
        A registered game id.
    players : int, optional
        Default: the game's default count.
    bot : str
        The bot in every seat (``"greedy"``).
    games : int
        Games of the seat-balance run, 1 to 20,000; restricted play, the rule-hole search
        and the hot spots play a quarter of them (at least 5).
    seed : int
    variant : str
        A variant's options (``key=value, ...``) paired with the game on the same seeds;
        ``""`` for none.
    skill_games : int
        Seeds per budget of the MCTS skill curve (10 and 30 simulations a move); 0: not played.
    shift_games : int
        Games at each player count for the hot spots' shift; 0: not played.
    run : bool
        Play once on opening (default ``True``).
    variant_file : str, Path or Variant, optional
        A saved variant to play instead of the game as published (:meth:`load`): the file the
        what-if studio saves, as ``rometools report --variant FILE`` takes it.
    background : bool, optional
        Whether **Run** plays in a thread (the page stays live and **Stop** is heard); default:
        in a Jupyter kernel (a notebook, the app) yes, elsewhere no (a script sees the results
        when the click returns).
    files : {"path", "upload"}
        Whether a file option typed in Variant (``board=``) may be any file's path (a notebook) or,
        in the designer app, a bundled file's name only: no path on the server is read or said.

    See Also
    --------
    rometools.report : the same as one HTML page (``rometools report GAME``).
    rometools.core.playtest.playtest : the figures as plain values.

    Examples
    --------
    >>> ex = PlaytestReport("pig", games=12, seed=2)
    >>> ex.playtest.restricted[0]["restriction"], "bl-win-rates" in ex.figure_data()
    ('no_hold_ahead', True)
    >>> ex.set_values(games=0), ex.message
    (False, 'Cannot update: Games must be a whole number 1 to 20,000, got 0 (the summary and the charts still show the last run)')
    >>> ex.playtest.n_games
    12
    """

    MODEL = ("playtest",)
    rates_figure = ChartFigure()
    map_figure = ChartFigure()
    spots_figure = ChartFigure()
    skill_figure = ChartFigure()
    flow_figure = ChartFigure()
    lead_figure = ChartFigure()
    winner_figure = ChartFigure()
    FIELD_LABELS = {"game": "Game", "players": "Players", "bot": "Bot", "games": "Games", "seed": "Seed",
                    "variant": "Variant", "skill_games": "Skill-curve games", "shift_games": "Games per player count"}
    NUMBER_BOXES = {"games": (1, MAX_GAMES), "seed": (0, MAX_SEED), "skill_games": (0, MAX_PART_GAMES),
                    "shift_games": (0, MAX_PART_GAMES)}
    KEPT = "the summary and the charts still show the last run"

    def __init__(self, game: str = "caesars_empire", players: int | None = None, bot: str = "greedy",
                 games: int = 100, seed: int = 0, *, variant: str = "", skill_games: int = 0,
                 shift_games: int = 0, run: bool = True, background: bool | None = None,
                 variant_file: Any = None, files: str = "path"):
        if files not in ("path", "upload"):
            raise ValueError(f"files must be 'path' (a notebook) or 'upload' (the app), got {shown(files)}")
        self._files = files
        super().__init__()
        self._loaded = None   # a saved variant the playtest plays (load()), or None: the game as published
        self._init_message()
        # Run plays in a thread in a kernel (a notebook, the app: the page stays live, Stop is heard),
        # in the caller elsewhere (a script, a test's twin)
        self._background = in_kernel() if background is None else bool(background)
        self.playtest = None
        self._hold = True
        ids = rometools.games()
        first = "caesars_empire" if "caesars_empire" in ids else ids[0]
        self._game = self._add_control("game", widgets.Dropdown(
            options=[(game_spec(g).title, g) for g in ids], value=first, description="Game"), "rt-playtest-game")
        self._players = self._add_control("players", widgets.Dropdown(
            options=player_counts(first), value=rometools.load_game(first).players, description="Players"),
            "rt-players")
        self._bot = self._add_control("bot", widgets.Dropdown(
            options=sorted(game_spec(first).bots), value="greedy", description="Bot"), "rt-playtest-bot")
        self._games = self._add_control("games", WholeNumberText(
            value=100, description="Games", layout={"width": "200px"}), "rt-games")
        self._seed = self._add_control("seed", WholeNumberText(
            value=0, description="Seed", layout={"width": "220px"}), "rt-seed")
        self._variant = self._add_control("variant", widgets.Text(
            value="", description="Variant", placeholder=f"e.g. {option_example(first)} (paired on the same seeds)",
            style={"description_width": "80px"}, layout={"width": "460px"},
            continuous_update=False), "rt-playtest-variant")   # sent on Enter or leaving the box: checked then
        self._skill = self._add_control("skill_games", WholeNumberText(
            value=0, description="Skill-curve games", style={"description_width": "130px"},
            layout={"width": "250px"}), "rt-playtest-skill")
        self._shift = self._add_control("shift_games", WholeNumberText(
            value=0, description="Games per player count", style={"description_width": "160px"},
            layout={"width": "280px"}), "rt-playtest-shift")
        self._run = widgets.Button(description="Run", button_style="primary", icon="play", layout={"width": "110px"})
        self._run.add_class("rt-playtest-run")
        self._run.on_click(lambda _b: self.run(wait=not self._background))
        self._stop = widgets.Button(description="Stop", icon="stop", disabled=True, layout={"width": "90px"},
                                    tooltip="end the playtest; no figure of an unfinished run is shown")
        self._stop.add_class("rt-playtest-stop")
        self._stop.on_click(lambda _b: self.stop())
        self._stop_event = threading.Event()
        self._thread: threading.Thread | None = None
        self._stopped_in: str | None = None   # the part a Stop ended, until the next run
        self._bar = widgets.IntProgress(value=0, min=0, max=1, description="", style={"description_width": "150px"},
                                        layout={"width": "420px"})
        self._bar.add_class("rt-playtest-progress")
        self._summary = widgets.HTML()
        self._summary.add_class("rt-playtest-summary")
        self._played = widgets.HTML()   # the saved variant played, when one is loaded
        self._played.add_class("rt-playtest-loaded")
        self._stale = widgets.HTML()   # the results are not for the controls now set: says so
        self._stale.add_class("rt-playtest-stale")
        self._ran: tuple[dict[str, Any], str] | None = None   # the last run's settings and its first line
        rates = self._add_chart("rates_figure", "rt-playtest-rates")
        board = self._add_chart("map_figure", "rt-playtest-map")
        spots = self._add_chart("spots_figure", "rt-playtest-spots")
        skill = self._add_chart("skill_figure", "rt-playtest-skill-curve")
        flow = self._add_chart("flow_figure", "rt-playtest-flow")
        lead = self._add_chart("lead_figure", "rt-playtest-lead")
        winner = self._add_chart("winner_figure", "rt-playtest-winner")
        self._game.observe(self._on_game, names="value")
        self._check_as_typed(self._games, self._seed, self._skill, self._shift)   # refused as typed, not at Run
        # a variant typed is checked at once too (trial F6: ``hand=5`` typed for Caesar's Empire, which has
        # no hand, said nothing until Run); it is the game's and its players'
        self._check_text_as_typed(self._variant_options, self._variant, self._game, self._players)
        for control in self._controls.values():
            control.observe(self._show_stale, names="value")
        self.children = [
            widgets.HTML("<b>Automated playtest</b>: what each strategy is worth, which places matter, "
                         "where the rules have holes; every rate with its 95% interval. Change the controls, "
                         "then press <b>Run</b>."),
            widgets.HBox([self._game, self._players, self._bot], layout={"flex_flow": "row wrap"}),
            widgets.HBox([self._games, self._seed, self._variant], layout={"flex_flow": "row wrap"}),
            widgets.HBox([self._skill, self._shift], layout={"flex_flow": "row wrap"}),
            self._played,
            widgets.HBox([self._run, self._stop, self._bar]),
            self._message, self._stale, self._summary, rates, flow, lead, winner, board, spots, skill,
        ]
        self.add_class("rt-playtest-explorer")
        self._hold = False
        given = {"game": game, "players": players, "bot": bot, "games": games, "seed": seed, "variant": variant,
                 "skill_games": skill_games, "shift_games": shift_games}
        if variant_file is not None:   # the file's game and players, unless given beside it
            try:
                self._loaded = self._read_variant(variant_file)
            except ValueError as err:
                self._show_error(err)
            else:
                given["game"] = self._loaded.game
                given["players"] = players or self._loaded.options.get("players")
                self._say_loaded()
        if run:
            if not self._set(given):   # a bad opening value: said, and the defaults played
                said = self._message.value
                self._attempt()
                self._message.value = said.replace("Cannot update:", "Cannot open with:")
        else:
            with self.holding():
                try:
                    self._assign({k: self._checked(k, v) for k, v in given.items() if v is not None})
                except ValueError as err:
                    self._show_error(err)
            for name in self._charts:
                self._show_chart(name, empty_figure("Press Run to play the playtest"))

    # ------------------------------------------------------------ controls
    def _settings(self) -> dict[str, Any]:
        """What a run plays: every control's value, and the saved variant loaded."""
        return {**{name: control.value for name, control in self._controls.items()}, "loaded": self._loaded}

    @staticmethod
    def _read_variant(source: Any):
        """A :class:`~rometools.core.variants.Variant` from itself, a variant file's path or its TOML text;
        a file that does not load is a ``ValueError`` naming the file, the entry and the problem."""
        from rometools.core.variants import Variant, load_variant

        try:
            if isinstance(source, Variant):
                return source
            if isinstance(source, str) and "\n" in source:
                return Variant.from_toml(source)
            return load_variant(source)
        except INPUT_ERRORS as err:
            raise ValueError(f"Variant file: {err}") from None

    def _say_loaded(self) -> None:
        v = self._loaded
        self._played.value = "" if v is None else (
            f"<small>Plays the saved variant <b>{html.escape(v.label())}</b> (players and the variant's options "
            f"below are on top of it; choose another game to play the game as published).</small>")

    def load(self, source: Any) -> bool:
        """Play a saved variant (the what-if studio's **Save**, ``Variant.save``) instead of the game as
        published, as ``rometools report --variant FILE`` does: a :class:`rometools.Variant`, a variant
        file's path or its TOML text. Its game and players (the game's default when it names none) go
        into the controls, and the playtest is played; all or nothing (``False``, with the message
        saying why, every control and the last results as they were).

        Examples
        --------
        >>> import rometools
        >>> ex = PlaytestReport("pig", games=6, run=False)
        >>> ex.load(rometools.Variant("pig", name="short race", options={"target": 60}))
        True
        >>> ex.playtest.game.config.target
        60
        >>> ex.load("no_such_file.toml"), "Variant file:" in ex.message
        (False, True)
        """
        try:
            v = self._read_variant(source)
        except ValueError as err:
            self._show_error(err)
            return False
        was = self._loaded
        self._loaded = v
        if self._set({"game": v.game, "players": v.options.get("players", rometools.load_game(v.game).players)}):
            self._say_loaded()
            return True
        self._loaded = was
        return False

    def _show_stale(self, _change=None) -> None:
        """Over the results: nothing while the controls are the last run's; else that the results are
        the last run's (its first line) and not for the controls now set (``rt-playtest-stale``)."""
        self._stale.value = "" if self._ran is None or self._settings() == self._ran[0] else stale_note(self._ran[1])

    def _on_game(self, _change=None) -> None:
        if self._hold:
            return
        with self.holding():
            self._game_choices(self._game.value)
        self._drop_other_game()

    def _drop_other_game(self) -> None:
        """Another game chosen: the saved variant loaded (of its own game) is no longer played."""
        if self._loaded is not None and self._loaded.game != self._game.value:
            self._loaded = None
            self._say_loaded()

    def _game_choices(self, gid: str) -> None:
        counts = player_counts(gid)
        self._players.options = counts
        self._players.value = rometools.load_game(gid).players
        bots = sorted(game_spec(gid).bots)
        self._bot.options = bots
        self._bot.value = "greedy" if "greedy" in bots else bots[0]
        self._variant.placeholder = f"e.g. {option_example(gid)} (paired on the same seeds)"  # the game's own

    def set_values(self, *, game: str | None = None, players: int | None = None, bot: str | None = None,
                   games: int | None = None, seed: int | None = None, variant: str | None = None,
                   skill_games: int | None = None, shift_games: int | None = None) -> bool:
        """Set controls as a user would, then play (all or nothing).

        Returns
        -------
        bool
            ``True`` when the new results are shown; ``False`` (a message, every control and
            the last results as they were) for bad input.
        """
        return self._set({"game": game, "players": players, "bot": bot, "games": games, "seed": seed,
                          "variant": variant, "skill_games": skill_games, "shift_games": shift_games})

    def _check(self, name: str, value: Any) -> Any:
        if name == "game":
            if not isinstance(value, str) or value not in rometools.games():
                raise ValueError(f"Game must be one of {', '.join(rometools.games())}, got {shown(value)}")
        elif name == "games":
            return whole_number("Games", value, 1, MAX_GAMES)
        elif name == "seed":
            return whole_number("Seed", value, 0, MAX_SEED)
        elif name in ("skill_games", "shift_games"):
            return whole_number(self.FIELD_LABELS[name], value, 0, MAX_PART_GAMES)
        elif name == "players":
            whole_number("Players", value, 1)
        elif name in ("bot", "variant"):
            if not isinstance(value, str):
                raise ValueError(f"{self.FIELD_LABELS[name]} must be text, got {shown(value)}")
            if name == "variant":
                options = parse_options(value, "Variant", self._game.value)
                if self._files == "upload":
                    bundled_file_options(self._game.value, options, "Variant")
        return value

    def _assign(self, values: dict[str, Any]) -> None:
        was = self._loaded
        try:
            self._assign_controls(values)
        except Exception:   # all or nothing: a refused value keeps the saved variant loaded too
            self._loaded = was
            self._say_loaded()
            raise

    def _assign_controls(self, values: dict[str, Any]) -> None:
        if "game" in values:
            self._game.value = values["game"]
            self._game_choices(values["game"])
            self._drop_other_game()
        if "players" in values:
            if values["players"] not in self._players.options:
                raise ValueError(f"Players: {game_spec(self._game.value).title} is for "
                                 f"{', '.join(map(str, self._players.options))} players, got {values['players']}")
            self._players.value = values["players"]
        if "bot" in values:
            if values["bot"] not in self._bot.options:
                raise ValueError(f"Bot: {game_spec(self._game.value).title}'s bots are "
                                 f"{', '.join(self._bot.options)}, got {shown(values['bot'])}")
            self._bot.value = values["bot"]
        for name in ("games", "seed", "variant", "skill_games", "shift_games"):
            if name in values:
                self._controls[name].value = values[name]

    # ------------------------------------------------------------ computing
    def _variant_options(self) -> dict[str, Any]:
        """The Variant box's options, checked as a run plays them with the game and players set (a
        ``ValueError`` naming Variant: an option the game does not have, a value it refuses)."""
        gid = self._game.value
        variant = parse_options(self._variant.value, "Variant", gid)
        if "players" in variant:
            raise ValueError("Variant: give the player count in Players, not in the variant's options")
        if self._files == "upload":   # the app: a bundled file, read from the data folder, never a server path
            from rometools.core.data import bundled_file

            variant.update({key: bundled_file(gid, name) for key, name in
                            bundled_file_options(gid, variant, "Variant").items()})
        if variant:
            try:
                rometools.load_game(gid, players=self._players.value, **variant)
            except ValueError as err:
                raise ValueError(f"Variant: {err.args[0] if err.args else err}") from None
        return variant

    def _compute(self) -> Any:
        gid = self._game.value
        variant = self._variant_options()
        loaded = self._loaded if self._loaded is not None and self._loaded.game == gid else None
        if loaded is not None:   # the saved variant, at the players chosen (its edits kept, as the command does)
            from rometools.core.variants import Variant

            try:
                game = Variant(loaded.game, loaded.name, {**loaded.options, "players": self._players.value},
                               loaded.edits, loaded.bases).load()
            except INPUT_ERRORS as err:
                raise ValueError(f"Variant file: {err}") from None
        else:
            game = rometools.load_game(gid, players=self._players.value)
        parts: dict[str, int] = {}
        if self._notes:   # a valid run starts: the last refusal no longer stands; a note of this run does
            self._show_notes()
        else:
            self._clear_error()
        self._stopped_in = None
        started = time.perf_counter()

        def tick(part: str, done: int, total: int) -> None:
            if parts.get(part) != total:
                parts[part] = total
                self._bar.max, self._bar.description = max(total, 1), part
            self._bar.value = done

        try:
            self._stop.disabled = False
            with busy(self._run, "Running…"), warnings.catch_warnings():
                warnings.simplefilter("ignore", RuntimeWarning)   # a stop is said on the page
                pt = playtest(game, self._games.value, seed=self._seed.value, bot=self._bot.value,
                              compare=variant or None, skill_games=self._skill.value, shift_games=self._shift.value,
                              progress=tick, stop=self._stop_event)
        except KeyboardInterrupt:   # Stop (or Ctrl-C): every part ends; no figure of this run is shown
            self._stopped_in = (f"{self._bar.description or 'the playtest'}, after "
                                f"{time.perf_counter() - started:.0f} s")
            raise _Stopped(self._stopped_in) from None
        finally:
            self._stop.disabled = True
            self._bar.description = ""
        return pt

    def _show_error(self, err: BaseException, kept: str | None = None, value_given: bool = True) -> None:
        if isinstance(err, _Stopped):
            self._message.value = (f'<div style="color:#5d4037"><b>Stopped</b> on request in {html.escape(str(err))}: '
                                   f"every part of the playtest ended there and none of its figures is shown (a "
                                   f"part's first games are not its whole); {html.escape(self.KEPT)}.</div>")
            self._message.add_class("rt-notice")
            return
        super()._show_error(err, kept, value_given)

    def run(self, *, wait: bool = True) -> bool:
        """Play the playtest the controls describe and show it (``False`` on bad input, or stopped).

        Right after a number box refused what was typed and was put back (a click on Run sends a value
        typed without Enter just before it), Run plays the boxes as they read now and says so, with the
        value typed and why ("The value typed in Games, 0, was refused (...) and put back: Run plays Games
        6, as the box reads now").

        Parameters
        ----------
        wait : bool
            Play in the caller (``True``) or in a thread (``False``, as **Run** does: the page stays
            live and **Stop** is heard; :meth:`wait` joins it).
        """
        if self.running:
            super()._show_error(ValueError("a playtest is running: press Stop, or wait for it, before running "
                                           "another"))
            return False
        self._stop_event = threading.Event()
        if wait:
            return self._run_attempt()
        self._thread = threading.Thread(target=self._run_attempt, daemon=True, name="rometools-playtest")
        self._thread.start()
        return True

    @property
    def running(self) -> bool:
        """Whether a playtest started by **Run** is playing in its thread."""
        return self._thread is not None and self._thread.is_alive()

    def stop(self) -> None:
        """End the playtest playing (after the game under way): every part stops, and nothing of the
        unfinished run is shown; the last whole run stays on screen."""
        self._stop_event.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for a playtest playing in a thread; ``True`` when none is playing any more."""
        if self._thread is not None:
            self._thread.join(timeout)
        return not self.running

    def update(self) -> bool:
        """Same as :meth:`run`."""
        return self.run()

    # ------------------------------------------------------------ view
    def _draw(self, pt: Any) -> None:
        self.playtest = pt
        game = pt.game
        self._show_chart("rates_figure", seat_win_rate_figure(
            pt.results, title=f"Seat win rates, {counted(pt.n_games, 'game')} of {pt.bot} bots"))
        if pt.spots and game.spec.place_map is not None:
            positions, links = game.spec.place_map(game.config)
            self._show_chart("map_figure", hot_spots_map_figure(pt.spots, positions, links, names=place_names(game)))
        else:
            self._show_chart("map_figure", empty_figure(
                f"{game.title} has no board map (GameSpec(place_map=...))" if game.spec.place_map is None
                else "No hot spots measured"))
        self._show_chart("spots_figure", hot_spots_figure(pt.spots) if pt.spots else empty_figure(
            f"{game.title} names no places (GameSpec(action_places=...))"))
        spots_note = (spots_count_text(pt.spots[0]["games"], pt.n_games)
                      if pt.spots and pt.spots[0]["games"] != pt.n_games else "")
        self._show_chart("skill_figure", skill_curve_figure(pt.skill, opponent=pt.bot) if pt.skill is not None
                         else empty_figure("Skill curve: set Skill-curve games above 0 and Run"))
        if pt.flow is not None:
            self._show_chart("flow_figure", flow_summary_figure(pt.flow))
            self._show_chart("lead_figure", lead_figure(pt.flow))
            self._show_chart("winner_figure", winner_rank_figure(pt.flow))
        text = [f"<b>{html.escape(game.title)}</b>, {counted(game.players, 'player')}, "
                f"{counted(pt.n_games, 'game')} of {html.escape(pt.bot)} bots (seed {seed_text(pt.seed)})",
                html.escape(seat_advantage_text(pt.results)),
                html.escape(sensitivity_text(pt.n_games, game.players)),
                html.escape(length_text(pt, game_length_text(pt.results)))]
        if pt.flow is not None:
            text.append(f"<b>How it plays</b> ({counted(pt.flow.n_games, 'game')}; length in "
                        f"{html.escape(pt.flow.unit.plural)}; the charts below draw the lead and the winner's place, "
                        f"and <code>rometools report</code> writes a page with a chart per figure)")
            text.append(_table([[m.name, _value_text(m), _interval_text(m), m.meaning] for m in pt.flow.metrics.values()],
                               ["figure", "value", "95% interval", "what it means"], "rt-playtest-flow-table"))
        if pt.restricted:
            text.append("<b>Restricted play</b>: the win rate a bot gives up when denied a strategy, on the same seeds")
            text.append(_table([[r["forbids"], *restricted_row(r)[1:6]] for r in pt.restricted],
                               ["a bot that", "games", "win rate", "95% interval", "unrestricted", "what it costs"],
                               "rt-playtest-restricted"))
            text.append(html.escape(restricted_count_text(pt)))
        if pt.comparison is not None:
            said = options_text(game, pt.compare)
            text.append(f"<b>The variant {html.escape(said)}</b>, paired on the same seeds")
            text.append(_table(variant_rows(pt.comparison), VARIANT_COLUMNS, "rt-playtest-variant-table"))
            text.append(html.escape(balance_note(pt.comparison)))   # one of the tests the error rate is split over
            text.append(html.escape(variant_note(pt.comparison)))
        if spots_note:
            text.append(html.escape(spots_note))
        if pt.spots_by_players:
            columns, rows = shift_rows(pt.spots_by_players)
            text.append("<b>How the hot spots shift with the player count</b>")
            text.append(_table(rows, columns, "rt-playtest-shift-table"))
        holes = [f"{h['means']}: {counted(h['count'], 'game')}" for h in pt.holes.values() if h["count"]]
        text.append("<b>Rule holes</b>: " + (html.escape("; ".join(holes)) if holes else
                                             "none found (no seat left without a move, no endless game, "
                                             "no tie the tiebreakers leave)"))
        settled = [f"{decision} as {other} instead of {played}: a move changed in {moved} of {games} games, "
                   f"the winner in {winner}" for decision, played, other, games, moved, winner, _ in
                   decision_rows(game, [r for r in pt.decisions if r["moves_changed"]])]
        if settled:
            text.append("<b>Where a recorded rules decision settles moves</b>: " + html.escape("; ".join(settled)))
        if pt.odds:
            text.append("<b>Exact odds</b>")
            text.append(_table([[q, probability(p)] for q, p in pt.odds], ["question", "exact probability"],
                               "rt-playtest-odds"))
        self._summary.value = "<br>".join(text)
        self._ran = (self._settings(), plain_text(text[0]))
        self._show_stale()

    # ------------------------------------------------------------ reading back
    def figure_data(self) -> dict[str, dict]:
        """The charts' data by trace ``meta``."""
        out: dict[str, dict] = {}
        for name in self._charts:
            fig = self._chart_figure(name)
            if fig is not None:
                out.update(trace_data(fig))
        return out

    @property
    def summary(self) -> str:
        """The summary as plain text."""
        return plain_text(self._summary.value)

    def page(self) -> str:
        """The shown playtest as the report's self-contained HTML page (:func:`rometools.report`)."""
        if self.playtest is None:
            raise ValueError("nothing played yet: press Run first")
        return report_page(self.playtest)

    def save(self, path: str | Path) -> Path:
        """Write :meth:`page` to ``path`` (an ``.html`` file; an existing file is refused).

        Raises
        ------
        ValueError
            For a path that is not ``.html``, exists, or whose folder does not.
        """
        path = Path(path)
        if path.suffix.lower() not in (".html", ".htm"):
            raise ValueError(f"save: write an .html file, got {shown(str(path))}")
        if path.exists():
            raise ValueError(f"save: {shown(str(path))} exists; give another name")
        if not path.parent.is_dir():
            raise ValueError(f"save: folder {shown(str(path.parent))} does not exist")
        path.write_text(self.page(), encoding="utf-8")
        return path
