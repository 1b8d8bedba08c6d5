"""A variant is a value: a registered game, its options, and edits to its data files.

A designer's what-if ("Gold scores 0-1-3-6 instead of 0-1-3-6-10", "the fourth seat gets 2
points", "a hand of 5") is one :class:`Variant`::

    Variant("caesars_empire", name="gold 0-1-3-6",
            options={"players": 4, "handicap": {4: 2}},
            edits={"components": {"tables.gold.points": [0, 1, 3, 6]}})

* ``options`` are the game's config options as :func:`rometools.load_game` takes them
  (a file option by a bundled file's name or a path), the seat handicap among them
  (:mod:`rometools.core.handicap`).
* ``edits`` change the game's data files: for a file option (``"components"``,
  ``"board"``, ``"objectives"``), ``{address: new value}``, or ``None`` to remove the
  entry. An address is the file's own keys joined by dots (:func:`parse_address`):
  ``tables.gold.points`` (a table's key), ``treasure.gold.count`` (an item of a list of
  tables by its ``id``), ``tables.gold.points.4`` (an element of a list by its position
  from 0), ``path.rome-capua`` (an item without an id by its first field, see
  :func:`item_names`). The file edited is the one the options give (the bundled one by
  default).

:meth:`Variant.load` builds the game: every edited file is written out (only its changes
differ from the file it was made from, each marked ``illustrative`` with the edit as its
source, :func:`rometools.core.data.edited`) and read by the game's own loader exactly as a
file is (:func:`rometools.core.data.load_edited`), so a broken edit is a
:class:`~rometools.core.errors.DataFileError` naming the file, the entry and the problem,
and nothing bundled is ever changed. A game of a variant saves and loads as any other (its
edited files are written into the saved game).

A variant saves as a small TOML file naming the base files and only the changes
(:meth:`Variant.to_toml`, :meth:`Variant.save`, :func:`load_variant`; ``rometools validate
v.toml`` checks one; ``rometools simulate GAME --variant v.toml`` plays one), and loads
back equal. :meth:`Variant.with_value` changes one numeric parameter (an option, the
handicap of a seat, a data value) for tuning; :meth:`Variant.parameters` lists every
editable value beside its published one.

Examples
--------
>>> v = Variant("caesars_empire", name="two gold score 3", options={"handicap": {4: 2}},
...             edits={"components": {"tables.gold.points.1": 3}})
>>> game = v.load()
>>> game.config.components.tables.gold, game.config.handicap.points(3)
((0, 3, 9, 16, 25, 36, 49, 64), 2)
>>> game.config.components.provenance["tables.gold.points"].kind
'illustrative'
>>> Variant.from_toml(v.to_toml()) == v
True
>>> v.with_value("handicap.4", 3).options["handicap"]
mappingproxy({'4': 3})
>>> Variant("caesars_empire", edits={"components": {"tables.silver.points": [1]}}).load()
Traceback (most recent call last):
...
rometools.core.errors.DataFileError: components.toml (as the variant edits it): tables.silver: no such entry; tables has different_types, same_type, gold
>>> Variant("caesars_empire", edits={"components": {"tables.gold.points": [0, 1, 3, 6]}}).load()
Traceback (most recent call last):
...
rometools.core.errors.DataFileError: components.toml (as the variant edits it): tables.gold.points: must cover up to 8 Gold Coins
"""

from __future__ import annotations

import json
import math
import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from numbers import Integral, Real
from pathlib import Path
from types import MappingProxyType
from typing import Any

from rometools.core.errors import ArgumentError, DataFileError, OptionError, RometoolsError
from rometools.core.formatting import shown

__all__ = [
    "FORMAT_VERSION",
    "Parameter",
    "Variant",
    "as_variant",
    "DRAWING_FIELDS",
    "data_patterns",
    "is_drawing",
    "edits_between",
    "ignored_by_bots",
    "format_address",
    "item_names",
    "load_variant",
    "matches",
    "variant_file_problems",
    "parse_address",
]

#: The variant file format this rometools writes and reads (``[variant] format``).
FORMAT_VERSION = 1
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
    from rometools.core.data import edited

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

    from rometools.core.data import _read

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


def data_patterns(variant: Variant, file: str, *, drawing: bool = False) -> dict[str, list[Parameter]]:
    """A file option's data values grouped by kind (:attr:`Parameter.pattern`): ``{"reward.*.points":
    [the points of each reward tile], ...}``, in the file's order (the pattern without the file).
    The drawing-only values (:func:`is_drawing`, kind ``"drawing"``) only with ``drawing=True``.

    >>> groups = data_patterns(Variant("augustus"), "components")
    >>> [p.address for p in groups["reward.*.points"]][:2]
    ['components:reward.senators.points', 'components:reward.green.points']
    >>> "city.*.position" in data_patterns(Variant("via_romana"), "board")
    False
    >>> data_patterns(Variant("via_romana"), "board", drawing=True)["city.*.position"][0].kind
    'drawing'
    """
    out: dict[str, list[Parameter]] = {}
    for p in variant._data_parameters(file):
        if drawing or p.kind != "drawing":
            out.setdefault(p.pattern.partition(":")[2], []).append(p)
    return out


def ignored_by_bots(variant: Variant) -> dict[str, str]:
    """The variant's data edits its game's bots do not read, each with the game's reason
    (``GameSpec(bots_ignore=...)``): a comparison of the variant measures the new values on the
    old play for these, and its verdict says so.

    Examples
    --------
    >>> v = Variant("caesars_empire", edits={"components": {"road_bonus.points": 12, "tables.gold.points.1": 3}})
    >>> list(ignored_by_bots(v))
    ['components:road_bonus.points']
    """
    declared = variant.spec.bots_ignore
    out = {}
    for file, changes in variant.edits.items():
        for address in changes:
            where = f"{file}:{address}"
            reason = next((why for pattern, why in declared.items() if matches(pattern, where)), None)
            if reason is not None:
                out[where] = reason
    return out


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


