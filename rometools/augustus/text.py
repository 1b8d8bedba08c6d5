"""Augustus components in words: symbols, slots and token counts as the tables, charts and logs
write them, and the component file's text with new bag counts (the bag explorer's counts editor).

Re-exported by :mod:`rometools.augustus.components`.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from rometools.core.errors import ArgumentError

__all__ = ["bag_file_with_counts", "slots_text", "symbol_text", "symbols_text"]


def symbol_text(symbol: str) -> str:
    """A symbol id as a word: ``"double_sword"`` reads ``"double sword"``.

    Examples
    --------
    >>> symbol_text("double_sword")
    'double sword'
    """
    return symbol.replace("_", " ")


def symbols_text(symbol: str, n: int) -> str:
    """``n`` tokens or slots of a symbol in words: ``"2 double swords"``, ``"1 dagger"``.

    Every symbol of the bag takes an "s" in the plural (double swords, shields,
    chariots, catapults, standards, daggers, jokers).

    Examples
    --------
    >>> symbols_text("double_sword", 2), symbols_text("dagger", 1)
    ('2 double swords', '1 dagger')
    """
    return f"{n} {symbol_text(symbol)}{'' if n == 1 else 's'}"


def slots_text(slots: Mapping[str, int]) -> str:
    """Slots as short text, ``"2 double swords + 1 shield"`` (``"nothing"`` when empty).

    Every table, chart and log of Augustus writes slots this way.

    Symbols are written as words (``double_sword`` reads "double sword").

    Examples
    --------
    >>> slots_text({"double_sword": 2, "shield": 1})
    '2 double swords + 1 shield'
    """
    parts = [symbols_text(s, n) for s, n in slots.items() if n]
    return " + ".join(parts) if parts else "nothing"


def bag_file_with_counts(counts: Mapping[str, int], path: str | os.PathLike[str] | None = None) -> str:
    """The text of the component file at ``path`` (default: the bundled one) with the bag's token
    counts set to ``counts``: each changed count marked ``illustrative`` with where it came from,
    ``bag.total`` the new sum; comments and everything else kept. Check it with
    :func:`rometools.core.data.load_text` (as the file would be checked) and save it to keep it.

    Parameters
    ----------
    counts : mapping of str to int
        Tokens of each kind (token ids); kinds not given keep their count.
    path : str or PathLike, optional

    Returns
    -------
    str

    Raises
    ------
    ArgumentError
        For a token id the file does not have, or a count that is not a whole number 0 or more.

    See Also
    --------
    rometools.widgets.BagExplorer : its counts editor writes this.

    Examples
    --------
    >>> from rometools.augustus.components import load_components
    >>> from rometools.core.data import load_text
    >>> text = bag_file_with_counts({"joker": 3, "dagger": 2})
    >>> c = load_text(load_components, text, "my_bag.toml")
    >>> c.bag["joker"], c.bag_total, c.provenance["token.joker.count"]
    (3, 25, Provenance(kind='illustrative', source='counts editor, from components.toml: 2 -> 3'))
    """
    import tomlkit

    from rometools.core.data import bundled_file, edited, plain_value

    source = Path(path) if path is not None else bundled_file("augustus", "components.toml")
    doc = tomlkit.parse(source.read_text(encoding="utf-8"))
    tokens = doc["token"]
    ids = [t["id"] for t in tokens]
    for kind, n in counts.items():
        if kind not in ids:
            raise ArgumentError(f"counts: unknown token {kind!r}; the bag's tokens are {', '.join(ids)}")
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ArgumentError(f"counts: {kind} must be a whole number 0 or more, got {n!r}")
    for t in tokens:
        old = plain_value(t["count"])
        if t["id"] in counts and counts[t["id"]] != old:
            t["count"] = tomlkit.inline_table()
            t["count"].update(edited(counts[t["id"]], f"counts editor, from {source.name}: {old} -> {counts[t['id']]}"))
    total, published = sum(plain_value(t["count"]) for t in tokens), plain_value(doc["bag"]["total"])
    if total != published:
        doc["bag"]["total"] = tomlkit.inline_table()
        doc["bag"]["total"].update(edited(total, "counts editor: the sum of the edited token counts"))
        # the file's comments still speak of the bag they came with (a trial read "the total is 23" above 25)
        doc["bag"]["total"].comment(f"edited: {total} tokens; comments elsewhere describe the bag of {published}")
    return tomlkit.dumps(doc)
