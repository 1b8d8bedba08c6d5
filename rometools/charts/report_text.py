"""The playtest report page's text: the run's description, the variant's table and notes, and the
sentences that say why a part played the games it did (:mod:`rometools.charts.playtest` builds the
page from them; :class:`rometools.widgets.PlaytestReport` shows the same words).

* :func:`run_description` -- what was played, a variant named with every change it makes, and how
  to play it again.
* :func:`options_text`, :func:`decision_rows` -- options and rules decisions in the game's own words.
* :func:`variant_rows`, :func:`variant_note`, :func:`balance_note` (:data:`VARIANT_COLUMNS`) -- the
  variant paired on the same seeds: every figure with its simultaneous interval, the seat-balance
  test, and the error rate they keep together.
* :func:`length_text`, :func:`spots_count_text`, :func:`restricted_count_text` -- the game length,
  and why the hot spots and restricted play read the games they read.

Re-exported by :mod:`rometools.charts.playtest`, where they lived. Text only: no figure is built here.
"""

from __future__ import annotations

import html
import math
from collections.abc import Mapping, Sequence
from typing import Any

from rometools.core.formatting import counted, difference_places, one_in, quantity, shown_difference
from rometools.core.variant_file import rometools_command

__all__ = ["VARIANT_COLUMNS", "balance_note", "decision_rows", "flow_comparison_note", "length_text", "options_text", "page_table",
           "restricted_count_text", "run_description", "spots_count_text", "variant_note", "variant_of", "variant_rows"]


def page_table(rows: Sequence[Sequence[Any]], columns: Sequence[str]) -> str:
    """An HTML table of the report page: a header row of ``columns``, every cell escaped.

    >>> page_table([["P1", "<b>"]], ["seat", "note"])
    '<table><thead><tr><th>seat</th><th>note</th></tr></thead><tbody><tr><td>P1</td><td>&lt;b&gt;</td></tr></tbody></table>'
    """
    head = "".join(f"<th>{html.escape(str(c))}</th>" for c in columns)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(v))}</td>" for v in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def options_text(game: Any, options: Any) -> str:
    """Options as the report's headings name them, as every run's headline does: each by its short name
    and its value as played (:func:`~rometools.core.describe.options_short`, ``start player P3``), a file
    option by its file's name only (``board v2.toml``): a page passed around names no folder of the
    machine that made it.

    Examples
    --------
    >>> import rometools
    >>> options_text(rometools.load_game("via_romana"), {"board": "/home/me/boards/v2.toml", "dangerous_ties": True})
    'board v2.toml, dangerous ties on'
    """
    from rometools.core.describe import options_short

    return options_short(game, options)


def decision_rows(game: Any, decisions: Sequence[Mapping[str, Any]]) -> list[list[Any]]:
    """:func:`~rometools.core.playtest.rule_decisions`' rows as the report's table: each decision by what
    its option sets (the option's own description) with its id in brackets, and both readings in words.

    Examples
    --------
    >>> import rometools
    >>> row = {"decision": "VR-13", "option": "milestone_colour", "reading": "space", "other": "road",
    ...        "games": 50, "moves_changed": 29, "winner_changed": 10, "first_move": 12.4}
    >>> decision_rows(rometools.load_game("via_romana"), [row])[0][:3]
    ['the card that places a milestone on a road space (VR-13)', "a colour of the space's own edges", "any of the road's colours"]
    """
    from rometools.core.playtest import option_parts

    rows = []
    for r in decisions:
        head, played, _ = option_parts(game, r["option"], r["reading"])
        _, other, _ = option_parts(game, r["option"], r["other"])
        rows.append([f"{head} ({r['decision']})", played, other, r["games"], r["moves_changed"], r["winner_changed"],
                     "" if r["first_move"] is None else f"{r['first_move']:.0f}"])
    return rows


#: The columns of the variant's table (:func:`variant_rows`).
VARIANT_COLUMNS = ["figure", "the game", "the variant", "the variant's difference", "interval (all together)",
                   "verdict"]