def _number(value: Any, where: str) -> int | float:
    """A tuned value as an exact Python number (numpy's integers too; 2.0 counts as 2)."""
    if isinstance(value, bool) or not isinstance(value, Real):
        raise ArgumentError(f"{where}: a value to tune is a number, got {shown(value, 40)}")
    if isinstance(value, Integral):
        return int(value)
    value = float(value)
    if not math.isfinite(value):
        raise ArgumentError(f"{where}: must be a finite number, got {value}")
    return int(value) if value.is_integer() else value


@dataclass(frozen=True)
class Parameter:
    """One editable value of a variant: :meth:`Variant.parameters` lists them.

    Attributes
    ----------
    address : str
        As :meth:`Variant.with_value` takes it: ``"hand"`` (an option), ``"handicap.4"``
        (a seat's points, seats from 1), ``"handicap.4.bonus"`` (its start bonus),
        ``"components:tables.gold.points"`` (a data value: file option, colon, address).
    published : object
        The value without the variant (the option's default, the bundled file's value).
    current : object
        The variant's value.
    kind : str
        ``"option"``, ``"handicap"``, ``"data"``, or ``"drawing"`` (a data value that only places
        something on the drawn map: :data:`DRAWING_FIELDS`).
    takes : str
        What it takes, in words (``"a whole number 2 to 4"``, ``"a list"``).
    low, high : number or None
        Its range where one is declared.
    provenance : str or None
        A data value's provenance in the published file.
    pattern : str or None
        A data value's address with every item name and list position written ``*``
        (``"components:reward.*.points"``): the values of one kind, as
        ``GameSpec(bots_ignore=...)`` names them.
    unset : str or None
        What the value ``None`` means for an option, in the option's own words
        (``"every chain the rules allow"``, ``"the bundled file"``): :meth:`Option.unset`.
    """

    address: str
    published: Any
    current: Any
    kind: str
    takes: str
    low: float | None = None
    high: float | None = None
    provenance: str | None = None
    pattern: str | None = None
    unset: str | None = None

    @property
    def changed(self) -> bool:
        """Whether the variant changes it."""
        return self.current != self.published


