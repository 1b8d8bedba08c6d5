"""The text a designer types in the draw-odds explorer: bags and kinds (re-exported by
:mod:`rometools.widgets.draws`)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

__all__ = ["format_bag", "parse_bag", "parse_kinds"]

_ITEM_SPLIT = re.compile(r"[,;\n]+")


# ----------------------------------------------------------------- text the designer types
def _kind_key(name: str) -> str:
    """How kinds are matched: case and runs of spaces do not matter."""
    return " ".join(name.split()).casefold()


def parse_bag(text: str) -> dict[str, int]:
    """Read a bag typed as ``kind:count`` pairs: ``"red:3, green:2, yellow:1"``.

    Pairs are separated by commas, semicolons or new lines; kind and count by
    ``:`` or ``=``. A kind name may hold spaces (``Gold Coins:8``); kinds are
    matched ignoring case and extra spaces, so the same kind twice is an error.

    Parameters
    ----------
    text : str
        The typed bag.

    Returns
    -------
    dict[str, int]
        ``{kind: tokens}`` in the order typed (may be empty).

    Raises
    ------
    ValueError
        Naming the pair, in the words of the "Bag" field: a pair that is not
        ``kind:count``, a count that is not a whole number 0 or more, a kind
        listed twice.

    Examples
    --------
    >>> parse_bag("red:3, green = 2; Gold Coins:8")
    {'red': 3, 'green': 2, 'Gold Coins': 8}
    >>> parse_bag("red:-1")
    Traceback (most recent call last):
    ...
    ValueError: Bag: 'red:-1': the count must be a whole number 0 or more, got '-1'
    """
    out: dict[str, int] = {}
    seen: dict[str, str] = {}
    for item in _ITEM_SPLIT.split(text or ""):
        item = item.strip()
        if not item:
            continue
        parts = re.split(r"\s*[:=]\s*", item)
        if len(parts) != 2 or not parts[0].strip():
            raise ValueError(f"Bag: {item!r}: write each kind as kind:count, e.g. red:3")
        kind, count = " ".join(parts[0].split()), parts[1].strip()
        if not re.fullmatch(r"\+?\d+", count):
            raise ValueError(f"Bag: {item!r}: the count must be a whole number 0 or more, got {count!r}")
        key = _kind_key(kind)
        if key in seen:
            also = "" if seen[key] == kind else f" (also as {seen[key]!r})"
            raise ValueError(f"Bag: the kind {kind!r} is listed twice{also}; give each kind once")
        seen[key] = kind
        out[kind] = int(count)
    return out


def format_bag(counts: Mapping[str, int]) -> str:
    """Inverse of :func:`parse_bag`.

    Examples
    --------
    >>> format_bag({"red": 3, "Gold Coins": 8})
    'red:3, Gold Coins:8'
    """
    return ", ".join(f"{kind}:{n}" for kind, n in counts.items())


def parse_kinds(text: str | Iterable[str]) -> list[str]:
    """Read kinds typed as ``"red"`` or ``"red, green"`` (pooled), or given as a list.

    Examples
    --------
    >>> parse_kinds(" red ,  Gold   Coins ")
    ['red', 'Gold Coins']
    >>> parse_kinds(["red", "green"])
    ['red', 'green']
    """
    items = _ITEM_SPLIT.split(text) if isinstance(text, str) else [str(k) for k in text]
    return [" ".join(k.split()) for k in items if k.strip()]
