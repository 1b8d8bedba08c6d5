"""Edits to a game's data files, addressed by the files' own keys, and the values they hold.

An address is a data file's keys joined by dots (:func:`parse_address`, :func:`format_address`):
``tables.gold.points`` (a table's key), ``treasure.gold.count`` (an item of a list of tables by
its ``id``, :func:`item_names`), ``tables.gold.points.4`` (an element of a list by its position
from 0). An edit sets the value there (or removes the entry: ``None``); :func:`edits_between`
finds the edits that turn one parsed file into another; :func:`matches` and :func:`is_drawing`
read an address pattern (``components:reward.*.points``). A :class:`~rometools.core.variants.Variant`
holds its options and edits as frozen JSON values checked against the limits below.

Split out of :mod:`rometools.core.variants`, which re-exports every public name.

Examples
--------
>>> parse_address("tables.gold.points.4")
('tables', 'gold', 'points', '4')
>>> edits_between({"bag": {"total": 20}}, {"bag": {"total": 24}})
{'bag.total': 24}
"""

from __future__ import annotations

import json
import math
import os
import re
from collections.abc import Mapping, Sequence
from functools import lru_cache
from numbers import Integral, Real
from pathlib import Path
from types import MappingProxyType
from typing import Any

from rometools.core.errors import ArgumentError, DataFileError
from rometools.core.formatting import shown

__all__ = [
    "DRAWING_FIELDS",
    "edits_between",
    "format_address",
    "is_drawing",
    "item_names",
    "matches",
    "parse_address",
]

#: Limits on what a variant holds (a variant file is small; larger is a typo or hostile).
MAX_NAME_CHARS = 200
MAX_ADDRESS_CHARS = 300
MAX_TEXT_CHARS = 10_000
MAX_ITEMS = 1_000
MAX_DEPTH = 8
MAX_EDITS = 1_000
#: The largest number a data edit may set, either way (no count or value of a game is near it).
MAX_NUMBER = 1_000_000

_BARE = re.compile(r"[A-Za-z0-9_\-]+")


# ===================================================================== addresses
def parse_address(address: str) -> tuple[str, ...]:
    """The parts of an address: keys joined by dots, a part with a dot or space in double quotes.

    Raises
    ------
    ArgumentError
        For an empty address, an empty part, an unclosed quote, or more than 300 characters.

    Examples
    --------
    >>> parse_address('treasure.gold.count'), parse_address('city."a.b".value')
    (('treasure', 'gold', 'count'), ('city', 'a.b', 'value'))
    """
    if not isinstance(address, str):
        raise ArgumentError(f"an address is text such as 'tables.gold.points', got {shown(address, 60)}")
    if len(address) > MAX_ADDRESS_CHARS:
        raise ArgumentError(f"an address is at most {MAX_ADDRESS_CHARS} characters, got {shown(address, 60)}")
    parts: list[str] = []
    i, n = 0, len(address)
    while i <= n:
        if i < n and address[i] == '"':
            end = address.find('"', i + 1)
            if end < 0:
                raise ArgumentError(f"address {shown(address, 60)}: a quote is not closed")
            parts.append(address[i + 1:end])
            i = end + 1
            if i < n and address[i] != ".":
                raise ArgumentError(f"address {shown(address, 60)}: a quoted part is followed by a dot or ends it")
        else:
            end = address.find(".", i)
            end = n if end < 0 else end
            part = address[i:end].strip()
            if not part:
                raise ArgumentError(f"address {shown(address, 60)}: an empty part (two dots, or a dot at an end)")
            parts.append(part)
            i = end
        i += 1
    return tuple(parts)


def format_address(parts: Sequence[Any]) -> str:
    """Parts joined into an address, a part quoted when it holds anything but letters, digits, ``_``, ``-``.

    >>> format_address(("city", "a.b", "value")), format_address(("tables", "gold", "points", 4))
    ('city."a.b".value', 'tables.gold.points.4')
    """
    return ".".join(str(p) if _BARE.fullmatch(str(p)) else f'"{p}"' for p in parts)