@dataclass(frozen=True)
class Variant:
    """A game, its options and edits to its data: a what-if as one value (see the module docstring).

    Parameters
    ----------
    game : str
        A registered game id.
    name : str
        The designer's label (``"gold 0-1-3-6"``), at most 200 characters.
    options : Mapping[str, object]
        Config options as :func:`rometools.load_game` takes them, JSON-able: numbers, text,
        true/false, lists, tables; a file option by a bundled file's name or a path; the
        seat handicap as ``{"handicap": {4: 2}}`` (seats from 1).
    edits : Mapping[str, Mapping[str, object]]
        Per file option (``"components"``, ``"board"``), ``{address: new value}``, ``None``
        removing the entry (a city, a path, a list element).
    bases : Mapping[str, str]
        Read from a saved variant: the file each edited option's edits were made on (the
        file the options give is checked against it). Not compared.

    Raises
    ------
    ArgumentError
        For an unknown game (naming the registered ones), a value that is not JSON-able or
        beyond the limits (text over 10,000 characters, lists over 1,000 items, nesting
        over 8 levels), an edit of something that is not one of the game's file options.
    OptionError
        For an option the game does not have (listing its options) or a handicap that is
        not one.

    Notes
    -----
    Variants are equal when their game, name, options and edits are; variants that differ
    only in their names load equal games (the edited files' texts do not depend on the name).
    """

    game: str
    name: str = ""
    options: Mapping[str, Any] = field(default_factory=dict)
    edits: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    bases: Mapping[str, str] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self):
        from rometools.core.handicap import Handicap
        from rometools.core.load import config_options
        from rometools.core.registry import game_spec

        set_ = object.__setattr__
        spec = game_spec(self.game)  # ArgumentError naming the registered games
        if not isinstance(self.name, str):
            raise ArgumentError(f"a variant's name is text, got {shown(self.name, 40)}")
        if len(self.name) > MAX_NAME_CHARS:
            raise ArgumentError(f"a variant's name is at most {MAX_NAME_CHARS} characters, got "
                                f"{shown(self.name, 60)}")
        for what, value in (("options", self.options), ("edits", self.edits), ("bases", self.bases)):
            if not isinstance(value, Mapping):
                raise ArgumentError(f"a variant's {what} is a table, got {type(value).__name__}")
        known = config_options(spec)
        options = {}
        for key, value in self.options.items():
            if key not in known:
                near = _near_addresses(self.game, str(key))
                hint = f" (did you mean {' or '.join(near)}?)" if near else ""
                raise OptionError(str(key)[:60], f"{spec.title} has no option {shown(key, 60)}{hint}; its options "
                                                 f"are {', '.join(known)}")
            if key == "handicap":
                value = Handicap.parse(value).to_json()
            options[key] = _frozen(value, f"options.{key}")
        files = list(spec.file_options)
        if len(self.edits) > len(files) + 10:
            raise ArgumentError(f"edits: {len(self.edits):,} files; {spec.title}'s data files are "
                                f"{', '.join(files) or 'none'}")
        edits = {}
        count = 0
        for file, changes in self.edits.items():
            if file not in files:
                raise ArgumentError(f"edits: {shown(file, 60)} is not one of {spec.title}'s data files; "
                                    + (f"edit {', '.join(files)}" if files else f"{spec.title} has none"))
            if not isinstance(changes, Mapping):
                raise ArgumentError(f"edits.{file}: a table of address = value, got {type(changes).__name__}")
            out = {}
            for address, value in changes.items():
                parse_address(address)
                count += 1
                if count > MAX_EDITS:
                    raise ArgumentError(f"edits: more than {MAX_EDITS:,} edits; a variant changes a few values")
                value = _frozen(value, f"edits.{file}.{address}")
                _check_edit_value(value, f"edits.{file}.{address}")
                out[address] = value
            if out:
                edits[file] = MappingProxyType(out)
        bases = {}
        for file, base in self.bases.items():
            if file not in files or not isinstance(base, str) or len(base) > MAX_TEXT_CHARS:
                raise ArgumentError(f"bases: {shown(file, 60)} = {shown(base, 60)} is not a data file option and "
                                    "its file")
            bases[file] = base
        set_(self, "options", MappingProxyType(options))
        set_(self, "edits", MappingProxyType(edits))
        set_(self, "bases", MappingProxyType(bases))

    def __hash__(self) -> int:
        return hash((self.game, _canonical(self.options), _canonical(self.edits)))

    def __reduce__(self):
        """Pickled as its plain values (a mappingproxy does not pickle): worker processes and Dask get
        an equal variant."""
        return (Variant, (self.game, self.name, _thawed(self.options), _thawed(self.edits), dict(self.bases)))

    def __repr__(self) -> str:
        parts = [repr(self.game)]
        if self.name:
            parts.append(f"name={self.name!r}")
        if self.options:
            parts.append(f"options={shown(_thawed(self.options), 120)}")
        if self.edits:
            parts.append(f"edits={shown(_thawed(self.edits), 160)}")
        return f"Variant({', '.join(parts)})"

    # ------------------------------------------------------------ the game
    @property
    def spec(self):
        """The registered game's :class:`~rometools.core.game.GameSpec`."""
        from rometools.core.registry import game_spec

        return game_spec(self.game)

    def load(self):
        """The game with the options and the edited data, each edited file checked as a file is.

        Returns
        -------
        rometools.core.game.Game
            With ``game.variant`` this variant.

        Raises
        ------
        DataFileError
            Naming the edited file (``"components.toml (as the variant edits it)"``), the
            entry and the problem: an address that does not exist, a value of the wrong
            kind, a file the game's loader refuses after the edit (a table that no longer
            adds up, a path to a removed city).
        OptionError
            For an option value the game refuses, naming it.

        Examples
        --------
        >>> g = Variant("via_romana", options={"hand": 5, "players": 3}).load()
        >>> g.config.hand, g.players, g.variant.options["hand"]
        (5, 3, 5)
        """
        from rometools.core.load import Game, load_game

        options = _thawed(self.options)
        for file, changes in self.edits.items():
            options[file] = self._edited_file(file, changes, options)
        game = load_game(self.game, **options)
        return Game(game.spec, game.config, variant=self)

    def _edited_file(self, file: str, changes: Mapping[str, Any], options: dict[str, Any]):
        """The :class:`~rometools.core.data.EditedFile` of one edited file option."""
        from rometools.core.data import EditedFile

        base = self.base_file(file)
        named = f"{base.name} (as the variant edits it)"
        try:
            st = base.stat()
            stamp = (st.st_mtime_ns, st.st_ctime_ns, st.st_size, st.st_ino)
        except OSError:
            stamp = ()
        text = _edited_text(str(base), stamp, _canonical(changes), named)
        return EditedFile(base.name, text, named=named)

    def base_file(self, file: str) -> Path:
        """The file a file option's edits are made on: the one the options give (a bundled
        file's name or a path), else the one the game uses by default for these options.

        Raises
        ------
        ArgumentError
            When a saved variant's base (``bases``) is not the file these options give.
        DataFileError
            For a file option naming no file.

        Examples
        --------
        >>> Variant("caesars_empire", options={"players": 3}).base_file("board").name
        'board_2_3.toml'
        """
        from rometools.core.file_options import file_option_path

        spec = self.spec
        given = self.options.get(file)
        if isinstance(given, str):
            path = file_option_path(spec, file, given)
        else:
            path = _default_file(spec, file, {k: v for k, v in _thawed(self.options).items()
                                              if k not in self.edits and k != "handicap"})
        base = self.bases.get(file)
        if base is not None:
            try:
                expected = file_option_path(spec, file, base)
            except DataFileError as err:
                raise ArgumentError(f"edits.{file}.base: {shown(base, 80)}: {err.problem}") from None
            if not _same_file(expected, path):
                raise ArgumentError(f"edits.{file}.base: the edits were made on {shown(base, 80)}, but these "
                                    f"options play {path.name}; give {file} = {shown(base, 80)} in [options]")
        return path

    # ------------------------------------------------------------ tuning
    def with_value(self, parameter: str, value: Any) -> Variant:
        """The variant with one parameter changed: what :func:`rometools.tune` varies.

        Cheap (nothing is loaded; :meth:`load` checks the value) and exact (a whole number
        stays one; numpy's integers become Python ``int``; ``2.0`` counts as ``2``).

        Parameters
        ----------
        parameter : str
            ``"<option>"`` (``"hand"``, ``"roads_per_player"``); ``"handicap.<seat>"``, the
            points of a seat, **seats numbered from 1** as designers say them (``"handicap.4"``
            is P4, the fourth seat); ``"handicap.<seat>.bonus"``, its start bonus; or
            ``"<file option>:<address>"`` for a data value (``"components:tables.gold.points.4"``).
        value : number (or any option value)

        Raises
        ------
        ArgumentError, OptionError
            For a parameter the game does not have, or a handicap that is not a whole number.

        Examples
        --------
        >>> v = Variant("caesars_empire")
        >>> v.with_value("handicap.4", 2).load().config.handicap.points(3)
        2
        >>> v.with_value("components:road_bonus.points", 12).load().config.components.road_bonus
        12
        >>> v.with_value("handicap.0", 2)
        Traceback (most recent call last):
        ...
        rometools.core.errors.OptionError: handicap: seats are numbered from 1 (P1, the first player), got seat 0
        """
        from rometools.core.handicap import Handicap

        if not isinstance(parameter, str):
            raise ArgumentError(f"a parameter is text such as 'handicap.4' or 'hand', got {shown(parameter, 40)}")
        options = dict(self.options)
        edits = {k: dict(v) for k, v in self.edits.items()}
        if parameter.startswith("handicap."):
            parts = parameter.split(".")
            if len(parts) not in (2, 3) or (len(parts) == 3 and parts[2] not in ("points", "bonus")):
                raise ArgumentError(f"parameter {shown(parameter, 60)}: write handicap.<seat> (points, seats from "
                                    "1) or handicap.<seat>.bonus")
            if not parts[1].isdigit() or len(parts[1]) > 3:
                raise OptionError("handicap", f"handicap: a seat is a whole number from 1 (P1), got "
                                              f"{shown(parts[1], 40)}")
            seat = int(parts[1])
            number = _number(value, parameter)
            if not isinstance(number, int):
                raise OptionError("handicap", f"{parameter}: must be a whole number, got {shown(value, 40)}")
            if seat < 1:
                raise OptionError("handicap", f"handicap: seats are numbered from 1 (P1, the first player), got "
                                              f"seat {seat}")
            current = Handicap.parse(_thawed(options.get("handicap")))
            which = "bonus" if len(parts) == 3 and parts[2] == "bonus" else "points"
            options["handicap"] = current.with_seat(seat, **{which: number}).to_json()
        elif ":" in parameter:
            file, _, address = parameter.partition(":")
            parse_address(address)
            if isinstance(value, Real) and not isinstance(value, bool):
                value = _number(value, parameter)
            edits.setdefault(file, {})[address] = value
        else:
            if isinstance(value, Real) and not isinstance(value, bool):
                value = _number(value, parameter)
            options[parameter] = value
        return Variant(self.game, self.name, options, edits, self.bases)

    def parameters(self, *, data: bool = True, drawing: bool = False) -> list[Parameter]:
        """Every editable value: options, each seat's handicap, and (``data=True``) every value
        of the game's data files, the published value beside the variant's. The values that only
        place things on the drawn map (kind ``"drawing"``, :func:`is_drawing`: a city's position)
        are left out unless ``drawing=True``: no rule reads them (:meth:`with_value` still edits them).

        Returns
        -------
        list of Parameter
            Options first (the game's order), then ``handicap.<seat>`` (and
            ``handicap.<seat>.bonus`` where the game declares a start bonus) for each
            seat, then each file option's values (``"components:tables.gold.points"``),
            list elements of numbers one by one (``"...points.4"``).

        Examples
        --------
        >>> ps = {p.address: p for p in Variant("caesars_empire", options={"handicap": {4: 2}}).parameters()}
        >>> ps["handicap.4"].published, ps["handicap.4"].current, ps["players"].takes
        (0, 2, 'a whole number')
        >>> ps["components:tables.gold.points.1"].published, ps["components:tables.gold.points.1"].provenance
        (4, 'rulebook')
        """
        from rometools.core.handicap import Handicap

        spec = self.spec
        out: list[Parameter] = []
        for o in spec.config.options():
            if o.name == "handicap":
                continue
            published = None if o.file is not None else o.default
            current = _thawed(self.options.get(o.name, published))
            takes = o.takes()
            if takes.endswith(", or None"):   # "or None" is Python's word; the option says what it means
                takes = f"{takes.removesuffix(', or None')}, or unset ({o.unset()})"
            out.append(Parameter(o.name, published, current, "option", takes, o.low, o.high, unset=o.unset()))
        try:
            players = self._players()
        except (ValueError, TypeError):
            players = 0
        handicap = Handicap.parse(_thawed(self.options.get("handicap")))
        for seat in range(1, players + 1):
            out.append(Parameter(f"handicap.{seat}", 0, handicap.points(seat - 1), "handicap",
                                 "a whole number of points (negative: a penalty)"))
            if spec.start_bonus is not None:
                out.append(Parameter(f"handicap.{seat}.bonus", 0, handicap.bonus(seat - 1), "handicap",
                                     f"0 to {spec.start_bonus.amount(spec.start_bonus.most)}", 0,
                                     spec.start_bonus.most))
        if data:
            for file in spec.file_options:
                out += [p for p in self._data_parameters(file) if drawing or p.kind != "drawing"]
        return out

    def _players(self) -> int:
        from rometools.core.load import load_game

        options = {k: v for k, v in _thawed(self.options).items() if k not in self.edits}
        return load_game(self.game, **options).players

    def _data_parameters(self, file: str) -> list[Parameter]:
        from rometools.core.data import _read, load_data_file

        base = self.base_file(file)
        raw = _read(base)
        try:
            provenance = load_data_file(base).provenance
        except DataFileError:
            provenance = {}
        changes = self.edits.get(file, {})
        out: list[Parameter] = []

        def walk(node: Any, parts: tuple[Any, ...], keys: tuple[Any, ...], shape: tuple[str, ...]) -> None:
            node = _plain(node)
            if isinstance(node, dict):
                for k, v in node.items():
                    if k in ("provenance", "source") or (not parts and k == "meta"):
                        continue
                    walk(v, parts + (k,), keys + (k,), shape + (k,))
            elif isinstance(node, list) and node and all(isinstance(x, dict) for x in node):
                names = item_names(node)
                for i, item in enumerate(node):
                    walk(item, parts + ((names[i] if names else i),), keys + (i,), shape + ("*",))
            else:
                address = format_address(parts)
                prov = _provenance_of(provenance, raw, keys)
                current = _thawed(changes.get(address, node))
                pattern = f"{file}:{'.'.join(shape)}"
                kind = "drawing" if is_drawing(pattern) else "data"
                elements = []
                if isinstance(node, list) and node and all(isinstance(x, int | float) and not isinstance(x, bool)
                                                           for x in node):
                    whole = changes.get(address)
                    for i, x in enumerate(node):
                        element = format_address(parts + (i,))
                        now = changes.get(element, whole[i] if isinstance(whole, tuple) and i < len(whole) else x)
                        elements.append(Parameter(f"{file}:{element}", x, _thawed(now), kind, _kind(x),
                                                  provenance=prov, pattern=f"{pattern}.*"))
                    if any(format_address(parts + (i,)) in changes for i in range(len(node))):
                        current = [e.current for e in elements]   # an element edited: the list as it now reads
                out.append(Parameter(f"{file}:{address}", node, current, kind, _kind(node), provenance=prov,
                                     pattern=pattern))
                out.extend(elements)

        walk(raw, (), (), ())
        return out

    # ------------------------------------------------------------ the file
    def to_toml(self) -> str:
        """The variant as a small TOML file: the game, the options, each edited file's base and changes.

        Examples
        --------
        >>> print(Variant("via_romana", name="hand 5", options={"hand": 5}).to_toml())
        # A rometools variant (docs/what-if.md). Check it: rometools validate FILE; play it:
        # rometools simulate via_romana --variant FILE
        <BLANKLINE>
        [variant]
        game = "via_romana"
        name = "hand 5"
        format = 1
        <BLANKLINE>
        [options]
        hand = 5
        <BLANKLINE>
        """
        import tomlkit

        doc = tomlkit.document()
        doc.add(tomlkit.comment("A rometools variant (docs/what-if.md). Check it: rometools validate FILE; play it:"))
        doc.add(tomlkit.comment(f"rometools simulate {self.game} --variant FILE"))
        head = tomlkit.table()
        head["game"] = self.game
        if self.name:
            head["name"] = self.name
        head["format"] = FORMAT_VERSION
        doc["variant"] = head
        if self.options:
            doc["options"] = _toml_value(_thawed(self.options))
        if self.edits:
            edits = tomlkit.table(is_super_table=True)
            for file, changes in self.edits.items():
                entry = tomlkit.table()
                entry["base"] = self.bases.get(file) or _base_name(self, file)
                sets = {a: _thawed(v) for a, v in changes.items() if v is not None}
                removes = [a for a, v in changes.items() if v is None]
                if removes:
                    entry["remove"] = removes
                if sets:
                    entry["set"] = _toml_value(sets)
                edits[file] = entry
            doc["edits"] = edits
        return tomlkit.dumps(doc)

    def save(self, path: str | os.PathLike[str], *, force: bool = False) -> Path:
        """Write :meth:`to_toml` to ``path`` (a ``.toml`` file; an existing one only with ``force``).

        Raises
        ------
        ArgumentError
            For a path that is not ``.toml``, a folder that does not exist, or a file that
            exists without ``force``.
        """
        path = Path(path)
        if path.suffix.lower() != ".toml":
            raise ArgumentError(f"a variant file is a .toml file, got {shown(str(path), 80)}")
        if not path.parent.is_dir():
            raise ArgumentError(f"{shown(str(path), 80)}: folder {str(path.parent)!r} does not exist")
        if path.exists() and not force:
            raise ArgumentError(f"{shown(str(path), 80)}: the file exists; give another name, or force=True")
        text = self.to_toml()
        partial = path.with_name(f".{path.name}.{os.getpid()}.partial")
        partial.write_text(text, encoding="utf-8")
        os.replace(partial, path)
        return path

    @classmethod
    def from_toml(cls, text_or_path: str | os.PathLike[str], *, source: str | None = None) -> Variant:
        """A variant from its TOML text, or from a file's path (text with no newline that names a file).

        ``source`` names the text's file in errors (an uploaded file's name) instead of ``<variant>``.

        Raises
        ------
        DataFileError
            Naming the file (``<variant>`` for text), the entry and the problem: not TOML,
            an unknown table or key, no ``[variant] game``, a newer format, an unknown
            game or option, an edit of a file the game does not have, a value over the
            limits. (:meth:`load` checks the edits against the files.)

        Examples
        --------
        >>> Variant.from_toml('[variant]\\ngame = "chess"\\n')
        Traceback (most recent call last):
        ...
        rometools.core.errors.DataFileError: <variant>: variant.game: unknown game 'chess'; registered games: augustus, caesars_empire, imperator, pig, via_romana
        """
        import tomllib

        from rometools.core.data import _depth_problem, read_text_file

        source = "<variant>" if source is None else str(source)[:300]
        text = text_or_path
        if isinstance(text_or_path, os.PathLike) or (isinstance(text_or_path, str) and "\n" not in text_or_path
                                                     and len(text_or_path) < 4096
                                                     and Path(text_or_path).suffix.lower() == ".toml"):
            source = os.fspath(text_or_path)
            text = read_text_file(source, what="variant file")
        if not isinstance(text, str):
            raise DataFileError(source, "", f"a variant is TOML text or a file's path, got {type(text).__name__}")
        if len(text.encode("utf-8", "surrogatepass")) > 1_000_000:
            raise DataFileError(source, "", "is more than 1,000,000 bytes; a variant file is small")
        try:
            raw = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise DataFileError(source, "", f"is not valid TOML: {exc}") from None
        except RecursionError:
            raise DataFileError(source, "", "is nested too deeply") from None
        except ValueError as exc:
            raise DataFileError(source, "", f"holds a value TOML cannot read here ({shown(str(exc), 80)})") from None
        deep = _depth_problem(raw)
        if deep is not None:
            raise DataFileError(source, deep, "is nested too deeply")
        return _from_raw(cls, raw, source)

    @classmethod
    def from_edited_file(cls, game: str, file: str, edited: str | os.PathLike[str], *, name: str = "",
                         options: Mapping[str, Any] | None = None) -> Variant:
        """The variant whose edits turn the game's file into ``edited``: a designer's own data file
        (a board, a component mix from a counts editor) as the few values it changes.

        The edits are found by comparing the two files value by value (:func:`edits_between`,
        provenance aside): a changed value is set, a removed entry removed, and a list of tables
        that gained items (a tile copied) is given whole.

        Parameters
        ----------
        game : str
        file : str
            The file option (``"components"``, ``"board"``).
        edited : str or path
            The edited file's path, or its text (text holding a newline).
        name : str
            The variant's label.
        options : Mapping, optional
            The variant's options (they choose the base file, e.g. the board of a player count).

        Raises
        ------
        DataFileError
            For a file that cannot be read or parsed.

        Examples
        --------
        >>> from rometools.augustus.components import bag_file_with_counts
        >>> v = Variant.from_edited_file("augustus", "components", bag_file_with_counts({"joker": 3}))
        >>> dict(v.edits["components"])
        {'token.joker.count': 3, 'bag.total': 24}
        >>> v.load().config.components.bag["joker"]
        3
        """
        import tomllib

        from rometools.core.data import _read

        variant = cls(game, name, options or {})
        if file not in variant.spec.file_options:
            raise ArgumentError(f"{shown(file, 60)} is not one of {variant.spec.title}'s data files; they are "
                                f"{', '.join(variant.spec.file_options) or 'none'}")
        base = _read(variant.base_file(file))
        if isinstance(edited, str) and "\n" in edited:
            try:
                new = tomllib.loads(edited)
            except tomllib.TOMLDecodeError as exc:
                raise DataFileError(f"the edited {file}", "", f"is not valid TOML: {exc}") from None
        else:
            new = _read(Path(edited))
        return cls(game, name, options or {}, {file: edits_between(base, new)})

    def label(self) -> str:
        """The variant in a phrase for a title: its name (its changes when it has none), and that it
        edits data where it does, so that a result never hides what it measured.

        >>> Variant("caesars_empire", name="cheaper gold, P4 +2", options={"handicap": {4: 2}},
        ...         edits={"components": {"tables.gold.points.1": 3, "road_bonus.points": 12}}).label()
        "variant 'cheaper gold, P4 +2' (edits the components data: 2 values)"
        >>> Variant("via_romana", options={"dangerous_ties": True, "players": 3}).label()
        'variant Dangerous Ties on'
        >>> Variant("via_romana", options={"players": 3}).label()
        'the published game'
        """
        from rometools.core.describe import option_words
        from rometools.core.formatting import counted

        changes = [option_words(self.game, k, _thawed(v))   # in the option's own words, as the report
                   for k, v in self.options.items() if k != "players"]
        if not changes and not self.edits:
            return self.name or "the published game"
        said = f"variant {self.name!r}" if self.name else "variant " + ("; ".join(changes) or "of edited data")
        if self.edits:
            count = sum(len(c) for c in self.edits.values())
            said += f" (edits the {' and '.join(self.edits)} data: {counted(count, 'value')})"
        return said

    def describe(self) -> str:
        """The variant in a few lines: game, options, edits.

        >>> print(Variant("caesars_empire", name="g", options={"handicap": {4: 2}}).describe())
        g: Caesar's Empire
          handicap = seat 4: +2 points
        """
        from rometools.core.handicap import Handicap

        lines = [f"{self.name or 'a variant'}: {self.spec.title}"]
        for key, value in self.options.items():
            shown_value = Handicap.parse(_thawed(value)) if key == "handicap" else shown(_thawed(value), 80)
            lines.append(f"  {key} = {shown_value}")
        for file, changes in self.edits.items():
            for address, value in changes.items():
                lines.append(f"  {file}: {address} " + ("removed" if value is None
                                                         else f"= {shown(_thawed(value), 80)}"))
        if len(lines) == 1:
            lines.append("  (the published game)")
        return "\n".join(lines)