def _amount(f: Any, x: float) -> str:
    if f.unit == "percentage points":
        return f"{100 * x:.1f}%"
    return f"{x:.3g}"


def variant_rows(c: Any) -> list[list[str]]:
    """A :class:`~rometools.core.compare.Comparison`'s figures as the report's table: both values, the
    difference and its simultaneous interval in words, and the verdict (``changed`` only where the
    interval excludes 0).

    Examples
    --------
    >>> import rometools
    >>> from rometools.core.compare import compare
    >>> c = compare("pig", rometools.load_game("pig", target=60), max_games=40, batch=20, progress=False)
    >>> row = variant_rows(c)[-1]
    >>> row[0], row[5]   # a length is decided from 100 pairs on
    ('game length', 'undecided')
    """
    from rometools.core.paired import difference_words, interval_words

    rows = []
    for f in c.figures:
        unit = None if f.unit == "percentage points" and f.name.startswith("win rate") else f.unit
        name = f.name if f.name.startswith(("win rate", "mean score")) else "length"
        interval = (interval_words(name, f.low, f.high, unit) if math.isfinite(f.low) and math.isfinite(f.high)
                    else "no interval yet")
        smallest = (quantity(_amount(f, f.precision).removesuffix("%"), "percentage point")
                    if f.unit == "percentage points" else
                    quantity(f"{f.precision:g}", f.unit.removesuffix("s"), f.unit))
        verdict = {"changed": "changed", "equivalent": f"no change as large as {smallest}"}.get(f.decision,
                                                                                              "undecided")
        rate = f.unit == "percentage points"
        scale = 100 if rate else 1   # both values and the difference with the decimals at which they agree
        places = difference_places(scale * f.base, scale * f.variant, scale * f.difference, 1, 2)   # as the flow rows
        base, variant = (f"{scale * x:,.{places}f}{'%' if rate else ''}" for x in (f.base, f.variant))
        said = shown_difference(scale * f.base, scale * f.variant, places) / scale
        rows.append([f.name, base, variant, difference_words(name, said, unit, places), interval, verdict])
    return rows


def variant_note(c: Any) -> str:
    """The sentence under the variant's table: how many paired games, why they stopped, and the family
    error rate the intervals keep together.

    Examples
    --------
    >>> import rometools
    >>> from rometools.core.compare import compare
    >>> c = compare("pig", rometools.load_game("pig", target=60), max_games=40, batch=20, progress=False)
    >>> variant_note(c).split(";")[0]
    'The variant against the game on the same seeds, 40 paired games (the budget of games ended before every figure was decided)'
    """
    why = {"decided": "it stopped once every figure was decided",
           "budget": "the budget of games ended before every figure was decided",
           "stopped": "STOPPED on request",
           "running": "so far: the comparison was still running"}[c.stopped]
    k = len(c.figures) + 1
    alpha = 1 - c.confidence
    return (f"The variant against the game on the same seeds, {counted(c.pairs, 'paired game')} ({why}); the "
            f"difference is the variant's value minus the game's. The {len(c.figures)} intervals and the "
            f"seat-balance test hold all together with {c.confidence:.0%} confidence: the {alpha:.0%} error rate "
            f"is spread over the {k} of them (Bonferroni, each at {alpha / k:.2%}), and each is a confidence "
            f"sequence, valid however often the games were read, as rometools compare gives them. A figure is "
            f"called changed only where its interval excludes 0; read together, no more than {alpha:.0%} of "
            f"such reports would call any figure changed when nothing changed.")


