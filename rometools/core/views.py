"""The per-game views every game has, under the same names: a game's log, its score history,
its final scores and ranking, built from the registry for any state of any game.

A game package that writes a richer view of its own (Caesar's Empire's ``game_log`` names
the Treasure taken and the route points of each turn) keeps it; a package that does not gets
these through ``GAME.package_attribute`` (``from rometools.imperator import game_log``), so
the same name means the same table in every game:

* :func:`game_log` -- one row per decision: ``Turn`` (from 1), ``Player`` (``P1``...),
  ``Action`` (the game's ``action_text``: the rulebook's words).
* :func:`score_history` -- after every decision, each seat's score by part (the game's
  ``score_parts``, in words) and ``Total``.
* :func:`final_scores` / :func:`final_ranking` -- each seat's parts, total and rank (1 best,
  the game's own tiebreakers), best first.

pandas is imported when a view is built, so ``import rometools`` stays light.
"""

from __future__ import annotations

from typing import Any

from rometools.core.registry import game_of

__all__ = ["VIEWS", "final_ranking", "final_scores", "game_log", "score_history"]

#: The views every game package answers to.
VIEWS = ("game_log", "score_history", "final_scores", "final_ranking")


def _words(key: str) -> str:
    return key.replace("_", " ").capitalize()


def _decisions(state: Any) -> list[tuple[Any, Any]]:
    """``(state before, action)`` of every decision (chance outcomes left out), in order."""
    from rometools.core.playout import states

    rules = game_of(state).rules
    return [(node, action) for node, action in zip(states(state), rules.action_history(state), strict=False)
            if rules.current_player(node) >= 0]


def game_log(state: Any):
    """One row per decision: ``Turn`` (from 1), ``Player``, ``Action`` in the rulebook's words.

    Parameters
    ----------
    state
        Any state of a registered game (the log runs to it).

    Returns
    -------
    pandas.DataFrame

    Examples
    --------
    >>> import rometools
    >>> from rometools.core.playout import play
    >>> end = play(rometools.load_game("imperator", players=2, rounds=1), "greedy", 1)
    >>> log = game_log(end)
    >>> list(log.columns), list(log["Turn"][:2]), log["Player"][0]
    (['Turn', 'Player', 'Action'], [1, 2], 'P1')
    """
    from rometools.core.tables import designer_table  # every cell whole in a notebook

    spec = game_of(state)
    rules = spec.rules
    text = spec.action_text or (lambda node, action: str(action))
    rows = [{"Turn": k, "Player": f"P{rules.current_player(node) + 1}", "Action": text(node, action)}
            for k, (node, action) in enumerate(_decisions(state), start=1)]
    return designer_table(rows, columns=["Turn", "Player", "Action"])


def score_history(state: Any):
    """Each seat's score by part after every decision (``Turn`` 0: the start), from the game's
    ``score_parts`` (points), one row per turn and player.

    Examples
    --------
    >>> import rometools
    >>> from rometools.core.playout import play
    >>> end = play(rometools.load_game("augustus", players=2), "greedy", 3)
    >>> h = score_history(end)
    >>> last = h[h["Turn"] == h["Turn"].max()].set_index("Player")["Total"]
    >>> dict(last) == dict(zip(final_scores(end)["player"], final_scores(end)["total"]))
    True
    """
    import pandas as pd

    from rometools.core.playout import states

    spec = game_of(state)
    rules = spec.rules
    nodes = states(state)
    moved = [0]
    for node in nodes[:-1]:
        moved.append(moved[-1] + (rules.current_player(node) >= 0))
    rows = []
    for node, turn in zip(nodes, moved, strict=True):   # a turn's last node: after its chance outcomes
        for seat, parts in enumerate(spec.score_parts(node)):
            rows.append({"Turn": turn, "Player": f"P{seat + 1}",
                         **{_words(k): v for k, v in parts.items() if k != "total"}, "Total": parts["total"]})
    frame = pd.DataFrame(rows)
    return frame.drop_duplicates(subset=["Turn", "Player"], keep="last").reset_index(drop=True)


def final_scores(state: Any):
    """Each seat's score by part, ``total`` and ``rank`` (1 best, the game's tiebreakers), best first.

    Before the end, the provisional scores.

    Examples
    --------
    >>> import rometools
    >>> from rometools.core.playout import play
    >>> end = play(rometools.load_game("via_romana", players=2), "greedy", 1)
    >>> table = final_scores(end)
    >>> list(table.columns[:1]) + list(table.columns[-2:]), list(table["rank"]) == sorted(table["rank"])
    (['player', 'total', 'rank'], True)
    """
    import pandas as pd

    spec = game_of(state)
    ranks = spec.ranks(state)
    rows = [{"player": f"P{seat + 1}", **{k: v for k, v in parts.items() if k != "total"},
             "total": parts["total"], "rank": ranks[seat]} for seat, parts in enumerate(spec.score_parts(state))]
    frame = pd.DataFrame(rows)
    return frame.sort_values(["rank", "player"], kind="stable").reset_index(drop=True)


def final_ranking(state: Any):
    """:func:`final_scores` (the name Caesar's Empire's notebooks use), for any game."""
    return final_scores(state)