def _plain(node: Any) -> Any:
    """A value with its provenance override taken off (``{value = 4, provenance = ...}`` -> 4)."""
    if isinstance(node, dict) and "value" in node and set(node) <= {"value", "provenance", "source"}:
        return node["value"]
    return node


def _is_scalar(x: Any) -> bool:
    return isinstance(x, str | int | float | bool)


def item_names(items: Sequence[Any]) -> list[str] | None:
    """How the items of a list of tables are named in an address (``None``: by position).

    By ``id`` when every item has one; else by the first field when its values are
    scalars, one per item (an objective's ``number``, a track's ``space``); else by the
    first field's list joined by ``-`` (a path's ``cities``: ``rome-capua``); else by the
    first two fields joined by ``-`` (an arrow's ``from`` and ``to``: ``latium-etruria``).

    Examples
    --------
    >>> item_names([{"id": "meat"}, {"id": "gold"}])
    ['meat', 'gold']
    >>> item_names([{"cities": ["rome", "capua"], "roads": 1}, {"cities": ["rome", "ostia"], "roads": 2}])
    ['rome-capua', 'rome-ostia']
    >>> item_names([{"from": "a", "to": "b"}, {"from": "a", "to": "c"}])
    ['a-b', 'a-c']
    >>> item_names([{"roads": 1}, {"roads": 1}]) is None
    True
    """
    plain = [item for item in items if isinstance(item, dict)]
    if len(plain) != len(items) or not plain:
        return None
    if all("id" in p for p in plain):
        names = [str(_plain(p["id"])) for p in plain]
        return names if len(set(names)) == len(names) else None

    def firsts(k: int) -> list[Any] | None:
        out = []
        for p in plain:
            keys = [key for key in p if key not in ("provenance", "source")]
            if len(keys) < k:
                return None
            out.append([_plain(p[key]) for key in keys[:k]])
        return out

    rules = []
    one = firsts(1)
    if one is not None:
        rules.append([str(v[0]) if _is_scalar(v[0]) and not isinstance(v[0], bool) else None for v in one])
        rules.append(["-".join(map(str, v[0])) if isinstance(v[0], list) and v[0] and all(map(_is_scalar, v[0]))
                      else None for v in one])
    two = firsts(2)
    if two is not None:
        rules.append(["-".join(map(str, v)) if all(map(_is_scalar, v)) else None for v in two])
    for names in rules:
        if None not in names and len(set(names)) == len(names):
            return names
    return None


def _child(node: Any, part: str, where: tuple[Any, ...], file: str, address: str) -> tuple[Any, Any]:
    """``(key, child)`` of ``node`` named by one address part, or a DataFileError listing what is there."""
    if isinstance(node, dict):
        if part in node and part not in ("provenance", "source") and not (where == () and part == "meta"):
            return part, node[part]
        keys = [k for k in node if k not in ("provenance", "source") and not (where == () and k == "meta")]
        return _missing(file, where + (part,), f"{format_address(where) or 'the file'} has {_listing(keys)}")
    if isinstance(node, list):
        names = item_names(node)
        if names is not None:
            if part in names:
                return names.index(part), node[names.index(part)]
            pair = part.split("-")
            if len(pair) == 2 and f"{pair[1]}-{pair[0]}" in names:  # a path named from either end
                k = names.index(f"{pair[1]}-{pair[0]}")
                return k, node[k]
            return _missing(file, where + (part,), f"{format_address(where)} has {_listing(names)}")
        if part.isdigit() and int(part) < len(node):
            return int(part), node[int(part)]
        return _missing(file, where + (part,), f"{format_address(where)} is a list of {len(node)} "
                                               f"(positions 0 to {len(node) - 1})")
    raise DataFileError(file, format_address(where + (part,)),
                        f"no such entry; {format_address(where)} is a value ({shown(node, 40)}), not a table")


