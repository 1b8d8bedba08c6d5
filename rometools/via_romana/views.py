"""Read-only views of a Via Romana game for notebooks, explorers and charts (no rule here).

Rules: ``002_2e34de0661bde959.txt``.
"""

from __future__ import annotations

from typing import Any

__all__ = ["game_log"]


def game_log(state: Any):
    """Every decision of the game up to ``state``, in the game's words, one row each.

    Returns
    -------
    pandas.DataFrame
        Columns ``Turn`` (1 for the first decision; the same name and numbering as the
        other games' ``game_log``), ``Round`` (the game's own turn count then), ``Player``
        (``"P1"``...) and ``Action`` (in words: "fort at Capua with yellow helmet + yellow
        laurel"). The cards drawn and the goal tiles dealt are chance, not rows.

    Examples
    --------
    >>> import rometools
    >>> from rometools.core.playout import play
    >>> end = play(rometools.load_game("via_romana", players=2), ["greedy", "greedy"], 1)
    >>> log = game_log(end)
    >>> list(log.columns), log.iloc[0].Action
    (['Turn', 'Round', 'Player', 'Action'], 'fort at Ariminum (set-up)')
    """
    import pandas as pd

    from rometools.core.game import game_of
    from rometools.core.playout import states

    spec = game_of(state)
    rows = []
    for node, action in zip(states(state), spec.rules.action_history(state), strict=False):
        player = spec.rules.current_player(node)
        if player < 0:
            continue
        rows.append({"Turn": len(rows) + 1, "Round": node.turn, "Player": f"P{player + 1}",
                     "Action": spec.action_text(node, action)})
    return pd.DataFrame(rows, columns=["Turn", "Round", "Player", "Action"])