def _near_addresses(game: str, key: str, limit: int = 3) -> list[str]:
    """The addresses of :meth:`Variant.parameters` a mistyped one most likely meant: a data value
    whose address after the file is ``key`` (``goals.points`` -> ``components:goals.points``) first,
    then close spellings (:func:`difflib.get_close_matches`).

    >>> _near_addresses("via_romana", "goals.points")
    ['components:goals.points']
    >>> _near_addresses("via_romana", "hnd"), _near_addresses("caesars_empire", "handicapp")
    (['hand'], ['handicap'])
    """
    import difflib

    if len(key) > 200:
        return []
    from rometools.core.load import config_options
    from rometools.core.registry import game_spec

    try:
        addresses = [p.address for p in Variant(game).parameters()]
        options = list(config_options(game_spec(game)))
    except (RometoolsError, ValueError, TypeError, OSError):
        return []
    exact = [a for a in addresses if a.partition(":")[2] == key]
    if exact:
        return exact[:limit]
    named = difflib.get_close_matches(key, options, n=limit, cutoff=0.75)   # a misspelt option: its name
    if named:
        return named
    tails = {a.partition(":")[2] or a: a for a in reversed(addresses)}
    near = difflib.get_close_matches(key, list(tails), n=limit, cutoff=0.75)
    return [tails[t] for t in near]


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


