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

import contextlib
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

# The parts of a variant, each in its own module, re-exported here where they were first written:
# addresses and edits of a data file and the frozen values a variant holds (data_edits), its
# parameters (parameters), its TOML file (variant_file).
from rometools.core.data_edits import (  # noqa: F401  (re-exported: tune, report_text, tests)
    DRAWING_FIELDS,
    MAX_EDITS,
    MAX_NAME_CHARS,
    MAX_NUMBER,
    MAX_TEXT_CHARS,
    _apply_edits,
    _canonical,
    _check_edit_value,
    _edited_text,
    _frozen,
    _same_file,
    _thawed,
    edits_between,
    format_address,
    is_drawing,
    item_names,
    matches,
    parse_address,
)
from rometools.core.errors import ArgumentError, DataFileError, OptionError, RometoolsError
from rometools.core.formatting import shown
from rometools.core.parameters import Parameter, data_patterns, ignored_by_bots
from rometools.core.variant_file import FORMAT_VERSION

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
            options = _thawed(self.options)
            if isinstance(options.get("handicap"), dict):   # held as the file writes it ("4"); shown as given (4)
                options["handicap"] = {int(k) if str(k).isdigit() else k: v for k, v in options["handicap"].items()}
            parts.append(f"options={shown(options, 120)}")
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
        from rometools.core.parameters import with_value

        return with_value(self, parameter, value)

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
        from rometools.core.parameters import variant_parameters

        return variant_parameters(self, data=data, drawing=drawing)

    def _data_parameters(self, file: str) -> list[Parameter]:
        from rometools.core.parameters import data_parameters

        return data_parameters(self, file)

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
        from rometools.core.variant_file import variant_toml

        return variant_toml(self)

    def save(self, path: str | os.PathLike[str], *, force: bool = False) -> Path:
        """Write :meth:`to_toml` to ``path`` (a ``.toml`` file; an existing one only with ``force``).

        Raises
        ------
        ArgumentError
            For a path that is not ``.toml``, a folder that does not exist, a file that
            exists without ``force``, or a path the system cannot write (a name too long, a
            folder not writable): nothing is written.
        """
        path = Path(path)
        if path.suffix.lower() != ".toml":
            raise ArgumentError(f"a variant file is a .toml file, got {shown(str(path), 80)}")
        text = self.to_toml()
        partial = path.with_name(f".{path.name}.{os.getpid()}.partial")
        try:
            if not path.parent.is_dir():
                raise ArgumentError(f"{shown(str(path), 80)}: folder {shown(str(path.parent), 80)!r} does not exist")
            if path.exists() and not force:
                raise ArgumentError(f"{shown(str(path), 80)}: the file exists; give another name, or force=True")
            partial.write_text(text, encoding="utf-8")
            os.replace(partial, path)
        except OSError as err:   # a name too long, a folder not writable: said, nothing left behind
            with contextlib.suppress(OSError):
                partial.unlink(missing_ok=True)
            raise ArgumentError(f"cannot write {shown(str(path), 80)}: "
                                f"{err.strerror or err}; the variant is not saved") from None
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
        from rometools.core.variant_file import _from_raw, read_variant_toml

        raw, source = read_variant_toml(text_or_path, source)
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
        "variant 'cheaper gold, P4 +2' with handicap seat 4: +2 points (edits the components data: 2 values)"
        >>> Variant("via_romana", options={"dangerous_ties": True, "players": 3}).label()
        'variant dangerous ties on'
        >>> Variant("via_romana", options={"players": 3}).label()
        'the published game'
        """
        from rometools.core.describe import option_short
        from rometools.core.formatting import counted

        changes = [option_short(self.game, k, _thawed(v))   # short name and value, as every run's headline
                   for k, v in self.options.items() if k != "players"]
        if not changes and not self.edits:
            return self.name or "the published game"
        said = f"variant {self.name!r}" if self.name else "variant " + ("; ".join(changes) or "of edited data")
        if self.name and changes:   # a named variant says its options too: nothing in play left unsaid
            said += " with " + "; ".join(changes)   # not in brackets: an option's words may hold their own
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
            shown_value = (Handicap.parse(_thawed(value)).words(self.spec.start_bonus) if key == "handicap"
                           else shown(_thawed(value), 80))
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
    from rometools.core.variant_file import _checked_load

    variant = Variant.from_toml(Path(path))
    return _checked_load(variant, os.fspath(path))


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
    from rometools.core.variant_file import _file_problems

    return _file_problems(Variant, path)


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
