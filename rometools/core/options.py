"""Game options declared once: the config base every game's config derives from.

A game's config is a frozen dataclass deriving from :class:`Config`, each
option a field made by :func:`option` with its default, its meaning in one
sentence, and its type, choices or range, and the loader when it takes a data
file::

    @dataclass(frozen=True)
    class GameConfig(Config):
        players: int = option(4, "seats at the table", low=2, high=6)
        first_game: bool = option(False, "deal 3 objectives each and keep them all")
        leftover: str = option("stay", "what tiles nobody won do", choices=("stay", "discard"))
        board: Board | None = option(None, "the board", file=Board.from_file, kind=Board)

        def resolve(self):        # the checks that span options, and defaults that depend on them
            ...

From that one declaration come: the checks of every value when a config is
made (:meth:`Config.__post_init__`, one wording for every game: "leftover must
be one of stay, discard; got 'keep'"); the saved game's form (:meth:`Config.to_dict`,
:meth:`Config.from_dict`, a refusal naming ``config.<option>`` read from the
error's :attr:`~rometools.core.errors.OptionError.option`, never from its
message); the OpenSpiel bridge's parameters; the command line's option help;
and the option lists a designer reads (:func:`describe_options`).

Examples
--------
>>> from rometools.augustus import GameConfig
>>> [o.name for o in GameConfig.options()][:3]
['players', 'first_game', 'first_caller']
>>> GameConfig(first_caller=9)
Traceback (most recent call last):
...
rometools.core.errors.OptionError: first_caller must be a seat 0 to 3 (P1 to P4), got 9
>>> GameConfig.from_dict({**GameConfig().to_dict(), "first_game": "yes"})
Traceback (most recent call last):
...
rometools.core.errors.DataFileError: <config>: config.first_game: must be true or false, got 'yes'
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from rometools.core.errors import DataFileError, OptionError, check_choice

# A file option's values (read once per version, saved, read back from permitted folders), in their own
# module, re-exported here where they were first written.
from rometools.core.file_values import (  # noqa: F401  (re-exported: saved games, the command)
    _FILE_VALUES,
    FILE_FOLDERS_VARIABLE,
    _bundled,
    _file_from_json,
    _file_key,
    _file_to_json,
    _jsonable,
    _read_file,
    _same_file,
    file_folders,
)
from rometools.core.formatting import count_choices, number, shown
from rometools.core.handicap import Handicap

__all__ = ["FILE_FOLDERS_VARIABLE", "Config", "Option", "describe_options", "file_folders", "option", "option_example",
           "option_examples"]

#: What a value of each kind takes, in words. A yes/no option takes ``true or false`` as a designer types it
#: everywhere (``--option``/``--set``, the studio's Changes, a variant file, a saved game) and as the studio's
#: table shows it: Python's ``True`` typed there is text, refused (``must be True or False, got 'True'`` was
#: said, trial).
_KIND_WORDS = {bool: "true or false", int: "a whole number", float: "a number", str: "a string"}


@dataclass(frozen=True)
class Option:
    """One option of a game's config, as :func:`option` declares it.

    Attributes
    ----------
    name : str
        The config field (``"route_policy"``).
    kind : type
        ``bool``, ``int``, ``float`` or ``str`` (checked here); for a file
        option the type of the loaded value (``Board``); ``object`` for a
        value the config checks itself in :meth:`Config.resolve`.
    default : object
        The value when the option is not given (``None``: the config
        chooses, e.g. the bundled file).
    meaning : str
        What it does, in one sentence of the rulebook's words.
    choices : tuple of str or callable, optional
        The values a choice option takes, or a function listing them (a
        registry that grows, such as route policies).
    low, high : number, optional
        The inclusive range of a number option.
    nullable : bool
        ``None`` is allowed (true when the default is ``None``).
    file : callable, optional
        The loader of an option that takes a data file
        (``loader(path) -> value``): the option also takes a file's path or a
        bundled file's name.
    inline : callable, optional
        ``inline(data, source=...) -> value`` for a file option whose value
        is saved inside the saved game (``value.to_dict()``) when it is not
        a bundled file.
    encode, decode : callable, optional
        The option's own saved-game form: ``encode(value, config) -> JSON value`` and
        ``decode(json value, source) -> value`` (for a form the generic one
        does not fit).
    shape : str, optional
        What the option takes, in words, for a value the config checks
        itself (``"per seat: a worker value 1 to 5 or a list of them"``).
    hint : str, optional
        Added to a refusal of the option's value in a saved game (how a
        game saved with a custom route policy loads).
    depends : str, optional
        For a file option: another option whose (checked) value the
        loader takes as a keyword argument (Augustus's objectives are read
        against its ``components``, whose symbols their slots use).
    seat : bool
        The option's value is a seat, counted from 0 as the saved game keeps it (``0`` is P1, the
        seat the results call P1): its refusal and what it takes say both ("a seat 0 to 2 (P1 to
        P3)"), and a run's headline says the seat as P1..Pn (:func:`~rometools.core.describe.option_short`).
    owner : type
        The config class that declares it (set by :meth:`Config.options`).
    """

    name: str
    kind: type
    default: Any
    meaning: str
    choices: tuple[str, ...] | Callable[[], Iterable[str]] | None = None
    low: float | None = None
    high: float | None = None
    nullable: bool = False
    file: Callable[[Any], Any] | None = None
    inline: Callable[..., Any] | None = None
    encode: Callable[[Any], Any] | None = None
    decode: Callable[[Any, str], Any] | None = None
    depends: str | None = None
    shape: str | None = None
    hint: str | None = None
    seat: bool = False
    owner: type | None = dataclasses.field(default=None, compare=False, repr=False)

    def load(self, path: str | os.PathLike[str], config: Any = None) -> Any:
        """A file option's value read from ``path`` (with :attr:`depends` from ``config``).

        Read once per version of the file (its modification and change times, size and inode, as
        :func:`~rometools.core.data.cached_loader` keys it) and value of :attr:`depends`: a config
        rebuilt from a saved game or sent to a worker process (``from_dict``) found its board or
        objectives file parsed and checked again each time, 20 to 30 ms a config."""
        dep = getattr(config, self.depends, None) if self.depends is not None and config is not None else None
        key = _file_key(self, path, dep)
        if key is not None:
            hit = _FILE_VALUES.get(key)
            if hit is not None and hit[0] is dep:
                return hit[1]
        value = self.file(path, **{self.depends: dep}) if dep is not None else self.file(path)
        if key is not None:
            if len(_FILE_VALUES) >= 32:
                _FILE_VALUES.pop(next(iter(_FILE_VALUES)))
            _FILE_VALUES[key] = (dep, value)   # the value it depends on kept, so its id is not reused
        return value

    def allowed(self) -> list[str]:
        """The values a choice option takes now (``[]`` for any other option)."""
        if self.choices is None:
            return []
        return list(self.choices() if callable(self.choices) else self.choices)

    def takes(self) -> str:
        """What the option takes, in words: ``"a whole number 1 to 1,000"``, ``"one of stay, discard"``.

        Examples
        --------
        >>> from rometools.imperator import GameConfig
        >>> [GameConfig.option(n).takes() for n in ("rounds", "leftover", "board", "workers")]
        ['a whole number 1 to 1,000', 'one of stay, discard', 'a file: its path, or a bundled one (board)', 'per seat: a worker value 1 to 5 or a list of them']
        """
        from rometools.core.formatting import number

        if self.shape is not None:
            return self.shape
        if self.seat:   # counted from 0 in the saved game; the results call the seats P1..Pn
            return "a seat counted from 0: 0 is P1, 1 is P2, as the results name them"
        if self.file is not None:
            try:
                names = ", ".join(Path(name).stem for name, _ in _bundled(self))
            except TypeError:  # a config not registered (yet): no bundled files to name
                names = ""
            return f"a file: its path, or a bundled one ({names})" if names else "a file's path"
        if self.choices is not None:
            return f"one of {', '.join(self.allowed())}"
        words = _KIND_WORDS.get(self.kind, "a value")
        if self.low is not None and self.high == self.low:   # one value: never "2 to 2"
            words = f"exactly {number(self.low)}"
        elif self.low is not None and self.high is not None:
            words += f" {number(self.low)} to {number(self.high)}"
        elif self.low is not None:
            words += f" {number(self.low)} or more"
        return words + (", or None" if self.nullable and self.kind in _KIND_WORDS else "")

    def unset(self) -> str:
        """What the option's value ``None`` (not set) means, in the option's own words: the text after
        "None:" in its :attr:`meaning`, else "the bundled file" for a file option, else "not set".

        Examples
        --------
        >>> from rometools.caesars_empire import GameConfig
        >>> [GameConfig.option(n).unset() for n in ("max_chain_paths", "roads_per_player", "components")]
        ['every chain the rules allow', "the component file's", 'the bundled file']
        """
        import re

        said = re.search(r"\bNone: ([^.;]+)", self.meaning)
        if said:
            return said.group(1).strip()
        return "the bundled file" if self.file is not None else "not set"

    def describe(self) -> str:
        """One line for a designer: name, what it takes, default and meaning.

        Examples
        --------
        >>> from rometools.augustus import GameConfig
        >>> GameConfig.option("first_game").describe()
        'first_game (true or false; default false): deal three objectives to each player, who keeps them all (first game).'
        """
        return f"{self.name} ({self.takes()}; default {self.default_text()}): {self.meaning}"

    def default_text(self) -> str:
        """The default as a designer types it: ``false`` (as :meth:`takes` says it), ``'space'``, ``300``,
        "the bundled one" for a file option's bundled file."""
        if self.file is not None and self.default is None:
            return "the bundled one"
        if isinstance(self.default, bool):
            return str(self.default).lower()
        return repr(self.default) if isinstance(self.default, str) else str(self.default)

    # ------------------------------------------------------------ checking a value
    def check(self, value: Any, config: Any = None) -> Any:
        """The value checked (and a file option's path read): the value to store.

        ``config`` is the config being made (for :attr:`depends`).

        Raises
        ------
        OptionError
            Naming the option, when the value has the wrong type, is not one
            of the choices or is out of range; ``DataFileError`` for a file
            that does not load.
        """
        if value is None and (self.nullable or self.file is not None):
            return None
        if self.file is not None:
            if isinstance(value, str | os.PathLike):
                return _read_file(self, value, config)
            from rometools.core.data import EditedFile, load_edited

            if isinstance(value, EditedFile):  # a variant's edited file (core/variants.py), read as the file
                return load_edited(lambda path: self.load(path, config), value)
            if self.kind is not object and not isinstance(value, self.kind):
                raise OptionError(self.name, f"{self.name} must be a {self.kind.__name__} or a file's path, "
                                             f"got {type(value).__name__}")
            return value
        if self.choices is not None:
            check_choice(self.name, value, self.allowed())
            return value
        if self.kind in _KIND_WORDS:
            ok = isinstance(value, self.kind) and (self.kind is bool or not isinstance(value, bool))
            if self.kind is float and isinstance(value, int) and not isinstance(value, bool):
                ok, value = True, float(value)
            if not ok:
                raise OptionError(self.name, self._refusal(value, in_range=False))
            if (self.low is not None and value < self.low) or (self.high is not None and value > self.high):
                raise OptionError(self.name, self._refusal(value, in_range=True))
        return value

    def _refusal(self, value: Any, *, in_range: bool) -> str:
        """Why ``value`` is refused; a player count names the game (``players: Via Romana is for 2 to 4
        players, got 9``), as every game's own player-count check does."""
        if self.name == "players" and self.owner is not None:
            title = _plain_title(self.owner)
            if title is not None and self.low is not None and self.high is not None and in_range:
                counts = count_choices(range(self.low, self.high + 1))
                return f"players: {title} is for {counts} players, got {shown(value)}"
            if title is not None and not in_range:
                return f"players: {title} takes a whole number of players, got {shown(value)}"
        return f"{self.name} must be {self.takes()}, got {shown(value)}"

    # ------------------------------------------------------------ the saved game's form
    def to_json(self, value: Any, config: Any = None) -> Any:
        """The option's value in a saved game (JSON); ``config`` is the config it belongs to."""
        if self.encode is not None:
            return self.encode(value, config)
        if self.file is not None:
            return _file_to_json(self, value)
        return _jsonable(value)

    def from_json(self, data: Any, source: str, *, folders: tuple[Path, ...] | None = None) -> Any:
        """The value a saved game's entry stands for (checked again when the config is made).

        ``folders``: for a file option, the folders whose files ``{file: path}`` may name
        (:func:`file_folders`); ``None`` trusts any path (a config of the designer's own).

        Raises
        ------
        DataFileError
            Naming ``config.<option>``: a wrong JSON type, a file that changed
            since saving (SHA-256), a file that cannot be read, a file outside
            ``folders`` (one message, whatever is or is not there).
        """
        if self.decode is not None:
            return self.decode(data, source)
        if self.file is not None:
            return _file_from_json(self, data, source, folders)
        if data is None and self.nullable:
            return None
        if self.kind in _KIND_WORDS and not _json_kind(data, self.kind):
            words = _KIND_WORDS[self.kind] + (" or null" if self.nullable else "")
            raise DataFileError(source, f"config.{self.name}", f"must be {words}, got {shown(data)}")
        return data


