"""The game registry: which games there are, found by id, by a state's type or a config's type.

A game registers itself once with :func:`register_game` (its package does it on import) and
declares its package in the ``rometools.games`` entry-point group (:data:`ENTRY_POINT_GROUP`)
of its distribution's ``pyproject.toml``, so :func:`games` lists it and :func:`game_spec`
imports only that game's package when it is first asked for. The registry holds
:class:`~rometools.core.spec.GameSpec` values and imports no game and no other layer of core
above it, not even for annotations (it names the spec's type by :class:`RegisteredSpec`, the
fields it reads): every module written over the registry (bots, saved games, the play loop,
search, simulation) imports it, never the reverse.

Examples
--------
>>> "pig" in games(), game_spec("pig").title
(True, 'Pig')
"""

from __future__ import annotations

from types import ModuleType
from typing import Any, Protocol

from rometools.core.errors import ArgumentError
from rometools.core.formatting import shown

__all__ = ["ENTRY_POINT_GROUP", "RegisteredSpec", "game_of", "game_spec", "games", "register_game", "spec_from",
           "spec_of_config", "unregister_game"]


class RegisteredSpec(Protocol):
    """What the registry reads of a game's :class:`~rometools.core.spec.GameSpec` (which has
    these fields and more): every spec it holds and returns is a ``GameSpec``.

    Written here so that this module, below :mod:`rometools.core.spec` (which imports the bots,
    which find a state's game here), names the spec's type without importing it, not even for
    annotations: the modules import one way. A module above that reads more of the spec
    extends it (:class:`rometools.core.load.GameSpecFields`).
    """

    id: str
    rules: ModuleType
    config: type
    state: type


#: The entry-point group a package declares its games in (``pyproject.toml``):
#: ``[project.entry-points."rometools.games"]`` ``pig = "pig:GAME"``.
ENTRY_POINT_GROUP = "rometools.games"


_REGISTRY: dict[str, RegisteredSpec] = {}
_BY_STATE: dict[type, RegisteredSpec] = {}
_BY_CONFIG: dict[type, RegisteredSpec] = {}


def register_game(spec: RegisteredSpec) -> RegisteredSpec:
    """Add a game to the registry (idempotent for the same rules module).

    A game's package calls it on import; :func:`games` finds the package
    through its ``rometools.games`` entry point (:data:`ENTRY_POINT_GROUP`).

    Raises
    ------
    ValueError
        If another module is already registered under ``spec.id``.

    Examples
    --------
    >>> from rometools.caesars_empire import GAME
    >>> register_game(GAME) is GAME
    True
    """
    old = _REGISTRY.get(spec.id)
    if old is not None and old.rules.module is not spec.rules.module:
        raise ValueError(f"game id {spec.id!r} is taken by {old.rules.__name__}")
    for table, kind, what in ((_BY_STATE, spec.state, "state"), (_BY_CONFIG, spec.config, "config")):
        other = table.get(kind)
        if other is not None and other.id != spec.id:  # game_of / spec_of_config would be ambiguous
            raise ValueError(f"the {what} type {kind.__name__} is registered to game {other.id!r}; "
                             f"give game {spec.id!r} its own")
    _REGISTRY[spec.id] = spec
    _BY_STATE[spec.state] = spec
    _BY_CONFIG[spec.config] = spec
    return spec


def unregister_game(game_id: str) -> RegisteredSpec:
    """Remove a game from the registry: the inverse of :func:`register_game`.

    For a game registered for a while (a test's toy game:
    :func:`rometools.testing.registered`). A game of an entry point is not
    read again in this process.

    Returns
    -------
    GameSpec
        The spec removed.

    Raises
    ------
    ArgumentError
        If no game is registered as ``game_id``.

    Examples
    --------
    >>> unregister_game("chess")
    Traceback (most recent call last):
    ...
    rometools.core.errors.ArgumentError: no game 'chess' is registered
    """
    spec = _REGISTRY.pop(game_id, None) if isinstance(game_id, str) else None
    if spec is None:
        raise ArgumentError(f"no game {shown(game_id)} is registered")
    for table, kind in ((_BY_STATE, spec.state), (_BY_CONFIG, spec.config)):
        if table.get(kind) is spec:
            del table[kind]
    return spec


