"""The what-if studio's runs: Compare, Tune and Stop, and the answers drawn as they come.

:class:`StudioRuns` is mixed into :class:`~rometools.widgets.what_if.VariantStudio`. A run takes
its arguments from the controls, every one checked before any game (``_job``); plays
:func:`rometools.compare` or :func:`rometools.tune` in the caller or, from a button in a Jupyter
kernel, in a thread (the page stays live, **Stop** is heard); holds every control that would
change the question meanwhile (``Explorer._held``, **Stop** left enabled) and refuses
``set_values``; draws after each batch or round from the run's callback; and gives the controls
back however the run ends, saying how it ended. The results stay on screen while the question
changes afterwards, under a line saying which run they are for (``_show_stale``).
"""

from __future__ import annotations

import contextlib
import html
import os
import threading
import warnings
from collections.abc import Mapping
from typing import Any

from rometools.charts.what_if import comparison_figure, response_curve_figure
from rometools.core.formatting import counted, number, seed_text, shown
from rometools.core.game import game_spec
from rometools.core.sequential import MIN_PAIRS
from rometools.widgets._base import INPUT_ERRORS, _text_of, plain_text, stale_note
from rometools.widgets._inputs import PutBackSaidAtRun
from rometools.widgets._what_if_text import (
    CHART_WIDTH,
    _fitted,
    _parameter_words,
    _seat_of,
    _title,
    _tuning_html,
    _verdict_html,
)
from rometools.widgets.balance import PROCESS_FROM

__all__ = ["StudioRuns"]