def _toml_value(value: Any) -> Any:
    import tomlkit

    if isinstance(value, dict):
        table = tomlkit.table()
        for k, v in value.items():
            table[k] = _toml_inline(v)
        return table
    return value


def _toml_inline(value: Any) -> Any:
    import tomlkit

    if isinstance(value, dict):
        table = tomlkit.inline_table()
        for k, v in value.items():
            table[k] = _toml_inline(v)
        return table
    if isinstance(value, list):
        array = tomlkit.array()
        for v in value:
            array.append(_toml_inline(v))
        return array
    return value


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except (OSError, ValueError):
        return False


def _provenance_of(provenance: Mapping[str, Any], raw: Any, keys: tuple[Any, ...]) -> str | None:
    from rometools.core.data import provenance_key

    found = provenance.get(provenance_key(keys, raw))
    return found.kind if found is not None else None


def _default_file(spec, file: str, options: dict[str, Any]) -> Path:
    """The file a game reads for a file option it was not given (the bundled one the config picks)."""
    from rometools.core.data import bundled_file
    from rometools.core.file_options import bundled_files
    from rometools.core.load import load_game

    config = load_game(spec.id, **options).config
    value = getattr(config, file)
    if value is None:  # the config reads its loader's bundled file when it needs it
        names = bundled_files(spec, file)
        if len(names) == 1:
            return bundled_file(spec.id, names[0])
    for attribute in ("path", "source"):
        where = getattr(value, attribute, None)
        if isinstance(where, str | os.PathLike) and Path(where).is_file():
            return Path(where)
    option = spec.config.option(file)
    for name in bundled_files(spec, file):
        path = bundled_file(spec.id, name)
        if option.load(path, config) == value:
            return path
    raise ArgumentError(f"edits.{file}: {spec.title}'s {file} for these options is not a file "
                        f"(give {file} = a file's path in the options)")