def balance_note(c: Any) -> str:
    """The seat-balance test of the variant's section: its verdict in compare's words
    (:func:`~rometools.core.compare.balance_text`), and that it is one of the tests the section's
    error rate is split over.

    Examples
    --------
    >>> import rometools
    >>> from rometools.core.compare import compare
    >>> c = compare("pig", rometools.load_game("pig", target=60), max_games=40, batch=20, progress=False)
    >>> print(balance_note(c))   # doctest: +NORMALIZE_WHITESPACE
    Seat balance (did any seat's win rate change?) undecided: no change is shown yet (the evidence across
    every seat at once that some win rate changed stands at 2.7, where 1 or less is none at all and 140
    would show a change), nor is every seat's win rate shown to stay within ±2.0 percentage points; about
    2,595 more paired games would decide it (a rough guess from only 40 paired games). It is one of the 7
    figures and tests the error rate is split over: one test across every seat's win rate at once.
    """
    from rometools.core.compare import balance_text

    return (f"{balance_text(c)} It is one of the {len(c.figures) + 1} figures and tests the error rate is split "
            f"over: one test across every seat's win rate at once.")


def length_text(pt: Any, in_decisions: str) -> str:
    """The game length in the game's own unit (turns, rounds), decisions in brackets: the same unit as
    "How it plays" (``in_decisions``, the seat-balance run's sentence in decisions, when no flow
    was measured).

    Examples
    --------
    >>> from rometools.core.playtest import playtest
    >>> pt = playtest("via_romana", 4, players=2, restricted_games=0, hole_games=1, spot_games=0)
    >>> length_text(pt, "unused").split(" on average")[0]
    'Game length: 17.5 turns'
    """
    f = getattr(pt, "flow", None)
    if f is None or "duration" not in f.metrics or "decisions" not in f.metrics:
        return in_decisions
    from rometools.core.flow import _interval_text, _value_text

    units, decisions = f.metrics["duration"], f.metrics["decisions"]
    # no spread: every game as long, said so, never "(95% interval no spread)" (trial59)
    spread = ("in every game (no spread, so no interval)" if units.interval == "exact" else
              f"on average (95% interval {_interval_text(units)})")
    return (f"Game length: {_value_text(units)} {f.unit.plural} {spread} [{_value_text(decisions)} decisions a game, "
            f"every seat's move counted], over {counted(f.n_games, 'game')}.")


def spots_count_text(spot_games: int, n_games: int) -> str:
    """Why the hot spots played another number of games than the seat balance.

    Examples
    --------
    >>> spots_count_text(100, 200)
    'The hot spots read 100 games, not the 200 of the seat balance: each game is replayed decision by decision, so they play as many games as the seat balance, at most 100 and at least 5.'
    """
    return (f"The hot spots read {counted(spot_games, 'game')}, not the {n_games:,} of the seat balance: each game is "
            f"replayed decision by decision, so they play as many games as the seat balance, at most 100 and at "
            f"least 5.")


