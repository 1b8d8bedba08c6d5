"""A variant's parameters: every editable value beside its published one, and one value changed.

What :meth:`Variant.parameters <rometools.core.variants.Variant.parameters>` lists and
:meth:`Variant.with_value <rometools.core.variants.Variant.with_value>` changes (the values
:func:`rometools.tune` varies): the game's options, each seat's handicap (seats from 1) and
every value of its data files (``"components:tables.gold.points"``), each a :class:`Parameter`;
:func:`data_patterns` groups a file's values by kind (``reward.*.points``) and
:func:`ignored_by_bots` names the edits a game's bots do not read
(``GameSpec(bots_ignore=...)``).

Split out of :mod:`rometools.core.variants`, which re-exports every public name.

Examples
--------
>>> from rometools.core.variants import Variant
>>> p = {p.address: p for p in variant_parameters(Variant("pig"))}["target"]
>>> p.kind, p.published
('option', 100)
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, replace
from numbers import Integral, Real
from typing import Any

from rometools.core.data_edits import (
    _kind,
    _plain,
    _provenance_of,
    _thawed,
    format_address,
    is_drawing,
    item_names,
    matches,
    parse_address,
)
from rometools.core.errors import ArgumentError, DataFileError, OptionError
from rometools.core.formatting import shown

#: A :class:`~rometools.core.variants.Variant` (that module sits above this one and imports it, so
#: it is not imported here, not even for annotations: the modules import one way).
_Variant = Any

__all__ = ["Parameter", "data_patterns", "ignored_by_bots", "typed_value", "variant_parameters", "with_value"]

#: A number as a designer types it, where JSON refuses it: a sign ``+``, leading zeros, ``.5``.
_TYPED_NUMBER = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?")
#: Characters of the longest such number read (a longer run of digits stays text: its refusal says so).
_TYPED_NUMBER_CHARS = 40


def typed_value(text: str) -> Any:
    """A value as a designer types it for :meth:`Variant.with_value
    <rometools.core.variants.Variant.with_value>`: JSON where it reads as JSON (``5``, ``2.5``,
    ``true``, ``[0, 4, 9]``, ``null``); a number JSON refuses but a designer writes (``03``, ``+3``,
    ``-07``, ``.5``, ``+1e1``) as that number; anything else as the text itself (``first``).

    The one reader of a typed value: the what-if studio's Changes lines and New value box, and the
    command line's ``--set``/``--option KEY=VALUE`` and ``--values``. A whole number typed with a
    decimal point (``3.0``, ``1e1``) stays a float here; :meth:`~rometools.core.variants.Variant.with_value`
    holds it as the whole number it is (``10``), as a variant file's ``1e1`` is held, and a field
    of whole numbers refuses ``3.5``. To keep digits as text, quote them: ``"03"``.

    Raises
    ------
    RecursionError
        For JSON nested deeper than Python reads (the caller words it).

    Examples
    --------
    >>> [typed_value(t) for t in ("5", "03", "+3", "-07", "1e1", ".5", "true", "[0, 4]", "first", '"03"', "")]
    [5, 3, 3, -7, 10.0, 0.5, True, [0, 4], 'first', '03', '']
    """
    text = text.strip()
    try:
        return json.loads(text)
    except ValueError:
        pass
    if len(text) <= _TYPED_NUMBER_CHARS and _TYPED_NUMBER.fullmatch(text):
        return float(text) if any(c in text for c in ".eE") else int(text)
    return text


def _number(value: Any, where: str) -> int | float:
    """A tuned value as an exact Python number (numpy's integers too; 2.0 counts as 2)."""
    if isinstance(value, bool) or not isinstance(value, Real):
        raise ArgumentError(f"{where}: must be a number, got {shown(value, 40)}")
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


def data_patterns(variant: _Variant, file: str, *, drawing: bool = False) -> dict[str, list[Parameter]]:
    """A file option's data values grouped by kind (:attr:`Parameter.pattern`): ``{"reward.*.points":
    [the points of each reward tile], ...}``, in the file's order (the pattern without the file).
    The drawing-only values (:func:`is_drawing`, kind ``"drawing"``) only with ``drawing=True``.

    >>> from rometools.core.variants import Variant
    >>> groups = data_patterns(Variant("augustus"), "components")
    >>> [p.address for p in groups["reward.*.points"]][:2]
    ['components:reward.senators.points', 'components:reward.green.points']
    >>> "city.*.position" in data_patterns(Variant("via_romana"), "board")
    False
    >>> data_patterns(Variant("via_romana"), "board", drawing=True)["city.*.position"][0].kind
    'drawing'
    """
    out: dict[str, list[Parameter]] = {}
    for p in data_parameters(variant, file):
        if drawing or p.kind != "drawing":
            out.setdefault(p.pattern.partition(":")[2], []).append(p)
    return out


def ignored_by_bots(variant: _Variant) -> dict[str, str]:
    """The variant's data edits its game's bots do not read, each with the game's reason
    (``GameSpec(bots_ignore=...)``): a comparison of the variant measures the new values on the
    old play for these, and its verdict says so.

    Examples
    --------
    >>> from rometools.core.variants import Variant
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


def with_value(variant: _Variant, parameter: str, value: Any) -> _Variant:
    """:meth:`Variant.with_value <rometools.core.variants.Variant.with_value>`: the variant with one
    parameter changed (nothing loaded)."""
    from rometools.core.handicap import Handicap

    if not isinstance(parameter, str):
        raise ArgumentError(f"a parameter is text such as 'handicap.4' or 'hand', got {shown(parameter, 40)}")
    options = dict(variant.options)
    edits = {k: dict(v) for k, v in variant.edits.items()}
    if parameter.startswith("handicap."):
        parts = parameter.split(".")
        if len(parts) not in (2, 3) or (len(parts) == 3 and parts[2] not in ("points", "bonus")):
            raise ArgumentError(f"parameter {shown(parameter, 60)}: write handicap.<seat> (points, seats from "
                                "1) or handicap.<seat>.bonus")
        if not parts[1].isdigit() or len(parts[1]) > 3:
            raise OptionError("handicap", f"handicap: a seat is a whole number from 1 (P1), got "
                                          f"{shown(parts[1], 40)}")
        seat = int(parts[1])
        if isinstance(value, bool) or not isinstance(value, Real):   # a seat's points are a whole number
            raise OptionError("handicap", f"{parameter}: must be a whole number, got {shown(value, 40)}")
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
    return replace(variant, options=options, edits=edits)


def variant_parameters(variant: _Variant, *, data: bool = True, drawing: bool = False) -> list[Parameter]:
    """:meth:`Variant.parameters <rometools.core.variants.Variant.parameters>`: every editable value,
    the published value beside the variant's."""
    from rometools.core.handicap import Handicap

    spec = variant.spec
    out: list[Parameter] = []
    for o in spec.config.options():
        if o.name == "handicap":
            continue
        published = None if o.file is not None else o.default
        current = _thawed(variant.options.get(o.name, published))
        takes = o.takes()
        if takes.endswith(", or None"):   # "or None" is Python's word; the option says what it means
            takes = f"{takes.removesuffix(', or None')}, or unset ({o.unset()})"
        out.append(Parameter(o.name, published, current, "option", takes, o.low, o.high, unset=o.unset()))
    try:
        players = _players(variant)
    except (ValueError, TypeError):
        players = 0
    handicap = Handicap.parse(_thawed(variant.options.get("handicap")))
    for seat in range(1, players + 1):
        out.append(Parameter(f"handicap.{seat}", 0, handicap.points(seat - 1), "handicap",
                             "a whole number of points (negative: a penalty)"))
        if spec.start_bonus is not None:
            out.append(Parameter(f"handicap.{seat}.bonus", 0, handicap.bonus(seat - 1), "handicap",
                                 f"0 to {spec.start_bonus.amount(spec.start_bonus.most)}", 0,
                                 spec.start_bonus.most))
    if data:
        for file in spec.file_options:
            out += [p for p in data_parameters(variant, file) if drawing or p.kind != "drawing"]
    return out


def _players(variant: _Variant) -> int:
    from rometools.core.load import load_game

    options = {k: v for k, v in _thawed(variant.options).items() if k not in variant.edits}
    return load_game(variant.game, **options).players


def data_parameters(variant: _Variant, file: str) -> list[Parameter]:
    """Every value of one file option's data file as a :class:`Parameter`, list elements of numbers
    one by one, in the file's order."""
    from rometools.core.data import _read, load_data_file

    base = variant.base_file(file)
    raw = _read(base)
    try:
        provenance = load_data_file(base).provenance
    except DataFileError:
        provenance = {}
    changes = variant.edits.get(file, {})
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
