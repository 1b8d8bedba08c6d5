"""Monte Carlo tree search for every registered game: a bot, a position's best moves, a skill curve.

* :class:`MCTSBot`, :func:`best_moves`, :func:`mcts_bot`, :func:`game_results` -- the
  search itself, in :mod:`rometools.core.mcts` (re-exported here): every game's ``"mcts"``
  / ``"mcts:200"`` bot and "what would a strong player do here?".
* :func:`skill_curve` -- the MCTS bot's win rate at each budget against a
  fixed opponent, with Wilson intervals. A flat curve says luck decides the
  game; a steep one says skill does. It plays many games
  (:func:`~rometools.core.simulate.simulate`), so it sits above the play loop and the bot.

Examples
--------
>>> import rometools
>>> state = rometools.load_game("caesars_empire", players=2).new_game(rng=3)
>>> moves = best_moves(state, 40, rng=0)
>>> sum(m.visits for m in moves), moves[0].visits >= moves[-1].visits
(40, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rometools.core.errors import ArgumentError
from rometools.core.load import Game, load_game
from rometools.core.mcts import (
    DEFAULT_BUDGET,
    DEFAULT_EXPLORATION,
    MAX_BUDGET,
    UTILITIES,
    MCTSBot,
    RankedMove,
    best_moves,
    game_results,
    mcts_bot,
)
from rometools.core.stats import proportion_estimate

__all__ = [
    "DEFAULT_BUDGET",
    "DEFAULT_EXPLORATION",
    "MAX_BUDGET",
    "UTILITIES",
    "MCTSBot",
    "RankedMove",
    "best_moves",
    "game_results",
    "mcts_bot",
    "skill_curve",
]


def skill_curve(game: str | Game, budgets: Sequence[int] = (10, 30, 100), n_games: int = 100, seed: int = 0,
                *, opponent: str = "greedy", players: int | None = None,
                config: Mapping[str, Any] | None = None, rotate: bool = True, executor: str = "serial",
                workers: int | None = None, confidence: float = 0.95, progress: bool = False,
                **mcts_options: Any):
    """The MCTS bot's win rate at each budget against a fixed opponent, with Wilson intervals.

    At each budget, ``n_games`` seeded games (:func:`~rometools.core.simulate.simulate`)
    seat one MCTS bot against ``opponent`` bots in every other seat. With
    ``rotate`` (default) each seed is played once per seat, the MCTS bot
    taking each seat in turn on the same chance outcomes, so seat luck
    cancels. The baseline row (budget 0) is the opponent against itself: the
    win rate of one of its seats averaged over the seats, which is what MCTS
    must beat to be stronger. A curve that stays near the baseline says luck
    decides the game; a steep one says thinking pays.

    Parameters
    ----------
    game : str or Game
        A registered game id or a :class:`~rometools.core.game.Game`.
    budgets : sequence of int
        Simulations per move of each point.
    n_games : int
        Seeds per budget (games; times the seats with ``rotate``).
    seed : int
        The run's seed: every budget plays the same seeds (common random numbers).
    opponent : str
        The game's bot in the other seats (``"greedy"``).
    players, config
        As :func:`~rometools.core.simulate.simulate`.
    rotate : bool
        Play each seed with the MCTS bot in every seat.
    executor, workers
        As :func:`~rometools.core.simulate.simulate` (``"process"`` uses every core).
    confidence : float
        Of the Wilson intervals.
    progress : bool
        Show a progress bar per budget.
    **mcts_options
        ``c``, ``rollout``, ``utility`` of :class:`MCTSBot`.

    Returns
    -------
    pandas.DataFrame
        One row per budget, the baseline first: ``budget`` (0 for the
        baseline), ``bot``, ``games``, ``wins`` (first place, shared or
        not, as :func:`~rometools.core.balance.seat_win_rates` counts),
        ``win_rate``, ``ci_low``, ``ci_high``, ``baseline`` (the budget-0 win
        rate, on every row) and ``seconds_per_game``.

    Raises
    ------
    ArgumentError
        For an unknown game or opponent, a bad budget or option.

    Examples
    --------
    >>> curve = skill_curve("caesars_empire", [5, 20], n_games=4, seed=1,
    ...                     players=2, config={"roads_per_player": 5})
    >>> list(curve["budget"]), list(curve.columns)[:4]
    ([0, 5, 20], ['budget', 'bot', 'games', 'wins'])
    >>> bool((curve["ci_low"] <= curve["win_rate"]).all())
    True
    """
    import time

    import pandas as pd

    from rometools.core.simulate import simulate

    if isinstance(game, Game):
        if players is not None or config is not None:
            raise ArgumentError("pass options either in the Game or as players/config, not both")
    else:
        options = dict(config or {})
        if players is not None:
            options["players"] = players
        game = load_game(game, **options)
    budgets = list(budgets)
    if not budgets:
        raise ArgumentError("budgets must list at least one budget")
    bots = [MCTSBot(b, **mcts_options).name for b in budgets]  # checks every budget and option first
    game.bot(opponent)
    rows = []
    for budget, name in [(0, opponent), *zip(budgets, bots, strict=True)]:
        started = time.perf_counter()
        if budget == 0:  # the opponent in every seat: one seat's rate (averaged over the seats with rotate)
            df = simulate(game, n_games, bots=opponent, seed=seed, executor=executor, workers=workers,
                          progress=progress)
            mine = df if rotate else df[df["seat"] == 0]
        else:
            lineup = [name] + [opponent] * (game.players - 1)
            df = simulate(game, n_games, bots=lineup, seed=seed, rotate=rotate, executor=executor,
                          workers=workers, progress=progress)
            mine = df[df["bot"] == name]
        seconds = time.perf_counter() - started
        est = proportion_estimate(int(mine["win"].sum()), len(mine), confidence=confidence)
        rows.append({"budget": budget, "bot": name, "games": len(mine), "wins": est.successes,
                     "win_rate": est.estimate, "ci_low": est.low, "ci_high": est.high,
                     "seconds_per_game": seconds / (len(df) // game.players)})
    out = pd.DataFrame(rows)
    out["baseline"] = out["win_rate"].iloc[0]
    return out[["budget", "bot", "games", "wins", "win_rate", "ci_low", "ci_high", "baseline",
                "seconds_per_game"]]