class StudioRuns(PutBackSaidAtRun):
    """Compare, Tune and Stop of :class:`~rometools.widgets.what_if.VariantStudio` (a mixin: it
    reads the studio's controls and draws in its charts). A box a refusal put back just before a click
    is said by the run the click plays (:class:`~rometools.widgets._inputs.PutBackSaidAtRun`: after Enter
    on a refused Target, the first click on Tune once did nothing and said nothing, trial58)."""

    def update(self) -> bool:
        """Recompute the question from the controls (refused while a run plays)."""
        if self._refuse_while_running():
            return False
        return super().update()

    def _set(self, values: Mapping[str, Any]) -> bool:
        if self._refuse_while_running():
            return False
        return super()._set(values)

    def _refuse_while_running(self) -> bool:
        if not self._running:
            return False
        self._show_error(ValueError(f"a {'comparison' if self._running == 'compare' else 'tuning'} is playing: "
                                    "press Stop, or wait for its answer, before changing the question"))
        return True

    def compare(self, *, wait: bool = True) -> bool:
        """Play the published game and the variant on the same seeds until every figure is decided
        (:func:`rometools.compare`), drawing the intervals after every batch.

        Parameters
        ----------
        wait : bool
            Play in the caller (``True``) or in a thread (``False``: :meth:`wait` joins it).

        Returns
        -------
        bool
            ``True`` when the comparison ran (or started); ``False``, with the message saying why,
            when the question is refused or nothing differs from the published game.
        """
        return self._run("compare", wait)

    def tune(self, *, wait: bool = True) -> bool:
        """Race the Values of the Parameter on shared seeds (:func:`rometools.tune`), drawing the
        response curve after every round; ``False`` (a message) when the question is refused."""
        return self._run("tune", wait)

    def stop(self) -> None:
        """Ask the run to end after the games under way: every game played is kept."""
        if self._running:
            self._stop_event.set()
            self._say_status(self._running, "Stopping after the games under way\u2026")

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for a run playing in a thread; ``True`` when none is playing any more."""
        thread = self._thread
        if thread is not None:
            thread.join(timeout)
        return not self._running

    @property
    def running(self) -> str | None:
        """``"compare"`` or ``"tune"`` while a run plays, else ``None``."""
        return self._running

    def _clicked(self, kind: str) -> None:
        self._run(kind, wait=not self._background)

    def _job(self, kind: str) -> dict[str, Any]:
        """The run's arguments from the controls, every one checked before any game."""
        view = self._compute()
        if view["refused"] is not None:   # the question shown is the changes accepted before, not the box's
            raise ValueError(f"Changes: {view['refused']}; mend or empty them before "
                             f"{'Compare' if kind == 'compare' else 'Tune'} (nothing played)")
        base, variant = view["base"], view["variant"]
        if kind == "compare":
            if not view["changes"] or not any(p.changed for p in view["parameters"] if p.address != "players"):
                raise ValueError("Changes: the variant is the published game: nothing to compare; set a value first")
            return {"base": base, "variant": variant}
        parameter = view["parameter"]
        if not parameter:
            raise ValueError("Parameter: choose the value to tune (pick it and press Tune this, or type "
                             f"handicap.{self._players.value})")
        candidates = self._parse_values(self._values.value)
        seat = _seat_of(parameter)
        if seat is not None and seat[0] > self._players.value:
            raise ValueError(f"Parameter: {parameter} names seat {seat[0]}, but "
                             f"{counted(self._players.value, 'player')} play")
        for value in (candidates[0], candidates[-1]):   # the ends checked now; the rest as the race builds them
            try:
                variant.with_value(parameter, value).load()
            except INPUT_ERRORS as err:
                raise ValueError(f"Values: {parameter} = {shown(value)}: {_text_of(err)}") from None
        return {"variant": variant, "parameter": parameter, "values": candidates,
                "target": self._parse_target(self._target.value)}

    def _settings(self, kind: str) -> dict[str, Any]:
        """What a run plays, from the controls (its stale line compares them)."""
        common = {k: self._controls[k].value for k in ("game", "players", "bots", "seed", "batch")}
        common["changes"] = self._changes_box.value.strip()
        common["name"] = self._name.value.strip()
        if kind == "compare":
            return {**common, **{k: self._controls[k].value for k in ("precision", "score_precision", "max_games")}}
        return {**common, **{k: self._controls[k].value for k in ("precision", "parameter", "values", "target",
                                                                 "tune_games", "check_games")}}

    def _run(self, kind: str, wait: bool) -> bool:
        if self._running:
            self._refuse_while_running()
            return False
        # a box refused just before (on Enter, or on leaving it for this click) was put back: the click plays
        # the boxes as they read now, and says so; it once played nothing, and a designer who pressed Enter on
        # a refused value, saw it put back, then clicked, got no run and no word (trial58)
        said = self._put_back_note("Compare" if kind == "compare" else "Tune")
        if not self.update():
            return False
        if said:   # the put-back said with the run: it never plays the old value without a word (trial 4)
            self._notes.append(said)
            self._show_notes()
        try:
            job = self._job(kind)
        except INPUT_ERRORS as err:
            self._show_error(err)
            return False
        except Exception as err:  # a bug: never a traceback in a widget
            self._show_unexpected(err)
            return False
        self._running, self._stop_event = kind, threading.Event()
        self._show_stale()   # the results below are now this run's, drawn as it plays
        settings = self._settings(kind)
        self._release = contextlib.ExitStack()
        self._release.enter_context(self._held())   # nothing that would change the question, while it plays
        self._stop.disabled = False
        charts = ("rates_figure", "scores_figure") if kind == "compare" else ("curve_figure",)
        for name in charts:
            self._charts[name].computing()
        budget = self._max_games.value if kind == "compare" else self._tune_games.value
        self._progress[kind].update(value=0, max=max(budget, 1), failed=None)
        self._say_status(kind, html.escape(
            f"Comparing: up to {counted(budget, 'paired game')}, the intervals redrawn after each batch of "
            f"{number(self._batch.value)}\u2026" if kind == "compare" else
            f"Tuning: up to {counted(budget, 'game')} in the race, then "
            f"{counted(self._check_games.value, 'fresh game')} to check the recommendation\u2026"))
        if wait:
            self._work(kind, job, settings, charts)
            return True
        self._thread = threading.Thread(target=self._work, args=(kind, job, settings, charts), daemon=True,
                                        name=f"rometools-{kind}")
        self._thread.start()
        return True

    def _executor(self, budget: int) -> str:
        return "process" if budget >= PROCESS_FROM and (os.cpu_count() or 1) > 1 else "serial"

    def _tick(self, done: int, total: int) -> None:
        kind = self._running
        if kind is not None:
            self._progress[kind].update(value=min(done, total), max=max(total, 1))
            self._show_progress()

    def _say_status(self, kind: str, text: str) -> None:
        """What the run of ``kind`` is doing or how it ended (HTML): shown while its tab is."""
        self._progress[kind]["status"] = text
        self._show_progress()

    def _show_progress(self) -> None:
        """The progress bar and the status line of the tab shown: its own last run's (none yet: empty)."""
        shown_now = self._progress[self._tab.value]
        self._bar.max, self._bar.value = shown_now["max"], min(shown_now["value"], shown_now["max"])
        self._status.value = shown_now["status"]

    def _work(self, kind: str, job: dict[str, Any], settings: dict[str, Any], charts: tuple[str, ...]) -> None:
        """Play the run (in the caller or a thread); draw as it goes; say how it ended, whatever happens."""
        from rometools.core.compare import compare
        from rometools.core.tune import tune

        said = None
        try:
            with warnings.catch_warnings():   # a stop is said on the page, not as a warning
                warnings.simplefilter("ignore", RuntimeWarning)
                if kind == "compare":
                    result = compare(job["base"], job["variant"], bots=self._bots.value, seed=self._seed.value,
                                     precision=self._precision.value / 100,
                                     score_precision=float(self._score_precision.value),
                                     max_games=self._max_games.value, batch=self._batch.value,
                                     executor=self._executor(self._max_games.value), progress=self._tick,
                                     on_batch=self._draw_comparison, stop=self._stop_event)
                else:
                    tolerance = self._precision.value / 100 if job["target"] == "equal-seats" else None
                    result = tune(job["variant"], job["parameter"], job["values"], target=job["target"],
                                  bots=self._bots.value, seed=self._seed.value, tolerance=tolerance,
                                  max_games=self._tune_games.value, batch=self._batch.value,
                                  check_games=self._check_games.value,
                                  executor=self._executor(self._tune_games.value), progress=self._tick,
                                  on_round=self._draw_tuning, stop=self._stop_event)
        except INPUT_ERRORS as err:
            said = "Failed: see the message above."
            self._say_failed(kind, err)
        except Exception as err:  # a bug: said in words, never a traceback
            said = "Failed: see the message above."
            self._show_unexpected(err)
        else:
            if kind == "compare":
                self._draw_comparison(result)
                summary = plain_text(result.title) + f", seed {seed_text(self._seed.value)}"
            else:
                self._draw_tuning(result)
                summary = (f"{result.title}: {result.parameters[0]} = {self._values.value.strip()} for "
                           f"{result.target}, seed {seed_text(self._seed.value)}")
            self._ran[kind] = (settings, summary)
            played = result.pairs if kind == "compare" else result.games
            noun = "paired game" if kind == "compare" else "game"
            why = {"decided": "every figure decided" if kind == "compare" else
                       "the race decided" if result.meets else "no value tried can meet the target",
                   "budget": "the budget ended"}.get(result.stopped, "")
            said = html.escape(   # said once the controls are free again (below): "Stopped" means usable
                f"Stopped after {counted(played, noun)}: the results keep them." if result.stopped == "stopped" else
                f"Done: {counted(played, noun)} ({why}).")
            if result.stopped != "stopped":   # the run is whole: decided before its budget, the bar is full too
                self._progress[kind].update(value=max(played, 1), max=max(played, 1))
        finally:
            self._running = None
            for name in charts:
                self._charts[name].settled()
            release, self._release = self._release, None
            if release is not None:
                release.close()
            self._stop.disabled = True
            self._show_stale()
        if said is not None:
            # a failure's status points at the message it left: kept only while that message is shown
            self._progress[kind]["failed"] = self._message.value if said.startswith("Failed") else None
            self._say_status(kind, said)

    def _message_changed(self, change: dict) -> None:
        """The message replaced: a "Failed: see the message above." whose message is gone is emptied
        (a trial's later Find and Tune this left it beside a Note, trial58)."""
        for p in self._progress.values():
            if p.get("failed") is not None and change["new"] != p["failed"]:
                p.update(failed=None, status="", value=0)
                self._show_progress()

    def _say_failed(self, kind: str, err: BaseException) -> None:
        text = self._wording(_text_of(err), err)
        self._message.value = (f'<div style="color:#b00020"><b>Cannot {kind}:</b> {html.escape(text)}'
                               f"<br><small>(the results below are from the last {kind} that ran)</small></div>")
        self._message.add_class("rt-error")
        self._place_message(self, self._run_row)   # over the button that started the run

    # ------------------------------------------------------------ drawing the answers
    def _draw_comparison(self, c) -> None:
        """A comparison as it stands (after each batch, and at its end): the verdict and both charts."""
        self.comparison = c
        players = [f for f in c.figures if f.kind == "win rate"]
        scores = [f.name for f in c.figures if f.kind in ("mean score", "score spread")]
        win = players[0] if players else None
        # "<game>, N players, <bots>: <A> against <B>" (a variant's label may hold ": " itself)
        case = c.title.split(" players, ", 1)[-1].split(": ", 1)[-1]
        spec = game_spec(self._game.value)
        where = f"{spec.title}, {counted(self._players.value, 'player')}, {self._bots.value} bots"
        since = {f.name: MIN_PAIRS for f in c.figures if not f.exact}   # an asymptotic interval's start
        fig = comparison_figure(c.history, [f.name for f in players], precision=win.precision if win else None,
                                title=_title(f"Win rates, {c.minus}", where, more=case), minus=c.minus,
                                holds_from=since)
        self._show_chart("rates_figure", _fitted(fig, CHART_WIDTH))
        spread = next((f for f in c.figures if f.kind == "score spread"), None)
        fig = comparison_figure(c.history, scores, precision=spread.precision if spread else None, unit="points",
                                scale=1.0, title=_title(f"Mean scores and spread, {c.minus}", where, more=case),
                                minus=c.minus, holds_from=since)
        self._show_chart("scores_figure", _fitted(fig, CHART_WIDTH))
        self._verdict.value = _verdict_html(c)

    def _draw_tuning(self, t) -> None:
        """A tuning as it stands (after each round, and at its end): the recommendation and the curve."""
        self.tuning = t
        parameter = t.parameters[0]
        win = t.unit == "percentage points"   # a win-rate target, as tuning_text says its unit
        cands = t.candidates
        several = len(t.coordinates) > 1   # every seat's win rate: a line per seat (a trial saw P1's alone)
        fig = response_curve_figure([c.value for c in cands],
                                    *([c.response for c in cands], [c.low for c in cands], [c.high for c in cands])
                                    if several else ([c.response[0] for c in cands], [c.low[0] for c in cands],
                                                     [c.high[0] for c in cands]),
                                    names=t.coordinates if several else None,
                                    games=[c.games for c in cands], recommended=t.recommended.value,
                                    closest=t.closest_only,
                                    tolerance=t.tolerance, parameter=_parameter_words(parameter, self._game.value),
                                    unit="percentage points" if win else game_spec(self._game.value).game_length[0],
                                    scale=100.0 if win else 1.0,
                                    title=_title(f"Off the target: {t.target}",
                                                 f"{t.title.partition('; ')[0]}: {parameter}",
                                                 more=t.title.partition("; ")[2]))
        self._show_chart("curve_figure", _fitted(fig, CHART_WIDTH + 200))
        self._recommendation.value = _tuning_html(t, win)
        racing = any(c.status == "in the race" for c in cands)
        if self._running == "tune" and not racing and not t.check and self._check_games.value:
            self._say_status("tune", html.escape(   # the race has ended: the status no longer says "in the race"
                f"The race ended after {counted(t.games, 'game')}: checking the recommendation on "
                f"{counted(self._check_games.value, 'fresh game')}\u2026"))

    def _show_stale(self, _change=None) -> None:
        """Over each result: nothing while the controls are its run's; else which run it is for."""
        for kind, box, button in (("compare", self._compare_stale, "Compare"), ("tune", self._tune_stale, "Tune")):
            ran = self._ran.get(kind)
            box.value = "" if ran is None or self._running or self._settings(kind) == ran[0] else \
                stale_note(ran[1], button=button)