def _missing(file: str, parts: tuple[Any, ...], there: str):
    raise DataFileError(file, format_address(parts), f"no such entry; {there}")


def _listing(names: Sequence[Any], limit: int = 12) -> str:
    names = [str(n) for n in names]
    if not names:
        return "nothing"
    head = ", ".join(names[:limit])
    return head + (f" and {len(names) - limit} more" if len(names) > limit else "")


def _locate(doc: dict, address: str, file: str) -> list[tuple[Any, Any]]:
    """The chain ``[(container, key), ...]`` from the document down to the addressed entry
    (through provenance overrides: ``{value = [...], provenance = ...}``)."""
    parts = parse_address(address)
    if parts[0] == "meta":
        raise DataFileError(file, address, "is the file's [meta] label, not a game value; it cannot be edited")
    chain: list[tuple[Any, Any]] = []
    node: Any = doc
    where: tuple[Any, ...] = ()
    for part in parts:
        holder = node
        if isinstance(node, dict) and _plain(node) is not node:  # through a provenance override
            holder = node["value"]
            chain.append((node, "value"))
        key, node = _child(holder, part, where, file, address)
        chain.append((holder, key))
        where += (part,)
    return chain


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    return type(value).__name__


def _same_kind(old: Any, new: Any) -> bool:
    if isinstance(old, bool) or isinstance(new, bool):
        return isinstance(old, bool) and isinstance(new, bool)
    if isinstance(old, float):
        return isinstance(new, int | float)
    return _kind(old) == _kind(new)


def _apply_edits(doc: dict, changes: Mapping[str, Any], file: str) -> dict:
    """The document with every change made: each address found in the *unedited* document first
    (so removing one item does not move another's address), then set or removed."""
    from rometools.core.edited_files import edited

    located = []
    for address, value in changes.items():
        chain = _locate(doc, address, file)
        container, key = chain[-1]
        old = _plain(container[key])
        if value is not None and not _same_kind(old, value):
            raise DataFileError(file, address, f"must be {_kind(old)} as in the published file "
                                               f"({shown(old, 60)}), got {shown(value, 60)}")
        located.append((address, chain, old, value))
    removals = []
    for address, chain, old, value in located:
        container, key = chain[-1]
        source = f"a variant's edit: {address} {_brief(old)} -> {'removed' if value is None else _brief(value)}"
        if isinstance(container, list) and not isinstance(container[key], dict) and value is not None:
            # an element of a list of values: the whole list gets the edited value and its provenance
            parent, slot = chain[-2]
            new = list(_plain(parent[slot]))
            new[key] = value
            parent[slot] = edited(new, source)
        elif value is None:
            removals.append((chain, address))
        elif isinstance(value, dict):
            container[key] = {**value, "provenance": "illustrative", "source": source}
        else:
            container[key] = edited(value, source)
    # removals last, from the end of each list, so positions found above stay right
    for chain, address in sorted(removals, key=lambda c: -c[0][-1][1] if isinstance(c[0][-1][1], int) else 0):
        container, key = chain[-1]
        if isinstance(container, list) and not isinstance(container[key], dict):
            parent, slot = chain[-2]
            new = list(_plain(parent[slot]))
            del new[key]
            parent[slot] = edited(new, f"a variant's edit: {address} removed")
        else:
            del container[key]
    return doc


def _brief(value: Any) -> str:
    return shown(value, 40)


@lru_cache(maxsize=64)
def _edited_text(path: str, stamp: tuple[int, ...], changes: str, file: str) -> str:
    """The base file's text with the changes (a canonical JSON object) made, as TOML."""
    import copy

    import tomlkit

    from rometools.core.data_text import _read

    doc = copy.deepcopy(_read(Path(path)))
    _apply_edits(doc, json.loads(changes), file)
    return tomlkit.dumps(doc)


