"""Data files with per-value provenance.

Boards, components and scoring tables live in ``data/`` as TOML. Every value
that is a game fact carries a *provenance*:

``rulebook``
    printed in a rulebook; ``source`` must cite the file and section.
``inferred``
    derived from rulebook facts (``source`` says how).
``illustrative``
    invented to make the tool usable (e.g. a board whose map is not public).

A table sets the provenance of everything below it with ``provenance = "..."``
(and ``source = "..."``); a single value overrides it as an inline table
``{ value = 4, provenance = "inferred", source = "..." }``. The ``[meta]``
table is exempt. Loading is all-or-nothing: a bad file raises
:class:`~rometools.core.errors.DataFileError` naming the file, the entry and
the problem, and nothing is returned.
"""

from __future__ import annotations

import dataclasses
import functools
import os
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field, field_validator

# The text of a file (read within limits, parsed, written whole) and a designer's edited files,
# each in its own module, re-exported here where they were first written.
from rometools.core.data_text import (  # noqa: F401  (re-exported: games, widgets, variants)
    MAX_DEPTH,
    MAX_FILE_BYTES,
    _depth_problem,
    _load_yaml,
    _read,
    read_text_file,
    write_text_atomically,
)
from rometools.core.edited_files import (  # noqa: F401  (re-exported: games, widgets, saved games)
    _EDITED,
    EditedFile,
    _edited_root,
    edited,
    edited_file_of,
    edited_path,
    load_edited,
    load_text,
)
from rometools.core.errors import DataFileError
from rometools.core.formatting import shown

__all__ = [
    "PROVENANCE_KINDS",
    "DataFile",
    "EditedFile",
    "MetaTable",
    "Provenance",
    "StrictModel",
    "bundled_file",
    "bundled_loader",
    "cached_loader",
    "data_dir",
    "edited",
    "edited_file_of",
    "edited_path",
    "entry_name",
    "json_fields",
    "load_data_file",
    "load_edited",
    "load_text",
    "parse_model",
    "plain_value",
    "provenance_key",
    "read_text_file",
    "validate_values",
    "write_text_atomically",
]

PROVENANCE_KINDS = ("rulebook", "inferred", "illustrative")
_META_KEYS = ("provenance", "source")
DATA_DIR_ENV = "ROMETOOLS_DATA_DIR"


@dataclass(frozen=True)
class Provenance:
    """Where a value comes from.

    Attributes
    ----------
    kind : str
        One of ``PROVENANCE_KINDS``: ``"rulebook"``, ``"inferred"`` or ``"illustrative"``.
    source : str or None
        Citation, e.g. ``"001_a311a49632a27e24.txt, End of Game"``.
    """

    kind: str
    source: str | None = None


@dataclass(frozen=True)
class DataFile:
    """A parsed data file: plain values plus the provenance of each value.

    Attributes
    ----------
    path : Path
        The file read.
    values : Mapping
        The file's content with provenance annotations stripped (inline
        ``{value = ...}`` tables replaced by their value).
    provenance : Mapping[str, Provenance]
        Provenance of every leaf value, keyed by :func:`provenance_key`, e.g.
        ``"treasure.meat.count"``.
    """

    path: Path
    values: Mapping[str, Any]
    provenance: Mapping[str, Provenance] = field(repr=False)


#: This module's own path, resolved once (a loader asks for the data folder at every call).
_HERE = Path(__file__).resolve()


def data_dir() -> Path:
    """The folder holding the bundled data files.

    Looks, in order, at the ``ROMETOOLS_DATA_DIR`` environment variable, the
    copy packaged inside an installed wheel (``rometools/data``) and the
    repository's top-level ``data/`` (editable installs and checkouts).

    Raises
    ------
    DataFileError
        If ``ROMETOOLS_DATA_DIR`` is set to something that is not a folder.
    FileNotFoundError
        If none of them exists.

    Examples
    --------
    >>> (data_dir() / "caesars_empire" / "components.toml").is_file()
    True
    """
    override = os.environ.get(DATA_DIR_ENV)
    if override and not Path(override).is_dir():
        raise DataFileError(override, DATA_DIR_ENV, f"the environment variable {DATA_DIR_ENV} points at "
                                                    f"{override!r}, which is not a folder")
    candidates = ([Path(override)] if override else []) + [_HERE.parents[1] / "data", _HERE.parents[2] / "data"]
    for candidate in candidates:
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"no rometools data folder; looked in {[str(c) for c in candidates]}")