def _base_name(variant: Variant, file: str) -> str:
    """How a saved variant names an edited file's base: a bundled file by its name, else its path."""
    from rometools.core.data import bundled_file
    from rometools.core.file_options import bundled_files

    path = variant.base_file(file)
    for name in bundled_files(variant.spec, file):
        if _same_file(bundled_file(variant.game, name), path):
            return name
    return str(path)


_TOP = ("variant", "options", "edits")
_EDIT_KEYS = ("base", "set", "remove")


def _from_raw(cls, raw: dict, source: str) -> Variant:
    """A variant from a parsed TOML table, every entry checked (DataFileError naming it)."""
    for key in raw:
        if key not in _TOP:
            raise DataFileError(source, shown(key, 60) if not isinstance(key, str) else key[:60],
                                f"is not a table of a variant file (misspelt?); they are {', '.join(_TOP)}")
    head = raw.get("variant")
    if not isinstance(head, dict):
        raise DataFileError(source, "variant", "the [variant] table is required (game = \"...\")")
    for key in head:
        if key not in ("game", "name", "format"):
            raise DataFileError(source, f"variant.{key[:60]}", "is not a known field (misspelt?); the fields are "
                                                               "game, name, format")
    fmt = head.get("format", FORMAT_VERSION)
    if isinstance(fmt, bool) or not isinstance(fmt, int) or fmt < 1:
        raise DataFileError(source, "variant.format", f"must be a whole number 1 or more, got {shown(fmt, 40)}")
    if fmt > FORMAT_VERSION:
        raise DataFileError(source, "variant.format", f"is {fmt}, a format newer than this rometools reads "
                                                      f"({FORMAT_VERSION}); update rometools")
    game = head.get("game")
    if not isinstance(game, str):
        raise DataFileError(source, "variant.game", f"must name a registered game, got {shown(game, 60)}")
    name = head.get("name", "")
    if not isinstance(name, str):
        raise DataFileError(source, "variant.name", f"must be text, got {shown(name, 60)}")
    options = raw.get("options", {})
    if not isinstance(options, dict):
        raise DataFileError(source, "options", f"must be a table, got {shown(options, 60)}")
    edits_raw = raw.get("edits", {})
    if not isinstance(edits_raw, dict):
        raise DataFileError(source, "edits", f"must be a table of data files, got {shown(edits_raw, 60)}")
    edits: dict[str, dict[str, Any]] = {}
    bases: dict[str, str] = {}
    for file, entry in edits_raw.items():
        where = f"edits.{file[:60]}"
        if not isinstance(entry, dict):
            raise DataFileError(source, where, "must be a table with base, set and remove")
        for key in entry:
            if key not in _EDIT_KEYS:
                raise DataFileError(source, f"{where}.{key[:60]}", "is not a known field (misspelt?); the fields are "
                                                                   "base, set, remove")
        changes: dict[str, Any] = {}
        sets = entry.get("set", {})
        if not isinstance(sets, dict):
            raise DataFileError(source, f"{where}.set", "must be a table of address = value")
        changes.update(sets)
        removes = entry.get("remove", [])
        if not isinstance(removes, list) or not all(isinstance(a, str) for a in removes):
            raise DataFileError(source, f"{where}.remove", "must be a list of addresses (text)")
        for address in removes:
            if address in changes:
                raise DataFileError(source, f"{where}.remove", f"{shown(address, 60)} is also set; give it once")
            changes[address] = None
        if "base" in entry:
            if not isinstance(entry["base"], str):
                raise DataFileError(source, f"{where}.base", "must be a file: a bundled file's name or a path")
            bases[file] = entry["base"]
        edits[file] = changes
    try:
        return cls(game, name, options, edits, bases)
    except OptionError as err:
        raise DataFileError(source, f"options.{err.option}", err.message) from None
    except ArgumentError as err:
        message = str(err)
        entry, _, problem = message.partition(": ")
        if entry.startswith(("options.", "edits", "bases")) and problem:
            return _raise(source, entry, problem)
        if "unknown game" in message:
            return _raise(source, "variant.game", message)
        return _raise(source, "variant", message)