_ENTRY_POINTS: dict[str, Any] = {}   # game id -> its entry point, read once
_LOADED: set[str] = set()            # entry points loaded (or tried)


def _entry_points() -> dict[str, Any]:
    if not _ENTRY_POINTS:
        from importlib.metadata import entry_points

        for ep in entry_points(group=ENTRY_POINT_GROUP):
            _ENTRY_POINTS.setdefault(ep.name, ep)
    return _ENTRY_POINTS


def _load_entry_point(name: str, *, strict: bool) -> None:
    """Import the package of one declared game (it registers itself). A package that fails to
    import is named in a warning (``strict=False``: listing the games) or raises (``strict=True``:
    that game was asked for)."""
    if name in _LOADED:
        return
    _LOADED.add(name)
    ep = _entry_points()[name]
    try:
        spec = ep.load()
    except Exception as err:
        if strict:
            raise
        import warnings

        warnings.warn(f"the game {name!r} (entry point {ep.value}) failed to import and is left out: "
                      f"{type(err).__name__}: {err}", RuntimeWarning, stacklevel=3)
        return
    if isinstance(getattr(spec, "id", None), str) and spec.id != name:
        import warnings

        warnings.warn(f"the entry point {name!r} ({ep.value}) registers a game named {spec.id!r}; "
                      f"name the entry point as the game", RuntimeWarning, stacklevel=3)


def _load_all() -> None:
    for name in _entry_points():
        _load_entry_point(name, strict=False)


def games() -> list[str]:
    """Ids of the registered games, sorted: every ``rometools.games`` entry point's game.

    Examples
    --------
    >>> "caesars_empire" in games(), games() == sorted(games())
    (True, True)
    """
    _load_all()
    return sorted(_REGISTRY)


def game_spec(game_id: str) -> RegisteredSpec:
    """The :class:`~rometools.core.spec.GameSpec` registered as ``game_id``.

    Only that game's package is imported (its entry point), not every game's.

    Raises
    ------
    ArgumentError
        Naming the registered games when ``game_id`` is not one.
    """
    spec = _REGISTRY.get(game_id) if isinstance(game_id, str) else None
    if spec is None and isinstance(game_id, str) and game_id in _entry_points():
        _load_entry_point(game_id, strict=True)
        spec = _REGISTRY.get(game_id)
    if spec is None:
        _load_all()
        spec = _REGISTRY.get(game_id) if isinstance(game_id, str) else None
    if spec is None:
        raise ArgumentError(f"unknown game {shown(game_id)}; registered games: {', '.join(sorted(_REGISTRY))}")
    return spec


def spec_from(game: str | RegisteredSpec) -> RegisteredSpec:
    """A game's :class:`~rometools.core.spec.GameSpec`, given as itself or by its registry id.

    Raises
    ------
    ArgumentError
        For an id that is not a registered game's (:func:`game_spec`).

    Examples
    --------
    >>> spec_from("pig") is spec_from(game_spec("pig"))
    True
    """
    if not isinstance(game, str) and hasattr(game, "rules") and hasattr(game, "config"):
        return game
    return game_spec(game)


def spec_of_config(config_type: type) -> RegisteredSpec:
    """The registered game whose config type is ``config_type``.

    Raises
    ------
    TypeError
        If no registered game has that config type.
    """
    spec = _BY_CONFIG.get(config_type)
    if spec is None:
        _load_all()
        spec = _BY_CONFIG.get(config_type)
    if spec is None:
        raise TypeError(f"{getattr(config_type, '__name__', config_type)} is not the config of a registered game")
    return spec


def game_of(state: Any) -> RegisteredSpec:
    """The registered game a state belongs to.

    Raises
    ------
    TypeError
        If ``state`` is not a state of a registered game.
    """
    spec = _BY_STATE.get(type(state))
    if spec is None:
        _load_all()
        spec = _BY_STATE.get(type(state))
    if spec is None:
        raise TypeError(f"{type(state).__name__} is not the state of a registered game")
    return spec
