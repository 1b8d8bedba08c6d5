"""Automated playtesting: what a strategy is worth (restricted play) and where the rules have holes.

* :class:`Restriction` -- a strategy a bot may be denied, declared by a game as data
  (``GameSpec(restrictions=...)``): a name, the sentence saying what it forbids, and a
  predicate over ``(state, action)``.
* :func:`restricted` -- a bot playing as a base bot does, never the forbidden actions.
* :func:`restricted_play` -- each restriction's weight: the win rate a bot loses when it is
  denied that strategy, against unrestricted bots on the same seeds, with intervals
  (Jaffe et al., "Evaluating Competitive Game Balance with Restricted Play", AIIDE 2012).
* :func:`rule_holes` -- seeded games of every bot searched for states the rules do not
  cover: a seat to move with no legal action, a game that does not end, a tie for first
  the tiebreakers leave; each kind with a count and a saved game that reaches it
  (de Mesentier Silva et al., "AI-based Playtesting of Contemporary Board Games", FDG 2017).
* :func:`hot_spots` -- the board's places (cities, regions, roads, objectives: what a game's
  ``GameSpec(action_places=...)`` names) by how often they are taken, how early, and the win
  rate of the player who takes each first, with intervals. Places are kept apart by their data
  file's id and shown by name (:func:`place_names`: the id added in brackets where two places
  share a name), so two cities of one name never merge.
* :func:`report` -- one self-contained HTML page of all of it, with the seat balance
  (``rometools report GAME``).

Every function reads the registry: a game gets all of it by registering (its restrictions
are optional; a game that declares none is reported as such).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rometools.core.describe import (  # option_words and its kin lived here; re-exported
    decision_reference,
    option_parts,
    option_words,
    options_words,
    player_counts,
    variant_options,
)
from rometools.core.errors import ArgumentError
from rometools.core.formatting import quantity

# The parts of the playtest, each in its own module, re-exported here where they were first written:
# the places that matter (hot_spots), the rules' holes and decisions (rule_holes), and what every
# part shares (playtest_runs).
from rometools.core.hot_spots import (  # noqa: F401  (re-exported: testing, charts, tests)
    distinct_names,
    hot_spots,
    hot_spots_by_players,
    lift_words,
    place_names,
)
from rometools.core.load import Game, load_game
from rometools.core.playtest_runs import _bar, _done, _game, _stream, _tick, _wilson, _with_players
from rometools.core.restrictions import RestrictedBot, Restriction
from rometools.core.restrictions import restriction_of as _restriction
from rometools.core.rule_holes import HOLE_KINDS, HOLE_TITLES, rule_decisions, rule_holes  # noqa: F401

__all__ = ["HOLE_KINDS", "HOLE_TITLES", "Playtest", "decision_reference", "distinct_names", "option_parts", "option_words", "options_words", "lift_words", "loss_words", "Restriction", "RestrictedBot", "hot_spots", "hot_spots_by_players", "place_names", "player_counts",
           "playtest", "restricted", "restricted_play", "rule_decisions", "rule_holes", "variant_options"]


def loss_words(loss: float, digits: int = 1) -> str:
    """What denying a strategy costs a bot, in words: ``loss`` the win rate it gives up, in percentage
    points with ``digits`` decimals (as many as the win rates shown beside it:
    :func:`~rometools.core.formatting.difference_places`).

    Examples
    --------
    >>> loss_words(0.307), loss_words(-0.021), loss_words(0.0), loss_words(-0.013, 2)
    ('loses 30.7 percentage points of win rate', 'gains 2.1 percentage points of win rate', \
'no change in win rate', 'gains 1.30 percentage points of win rate')
    """
    points = round(100 * abs(loss), digits)
    if points == 0:
        return "no change in win rate"
    return f"{'loses' if loss > 0 else 'gains'} {quantity(f'{points:.{digits}f}', 'percentage point')} of win rate"


def restricted(game: str | Game, bot: str, restriction: str | Restriction) -> RestrictedBot:
    """``bot`` of ``game`` denied ``restriction`` (a name the game declares, or a :class:`Restriction`).

    Returns
    -------
    RestrictedBot
        A bot any call that takes bots takes (``play``, ``simulate`` with the serial executor).

    Raises
    ------
    ArgumentError
        For an unknown bot or restriction (the message lists the game's).

    Examples
    --------
    >>> import rometools
    >>> from rometools.core.playout import play
    >>> game = rometools.load_game("via_romana", players=2)
    >>> bot = restricted(game, "greedy", "no_fort")
    >>> end = play(game, [bot, "greedy"], 1)
    >>> bot.name, bot.replaced > 0, game.is_over(end)
    ('greedy without no_fort', True, True)
    """
    game = _game(game)
    return RestrictedBot(game.bot(bot), _restriction(game, restriction), game.spec.rules)


def restricted_play(game: str | Game, restrictions: Sequence[str] | None = None, n_games: int = 200, *,
                    seed: int = 0, bot: str = "greedy", players: int | None = None,
                    progress: bool | Callable[[int, int], None] = False) -> list[dict]:
    """Each restriction's weight: how much win rate a bot loses when denied that strategy.

    For each restriction, ``n_games`` seeded games are played once per seat (the restricted
    bot takes each seat in turn against ``bot`` in every other seat); the baseline is the
    same seeds and seats with ``bot`` everywhere (every seat's win rate averaged, about
    ``1 / players``). The games of a seed share their chance outcomes, so the comparison
    is paired.

    Parameters
    ----------
    game : str or Game
    restrictions : sequence of str, optional
        Names the game declares (default: all of them).
    n_games : int
        Seeds (games per seat).
    seed : int
    bot : str
        The base bot.
    players : int, optional
    progress : bool or callable
        A tqdm bar over the games (``True``), or ``progress(games done, games in all)``.

    Returns
    -------
    list of dict
        One row per restriction, the heaviest first: ``restriction``, ``forbids``,
        ``games``, ``wins``, ``win_rate`` (with ``low``, ``high``: a 95% Wilson interval),
        ``baseline`` (the unrestricted win rate), ``loss`` (baseline - win rate) and
        ``replaced`` (decisions where the base bot wanted a forbidden action).

    Raises
    ------
    ArgumentError
        For an unknown restriction or bot, or a count below 1.

    Examples
    --------
    >>> rows = restricted_play("via_romana", ["no_fort"], 6, players=2)
    >>> rows[0]["restriction"], rows[0]["games"], 0 <= rows[0]["win_rate"] <= 1
    ('no_fort', 12, True)
    """
    from rometools.core.playout import play

    game = _with_players(game, players)
    if isinstance(n_games, bool) or not isinstance(n_games, int) or n_games < 1:
        raise ArgumentError(f"the number of games must be a whole number 1 or more, got {n_games!r}")
    names = list(game.spec.restrictions) if restrictions is None else list(restrictions)
    chosen = [_restriction(game, r) for r in names]
    n = game.players
    bar = _bar(n_games * (1 + len(chosen)), progress, f"{game.title}: restricted play")
    base_wins = 0
    for s in range(n_games):
        # one game per seed: with the same bot in every seat, each seat's game is this one
        ranks = game.spec.ranks(play(game, [bot] * n, _stream(seed, s)))
        base_wins += sum(r == 1 for r in ranks)
        _tick(bar)
    baseline = base_wins / (n_games * n)
    rows = []
    for r in chosen:
        wins = replaced = 0
        for s in range(n_games):
            for seat in range(n):
                restricted_bot = RestrictedBot(game.bot(bot), r, game.spec.rules)
                bots: list[Any] = [bot] * n
                bots[seat] = restricted_bot
                end = play(game, bots, _stream(seed, s))
                wins += game.spec.ranks(end)[seat] == 1
                replaced += restricted_bot.replaced
            _tick(bar)
        total = n_games * n
        low, high = _wilson(wins, total)
        rows.append({"restriction": r.name, "forbids": r.forbids, "games": total, "wins": wins,
                     "win_rate": wins / total, "low": low, "high": high, "baseline": baseline,
                     "loss": baseline - wins / total, "replaced": replaced})
    _done(bar)
    rows.sort(key=lambda row: row["loss"], reverse=True)
    return rows


@dataclass(frozen=True)
class Playtest:
    """Everything :func:`playtest` measured, as plain values (the report and the explorer draw it).

    Attributes
    ----------
    game : Game
    n_games, seed, bot
        The run's games, seed and bot.
    results : pandas.DataFrame
        :func:`~rometools.core.simulate.simulate`'s rows (one per game and seat).
    restricted : list of dict
        :func:`restricted_play`'s rows (empty: the game declares no restriction).
    holes : dict
        :func:`rule_holes`.
    decisions : list of dict
        :func:`rule_decisions` (empty: the game records no decision as a choice option).
    spots : list of dict
        :func:`hot_spots` at the game's player count.
    spots_by_players : dict
        :func:`hot_spots_by_players` (empty when not asked for or no places).
    skill : pandas.DataFrame or None
        :func:`~rometools.core.search.skill_curve` (``None`` when not asked for).
    odds : list of tuple
        The game's key exact odds (``GameSpec(key_odds=...)``): ``(question, Fraction)``.
    comparison : Comparison or None
        :func:`~rometools.core.compare.compare` of the game against ``compare`` on the same seeds, at
        most ``n_games`` paired games: every figure's interval and the seat-balance test hold
        together at 95% (the error rate spread over them), a figure "changed" only where its
        interval excludes 0.
    compare : dict
        The variant's options (empty: none).
    seconds : dict
        CPU-clock seconds of each part.
    flow : Flow or None
        :func:`~rometools.core.flow.flow`: how the game plays (``None`` when not asked for).
    flow_by_players : dict
        :func:`~rometools.core.flow.flow_by_players` (empty when not asked for).
    flow_comparison : pandas.DataFrame or None
        :func:`~rometools.core.flow.compare_flow` against ``compare``.
    """

    game: Game
    n_games: int
    seed: int
    bot: str
    results: Any
    restricted: list
    holes: dict
    decisions: list
    spots: list
    spots_by_players: dict
    skill: Any
    odds: list
    comparison: Any
    compare: dict
    seconds: dict
    flow: Any = None
    flow_by_players: dict = field(default_factory=dict)
    flow_comparison: Any = None


def _whole_run(result: Any) -> Any:
    """``result`` of a run that played every game (a frame's ``attrs["interrupted"]``, a
    :class:`~rometools.core.flow.Flow`'s ``interrupted``, each value of a dict of them); a run
    stopped by Ctrl-C raises ``KeyboardInterrupt`` again, so that no later part runs on and no page
    reports a part's games it did not play."""
    attrs = getattr(result, "attrs", None)
    stopped = attrs.get("interrupted") if isinstance(attrs, dict) else getattr(result, "interrupted", False) is True
    if stopped:
        raise KeyboardInterrupt
    if isinstance(result, dict):
        for value in result.values():
            _whole_run(value)
    return result


def _whole_comparison(c: Any) -> Any:
    """A :class:`~rometools.core.compare.Comparison` that was not stopped; a stopped one (Ctrl-C, a Stop)
    raises ``KeyboardInterrupt`` again, as :func:`_whole_run` does."""
    if c.stopped == "stopped":
        raise KeyboardInterrupt
    return c


def compare_games(base: Any, variant: Any, **kwargs: Any) -> Any:
    """:func:`rometools.core.compare.compare` (imported when first used)."""
    from rometools.core.compare import compare

    return compare(base, variant, **kwargs)


def playtest(game: str | Game, n_games: int = 200, *, seed: int = 0, bot: str = "greedy",
             players: int | None = None, restricted_games: int | None = None, hole_games: int | None = None,
             spot_games: int | None = None, shift_games: int | None = 0, skill_games: int | None = 0,
             skill_budgets: Sequence[int] = (10, 30), compare: Mapping[str, Any] | None = None,
             flow_games: int | None = None, value_games: int | None = None,
             executor: str = "serial", workers: int | None = None,
             progress: bool | Callable[[str, int, int], None] = False, stop: Any = None) -> Playtest:
    """Play the automated playtest of ``game`` and return what it measured (:class:`Playtest`).

    Each part plays its own seeded games from ``seed``, so the same call gives the same
    figures. :func:`rometools.report` writes them as one HTML page, and
    :class:`rometools.widgets.PlaytestReport` shows them in a notebook.

    Parameters
    ----------
    game : str or Game
    n_games : int
        Games of the seat-balance run (:func:`~rometools.core.simulate.simulate`).
    seed, bot, players
        As :func:`restricted_play`.
    restricted_games, hole_games, spot_games : int, optional
        Seeds of restricted play and of the rule-hole search (per bot) and the rules decisions
        (per other reading), default ``n_games // 4``
        (at least 5), and games of the hot spots, default ``n_games`` (at most 100, at least 5);
        0 skips restricted play or the hot spots.
    shift_games : int, optional
        Games per player count for :func:`hot_spots_by_players`; 0 (default) skips it,
        ``None`` means ``max(5, n_games // 10)``.
    skill_games : int, optional
        Seeds per budget of the MCTS skill curve; 0 (default) skips it, ``None`` means
        ``max(2, n_games // 50)``.
    skill_budgets : sequence of int
        Simulations per move of the skill curve's points.
    flow_games : int, optional
        Games of the game flow (:func:`~rometools.core.flow.flow`: how the game plays), default
        ``n_games`` (the seat-balance run's games, played again and replayed); 0 skips it. With
        ``shift_games`` the flow is also measured at every player count (that many games each),
        and with ``compare`` paired with the variant (``flow_games`` games).
    value_games : int, optional
        Games of the flow valued at sampled positions for uncertainty and swing, default a tenth
        of ``flow_games`` (at least 2, at most 20); 0 values none.
    compare : mapping, optional
        A variant's options to pair with the game on the same seeds: :func:`rometools.core.compare.compare`
        with a budget of ``n_games`` paired games (it stops sooner when every figure is decided),
        whose intervals hold together at 95%.
    executor, workers
        For the seat-balance run and the skill curve, as :func:`~rometools.core.simulate.simulate`.
    stop : callable or threading.Event, optional
        Asked at every game of every part (``stop()`` or ``stop.is_set()``): when true the playtest
        stops there, every part with it, raising ``KeyboardInterrupt`` as Ctrl-C does (an
        explorer's **Stop**); no part's figures are kept.
    progress : bool or callable
        tqdm bars (``True``), or ``progress(part, games done, games in all)`` with ``part`` one
        of ``"seat balance"``, ``"game flow"``, ``"restricted play"``, ``"rule holes"``, ``"rules decisions"``,
        ``"hot spots"``, ``"player counts"``, ``"skill curve"``, ``"variant"``.

    Returns
    -------
    Playtest

    Raises
    ------
    ArgumentError
        For a count below 0 (1 for ``n_games``), an unknown bot or option, or a ``compare``
        option the game refuses: every argument is checked before the first game.
    KeyboardInterrupt
        Interrupted (Ctrl-C, a notebook's Stop) in any part: the playtest stops there, every
        part with it. (``simulate`` alone keeps the games it played; a playtest whose seat
        balance held 22 of 400 games went on and titled its page "400 games".)

    Examples
    --------
    >>> pt = playtest("pig", 20, seed=1)
    >>> len(pt.results), pt.restricted[0]["restriction"], pt.holes["no_end"]["count"]
    (40, 'no_hold_ahead', 0)
    >>> [question for question, p in pt.odds][0]
    'a turn that holds at 20 banks nothing (rolls a 1 first)'
    """
    import time

    from rometools.core.simulate import simulate

    game = _with_players(game, players)
    counts = {"n_games": n_games, "restricted_games": restricted_games, "hole_games": hole_games,
              "spot_games": spot_games, "shift_games": shift_games, "skill_games": skill_games,
              "flow_games": flow_games, "value_games": value_games}
    for name, value in counts.items():
        least = 1 if name == "n_games" else 0
        if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < least):
            raise ArgumentError(f"{name}: the number of games must be a whole number {least} or more, got {value!r}")
    if bot not in game.spec.bots:
        raise ArgumentError(f"bot {bot!r}: {game.title}'s bots are {', '.join(sorted(game.spec.bots))}")
    if compare:   # the variant's options, checked before any game (they were refused after the seat run)
        load_game(game.spec.id, **{**variant_options(game), "players": game.players, **dict(compare)})
    few = max(5, n_games // 4)

    report = progress if callable(progress) and not isinstance(progress, bool) else None

    def asked() -> bool:
        return stop is not None and bool(stop.is_set() if hasattr(stop, "is_set") else stop())

    def part(name: str):
        if stop is None:
            return (lambda done, total: report(name, done, total)) if report else progress

        def tick(done: int, total: int) -> None:   # a stop is heard at the next game of any part
            if asked():
                raise KeyboardInterrupt
            if report:
                report(name, done, total)
        return tick

    seconds: dict[str, float] = {}

    def timed(name: str, run: Callable[[], Any]) -> Any:
        if asked():
            raise KeyboardInterrupt
        start = time.process_time()
        value = run()
        seconds[name] = time.process_time() - start
        return value

    results = timed("seat balance", lambda: _whole_run(simulate(
        game, n_games, bots=bot, seed=seed, rotate=False, executor=executor, workers=workers,
        progress=part("seat balance"))))
    from rometools.core.flow import compare_flow, flow, flow_by_players

    flow_n = n_games if flow_games is None else flow_games
    valued = min(20, max(2, flow_n // 10), flow_n) if value_games is None else min(value_games, flow_n)
    how = timed("game flow", lambda: _whole_run(flow(game, flow_n, bots=bot, seed=seed, value_games=valued,
                                                     executor=executor, workers=workers,
                                                     progress=part("game flow"))) if flow_n else None)
    rows = timed("restricted play", lambda: restricted_play(
        game, None, restricted_games or few, seed=seed, bot=bot, progress=part("restricted play"))
        if game.spec.restrictions and restricted_games != 0 else [])
    holes = timed("rule holes", lambda: rule_holes(game, hole_games or few, seed=seed, progress=part("rule holes")))
    decisions = timed("rules decisions", lambda: rule_decisions(
        game, hole_games or few, seed=seed, bot=bot, progress=part("rules decisions")))
    spots = timed("hot spots", lambda: hot_spots(
        game, spot_games or max(few, min(n_games, 100)), seed=seed, bot=bot, progress=part("hot spots"))
        if game.spec.action_places and spot_games != 0 else [])
    shift_n = max(5, n_games // 10) if shift_games is None else shift_games
    shift = timed("player counts", lambda: hot_spots_by_players(
        game, shift_n, seed=seed, bot=bot, progress=part("player counts")) if shift_n else {})
    how_by = timed("game flow by player count", lambda: _whole_run(flow_by_players(
        game, shift_n, seed=seed, bots=bot, executor=executor, workers=workers, progress=part("player counts")))
        if shift_n and flow_n else {})
    skill_n = max(2, n_games // 50) if skill_games is None else skill_games
    skill = None
    if skill_n:
        from rometools.core.search import skill_curve

        options = variant_options(game)
        skill = timed("skill curve", lambda: skill_curve(
            game.spec.id, list(skill_budgets), skill_n, seed, opponent=bot, players=game.players,
            config=options or None, executor=executor, workers=workers,
            progress=part("skill curve") if stop is not None or report else bool(progress)))
    odds = list(game.spec.key_odds(game.config)) if game.spec.key_odds else []
    comparison = None
    if compare:
        base = {**variant_options(game), "players": game.players}
        comparison = timed("variant", lambda: _whole_comparison(compare_games(
            game, load_game(game.spec.id, **{**base, **dict(compare)}), bots=bot, seed=seed, max_games=n_games,
            batch=max(10, min(200, n_games)), executor=executor, workers=workers, progress=part("variant"),
            stop=stop)))
        how_paired = timed("game flow of the variant", lambda: _whole_run(compare_flow(
            game.spec.id, base, {**base, **dict(compare)}, flow_n, seed=seed, bots=bot, executor=executor,
            workers=workers, progress=part("variant"))) if flow_n else None)
    else:
        how_paired = None
    return Playtest(game, n_games, seed, bot, results, rows, holes, decisions, spots, shift, skill, odds, comparison,
                    dict(compare or {}), seconds, how, how_by, how_paired)