def _raise(source: str, entry: str, problem: str):
    raise DataFileError(source, entry, problem)


def load_variant(path: str | os.PathLike[str]) -> Variant:
    """The variant a ``.toml`` file holds (:meth:`Variant.from_toml`), checked against its game's
    files (:meth:`Variant.load`) so that a broken one is refused here, naming the file, the entry
    and the problem.

    Raises
    ------
    DataFileError

    Examples
    --------
    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> v = Variant("augustus", name="big rewards", edits={"components": {"reward.senators.points": 4}})
    >>> load_variant(v.save(folder / "v.toml")) == v
    True
    """
    variant = Variant.from_toml(Path(path))
    return _checked_load(variant, os.fspath(path))


def _checked_load(variant: Variant, source: str) -> Variant:
    """:func:`load_variant`'s check: the variant loaded, each refusal as a DataFileError naming ``source``."""
    try:
        variant.load()
    except DataFileError as err:
        raise DataFileError(source, f"edits: {err.path}: {err.entry}" if err.entry else "edits",
                            err.problem) from None
    except OptionError as err:
        raise DataFileError(source, f"options.{err.option}", err.message) from None
    except ArgumentError as err:
        entry, _, problem = str(err).partition(": ")
        if entry.startswith("edits.") and problem:
            raise DataFileError(source, entry, problem) from None
        raise DataFileError(source, "variant", str(err)) from None
    return variant


