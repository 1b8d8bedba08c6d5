"""What every module of the conformance suite shares."""

from __future__ import annotations

import dataclasses
import pickle
from typing import Any

from rometools.core.protocol import CHANCE, TERMINAL


def _require(condition: Any, message: str) -> None:
    """``assert`` that survives ``python -O``."""
    if not condition:
        raise AssertionError(message)


def _same(a: Any, b: Any) -> bool:
    """Equal with the same types all the way down (``True`` is not ``1``, ``(1,)`` not ``[1]``)."""
    if type(a) is not type(b):
        return False
    if type(a) is tuple:
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    try:
        return bool(a == b)
    except Exception:  # noqa: BLE001 - a value whose == raises is not the same
        return False


def _compared(state: Any) -> tuple | None:
    if not dataclasses.is_dataclass(state) or isinstance(state, type):
        return None
    return tuple(getattr(state, f.name) for f in dataclasses.fields(state) if f.compare and f.name != "config")


def _snapshot(state: Any, rules: Any) -> tuple[str, Any]:
    """What "unchanged" is measured against: the compared fields pickled, else the saved game."""
    values = _compared(state)
    if values is not None:
        try:
            return "pickle", pickle.dumps(values, protocol=pickle.HIGHEST_PROTOCOL)
        except Exception:  # noqa: BLE001 - an unpicklable field: fall back to the saved game
            pass
    return "json", rules.to_json(state)


def _unchanged(state: Any, snap: tuple[str, Any], rules: Any) -> bool:
    now = _snapshot(state, rules)
    if now == snap:
        return True
    if snap[0] == "pickle" and now[0] == "pickle":  # a cache filled on the way is not a change
        return pickle.loads(snap[1]) == _compared(state)
    return False


def _node_name(rules: Any, state: Any) -> str:
    player = rules.current_player(state)
    n = len(rules.action_history(state))
    what = "a chance node" if player == CHANCE else "the end" if player == TERMINAL else f"seat {player} to move"
    return f"after {n} actions ({what})"