def restricted_count_text(pt: Any) -> str:
    """Why restricted play's games are not the seat balance's: its seeds, each played once per seat.

    Examples
    --------
    >>> from types import SimpleNamespace
    >>> pt = SimpleNamespace(n_games=40, restricted=[{"games": 30}], game=SimpleNamespace(players=3))
    >>> restricted_count_text(pt)
    'Each strategy: 10 seeds (a quarter of the 40 games of the seat balance, at least 5), each played once with the restricted bot in every one of the 3 seats: 30 games.'
    """
    games = pt.restricted[0]["games"]
    seeds = games // pt.game.players
    why = (f"a quarter of the {pt.n_games:,} games of the seat balance, at least 5"
           if seeds == max(5, pt.n_games // 4) else "as asked")
    return (f"Each strategy: {counted(seeds, 'seed')} ({why}), each played once with the restricted bot in every "
            f"one of the {pt.game.players} seats: {counted(games, 'game')}.")


def flow_comparison_note(table: Any, confidence: float = 0.95) -> str:
    """The note under the game flow's paired table: its intervals are read one by one, so some exclude 0
    by chance alone; counted over the rows that have one (a figure with no spread has none).

    Examples
    --------
    >>> import pandas as pd
    >>> t = pd.DataFrame({"ci_low": [-0.1, float("nan"), 0.2], "ci_high": [0.3, float("nan"), 0.5]})
    >>> flow_comparison_note(t).split(". ")[0]
    'Each of these 2 intervals is a 95% interval read on its own, not together: with nothing changed, by chance alone about 1 in 20 of them would exclude 0'
    """
    n = int(table["ci_low"].notna().sum())
    chance = one_in(round(1 - confidence, 6))
    if n == 0:
        head = "No figure here has an interval: none has any spread in these games."
    elif n == 1:
        head = (f"The one interval here is a {confidence:.0%} interval: with nothing changed, it would exclude 0 by "
                f"chance alone {chance.replace('1 in', '1 time in')}.")
    else:
        head = (f"Each of these {counted(n, 'interval')} is a {confidence:.0%} interval read on its own, not "
                f"together: with nothing changed, by chance alone about {chance} of them would exclude 0.")
    return (f"{head} The variant's verdicts, with intervals that hold together, are in its own section "
            f"below.")


def variant_of(game: Any) -> Any:
    """The :class:`~rometools.core.variants.Variant` ``game`` was loaded from, if it changes anything but
    the player count (else ``None``)."""
    variant = getattr(game, "variant", None)
    if variant is None or (not variant.edits and not [k for k in variant.options if k != "players"]):
        return None
    return variant


def run_description(game: Any, seed: int, bot: str, n_games: int) -> list[str]:
    """The page's opening: what was played, a variant named with every change it makes, and how to
    play the same figures again.

    A game loaded from a :class:`~rometools.core.variants.Variant` (``--variant FILE``) is named as
    that variant, its options as the headlines say them
    (:func:`~rometools.core.describe.option_short`) and each data edit listed: the edited data is never
    presented as the published file. The variant file itself closes the paragraph, since the seed
    alone does not reproduce the figures without the edits.

    Returns
    -------
    list of str
        HTML pieces.

    Examples
    --------
    >>> import rometools
    >>> from rometools.core.variants import Variant
    >>> v = Variant("caesars_empire", "gold", {"players": 4},
    ...             {"components": {"road_bonus.points": 12}})
    >>> text = " ".join(run_description(v.load(), 1, "greedy", 10))
    >>> "The variant &#x27;gold&#x27;" in text, "road_bonus.points = 12" in text, "--variant" in text
    (True, True, True)
    """
    from pathlib import Path

    from rometools.core.describe import option_short
    from rometools.core.playtest import variant_options

    variant = variant_of(game)
    bots = f"seed {seed}; {html.escape(bot)} bots in every seat"
    if variant is None:
        said = options_text(game, variant_options(game)) or "the published rules, default options"
        return [f"<p>{html.escape(said)}; {bots}. Every figure is reproducible from the seed "
                f"(<code>rometools.report</code> with the same arguments).</p>"]
    from rometools.core.variants import _thawed

    named = f"The variant {html.escape(repr(variant.name))} of {html.escape(game.title)}" if variant.name else \
        f"A variant of {html.escape(game.title)}"
    # each change as a headline says it (option_short): "handicap seat 4: +2 points", not its long description
    changes = [html.escape(option_short(game, k, _thawed(v))) for k, v in variant.options.items() if k != "players"]
    for file, edits in variant.edits.items():
        base = Path(str(variant.bases.get(file) or variant.base_file(file))).name
        listed = "; ".join(f"{a} removed" if v is None else f"{a} = {_thawed(v)}" for a, v in edits.items())
        changes.append(f"{html.escape(base)} edited by the variant (not the published file): "
                       f"{html.escape(listed)}")
    toml = variant.to_toml()
    return [f"<p class='variant'><b>{named}</b>, not the published game; {bots}. Its changes:</p>",
            "<ul class='variant-changes'>" + "".join(f"<li>{c}</li>" for c in changes) + "</ul>",
            f"<p>Every figure is reproducible from the seed <b>with this variant</b>: save the variant file below "
            f"(for example as <code>variant.toml</code>) and run <code>{html.escape(rometools_command())} report --variant variant.toml "
            f"--games {n_games} --seed {seed} --bots {html.escape(bot)}</code>.</p>",
            f"<details><summary>The variant file</summary><pre>{html.escape(toml)}</pre></details>"]
