"""Which mistake it was: a value that is no action, or an action not allowed now (python-chess's rule).

:func:`check_refusals` plays a registered game and, at a dozen nodes spread over it (decision
and chance nodes alike) and at its end, applies values that are no action of any game
(:data:`JUNK`: each an :class:`~rometools.core.errors.InvalidActionError`) and actions of the
game met elsewhere and not legal there (each an
:class:`~rometools.core.errors.IllegalActionError`), the state unchanged either way; a saved
game whose history ends with either keeps the class, naming the entry
(``history[k]: ...``). ``docs/architecture.md``, "The protocol in one page", states the rule.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from rometools.core.errors import IllegalActionError, InvalidActionError
from rometools.core.load import load_game
from rometools.core.playout import play, states
from rometools.core.registry import game_spec
from rometools.core.saved import _checksum, saved_game
from rometools.testing._common import _raises, _require

__all__ = ["JUNK", "check_refusals"]

#: Values that are no action of any game: ``apply`` refuses each with InvalidActionError.
JUNK = (None, 3.5, {"a": 1}, [["x"]], "no such action", (None, 3.5), ("no such action", {"a": 1}), True)


def check_refusals(game_id: str, *, config: Mapping[str, Any] | None = None, seed: int = 5) -> dict[str, int]:
    """Tell a value that is no action from an action not allowed now, at every kind of node.

    Parameters
    ----------
    game_id : str
        A registered game.
    config : Mapping, optional
        Its options. Default: its first sample config.
    seed : int
        The random bots' game that is probed.

    Returns
    -------
    dict
        Refusals checked of each class: ``{"InvalidActionError": n, "IllegalActionError": m}``.

    Raises
    ------
    AssertionError
        Naming the node, the value and what ``apply`` did.

    Examples
    --------
    >>> counts = check_refusals("pig")
    >>> counts["InvalidActionError"] > 0 and counts["IllegalActionError"] > 0
    True
    """
    spec = game_spec(game_id)
    game = load_game(game_id, **(spec.sample_configs[0] if config is None else config))
    end = play(game, "random", rng=seed)
    every = states(end)
    actions = list(dict.fromkeys(a for s in every for a in game.legal_actions(s)))  # of every kind
    checked = {InvalidActionError.__name__: 0, IllegalActionError.__name__: 0}

    def refuses(state, action, error):
        snapshot = game.to_json(state)
        err = _raises(error, lambda: game.apply(state, action), f"apply({action!r})")
        _require(type(err) is error, f"{action!r}: {type(err).__name__}: {err}, not {error.__name__}")
        _require(game.to_json(state) == snapshot, f"{action!r}: a refused action changed the state")
        checked[error.__name__] += 1

    for node in [*every[:-1:max(1, len(every) // 12)], end]:   # a dozen nodes of every kind, and the end
        for junk in JUNK:
            refuses(node, junk, InvalidActionError)
        legal = game.legal_actions(node)
        for action in [a for a in actions if a not in legal][:6]:
            refuses(node, action, IllegalActionError)
    _require(checked[IllegalActionError.__name__], "no action of the game was illegal anywhere: nothing was tried")
    saved = saved_game(end)   # the saved game's history: the same class, the entry named
    k = len(saved["history"])
    for action, error in ((JUNK[0], InvalidActionError), (actions[0], IllegalActionError)):
        data = json.loads(json.dumps({**saved, "history": [*saved["history"], action]}))
        data["sha256"] = _checksum(data)
        err = _raises(error, lambda data=data: game.from_json(json.dumps(data)), f"history[{k}] = {action!r}",
                      match=rf"^history\[{k}\]: ")
        _require(type(err) is error, f"history[{k}] = {action!r}: {type(err).__name__}, not {error.__name__}")
    return checked
