"""The views every game has, under one name each, and a log a designer reads.

:func:`check_views` holds a registered game's package to them: ``game_log``,
``score_history``, ``final_scores`` and ``final_ranking`` under the same names in every game
package (its own, or :mod:`rometools.core.views`'), agreeing with the registry; a game log
of one row per decision, players P1..Pn, in the rulebook's words (the game's
``action_text``: no printed tuple, no id, no scientific notation); ``load_board(path)``
reading a board file in every game that has one; a component set with a length iterating,
indexing and counting alike.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from typing import Any

from rometools.core.load import load_game
from rometools.core.playout import play, turn_states
from rometools.core.registry import game_spec
from rometools.testing._common import _require, _run_checks, checks_doc
from rometools.testing.readability import shown_ids, text_problems

__all__ = ["CHECKS", "check_component_set", "check_views"]


def _package(game_id: str):
    return importlib.import_module(game_spec(game_id).rules.module.__name__.rsplit(".", 1)[0])


def _same_views(game_id: str) -> None:
    """game_log, score_history, final_scores and final_ranking under the same names in every game
    package (its own, or core's), agreeing with the registry: a row per decision, the history's
    last totals the final ones, the ranks the game's."""
    from rometools.core.views import VIEWS

    spec = game_spec(game_id)
    package = _package(game_id)
    game = load_game(game_id, players=2)
    end = play(game, "greedy" if "greedy" in spec.bots else "random", 5)
    missing = [name for name in VIEWS if not hasattr(package, name)]
    _require(not missing, f"{package.__name__} has no {missing} (set __getattr__ = GAME.package_attribute)")
    views = {name: getattr(package, name) for name in VIEWS}
    log = views["game_log"](end)
    _require(list(log["Turn"]) == list(range(1, len(spec.movers(end)) + 1)), "game_log has not one row per decision")
    _require(set(log["Player"]) <= {"P1", "P2"}, f"game_log's players are {sorted(set(log['Player']))}")
    table = views["final_scores"](end)
    totals = dict(zip(table["player"], table["total"], strict=True))
    _require(totals == {f"P{s + 1}": p["total"] for s, p in enumerate(spec.score_parts(end))},
             "final_scores' totals are not the registered score_parts'")
    ranked = views["final_ranking"](end)
    _require(list(ranked["total"]) == sorted(ranked["total"], reverse=True), "final_ranking is not best first")
    history = views["score_history"](end)
    last = history[history["Turn"] == history["Turn"].max()]
    _require(dict(zip(last["Player"], last["Total"], strict=True)) == totals,
             "score_history's last totals are not the final ones")


def _game_log(game_id: str, configs: Sequence[Mapping[str, Any]] | None = None) -> None:
    """One row per decision, players P1..Pn, every cell in a designer's words, for each config."""
    import pandas as pd

    spec = game_spec(game_id)
    package = _package(game_id)
    for config in (spec.sample_configs[:3] if configs is None else configs):
        game = load_game(game_id, **config)
        final = play(game, [sorted(spec.bots)[0]] * game.players, 7)
        log = package.game_log(final)
        _require(isinstance(log, pd.DataFrame), f"{config}: game_log gives a {type(log).__name__}")
        decisions = len(spec.movers(final))
        _require(len(log) == decisions and list(log["Turn"]) == list(range(1, decisions + 1)),
                 f"{config}: game_log has {len(log)} rows numbered {list(log['Turn'])[:5]}..., for {decisions} decisions")
        _require(set(log["Player"]) <= {f"P{s + 1}" for s in range(game.players)},
                 f"{config}: game_log's players are {sorted(set(log['Player']))}")
        cells = [str(v) for v in log.astype(str).to_numpy().ravel()] + list(log.columns)
        problems = text_problems(cells, shown_ids())
        _require(not problems, f"{config}: the game log a designer reads: " + "; ".join(problems[:5])
                 + " (write action_text(state, action) in the rulebook's words and register it)")


def _action_text(game_id: str) -> None:
    """A registered ``action_text`` that tells a state's legal actions apart in a designer's words."""
    spec = game_spec(game_id)
    _require(spec.action_text is not None,
             "register action_text(state, action) -> str, each decision in the rulebook's words "
             "(GameSpec(action_text=...)): the log, the OpenSpiel bridge and the explorers' strong-player "
             "table show it, and the default writes the action's value (a printed tuple)")
    game = load_game(game_id)
    end = play(game, "random", 3)
    ids = shown_ids()
    for state in turn_states(end)[:-1][:30]:
        if spec.rules.current_player(state) < 0:
            continue
        legal = spec.rules.legal_actions(state)[:40]
        texts = [spec.action_text(state, a) for a in legal]
        _require(all(isinstance(t, str) and t.strip() for t in texts), f"action_text gives {texts[:3]!r}")
        _require(len(set(texts)) == len(texts), f"action_text gives two legal actions one text: {texts[:6]!r}")
        problems = text_problems(texts, ids)
        _require(not problems, "action_text: " + "; ".join(problems[:5]))


def _load_board(game_id: str) -> None:
    """One name, one meaning: a game package's ``load_board(path)`` reads that board file, and
    ``load_board()`` is the bundled board."""
    from rometools.core.data import bundled_file

    spec = game_spec(game_id)
    load = getattr(_package(game_id), "load_board", None)
    boards = [name for name in spec.data_files if name.startswith("board")]
    if load is None:
        _require(not boards, f"{game_id} bundles {boards} but its package has no load_board")
        return
    default = load()
    for name in boards:
        board = load(bundled_file(game_id, name))
        _require(type(board) is type(default), f"load_board({name}) gives a {type(board).__name__}, "
                                               f"load_board() a {type(default).__name__}")
        _require(load(str(bundled_file(game_id, name))) == board, f"load_board of {name}'s path as text differs")
    _require(any(load(bundled_file(game_id, name)) == default for name in boards),
             "load_board() is none of the bundled boards")


def file_values(game_id: str) -> list[tuple[str, Any]]:
    """``(option, value)`` of every file option of the game's default config (the bundled file it reads)."""
    config = load_game(game_id).config
    out = []
    for option in config.options():
        if option.file is not None:
            value = getattr(config, option.name)
            the = getattr(config, f"the_{option.name}", None)
            out.append((option.name, value if value is not None or the is None else the()))
    return out


def check_component_set(value: Any, where: str = "value", *, parts: Sequence[str] = ("sequence", "kind_counts")
                        ) -> None:
    """A component set with a length iterates, indexes and counts alike (``"sequence"``);
    ``kind_counts``, where it exists, is a property giving a dict of whole numbers (``"kind_counts"``).

    Raises
    ------
    AssertionError
        Naming ``where``.
    """
    from collections.abc import Sequence as Seq

    if "sequence" in parts and hasattr(type(value), "__len__"):
        _require(isinstance(value, Seq), f"{where}: {type(value).__name__} has a length: make it a ComponentSet")
        items = list(value)
        _require(len(items) == len(value) and value[0] == items[0] and value[-1] == items[-1],
                 f"{where}: iterating and indexing disagree")
        _require(value.count(items[0]) >= 1 and items[0] in value, f"{where}: count or in disagrees with iterating")
    if "kind_counts" in parts and hasattr(type(value), "kind_counts"):
        counts = value.kind_counts
        _require(isinstance(counts, dict) and all(isinstance(n, int) for n in counts.values()),
                 f"{where}: kind_counts is not a dict of whole numbers")


def _component_sets(game_id: str) -> None:
    for name, value in file_values(game_id):
        check_component_set(value, f"{game_id} {name}")


#: The checks of :func:`check_views`, in the order they run: ``{name: (what it holds, function)}``.
CHECKS = {
    "same_views": ("the four views under the same names, agreeing with the registry", _same_views),
    "game_log": ("one row per decision, players P1..Pn, in a designer's words", _game_log),
    "action_text": ("a registered action_text tells legal actions apart, in a designer's words", _action_text),
    "load_board": ("load_board(path) reads a board file, load_board() the bundled board", _load_board),
    "component_sets": ("a component set iterates, indexes and counts alike", _component_sets),
}


def check_views(game_id: str, *, checks: Sequence[str] | None = None,
                configs: Sequence[Mapping[str, Any]] | None = None) -> list[str]:
    game_spec(game_id)
    return _run_checks(CHECKS, "check_views", game_id, checks, game_id, configs=configs)


check_views.__doc__ = checks_doc(
    "Hold a registered game's views and log to what every game's are", CHECKS, """\
    >>> check_views("pig", checks=["same_views", "action_text"])
    ['same_views', 'action_text']""",
    """\
    configs : sequence of Mapping, optional
        Options of the configs ``game_log`` plays. Default: the first three ``sample_configs``.
""")