def bundled_file(game: str, name: str) -> Path:
    """Path of a bundled data file of a game: ``data_dir() / game / name``.

    Examples
    --------
    >>> bundled_file("caesars_empire", "components.toml").name
    'components.toml'
    """
    return data_dir() / game / name


class StrictModel(BaseModel):
    """Base of every data-file schema: unknown keys are errors, values are frozen,
    and types are strict (``true`` is not 1, ``"3"`` and ``2.0`` are not whole
    numbers; a whole number is accepted where a decimal is expected).

    Write pairs and coordinates as ``list`` fields with a fixed length (strict
    mode takes only real tuples for ``tuple`` fields, and TOML has none).
    """

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    @field_validator("id", check_fields=False)
    @classmethod
    def _an_id(cls, value: Any) -> Any:
        """Every ``id`` of every data file: letters, digits, ``_``, ``-`` or ``.``, at most 64
        (an id is shown, compared and saved: HTML, 100,000 characters or a zero-width space
        in one reached pages and saved games)."""
        if isinstance(value, str) and not ID_PATTERN.fullmatch(value):
            raise ValueError(f"an id is 1 to 64 letters, digits, '_', '-' or '.', starting with a letter or "
                             f"digit, got {shown(value)}")
        return value


#: What an ``id`` in a data file may be (:meth:`StrictModel._an_id`).
ID_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.\-]{0,63}")

#: The data-file format this rometools reads (``[meta] schema``).
SCHEMA_VERSION = 1


class MetaTable(BaseModel):
    """The ``[meta]`` table every data file may open with: exempt from provenance and
    free-form, but its known keys are checked: ``game`` (the registry id), ``schema``
    (the file format version, 1), ``title``."""

    model_config = ConfigDict(extra="allow", frozen=True, strict=True)
    game: str | None = None
    schema_version: int = Field(1, alias="schema", ge=1)
    title: str | None = None

    @field_validator("schema_version")
    @classmethod
    def _known_schema(cls, version: int) -> int:
        if version > SCHEMA_VERSION:
            raise ValueError(f"is {version}, a file format newer than this rometools reads ({SCHEMA_VERSION}); "
                             f"update rometools, or write the file in format {SCHEMA_VERSION}")
        return version


L = TypeVar("L")


def cached_loader(build: Callable[[Path], L], bundled: tuple[str, str] | None = None
                  ) -> Callable[[str | os.PathLike[str] | None], L]:
    """Wrap ``build(path)`` so each file is read once per version of it.

    The returned ``load(path)`` resolves the path, looks at its modification
    and change times, size and inode, and returns the value built for that
    (path, version) from a small LRU
    cache (16 files): an edited file is read again, an unchanged one is free.
    A missing file gets ``build``'s own error. With ``bundled=(game, name)``,
    ``load(None)`` reads that bundled file (:func:`bundled_file`) and
    ``load.bundled_path()`` gives its path: a game's
    ``load_components(path=None)`` is ``return _load(path)``.

    Examples
    --------
    >>> calls = []
    >>> load = cached_loader(lambda p: calls.append(p) or p.name, bundled=("caesars_empire", "components.toml"))
    >>> f = data_dir() / "caesars_empire" / "components.toml"
    >>> load(f), load(None), len(calls), load.bundled_path() == f
    ('components.toml', 'components.toml', 1, True)
    """
    @functools.lru_cache(maxsize=16)
    def cached(path: str, stamp: tuple[int, ...]) -> L:
        return build(Path(path))

    def bundled_path() -> Path:
        if bundled is None:
            raise TypeError("this loader has no bundled file; give a path")
        return bundled_file(*bundled)

    @functools.wraps(build)
    def load(path: str | os.PathLike[str] | None = None) -> L:
        p = bundled_path() if path is None else Path(path)
        try:
            st = p.stat()
        except (OSError, ValueError):  # missing, unreadable, a NUL byte in the name: build says which
            return build(p)
        # not the modification time alone: a file swapped in within the same time (a copy that
        # kept it, a coarse file system) was served from the cache. The change time, which no
        # program sets back, the size and the inode change with any write or swap.
        stamp = (st.st_mtime_ns, st.st_ctime_ns, st.st_size, st.st_ino)
        return cached(str(p.resolve()), stamp)

    load.cache_clear = cached.cache_clear  # type: ignore[attr-defined]
    load.bundled_path = bundled_path  # type: ignore[attr-defined]
    return load