def variant_file_problems(path: str | os.PathLike[str]) -> list[DataFileError]:
    """Every problem of a variant file that one pass finds (``[]``: it loads), where
    :func:`load_variant` stops at the first: each unknown table and field, each option and each
    edit checked on its own (an edit with the options that load), so a misspelt option and a
    misspelt table name are both said.

    Returns
    -------
    list of DataFileError
        Each naming the file, the entry and the problem; the first is :func:`load_variant`'s.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> f = pathlib.Path(tempfile.mkdtemp()) / "typo.toml"
    >>> _ = f.write_text('[variant]\\ngame = "pig"\\n[options]\\ntargett = 60\\n[edits.components]\\nset = {}\\n')
    >>> [p.entry for p in variant_file_problems(f)]
    ['options.targett', 'edits']
    """
    import tomllib

    from rometools.core.data import read_text_file

    source = os.fspath(path)
    try:
        load_variant(path)
        return []
    except DataFileError as err:
        first = err
    try:
        raw = tomllib.loads(read_text_file(source, what="variant file"))
    except (DataFileError, ValueError, RecursionError, OSError):
        return [first]
    found: dict[str, DataFileError] = {}

    def loads(part: dict) -> bool:
        try:
            _checked_load(_from_raw(Variant, part, source), source)
        except DataFileError as err:
            found.setdefault(str(err), err)
            return False
        except (RometoolsError, ValueError, TypeError):   # a part the whole file's check words itself
            return False
        return True

    head = raw.get("variant")
    if not isinstance(head, dict):
        return [first]
    for key in raw:
        if key not in _TOP:
            loads({"variant": head, key: raw[key]})
    loads({"variant": head})
    clean = {"variant": {k: v for k, v in head.items() if k in ("game", "name", "format")}}
    if not loads(clean):
        return [first, *(e for k, e in found.items() if k != str(first))]
    options = raw.get("options", {})
    good: dict[str, Any] = {}
    if isinstance(options, dict):
        for key, value in options.items():
            if loads({**clean, "options": {key: value}}):
                good[key] = value
    else:
        loads({**clean, "options": options})
    edits = raw.get("edits", {})
    if isinstance(edits, dict):
        for file, entry in edits.items():
            if not isinstance(entry, dict):
                loads({**clean, "options": good, "edits": {file: entry}})
                continue
            base = {"base": entry["base"]} if "base" in entry else {}
            for key in entry:
                if key not in _EDIT_KEYS:
                    loads({**clean, "options": good, "edits": {file: {**base, key: entry[key]}}})
            sets, removes = entry.get("set", {}), entry.get("remove", [])
            parts = ([{"set": {a: v}} for a, v in sets.items()] if isinstance(sets, dict) else [{"set": sets}]) + \
                ([{"remove": [a]} for a in removes] if isinstance(removes, list) else [{"remove": removes}])
            for part in parts or [{}]:
                loads({**clean, "options": good, "edits": {file: {**base, **part}}})
    else:
        loads({**clean, "options": good, "edits": edits})
    rest = [e for k, e in found.items() if k != str(first)]
    return [first, *rest]


def as_variant(x: Any) -> Variant:
    """A :class:`Variant` from a variant, a :class:`~rometools.core.game.Game` or a game id.

    A game built by :meth:`Variant.load` gives that variant; another game gives its options
    that differ from the game's defaults for its player count (a file option by its
    bundled file's name or its path).

    Raises
    ------
    ArgumentError
        For anything else, or a game holding a file built in code (no file to name).

    Examples
    --------
    >>> import rometools
    >>> as_variant(rometools.load_game("via_romana", players=3, hand=5)).options
    mappingproxy({'players': 3, 'hand': 5})
    >>> as_variant("pig") == Variant("pig")
    True
    """
    from rometools.core.load import Game
    from rometools.core.registry import game_spec

    if isinstance(x, Variant):
        return x
    if isinstance(x, str):
        game_spec(x)
        return Variant(x)
    if isinstance(x, Game):
        if x.variant is not None:
            return x.variant
        return Variant(x.id, options=_config_options(x))
    raise ArgumentError(f"a variant is a Variant, a game (rometools.load_game) or a game id, got "
                        f"{type(x).__name__}")


def _config_options(game) -> dict[str, Any]:
    """A game's options that differ from its defaults for its player count, as a variant writes them."""
    config = game.config
    try:
        default = game.spec.config(players=config.players)
    except (ValueError, TypeError):
        default = game.spec.config()
    out: dict[str, Any] = {}
    for o in game.spec.config.options():
        mine, theirs = getattr(config, o.name), getattr(default, o.name)
        if o.name == "players":
            if mine != game.spec.config().players:
                out["players"] = mine
            continue
        if mine == theirs:
            continue
        if o.name == "handicap":
            out["handicap"] = mine.to_json()
        elif o.file is not None:
            saved = o.to_json(mine, config)
            if isinstance(saved, Mapping) and "bundled" in saved:
                out[o.name] = saved["bundled"]
            elif isinstance(saved, Mapping) and "file" in saved:
                out[o.name] = saved["file"]
            else:
                raise ArgumentError(f"{game.title}'s {o.name} was not read from a file (built in code or edited "
                                    f"outside a variant); save it to a file and give its path")
        else:
            out[o.name] = _thawed(mine) if not isinstance(mine, tuple) else _thawed(mine)
    return out
