"""The text a designer types in the draw-odds explorer: bags and kinds (re-exported by
:mod:`rometools.widgets.draws`)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

__all__ = ["format_bag", "parse_bag", "parse_kinds", "unused_boxes"]

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


# ----------------------------------------------------------------- boxes a refusal leaves unused
def _box_label(name: str, labels: Mapping[str, str]) -> tuple[str, str]:
    """A control's name on the page and the start of a refusal that is about it."""
    if name.startswith("row") and "_" in name:
        i, _, part = name[3:].partition("_")
        word = {"k": "count", "kinds": "kinds", "quantifier": "quantifier", "join": "join"}.get(part, part)
        return f"Condition row {i}'s {word}", (f"Condition row {i}'s count" if part == "k" else
                                              f"Condition row {i}:" if part == "kinds" else "\0")
    if name == "bag":
        return "Tokens", "Bag:"
    label = labels.get(name, name)
    return label, label


def _read(control: Any, value: Any) -> str:
    """``value`` as ``control`` shows it: a choice's label, text quoted, a tick in words."""
    if isinstance(value, bool):
        return "ticked" if value else "not ticked"
    options = getattr(control, "options", None)
    if options:
        for option in options:
            if isinstance(option, tuple) and len(option) == 2 and option[1] == value:
                return str(option[0])
    if isinstance(value, str):
        return f"'{value}'" if value.strip() else "empty"
    return str(value)


def unused_boxes(controls: Mapping[str, Any], shown: Mapping[str, Mapping[str, Any]], labels: Mapping[str, str],
                 said: str) -> str:
    """The boxes that read otherwise than the answer shown, named with both values: a refusal leaves
    them typed but not in use (a trial read Draws 2 and kind 'purple' beside an answer for 3 draws of red,
    under a message naming one box). The box the refusal (``said``) is about is named there already;
    ``shown`` is the last answer's snapshot (``{name: {"value": ...}}``). Empty when there is none.

    Examples
    --------
    >>> import ipywidgets as w
    >>> boxes = {"draws": w.IntText(2), "law_of": w.Text("blue"), "bag": w.Text("")}
    >>> unused_boxes(boxes, {"draws": {"value": 3}, "law_of": {"value": ""}, "bag": {"value": "red:3"}},
    ...              {"draws": "Draws", "law_of": "Chart the count of"}, "Bag: the bag is empty")
    "not in use until every input is valid together: Draws 2 (the answer's: 3), Chart the count of 'blue' (the answer's: empty)"
    """
    parts = []
    for name, control in controls.items():
        if name not in shown or "value" not in shown[name] or name == "bag_source":
            continue
        was, now = shown[name]["value"], control.value
        if type(was) is type(now) and was == now:
            continue
        label, about = _box_label(name, labels)
        if said.startswith(about):
            continue
        parts.append(f"{label} {_read(control, now)} (the answer's: {_read(control, was)})")
    return "not in use until every input is valid together: " + ", ".join(parts) if parts else ""