def _stripped(node: Any) -> Any:
    """A data file's value without its provenance (overrides and ``provenance``/``source`` keys)."""
    node = _plain(node)
    if isinstance(node, dict):
        return {k: _stripped(v) for k, v in node.items() if k not in ("provenance", "source")}
    if isinstance(node, list):
        return [_stripped(v) for v in node]
    return node


def edits_between(base: Mapping[str, Any], edited: Mapping[str, Any]) -> dict[str, Any]:
    """The edits (``{address: value or None}``) that turn a parsed data file into another, provenance aside.

    A changed value is set; an entry the edited file lacks is removed (``None``); a table that
    gained keys, or a list of tables that gained items, is given whole.

    Examples
    --------
    >>> base = {"tables": {"gold": {"points": [0, 4, 9]}}, "city": [{"id": "a", "value": 2}, {"id": "b", "value": 3}]}
    >>> new = {"tables": {"gold": {"points": [0, 5, 9], "provenance": "illustrative"}}, "city": [{"id": "a", "value": 4}]}
    >>> edits_between(base, new)
    {'tables.gold.points': [0, 5, 9], 'city.b': None, 'city.a.value': 4}
    """
    out: dict[str, Any] = {}

    def walk(old: Any, new: Any, parts: tuple[Any, ...]) -> None:
        old, new = _plain(old), _plain(new)
        if isinstance(old, dict) and isinstance(new, dict):
            keys_old = [k for k in old if k not in ("provenance", "source") and not (not parts and k == "meta")]
            keys_new = [k for k in new if k not in ("provenance", "source") and not (not parts and k == "meta")]
            if set(keys_new) - set(keys_old):
                if not parts:
                    raise DataFileError("the edited file", ", ".join(sorted(set(keys_new) - set(keys_old)))[:80],
                                        "is a table the published file does not have")
                out[format_address(parts)] = _stripped(new)
                return
            for k in keys_old:
                if k not in new:
                    out[format_address(parts + (k,))] = None
            for k in keys_old:
                if k in new:
                    walk(old[k], new[k], parts + (k,))
            return
        if (isinstance(old, list) and isinstance(new, list) and old and new
                and all(isinstance(x, dict) for x in old + new)):
            names_old, names_new = item_names(old), item_names(new)
            if names_old is not None and names_new is not None and set(names_new) <= set(names_old):
                for name in names_old:
                    if name not in names_new:
                        out[format_address(parts + (name,))] = None
                for name, item in zip(names_new, new, strict=True):
                    walk(old[names_old.index(name)], item, parts + (name,))
                return
            if names_old is None and len(old) == len(new):
                for i, (a, b) in enumerate(zip(old, new, strict=True)):
                    walk(a, b, parts + (i,))
                return
            out[format_address(parts)] = _stripped(new)
            return
        if _stripped(old) != _stripped(new):
            out[format_address(parts)] = _stripped(new)

    walk(base, edited, ())
    return out


def matches(pattern: str, address: str) -> bool:
    """Whether a data value's address (``"components:reward.gold.points"``) is one of a pattern's
    (``"components:reward.*.points"``: ``*`` stands for any one part).

    >>> matches("components:reward.*.points", "components:reward.gold.points")
    True
    >>> matches("components:reward.*.points", "components:reward.gold.need")
    False
    """
    file, _, rest = pattern.partition(":")
    other, _, where = address.partition(":")
    if file != other:
        return False
    try:
        want, have = parse_address(rest), parse_address(where)
    except ArgumentError:
        return False
    return len(want) == len(have) and all(w in ("*", h) for w, h in zip(want, have, strict=True))


#: Fields of a data file that only say where the map is drawn (a city's or a region's position, a
#: label's placement): no rule and no bot reads them, so a designer never tunes them. Declared once for
#: every game (a data value whose last field is one of these is of kind ``"drawing"``), so a new game's
#: board gets it by using the same field names (docs/board-format.md).
DRAWING_FIELDS = frozenset({"position", "label_position", "label_offset", "label_anchor"})