def _json_kind(data: Any, kind: type) -> bool:
    """Whether a JSON value is of a scalar kind: ``true`` is not a number, a whole number is a float."""
    if isinstance(data, bool):
        return kind is bool
    return isinstance(data, kind) or (kind is float and isinstance(data, int))


def option(default: Any, meaning: str, *, kind: type | None = None, choices: Any = None,
           low: float | None = None, high: float | None = None, file: Callable[[Any], Any] | None = None,
           inline: Callable[..., Any] | None = None, encode: Callable[[Any], Any] | None = None,
           decode: Callable[[Any, str], Any] | None = None, depends: str | None = None,
           shape: str | None = None, hint: str | None = None, seat: bool = False) -> Any:
    """A config field that is an option (see the module docstring).

    Parameters
    ----------
    default : object
        The value when the option is not given.
    meaning : str
        One sentence: what the option does, in the rulebook's words.
    kind : type, optional
        Default: the type of ``default`` (``bool``, ``int``, ``float``,
        ``str``); give it when the default is ``None``, and for a file option
        the loaded value's type.
    choices, low, high, file, inline, encode, decode, depends, shape, hint, seat
        As :class:`Option`.

    Returns
    -------
    dataclasses.Field
        With the option in its metadata; :meth:`Config.options` reads it.
    """
    if kind is None:
        kind = type(default) if type(default) in _KIND_WORDS else object
    spec = Option(name="", kind=kind, default=default, meaning=meaning, choices=choices, low=low, high=high,
                  nullable=default is None, file=file, inline=inline, encode=encode, decode=decode,
                  depends=depends, shape=shape, hint=hint, seat=seat)
    return dataclasses.field(default=default, metadata={"option": spec})