def bundled_loader(game: str, name: str) -> Callable[[Callable[[Path], L]], Callable[..., L]]:
    """Make a data file's reader the game's public loader: the one way a game loads a bundled file.

    Decorates ``read(path) -> value`` (which validates the whole file and raises
    :class:`DataFileError` naming the entry) into ``load(path=None)``: no path reads the bundled
    ``data/<game>/<name>`` (:func:`bundled_file`), each file is read once per version of it
    (:func:`cached_loader`), and ``load.bundled_path()`` gives the bundled file's path. The reader's
    name and docstring are the loader's: write the public docstring on it.

    Examples
    --------
    >>> @bundled_loader("caesars_empire", "components.toml")
    ... def load_names(path):
    ...     \"\"\"The file's name.\"\"\"
    ...     return path.name
    >>> load_names(), load_names.bundled_path().parent.name, load_names.__doc__
    ('components.toml', 'caesars_empire', "The file's name.")
    """
    return lambda read: cached_loader(read, bundled=(game, name))


def entry_name(loc: tuple[Any, ...], values: Mapping[str, Any] | None = None) -> str:
    """Readable name of a location in a data file.

    List items that have an ``id`` are named by it.

    Examples
    --------
    >>> entry_name(("city", 2, "value"), {"city": [{}, {}, {"id": "capua"}]})
    "city[2] (id='capua').value"
    """
    out = ""
    node: Any = values
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
            try:
                node = node[part]
                if isinstance(node, Mapping) and "id" in node:
                    out += f" (id={node['id']!r})"
                elif isinstance(node, Mapping) and isinstance(node.get("cities"), list):
                    out += " (" + "-".join(repr(c) for c in node["cities"]) + ")"
            except (TypeError, IndexError, KeyError):
                node = None
        else:
            out += f".{part}" if out else str(part)
            node = node.get(part) if isinstance(node, Mapping) else None
    return out


def provenance_key(loc: tuple[Any, ...], values: Mapping[str, Any] | None = None) -> str:
    """Dotted key of a value in :attr:`DataFile.provenance`.

    List items are named by their ``id`` when they have one, else by index.

    Examples
    --------
    >>> provenance_key(("treasure", 0, "count"), {"treasure": [{"id": "meat"}]})
    'treasure.meat.count'
    >>> provenance_key(("side", 1, "cities"), {"side": [{}, {}]})
    'side.1.cities'
    """
    parts = []
    node: Any = values
    for part in loc:
        child = None
        try:
            child = node[part] if node is not None else None
        except (TypeError, IndexError, KeyError):
            child = None
        if isinstance(part, int) and isinstance(child, Mapping) and "id" in child:
            parts.append(str(child["id"]))
        else:
            parts.append(str(part))
        node = child
    return ".".join(parts)


def _is_annotated_value(node: Any) -> bool:
    return isinstance(node, dict) and "value" in node and set(node) <= {"value", *_META_KEYS}


def _provenance_of(path: Path, where: str, node: Mapping[str, Any], inherited: Provenance | None):
    if "provenance" not in node:
        if "source" in node and inherited is not None:
            return Provenance(inherited.kind, str(node["source"]))
        return inherited
    kind = node["provenance"]
    if kind not in PROVENANCE_KINDS:
        raise DataFileError(
            path, f"{where}.provenance" if where else "provenance",
            f"must be one of {', '.join(PROVENANCE_KINDS)}, got {kind!r}",
        )
    source = node.get("source")
    if kind == "rulebook" and not source:
        raise DataFileError(path, where or "(top level)",
                            "provenance 'rulebook' needs a source citing the rulebook file and section")
    return Provenance(kind, None if source is None else str(source))


