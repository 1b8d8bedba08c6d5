"""Simulation over a game: every row of ``simulate`` is the game ``play`` gives, and replays.

:func:`check_simulation` holds a registered game to what the balance lab and the command
line rely on: the rows of :func:`rometools.simulate` are, seat by seat, the games
:func:`rometools.core.playout.play` gives on the run's own streams (scores, ranks, moves);
every row of a run, also read back from its CSV file, replays its game
(:func:`rometools.replay_game`).
"""

from __future__ import annotations

import tempfile
from collections.abc import Sequence
from pathlib import Path

from rometools.core.load import load_game
from rometools.core.playout import play
from rometools.core.registry import game_spec
from rometools.core.spec import _movers_by_replay
from rometools.testing._common import _require, _run_checks, checks_doc

__all__ = ["CHECKS", "check_simulation"]


def _rows(game_id: str) -> None:
    from rometools.core.simulate import game_streams, simulate

    game = load_game(game_id)
    bot = "greedy" if "greedy" in game.spec.bots else "random"
    df = simulate(game_id, 6, bots=bot, seed=5, progress=False)
    _require(len(df) == 6 * game.players, f"{len(df)} rows for 6 games of {game.players} seats")
    _require(df.groupby("game")["win"].sum().min() >= 1, "a game without a winner")
    for i in range(6):
        chance, bots = game_streams(5, 6, i)
        end = play(game, bot, bots, chance_rng=chance)
        rows = df[df["game"] == i].sort_values("seat")
        _require(rows["score"].tolist() == list(game.scores(end)), f"game {i}: the rows' scores are not play's")
        _require(rows["rank"].tolist() == list(game.spec.ranks(end)), f"game {i}: the rows' ranks are not the game's")
        _require(rows["moves"].sum() == rows["length"].iloc[0], f"game {i}: the seats' moves do not add up to its length")
        # each seat's decisions, as the game's history replayed says (simulate counts them as they are
        # made when the game has no movers of its own)
        movers = _movers_by_replay(game.spec.rules, game.spec.apply_legal, end)
        _require(rows["moves"].tolist() == [movers.count(s) for s in range(game.players)],
                 f"game {i}: the rows' moves are not each seat's decisions in its history")


def _replay_rows(game_id: str) -> None:
    import pandas as pd

    from rometools.core.simulate import game_streams, replay_game, simulate

    game = load_game(game_id)
    names = sorted(game.spec.bots)[:2]
    bots = [names[s % len(names)] for s in range(game.players)]
    df = simulate(game_id, 2, bots=bots, seed=11, rotate=True, progress=False)
    with tempfile.TemporaryDirectory(prefix="rometools-rows-") as folder:
        path = Path(folder) / "run.csv"
        df.to_csv(path, index=False)
        back = pd.read_csv(path)
    for (i, r), rows in df.groupby(["game", "rotation"]):
        end = replay_game(game_id, back, i, rotation=r)
        rows = rows.sort_values("seat")
        _require(list(game.scores(end)) == rows["score"].tolist(), f"game {i} rotation {r}: replayed other scores")
        seat_bots = rows["bot"].tolist()
        _require(seat_bots == [bots[(s - r) % game.players] for s in range(game.players)],
                 f"game {i} rotation {r}: the seats' bots are not the rotated line-up")
        chance, bot_rng = game_streams(11, 2, i)  # the run's own streams give the same game
        _require(play(game, seat_bots, bot_rng, chance_rng=chance) == end,
                 f"game {i} rotation {r}: the run's streams give another game than the replay")


#: The checks of :func:`check_simulation`, in the order they run: ``{name: (what it holds, function)}``.
CHECKS = {
    "rows": ("simulate's rows are the games play gives on the run's streams", _rows),
    "replay_rows": ("every row of a run, also from its CSV file, replays its game", _replay_rows),
}


def check_simulation(game_id: str, *, checks: Sequence[str] | None = None) -> list[str]:
    game_spec(game_id)
    return _run_checks(CHECKS, "check_simulation", game_id, checks, game_id)


check_simulation.__doc__ = checks_doc(
    "Hold a registered game to what simulation over it relies on", CHECKS, """\
    >>> check_simulation("pig")
    ['rows', 'replay_rows']""",)