def _encode_handicap(value: Any, config: Any = None) -> Any:
    return value.to_json()


def _decode_handicap(data: Any, source: str) -> Any:
    from rometools.core.handicap import Handicap

    if not isinstance(data, Mapping):
        raise DataFileError(source, "config.handicap", f"must be an object of seats and points, got {shown(data)}")
    try:
        return Handicap.parse(data)
    except OptionError as err:
        raise DataFileError(source, "config.handicap", err.message) from None


#: The options every game's config has, declared once here (listed after the game's own).
GENERIC_OPTIONS = ("handicap",)


@dataclass(frozen=True)
class Config:
    """The base of every game's config: options declared with :func:`option`, checked once.

    A subclass is a ``@dataclass(frozen=True)``; it writes :meth:`resolve`
    for what spans options (a player count the board allows, a default board
    for the player count) and never its own ``__post_init__``,
    ``to_dict`` or ``from_dict``. Fields that are not options (private,
    derived) are plain dataclass fields whose names start with ``_``.

    Every config also has the options of :data:`GENERIC_OPTIONS`, declared here
    (keyword-only, listed after the game's own): ``handicap``, the seat handicap
    (:class:`rometools.core.handicap.Handicap`: extra points, or units of the start
    bonus the game declares in ``GameSpec(start_bonus=...)``, for chosen seats,
    numbered from 1).
    """

    handicap: Any = dataclasses.field(default=Handicap(), kw_only=True, metadata={"option": Option(
        name="", kind=object, default=Handicap(),
        meaning="extra points for chosen seats, added before the ranking and its tiebreaks, or a start bonus "
                "the game declares (a design tool, not a rule); seats from 1: {4: 2} gives P4 2 points (4:2 "
                "as OpenSpiel's handicap parameter writes it).",
        shape="per seat from 1: points, or {points, bonus}; e.g. {4: 2}, or 4:2 1:-1 (seat:points, 4:2/1 with a "
              "start bonus)",
        encode=_encode_handicap, decode=_decode_handicap)})

    _OPTIONS: ClassVar[dict[type, tuple[Option, ...]]] = {}

    @classmethod
    def options(cls) -> tuple[Option, ...]:
        """The config's options, in declaration order; the generic ones (:data:`GENERIC_OPTIONS`) last.

        Examples
        --------
        >>> from rometools.caesars_empire import GameConfig
        >>> [o.name for o in GameConfig.options()]
        ['board', 'players', 'all_tokens_variant', 'sum_complete_colours', 'no_move', 'route_policy', 'max_chain_paths', 'roads_per_player', 'components', 'handicap']
        """
        found = Config._OPTIONS.get(cls)
        if found is None:
            fields = [f for f in dataclasses.fields(cls) if "option" in f.metadata]
            fields.sort(key=lambda f: f.name in GENERIC_OPTIONS)  # stable: the game's own in their order
            found = tuple(dataclasses.replace(f.metadata["option"], name=f.name, owner=cls) for f in fields)
            Config._OPTIONS[cls] = found
        return found

    @classmethod
    def option(cls, name: str) -> Option:
        """The option called ``name``.

        Raises
        ------
        KeyError
            If the config has no such option.
        """
        for o in cls.options():
            if o.name == name:
                return o
        raise KeyError(name)

    def __post_init__(self):
        from rometools.core.handicap import Handicap

        try:
            handicap = Handicap.parse(self.handicap)
            if handicap is not self.handicap:
                object.__setattr__(self, "handicap", handicap)
            # an option another depends on is checked first (Augustus's components before its objectives)
            for o in sorted(self.options(), key=lambda o: o.depends is not None):
                value = getattr(self, o.name)
                try:
                    checked = o.check(value, self)
                except DataFileError as err:  # the file a file option names: the error says which option
                    err.option = o.name
                    raise
                if checked is not value:
                    object.__setattr__(self, o.name, checked)
            self.resolve()
            if handicap:
                self._check_handicap(handicap)
        except OptionError as err:
            # a refused player count names the game, whichever check refused it (the one check for every game)
            title = _plain_title(type(self)) if err.option == "players" else None
            if title is None or title in err.message:
                raise
            raise OptionError("players", f"players: {title}: {err.message.removeprefix('players: ')}") from None

    def _check_handicap(self, handicap: Any) -> None:
        """The handicap's seats against the player count, its bonus against the game's start bonus."""
        from rometools.core.registry import spec_of_config

        try:
            spec = spec_of_config(type(self))
        except TypeError:  # a config not registered (yet): no start bonus declared
            spec = None
        if spec is not None and handicap.has_points and spec.own_ranks:
            raise OptionError("handicap", f"handicap: {spec.title} ranks its seats itself (GameSpec(ranks=...)), "
                                          "so handicap points cannot enter its ranking; give GameSpec(tiebreaks=...) "
                                          "instead")
        handicap.check(getattr(self, "players", 0), spec.start_bonus if spec is not None else None,
                       spec.title if spec is not None else "this game")

    def resolve(self) -> None:
        """Checks that span options, and values that depend on others (a subclass writes it).

        Raise :class:`~rometools.core.errors.OptionError` naming the option;
        set a resolved value with ``object.__setattr__`` (the config is frozen).
        """

    # ------------------------------------------------------------ saved games
    def to_dict(self) -> dict[str, Any]:
        """JSON-ready values, one entry per option (:meth:`Option.to_json`).

        Raises
        ------
        OptionError
            For a file option holding a value built in code, which a saved game
            cannot name.
        """
        return {o.name: o.to_json(getattr(self, o.name), self) for o in self.options()}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, source: str = "<config>",
                  folders: tuple[Path, ...] | None = None) -> Config:
        """Inverse of :meth:`to_dict`, checking every entry.

        Parameters
        ----------
        data : Mapping
            What :meth:`to_dict` gave.
        source : str
            The file's name, for messages.
        folders : tuple of Path, optional
            The folders whose files a file option's ``{file: path}`` may name
            (:func:`file_folders`; a saved game passes them). ``None`` (the
            default) reads any path: a config of the designer's own, such as
            the one :func:`~rometools.core.simulate.simulate` sends to its
            workers.

        Raises
        ------
        DataFileError
            Naming ``config.<option>``: a missing or unknown option, a wrong
            type, a file that changed since saving (SHA-256) or cannot be read,
            a file outside ``folders``, a value the game refuses.
        """
        if not isinstance(data, Mapping):
            raise DataFileError(source, "config", f"must be an object, got {type(data).__name__}")
        options = {o.name: o for o in cls.options()}
        for key in data:
            if key not in options:
                raise DataFileError(source, f"config.{shown(key, 60) if not isinstance(key, str) else key[:60]}",
                                    f"is not {_title_of(cls)} option (misspelt?); its options are "
                                    f"{', '.join(options)}")
        for name in options:
            if name not in data:
                raise DataFileError(source, f"config.{name}", "is required but missing")
        values = {name: o.from_json(data[name], source, folders=folders) for name, o in options.items()}
        try:
            return cls(**values)
        except OptionError as err:
            hint = options[err.option].hint if err.option in options else None
            raise DataFileError(source, f"config.{err.option}",
                                err.message + (f"; {hint}" if hint else "")) from None
        except DataFileError as err:  # a file a file option names does not load
            raise DataFileError(source, "config", str(err)) from None


