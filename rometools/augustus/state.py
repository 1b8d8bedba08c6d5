"""Augustus values: the config, the state, an objective in play, the phases.

Plain immutable values and the constants of the game; the rules that change a
state are in :mod:`~rometools.augustus.rules`. Nothing here computes a rule.

Rules: ``003_d241425e5c31f6f1.txt`` (Mise en place, the turn, Réclamez une
récompense, Fin de la partie).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import chain
from typing import Any, NamedTuple

from rometools.augustus.components import (
    Components,
    ObjectiveSet,
    load_components,
    load_objectives,
)
from rometools.core.errors import OptionError
from rometools.core.formatting import seat_range, shown
from rometools.core.game import CHANCE, TERMINAL
from rometools.core.options import Config, option

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
#: Each phase's number, the chance phases 1 to 3 (private to the rules and the bot): their compiled
#: twins look the state's phase up here once and compare C numbers, not strings (Cython compares two
#: different strings with a call to ``PyUnicode_Compare``: some 100 instructions, a few per action;
#: the look-up compares the hashes, then the very string). A phase not here is 0.
_PHASE_CODES = {"deal": 1, "draw": 2, "refill": 3, "place": 4, "resolve": 5, "keep": 6, "over": 7, "claim": 8,
                "take": 9, "remove": 10, "power_place": 11}

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


@dataclass(frozen=True)
class GameConfig(Config):
    """Options of one Augustus game (:func:`~rometools.core.options.option` declares each).

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
    components : path, bundled name or Components, optional
        The bag, legions and reward tiles; default the bundled file.
    objectives : path, bundled name or ObjectiveSet, optional
        The objective cards (read against ``components``); default the bundled
        illustrative 88.

    Raises
    ------
    OptionError
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
    rometools.core.errors.OptionError: players: Augustus is for 2 to 6 players, got 7
    >>> d = GameConfig(players=5).to_dict()
    >>> d["players"], d["objectives"]["bundled"], GameConfig.from_dict(d) == GameConfig(players=5)
    (5, 'objectives.toml', True)
    """

    players: int = option(4, "seats at the table: 2 to 6 with the bundled components (their file gives "
                                "the range).", low=1)
    first_game: bool = option(False, "deal three objectives to each player, who keeps them all (first game).")
    first_caller: int = option(0, "the seat that draws the first mobilisation token (the crier); seat 0 "
                                      "is P1.", low=0, seat=True)
    max_draws: int = option(500, "a safeguard not in the rulebook: the game also ends after this many draws "
                                 "(AU-9).", low=1, high=100_000)
    objectives: ObjectiveSet | None = option(None, "the objective cards (illustrative unless a real list "
                                                   "is given).", file=load_objectives, kind=ObjectiveSet,
                                             depends="components")
    legion_supply: str = option("box", "where the powers that grant a legion take it from: the legions left in the "
                                "box after the set-up, none once they are gone (box, AU-13), or an endless "
                                "supply (unlimited).", choices=("box", "unlimited"))
    components: Components | None = option(None, "the mobilisation bag, the legions and the reward tiles.",
                                           file=load_components, kind=Components)

    def resolve(self) -> None:
        comps = self.components if self.components is not None else load_components()
        cards = self.objectives if self.objectives is not None else load_objectives(
            components=None if self.components is None else comps)
        lo, hi = comps.players
        if not lo <= self.players <= hi:
            raise OptionError("players", f"players: Augustus is for {lo} to {hi} players, got {shown(self.players)}")
        dealt = comps.first_game_dealt if self.first_game else comps.dealt
        needed = comps.central_row + self.players * dealt
        if needed > len(cards):
            raise OptionError("players", f"players: {self.players} players need {needed} objective cards for "
                                         f"the set-up, the set has {len(cards)}")
        if not 0 <= self.first_caller < self.players:
            raise OptionError("first_caller", f"first_caller must be a seat {seat_range(self.players)}, "
                                              f"got {shown(self.first_caller)}")
        object.__setattr__(self, "components", comps)
        object.__setattr__(self, "objectives", cards)

    @property
    def cards(self) -> ObjectiveSet:
        """The objective cards of the game."""
        return self.objectives


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
        :func:`~rometools.augustus.action_history`). A state the rules make holds them
        linked to its parent's and joins them when first read (:func:`joined_records`).
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

    def __getstate__(self) -> dict:
        # copied with its history as a tuple, never as the links of records (joined_records), and
        # without the rules' copy of its fields in one tuple (``"_fields"``: turn._Work reads it)
        d = dict(self.__dict__)
        d["history"] = self.history
        d.pop("_records", None)
        d.pop("_fields", None)
        return d

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


def joined_records(link: tuple) -> tuple:
    """The history records a state the rules made links to, as one tuple, in order.

    An action adds one record (:func:`~rometools.augustus.rules.apply`); joining it onto a
    copy of the whole game's records at every action made a game's time grow with the square
    of its length (a tenth of a random game's time). So a state the rules make during a game
    holds, in its ``__dict__`` under ``"_records"``, the link ``(before, size, *records)``:
    ``before`` the link of the state the action was applied to (``None`` before the first),
    ``size`` the records in all, then the action's records (the whole history of a state that
    holds its tuple, at the first link). ``GameState.history`` joins them the first time it is
    read and keeps the tuple on the state; the state that ends the game holds its tuple at once
    (the links let go). The same tuple as before: a state compares, prints and copies as before.

    Examples
    --------
    >>> joined_records(((None, 1, ("a",)), 3, ("b",), ("c",)))
    (('a',), ('b',), ('c',))
    """
    parts = []
    while link is not None:   # a loop, not recursion: a game is long
        parts.append(link[2:])
        link = link[0]
    return tuple(chain.from_iterable(reversed(parts)))


class _History:
    """``GameState.history`` of a state whose ``__dict__`` holds no ``"history"``: its
    records joined (:func:`joined_records`), and kept in its ``__dict__`` (where a state built by
    ``GameState(...)`` holds its tuple, which this non-data descriptor leaves alone)."""

    def __get__(self, state: GameState | None, owner: type | None = None) -> tuple:
        if state is None:
            return ()
        d = state.__dict__
        records = d["history"] = joined_records(d["_records"])
        return records


GameState.history = _History()   # after @dataclass, which baked the default () into __init__
