"""What every module of the conformance suite shares."""

from __future__ import annotations

from typing import Any


def _require(condition: Any, message: str) -> None:
    """``assert`` that survives ``python -O``."""
    if not condition:
        raise AssertionError(message)