def is_drawing(pattern: str) -> bool:
    """Whether a data pattern (``"board:city.*.position"``, its list elements ``"...position.*"``)
    only places something on the drawn map (:data:`DRAWING_FIELDS`).

    >>> is_drawing("board:city.*.position.*"), is_drawing("board:rome.position"), is_drawing("board:city.*.value")
    (True, True, False)
    """
    fields = [f for f in pattern.partition(":")[2].split(".") if f != "*"]
    return bool(fields) and fields[-1] in DRAWING_FIELDS


# ===================================================================== values a variant holds
def _frozen(value: Any, where: str, depth: int = 0) -> Any:
    """A JSON-able value checked (limits) and made immutable: lists -> tuples, tables -> mappingproxy."""
    if depth > MAX_DEPTH:
        raise ArgumentError(f"{where}: nested more than {MAX_DEPTH} levels deep")
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, Integral):
        value = int(value)
        if abs(value) > 10**18:
            raise ArgumentError(f"{where}: {shown(value, 40)} is far larger than any game's value")
        return value
    if isinstance(value, Real):
        value = float(value)
        if not math.isfinite(value):
            raise ArgumentError(f"{where}: must be a finite number, got {value}")
        return value
    if isinstance(value, os.PathLike):
        value = os.fspath(value)
    if isinstance(value, str):
        if len(value) > MAX_TEXT_CHARS:
            raise ArgumentError(f"{where}: text of {len(value):,} characters; a variant's text is at most "
                                f"{MAX_TEXT_CHARS:,} (a file: give its path)")
        return value
    if isinstance(value, Mapping):
        if len(value) > MAX_ITEMS:
            raise ArgumentError(f"{where}: a table of {len(value):,} entries; at most {MAX_ITEMS:,}")
        out = {}
        for k, v in value.items():
            key = str(k) if isinstance(k, int) and not isinstance(k, bool) else k
            if not isinstance(key, str) or len(key) > MAX_ADDRESS_CHARS:
                raise ArgumentError(f"{where}: a key must be text, got {shown(k, 40)}")
            out[key] = _frozen(v, f"{where}.{key}", depth + 1)
        return MappingProxyType(out)
    if isinstance(value, list | tuple):
        if len(value) > MAX_ITEMS:
            raise ArgumentError(f"{where}: a list of {len(value):,} items; at most {MAX_ITEMS:,}")
        return tuple(_frozen(v, f"{where}[{i}]", depth + 1) for i, v in enumerate(value))
    raise ArgumentError(f"{where}: must be a number, text, true/false, a list or a table (as a TOML or JSON "
                        f"file writes it), got {type(value).__name__}")


def _thawed(value: Any) -> Any:
    """The plain form: tuples -> lists, mappingproxy -> dict (JSON, TOML, load_game)."""
    if isinstance(value, Mapping):
        return {k: _thawed(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [_thawed(v) for v in value]
    return value


def _canonical(value: Any) -> str:
    return json.dumps(_thawed(value), sort_keys=True, separators=(",", ":"))


def _check_edit_value(value: Any, where: str) -> None:
    """A data edit's numbers within :data:`MAX_NUMBER` (a count of a billion tokens is a typo)."""
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, bool) or v is None:
            continue
        if isinstance(v, int | float) and abs(v) > MAX_NUMBER:
            raise ArgumentError(f"{where}: {shown(v, 40)} is beyond any game's values (at most "
                                f"{MAX_NUMBER:,} either way)")
        if isinstance(v, str) and len(v) > 1_000:
            raise ArgumentError(f"{where}: text of {len(v):,} characters; a data value is at most 1,000")
        if isinstance(v, tuple):
            stack.extend(v)
        elif isinstance(v, Mapping):
            stack.extend(v.values())


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except (OSError, ValueError):
        return False


def _provenance_of(provenance: Mapping[str, Any], raw: Any, keys: tuple[Any, ...]) -> str | None:
    from rometools.core.data import provenance_key

    found = provenance.get(provenance_key(keys, raw))
    return found.kind if found is not None else None
