"""The variant file: a variant as a small TOML file naming the base files and only the changes.

What :meth:`Variant.to_toml <rometools.core.variants.Variant.to_toml>`,
:meth:`~rometools.core.variants.Variant.from_toml`, :func:`~rometools.core.variants.load_variant`
and :func:`~rometools.core.variants.variant_file_problems` do, written here without the
:class:`~rometools.core.variants.Variant` class (each function takes the variant, or its class,
as an argument, so this module sits below :mod:`rometools.core.variants`)::

    [variant]
    game = "via_romana"
    name = "hand 5"
    format = 1

    [options]
    hand = 5

    [edits.components]
    base = "components.toml"
    set = {"goals.points" = [...]}
    remove = ["..."]

Examples
--------
>>> read_variant_toml('[variant]\\ngame = "pig"\\n', None)
({'variant': {'game': 'pig'}}, '<variant>')
"""

from __future__ import annotations

import os
import shlex
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from rometools.core.data_edits import _same_file, _thawed
from rometools.core.errors import ArgumentError, DataFileError, OptionError, RometoolsError
from rometools.core.formatting import shown

#: A :class:`~rometools.core.variants.Variant` (that module sits above this one and imports it, so
#: it is not imported here, not even for annotations: the modules import one way).
_Variant = Any

__all__ = ["FORMAT_VERSION", "empty_variant_file", "read_variant_toml", "rometools_command", "variant_toml"]


def rometools_command() -> str:
    """The ``rometools`` command a designer runs a saved file with: always the whole path of this
    interpreter's own script (the one beside :data:`sys.executable`), quoted for a shell where it needs
    it. A bare ``rometools`` ran only where the shell's PATH held ``.venv/bin``: the kernel's PATH is the
    server's (``make lab`` puts ``.venv/bin`` first), not the designer's shell's nor JupyterLab's
    terminal's, and trials read "rometools: command not found" (trial58). ``rometools`` only where
    no script sits beside the interpreter (nothing else to name).

    Examples
    --------
    >>> command = rometools_command()
    >>> command == "rometools" or shlex.split(command)[0] == str(Path(sys.executable).with_name("rometools"))
    True
    """
    own = Path(sys.executable).with_name("rometools")
    return shlex.quote(str(own)) if own.is_file() else "rometools"


#: The variant file format this rometools writes and reads (``[variant] format``).
FORMAT_VERSION = 1


def empty_variant_file(source: str | os.PathLike[str]) -> DataFileError:
    """The refusal of an empty variant file (no table, no value: only blanks or comments), one wording
    for ``rometools validate``, ``--variant``, :func:`~rometools.core.variants.load_variant` and the
    studio's upload and Load, so that the command line and the app say the same thing.

    Examples
    --------
    >>> str(empty_variant_file("mine.toml"))
    'mine.toml: is empty; a variant file needs at least its [variant] table with the game (game = "...")'
    """
    return DataFileError(source, "", 'is empty; a variant file needs at least its [variant] table with the game '
                                     '(game = "...")')


def variant_toml(variant: _Variant) -> str:
    """:meth:`Variant.to_toml <rometools.core.variants.Variant.to_toml>`: the game, the options,
    each edited file's base and changes, as TOML text."""
    import tomlkit

    doc = tomlkit.document()
    doc.add(tomlkit.comment("A rometools variant (docs/what-if.md). Check it: rometools validate FILE; play it:"))
    doc.add(tomlkit.comment(f"rometools simulate {variant.game} --variant FILE"))
    head = tomlkit.table()
    head["game"] = variant.game
    if variant.name:
        head["name"] = variant.name
    head["format"] = FORMAT_VERSION
    doc["variant"] = head
    if variant.options:
        doc["options"] = _toml_value(_thawed(variant.options))
    if variant.edits:
        edits = tomlkit.table(is_super_table=True)
        for file, changes in variant.edits.items():
            entry = tomlkit.table()
            entry["base"] = variant.bases.get(file) or _base_name(variant, file)
            sets = {a: _thawed(v) for a, v in changes.items() if v is not None}
            removes = [a for a, v in changes.items() if v is None]
            if removes:
                entry["remove"] = removes
            if sets:
                entry["set"] = _toml_value(sets)
            edits[file] = entry
        doc["edits"] = edits
    return tomlkit.dumps(doc)