def _strip(path, node, loc, root, inherited, out_prov):
    where = entry_name(loc, root)
    if _is_annotated_value(node):
        prov = _provenance_of(path, where, node, inherited)
        node = node["value"]
        inherited = prov
    if isinstance(node, dict):
        prov = _provenance_of(path, where, node, inherited)
        return {
            key: _strip(path, value, (*loc, key), root, prov, out_prov)
            for key, value in node.items()
            if key not in _META_KEYS
        }
    if isinstance(node, list) and any(isinstance(item, dict | list) for item in node):
        return [_strip(path, item, (*loc, i), root, inherited, out_prov) for i, item in enumerate(node)]
    if inherited is None:
        raise DataFileError(path, where, "has no provenance (add provenance = "
                            "\"rulebook\" | \"inferred\" | \"illustrative\" to it or its table)")
    out_prov[provenance_key(loc, root)] = inherited
    return node


def load_data_file(path: str | os.PathLike[str], *, default_from: str | None = None) -> DataFile:
    """Read a TOML (or YAML) data file and check the provenance of every value.

    Parameters
    ----------
    path : str or PathLike
        The file. TOML is the native format; ``.yaml``/``.yml`` files are read
        when PyYAML is installed.
    default_from : str, optional
        Name of a top-level table (e.g. ``"board"``) whose ``provenance`` /
        ``source`` become the default for every other top-level table and
        array of tables, so a board file can say ``provenance = "illustrative"``
        once. Tables and values that set their own provenance still override it.

    Returns
    -------
    DataFile

    Raises
    ------
    DataFileError
        If the file cannot be read or parsed, a provenance is not one of
        ``PROVENANCE_KINDS``, a ``rulebook`` value has no ``source``, or a
        value outside ``[meta]`` has no provenance.

    Examples
    --------
    >>> f = load_data_file(data_dir() / "caesars_empire" / "components.toml")
    >>> f.provenance["road_bonus.points"].kind
    'rulebook'
    """
    path = Path(path)
    raw = _read(path)
    provenance: dict[str, Provenance] = {}
    values: dict[str, Any] = {}
    default = None
    if default_from is not None:
        if not isinstance(raw.get(default_from), dict):
            raise DataFileError(path, default_from, f"the [{default_from}] table is required but missing "
                                                    "(it gives the provenance every other table inherits)")
        default = _provenance_of(path, default_from, raw[default_from], None)
    for key, node in raw.items():
        if key == "meta":
            values[key] = node
        else:
            values[key] = _strip(path, node, (key,), raw, default, provenance)
    return DataFile(path, MappingProxyType(values), MappingProxyType(provenance))


M = TypeVar("M")


def parse_model(model: type[M], datafile: DataFile) -> M:
    """Validate a :class:`DataFile`'s values against a pydantic model.

    Parameters
    ----------
    model : pydantic.BaseModel subclass
        The file's schema.
    datafile : DataFile
        The loaded file.

    Returns
    -------
    An instance of ``model``.

    Raises
    ------
    DataFileError
        For the first validation error, naming the entry (list items by their
        ``id``) and the problem.
    """
    return validate_values(model, datafile.values, datafile.path)


def validate_values(model: type[M], values: Mapping[str, Any], source: str | os.PathLike[str],
                    *, prefix: str = "") -> M:
    """Validate plain values against a pydantic model, errors named by entry.

    Parameters
    ----------
    model : pydantic.BaseModel subclass
    values : Mapping
        Parsed values (a data file's, or an object inside a saved game).
    source : str or PathLike
        The file named in errors.
    prefix : str
        Entry prefix for values nested inside a file (e.g. ``"config.board"``).

    Raises
    ------
    DataFileError
        For the first validation error, naming the entry (list items by their
        ``id``) and the problem; a few more problems are listed after it.

    Examples
    --------
    >>> class Pair(StrictModel):
    ...     n: int
    >>> validate_values(Pair, {"n": "3"}, "f.toml")
    Traceback (most recent call last):
    ...
    rometools.core.errors.DataFileError: f.toml: n: must be a whole number, got '3'
    """
    from pydantic import ValidationError

    if not isinstance(values, Mapping):
        raise DataFileError(source, prefix or "(top level)", f"must be a table, got {type(values).__name__}")
    try:
        return model.model_validate(dict(values))  # type: ignore[attr-defined]
    except ValidationError as exc:
        def where(e):
            name = entry_name(tuple(e["loc"]), values)
            return f"{prefix}.{name}" if prefix and name else (prefix or name)

        problems = [(where(e), _problem(e)) for e in exc.errors()]
        entry, problem = problems[0]
        if len(problems) > 1:
            problem += "; also " + "; ".join(f"{w}: {what}" for w, what in problems[1:4])
            if len(problems) > 4:
                problem += f"; and {len(problems) - 4} more"
        raise DataFileError(source, entry, problem) from None


