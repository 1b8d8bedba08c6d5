"""Augustus values: the config, the state, an objective in play, the phases.

Plain immutable values and the constants of the game; the rules that change a
state are in :mod:`~rometools.augustus.rules`. Nothing here computes a rule.

Rules: ``003_d241425e5c31f6f1.txt`` (Mise en place, the turn, Réclamez une
récompense, Fin de la partie).
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from rometools.augustus.components import (
    Components,
    ObjectiveSet,
    components_path,
    load_components,
    load_objectives,
    objectives_path,
)
from rometools.core.errors import DataFileError, RulesError
from rometools.core.game import CHANCE, TERMINAL

__all__ = [
    "CHANCE",
    "CHANCE_PHASES",
    "DECISION_PHASES",
    "PASS",
    "TERMINAL",
    "GameConfig",
    "GameState",
    "Placed",
]

#: The action of a seat that does not place (or declines a power).
PASS = "pass"
#: Phases at which chance acts: the set-up deal, a token draw, a refill of the central row.
CHANCE_PHASES = ("deal", "draw", "refill")
#: Phases at which a seat decides.
DECISION_PHASES = ("keep", "place", "remove", "power_place", "claim", "take")

_OPTION_TYPES = {"players": int, "first_game": bool, "first_caller": int, "max_draws": int}


class Placed(NamedTuple):
    """An objective in front of a player, with the legions on it.

    Attributes
    ----------
    number : int
        The card number.
    legions : tuple[int, ...]
        Legions on the slots of each symbol, in the card's slot order
        (``legions[i] <= card.slots[i][1]``).

    Examples
    --------
    >>> Placed(23, (1,)).legions
    (1,)
    """

    number: int
    legions: tuple[int, ...]


def _sha256(path: str | os.PathLike[str]) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def _same_file(a: Path | None, b: Path) -> bool:
    return a is not None and Path(a).resolve() == b.resolve()


@dataclass(frozen=True)
class GameConfig:
    """Options of one Augustus game.

    Parameters
    ----------
    players : int
        2 to 6 (the component file's range). Default 4.
    first_game : bool
        "Pour une première partie chaque joueur reçoit trois objectifs distribués
        au hasard qu'il place devant lui": deal 3 each, nothing to keep.
    first_caller : int
        The seat that draws first ("Le joueur le plus âgé commence en tant que
        crieur public"). Default 0.
    max_draws : int
        Safeguard, *not in the rulebook*: the game also ends at the end of the
        turn of this draw (tokens drawn), so random play always ends
        (``docs/rules-decisions.md`` AU-9). Default 500.
    objectives : path or ObjectiveSet, optional
        The objective cards; default the bundled illustrative 88.
    components : path or Components, optional
        The bag, legions and reward tiles; default the bundled file.

    Raises
    ------
    RulesError
        For an unsupported player count, too few cards for the set-up, a bad
        first caller or safeguard, naming the option; ``DataFileError`` for a
        bad file.

    Examples
    --------
    >>> c = GameConfig(players=3)
    >>> c.players, c.components.legions_per_player, len(c.cards)
    (3, 7, 88)
    >>> GameConfig(players=7)
    Traceback (most recent call last):
    ...
    rometools.core.errors.RulesError: players: Augustus is for 2 to 6 players, got 7
    """

    players: int = 4
    first_game: bool = False
    first_caller: int = 0
    max_draws: int = 500
    objectives: Any = None
    components: Any = None

    def __post_init__(self):
        for name, kind in _OPTION_TYPES.items():
            value = getattr(self, name)
            if (isinstance(value, bool) and kind is not bool) or not isinstance(value, kind):
                wanted = {int: "a whole number", bool: "True or False"}[kind]
                raise RulesError(f"{name}: must be {wanted}, got {value!r}")
        comps = self.components
        if comps is None:
            comps = load_components()
        elif not isinstance(comps, Components):
            comps = load_components(comps)
        cards = self.objectives
        if cards is None:
            cards = load_objectives(components=None if self.components is None else comps)
        elif not isinstance(cards, ObjectiveSet):
            cards = load_objectives(cards, components=None if self.components is None else comps)
        lo, hi = comps.players
        if not lo <= self.players <= hi:
            raise RulesError(f"players: Augustus is for {lo} to {hi} players, got {self.players}")
        dealt = comps.first_game_dealt if self.first_game else comps.dealt
        needed = comps.central_row + self.players * dealt
        if needed > len(cards):
            raise RulesError(f"players: {self.players} players need {needed} objective cards for the set-up, "
                             f"the set has {len(cards)}")
        if not 0 <= self.first_caller < self.players:
            raise RulesError(f"first_caller: must be a seat 0 to {self.players - 1}, got {self.first_caller}")
        if self.max_draws < 1:
            raise RulesError(f"max_draws: must be 1 or more, got {self.max_draws}")
        object.__setattr__(self, "components", comps)
        object.__setattr__(self, "objectives", cards)

    @property
    def cards(self) -> ObjectiveSet:
        """The objective cards of the game."""
        return self.objectives

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready values; a file other than the bundled one by path and SHA-256.

        Examples
        --------
        >>> d = GameConfig(players=5).to_dict()
        >>> d["players"], d["objectives"], GameConfig.from_dict(d) == GameConfig(players=5)
        (5, 'bundled', True)
        """
        out: dict[str, Any] = {name: getattr(self, name) for name in _OPTION_TYPES}
        for key, value, bundled in (("objectives", self.objectives, objectives_path()),
                                    ("components", self.components, components_path())):
            path = value.path
            if _same_file(path, bundled):
                out[key] = "bundled"
            elif path is None:
                raise RulesError(f"{key}: a set built in code cannot be saved; load it from a file")
            else:
                out[key] = {"file": str(path), "sha256": _sha256(path)}
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, source: str = "<config>") -> GameConfig:
        """Inverse of :meth:`to_dict`, checking every entry.

        Raises
        ------
        DataFileError
            Naming ``config.<option>``: a missing or unknown option, a wrong
            type, a file that changed since saving (SHA-256) or cannot be read.

        Examples
        --------
        >>> GameConfig.from_dict({"players": "4"})
        Traceback (most recent call last):
        ...
        rometools.core.errors.DataFileError: <config>: config.players: must be a whole number, got '4'
        """
        def fail(entry: str, problem: str):
            raise DataFileError(source, f"config.{entry}" if entry else "config", problem)

        if not isinstance(data, Mapping):
            fail("", f"must be an object, got {type(data).__name__}")
        for key in data:
            if key not in (*_OPTION_TYPES, "objectives", "components"):
                fail(str(key), "is not an Augustus option (misspelt?)")
        options: dict[str, Any] = {}
        for key, kind in _OPTION_TYPES.items():
            if key in data:
                v = data[key]
                if (isinstance(v, bool) and kind is not bool) or not isinstance(v, kind):
                    fail(key, f"must be {'a whole number' if kind is int else 'true or false'}, got {v!r}")
                options[key] = v
        for key in ("components", "objectives"):
            v = data.get(key, "bundled")
            if v == "bundled":
                continue
            if not isinstance(v, Mapping) or set(v) != {"file", "sha256"} or not isinstance(v["file"], str):
                fail(key, "must be 'bundled' or {file, sha256}")
            try:
                if _sha256(v["file"]) != v["sha256"]:
                    fail(key, f"{v['file']} has changed since the game was saved (SHA-256 differs)")
            except OSError:
                fail(key, f"cannot read {v['file']!r}")
            options[key] = v["file"]
        try:
            return cls(**options)
        except RulesError as err:
            text = str(err)
            fail(text.split(":")[0] if text.split(":")[0] in _OPTION_TYPES else "", text)


@dataclass(frozen=True)
class GameState:
    """An immutable Augustus position plus its history.

    Build it with :func:`~rometools.augustus.new_game` and change it only with
    :func:`~rometools.augustus.apply`.

    Attributes
    ----------
    config : GameConfig
    phase : str
        ``"deal"``, ``"draw"``, ``"refill"`` (chance), ``"keep"``, ``"place"``,
        ``"remove"``, ``"power_place"``, ``"claim"``, ``"take"`` (a seat
        decides) or ``"over"``.
    seat : int
        The seat deciding (decision phases), else ``-1``.
    row : tuple[int, ...]
        The central row, card numbers.
    pile : tuple[int, ...]
        Face-down cards left, sorted (their order is hidden: each card taken
        from the pile is a chance node).
    hands : tuple[tuple[int, ...], ...]
        Per seat, cards dealt and not yet kept or discarded (set-up).
    in_play : tuple[tuple[Placed, ...], ...]
        Per seat, the objectives in front of the player with their legions.
    controlled : tuple[tuple[int, ...], ...]
        Per seat, completed objectives in the order completed.
    reserve : tuple[int, ...]
        Legions in each seat's reserve (legions).
    legions : tuple[int, ...]
        Legions each seat owns (7, plus extra-legion powers).
    rewards : tuple[int, ...]
        Holder seat of each reward tile (``components.rewards`` order), ``-1`` available.
    bag : tuple[int, ...]
        Tokens drawn since the last reset, per token kind (components order).
    caller : int
        The seat that draws ("crieur public").
    token : str or None
        The token drawn this turn.
    to_place : tuple[int, ...]
        Seats still to place this turn, in order.
    queue : tuple[tuple[int, int], ...]
        Completions waiting: ``(seat, card)``, in the order they resolve.
    current : tuple[int, int, str] or None
        The completion being resolved: ``(seat, card, stage)``.
    draws : int
        Tokens drawn so far (draws).
    history : tuple[tuple, ...]
        One record per action, chance outcomes included (see
        :func:`~rometools.augustus.action_history`).
    events : tuple[tuple, ...]
        What the rules did on their own: ``(k, "complete", seat, card)``,
        ``(k, "reward", seat, tile)``, ``(k, "reward_moves", tile, from, to)``,
        ``(k, "lost", seat, tile)``, ``(k, "reset", caller)``, ``(k, "end", why)``,
        ``k`` the number of actions applied when it happened.
    start : None
        Augustus games always start from the set-up.
    seed : int, tuple or None
        Entropy of the generator that dealt the game (not compared).

    Examples
    --------
    >>> from rometools.augustus import new_game
    >>> s = new_game(GameConfig(players=2), rng=4)
    >>> s.phase, s.seat, len(s.pile), s.reserve
    ('keep', 0, 71, (7, 7))
    """

    config: GameConfig
    phase: str
    seat: int
    row: tuple[int, ...]
    pile: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    in_play: tuple[tuple[Placed, ...], ...]
    controlled: tuple[tuple[int, ...], ...]
    reserve: tuple[int, ...]
    legions: tuple[int, ...]
    rewards: tuple[int, ...]
    bag: tuple[int, ...]
    caller: int
    token: str | None = None
    to_place: tuple[int, ...] = ()
    queue: tuple[tuple[int, int], ...] = ()
    current: tuple[int, int, str] | None = None
    draws: int = 0
    history: tuple[tuple, ...] = ()
    events: tuple[tuple, ...] = ()
    start: None = None
    seed: Any = field(default=None, compare=False)

    def bag_left(self) -> dict[str, int]:
        """Tokens in the bag now, ``{token id: tokens}``.

        Examples
        --------
        >>> from rometools.augustus import new_game
        >>> sum(new_game(rng=1).bag_left().values())
        23
        """
        comps = self.config.components
        return {t.id: t.count - n for t, n in zip(comps.tokens, self.bag, strict=True)}
