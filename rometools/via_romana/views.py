"""Read-only views of a Via Romana game for notebooks, explorers and charts (no rule here).

Rules: ``002_2e34de0661bde959.txt``.
"""

from __future__ import annotations

from typing import Any

__all__ = ["game_log"]


def game_log(state: Any):
    """Every action of the game up to ``state``, in the game's words, one row each.

    Returns
    -------
    pandas.DataFrame
        Columns ``Step`` (0-based index in the history), ``Turn`` (the game's turn
        then), ``Player`` (``"P1"``..., or ``"chance"`` for a card drawn or a goal dealt)
        and ``Action`` (in words: "fort at Capua with yellow helmet + yellow laurel").
        The same name and shape as Augustus's and Caesar's Empire's ``game_log``.

    Examples
    --------
    >>> import rometools
    >>> from rometools.core.playout import play
    >>> end = play(rometools.load_game("via_romana", players=2), ["greedy", "greedy"], 1)
    >>> log = game_log(end)
    >>> len(log) == len(end.history), list(log.columns)
    (True, ['Step', 'Turn', 'Player', 'Action'])
    >>> log[log.Player != "chance"].iloc[0].Action
    'fort at Ariminum (set-up)'
    """
    import pandas as pd

    from rometools.core.game import CHANCE, game_of
    from rometools.core.playout import states

    spec = game_of(state)
    rows = []
    nodes = states(state)
    for step, (node, action) in enumerate(zip(nodes, spec.rules.action_history(state), strict=False)):
        player = spec.rules.current_player(node)
        who = "chance" if player == CHANCE else f"P{player + 1}"
        text = spec.action_text(node, action) if player != CHANCE else f"deals {str(action).replace(':', ' ')}"
        rows.append({"Step": step, "Turn": node.turn, "Player": who, "Action": text})
    return pd.DataFrame(rows, columns=["Step", "Turn", "Player", "Action"])