def _plain_title(config_type: type) -> str | None:
    """The title of the registered game whose config this is (``None``: no registered game)."""
    from rometools.core.registry import spec_of_config

    try:
        return spec_of_config(config_type).title
    except TypeError:
        return None


def _title_of(config_type: type) -> str:
    """"a Caesar's Empire" (the registered game's title with its article), else "an"."""
    from rometools.core.registry import spec_of_config

    try:
        title = spec_of_config(config_type).title
    except TypeError:
        return "this game's"
    return f"{'an' if title[:1].lower() in 'aeiou' else 'a'} {title}"


def describe_options(config_type: type[Config]) -> list[str]:
    """One line per option of a game's config (:meth:`Option.describe`), for help texts.

    Examples
    --------
    >>> from rometools.augustus import GameConfig
    >>> describe_options(GameConfig)[0]
    'players (a whole number 1 or more; default 4): seats at the table: 2 to 6 with the bundled components (their file gives the range).'
    """
    return [o.describe() for o in config_type.options()]


def option_examples(config_type: type[Config]) -> list[str]:
    """``key=value`` examples of a game's own options, each a value other than its default.

    For hints ("write options as key=value, e.g. ..."): true/false options first, then
    choice options, then numbers; never ``players`` or a file option. ``[]`` when the game
    has no such option.

    Examples
    --------
    >>> from rometools.via_romana import GameConfig
    >>> option_examples(GameConfig)[:2]
    ['obstinate_hands=true', 'dangerous_ties=true']
    >>> from rometools.caesars_empire import GameConfig
    >>> [e for e in option_examples(GameConfig) if e.startswith("route_policy")]
    ['route_policy=first']
    """
    found: dict[int, list[str]] = {0: [], 1: [], 2: []}
    for o in config_type.options():
        if o.name == "players" or o.file is not None or o.shape is not None:
            continue
        if o.kind is bool:
            found[0].append(f"{o.name}={'false' if o.default else 'true'}")
        elif o.choices is not None:
            other = [c for c in o.allowed() if c != o.default]
            if other:
                found[1].append(f"{o.name}={other[0]}")
        elif o.kind in (int, float) and isinstance(o.default, int | float):
            value = o.default + 1 if o.high is None or o.default + 1 <= o.high else o.default - 1
            if o.low is None or value >= o.low:
                found[2].append(f"{o.name}={number(value) if isinstance(value, int) else value}".replace(",", ""))
    return found[0] + found[1] + found[2]


def option_example(game_id: str) -> str:
    """One ``key=value`` of a registered game's own options, for a hint (``players=3``: none, or no such game).

    >>> option_example("via_romana"), option_example("chess")
    ('obstinate_hands=true', 'players=3')
    """
    from rometools.core.registry import game_spec

    try:
        examples = option_examples(game_spec(game_id).config)
    except (ValueError, TypeError):  # an unknown game is refused elsewhere, as such
        examples = []
    return examples[0] if examples else "players=3"