#: pydantic's words for a type, in a designer's (``Input should be a valid integer`` reads
#: ``must be a whole number``): the file formats' own messages say "must be 1 to 8, got 9".
_TYPE_WORDS = (("a valid integer", "a whole number"), ("a valid number", "a number"),
               ("a valid string", "text"), ("a valid boolean", "true or false"), ("a valid list", "a list"),
               ("a valid array", "a list"), ("a valid tuple", "a list"), ("a valid dictionary", "a table"))


def _problem(error: Mapping[str, Any]) -> str:
    """A pydantic error as a short sentence in the house style, quoting the bad value once.

    Examples
    --------
    >>> _problem({"type": "int_from_float", "input": 1.5,
    ...           "msg": "Input should be a valid integer, got a number with a fractional part"})
    'must be a whole number, got 1.5'
    >>> _problem({"type": "greater_than_equal", "input": 0, "msg": "Input should be greater than or equal to 1"})
    'must be greater than or equal to 1, got 0'
    >>> _problem({"type": "too_short", "input": [0.5], "ctx": {"min_length": 2, "actual_length": 1},
    ...           "msg": "List should have at least 2 items after validation, not 1"})
    'must hold at least 2 items, got [0.5]'
    >>> _problem({"type": "too_long", "input": [{"id": "c"}] * 500, "ctx": {"max_length": 100, "actual_length": 500},
    ...           "msg": "List should have at most 100 items after validation, not 500"})
    'must hold at most 100 items, got 500'
    """
    kind, msg = error["type"], error["msg"]
    if kind == "missing":
        return "is required but missing"
    if kind == "extra_forbidden":
        return "is not a known field (misspelt?)"
    msg = msg.removeprefix("Value error, ")
    ctx = error.get("ctx") or {}
    if kind in ("too_short", "too_long") and "actual_length" in ctx:  # "List should have at least 2 items after ..."
        bound = ctx.get("min_length") if kind == "too_short" else ctx.get("max_length")
        many = "at least" if kind == "too_short" else "at most"
        msg = f"must hold {many} {bound} item{'' if bound == 1 else 's'}"  # the value follows
    if msg.startswith("Input should be "):
        msg = "must be " + msg.removeprefix("Input should be ").split(", ")[0]  # pydantic's reason after a comma
        for theirs, ours in _TYPE_WORDS:
            msg = msg.replace(theirs, ours)
    value = error.get("input")
    if kind in ("too_short", "too_long") and "actual_length" in ctx and ctx["actual_length"] > 5:
        return f"{msg}, got {ctx['actual_length']:,}"   # a count, not a list of hundreds of entries
    if value is not None and not isinstance(value, Mapping):
        text = shown(value, 200)   # a value of a megabyte is quoted cut short
        if text not in msg:
            msg = f"{msg}, got {text}"
    return msg


# ===================================================================== values as JSON
def plain_value(value: Any) -> Any:
    """A data file's value with its provenance override taken off (``{value = 6, ...}`` -> 6)."""
    return value["value"] if isinstance(value, Mapping) and "value" in value else value


def json_fields(value: Any, names: Iterable[str]) -> dict[str, Any]:
    """``{name: JSON value}`` of a parsed value's fields ``names``, for its ``to_dict`` (an inline board
    in a saved game): a frozen dataclass as a dict of its init fields, tuples as lists (all the way
    down), a :class:`Provenance` as ``[kind, source]``, anything else as it is.

    Examples
    --------
    >>> from rometools.imperator import load_board
    >>> d = json_fields(load_board(), ["name", "arrows", "provenance"])
    >>> d["arrows"][0], d["provenance"][0]
    ({'source': 'latium', 'target': 'etruria'}, 'illustrative')
    """
    return {name: _json_value(getattr(value, name)) for name in names}


def _json_value(value: Any) -> Any:
    if isinstance(value, Provenance):
        return [value.kind, value.source]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _json_value(getattr(value, f.name)) for f in dataclasses.fields(value) if f.init}
    if isinstance(value, tuple | list):
        return [_json_value(v) for v in value]
    return value