def read_variant_toml(text_or_path: str | os.PathLike[str], source: str | None) -> tuple[dict, str]:
    """A variant file's parsed table and the name its errors give (``source``, else the file's path,
    else ``<variant>``): :meth:`Variant.from_toml <rometools.core.variants.Variant.from_toml>` before
    the entries are checked.

    Raises
    ------
    DataFileError
        For text that is not TOML, over 1,000,000 bytes or nested too deeply, or a file that
        cannot be read.
    """
    import tomllib

    from rometools.core.data_text import _depth_problem, read_text_file

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
    if not raw:
        raise empty_variant_file(source)
    deep = _depth_problem(raw)
    if deep is not None:
        raise DataFileError(source, deep, "is nested too deeply")
    return raw, source


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


def _base_name(variant: _Variant, file: str) -> str:
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


def _from_raw(cls, raw: dict, source: str) -> _Variant:
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
    if game is None:   # said in a file's words, never Python's None (trial57)
        raise DataFileError(source, "variant.game", "is missing: add game = \"<game id>\" to [variant] "
                                                    "(rometools games lists them)")
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


def _json_value(value: Any) -> Any:
    """A variant's value as plain JSON-able Python (tuples as lists, read-only mappings as dicts)."""
    if isinstance(value, Mapping):
        return {str(k): _json_value(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_json_value(v) for v in value]
    return value


def _edit_value_text(value: Any) -> str:
    """One edit's value as a variant's changes write it (JSON; text bare when it reads back as itself)."""
    import json

    from rometools.core.parameters import typed_value

    value = _json_value(value)
    if isinstance(value, str) and value and "\n" not in value:
        try:
            if typed_value(value) == value:   # read back as this text (not a number: "03" is quoted)
                return value
        except RecursionError:
            pass
    return json.dumps(value, ensure_ascii=False)


def _edit_refused(variant: _Variant, where: str, problem: str) -> tuple[str, str, str] | None:
    """The one edit of ``variant`` that an edited file's refusal of a whole entry comes from, in words.

    A file checks a list or a table whole, so setting one key (``tables.gold.points.7 = -49``) is
    refused as the entry over it (``tables.gold.points: points must be 0 to 10000, got [0, 4, ...,
    -49]``). The designer set the key, so the message names it first: the studio (its Changes box,
    an uploaded file) and :func:`~rometools.core.variants.load_variant` (``validate``, ``--variant``)
    say it alike.

    Parameters
    ----------
    variant : rometools.Variant
        The variant whose load was refused.
    where : str
        The refusal's file and entry: ``"components.toml (as the variant edits it): tables.gold.points"``
        (a variant file's ``edits: `` before it is dropped).
    problem : str
        The refusal's problem.

    Returns
    -------
    tuple of (str, str, str) or None
        ``(file option, "set" or "remove", "address = value: words")``, as a variant file holds the edit
        (``[edits.components.set]``), e.g. ``("components", "set", "tables.gold.points.7 = -49:
        components.toml refuses it at tables.gold.points: points must be ...")``; ``None`` when the
        refusal names the key itself, or none or more than one of the variant's edits lies under it.
    """
    where = where.removeprefix("edits: ")
    for file, changes in variant.edits.items():
        try:
            base = variant.base_file(file).name
        except (RometoolsError, ValueError, TypeError, KeyError, OSError):
            continue
        named = f"{base} (as the variant edits it): "
        if not where.startswith(named):
            continue
        entry = where[len(named):]
        under = [a for a in changes if a.startswith(entry + ".")]
        if len(under) == 1 and entry:
            value = changes[under[0]]
            said = "removed" if value is None else _edit_value_text(value)
            said = said if len(said) <= 60 else shown(said, 60)
            return (file, "remove" if value is None else "set",
                    f"{under[0]} = {said}: {base} refuses it at {entry}: {problem}")
    return None


def _checked_load(variant: _Variant, source: str) -> _Variant:
    """:func:`~rometools.core.variants.load_variant`'s check: the variant loaded, each refusal as a DataFileError
    naming ``source`` (a refusal of a whole list or table naming the one key of it the variant set, :func:`_edit_refused`)."""
    try:
        variant.load()
    except DataFileError as err:
        one = _edit_refused(variant, f"{err.path}: {err.entry}", err.problem)
        if one is not None:
            raise DataFileError(source, f"edits.{one[0]}.{one[1]}", one[2]) from None
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


def _file_problems(cls, path: str | os.PathLike[str]) -> list[DataFileError]:
    """:func:`~rometools.core.variants.variant_file_problems` for the variant class ``cls``."""
    import tomllib

    from rometools.core.data_text import read_text_file

    source = os.fspath(path)
    try:
        _checked_load(cls.from_toml(Path(path)), source)
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
            _checked_load(_from_raw(cls, part, source), source)
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
