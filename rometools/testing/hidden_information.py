"""The ``hidden_information`` check of :func:`rometools.testing.check_game`: what a seat cannot see stays hidden.

A game that hides information from some seats (a hand, a goal tile, a face-down pile)
registers ``information_state(state, seat) -> str`` (everything the seat knows) and
``resample(state, seat, rng) -> state`` (a state the seat cannot tell from ``state``) on
its :class:`~rometools.core.game.GameSpec`. Information-set MCTS
(:mod:`rometools.core.search`), the OpenSpiel bridge and the bots rely on them; this
check holds a game to what they promise, at the decision nodes of seeded games:

* **twins**: states the seat to move cannot tell apart, made two ways: ``resample(state,
  seat, rng)`` itself (with :data:`TWINS` seeds per position), and pairs of the games' own
  states that give the seat to move the same ``information_state``;
* **resample keeps what the seat knows**: a twin from ``resample`` keeps every public field
  the game declares (``GameSpec.public_fields``) and has the same ``information_state`` for
  the seat (every public fact and the seat's own hand), the same seat to move and the same
  legal actions, and ``resample`` leaves its input unchanged;
* **the information state shows every public fact and decides what the seat may do**: the
  games' own states that give the seat the same information state agree on every public
  field and have the same legal actions;
* **resample is canonical**: twins resample to the same state for the same rng (the same
  state for a twin made by ``resample``, which keeps the record of the game; the same
  information state for every seat for two positions of different games), so a search
  from twins is the same search;
* **the bots read only what their seat knows**: every registered bot, with the same seed,
  makes the same move at twins;
* **so does MCTS**: :class:`~rometools.core.search.MCTSBot` (:data:`MCTS_BUDGET`
  simulations, the same seed) makes the same decision at twins, at :data:`MCTS_POSITIONS`
  positions.

A second check, ``resample_reachable`` (:func:`check_resample_reachable`), holds ``resample``
to giving **a state the game reaches**: a twin is its own saved game, its history replayed
from the start (:mod:`rometools.core.saved`) loading back equal to it. A ``resample`` that deals
the hidden hands and the deck again but leaves the history naming the cards as they were dealt
makes a state no game reaches (a saved game, a replay or a search from it plays another game);
``resample`` rewrites the hidden entries of the history too, canonically, from public facts
(``docs/new-game.md``, "Hidden information"). It checks the same twins, at the same positions.

A perfect-information game (neither hook registered) is not checked: the report says so; so
does a game that declares no public fields. What the check cannot see: a public fact kept in no
declared field (in the history alone) that ``information_state`` also omits, and a relation
between a public fact and a hidden one (a hand holding the cards its seat was seen to take
from a face-up display): those are the game's own to test.

Examples
--------
>>> from rometools.testing import check_game
>>> print(check_game("via_romana", configs=[{"players": 2}], n_games=1, checks=["hidden_information"]))
via_romana: 1 check passed on 1 config
  config 0 {'players': 2}: hidden_information
>>> print(check_game("pig", n_games=1, checks=["hidden_information"]))
pig: 0 checks passed on 0 configs
  note: pig hides no information (no information_state and resample on its GameSpec): the hidden_information check does not apply
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import numpy as np

from rometools.core.formatting import shown
from rometools.core.load import Game
from rometools.core.playout import states
from rometools.core.spec import GameSpec
from rometools.testing._common import _require

__all__ = ["MCTS_BUDGET", "MCTS_POSITIONS", "PAIRS", "POSITIONS", "TWINS", "check_hidden_information",
           "check_resample_reachable"]

#: Decision nodes per config whose twins are checked (spread over the games played).
POSITIONS = 40
#: Twins ``resample`` makes of each position.
TWINS = 2
#: Pairs of the games' own states with the same information state that are checked.
PAIRS = 20
#: Positions where MCTS decides at a twin, and its simulations per decision.
MCTS_POSITIONS, MCTS_BUDGET = 2, 8


def check_hidden_information(spec: GameSpec, game: Game, games: Sequence[tuple[str, Any]], seed: int,
                             notes: list[str]) -> bool | None:
    """Hold a game's ``information_state`` and ``resample``, its bots and MCTS to what the seat knows.

    Parameters
    ----------
    spec : GameSpec
    game : Game
        The game in the config under check.
    games : sequence of (str, state)
        Finished games of that config, each with a label (``"the playthrough of seed 3"``);
        their decision nodes are the positions.
    seed : int
        Seeds every ``resample`` and every bot asked (the same arguments check the same).
    notes : list of str
        Appended to: why the check does not apply, or what it could not check.

    Returns
    -------
    bool or None
        ``False`` when the game hides no information (a note says so), else ``None``.

    Raises
    ------
    AssertionError
        At the first twin that breaks a rule above, naming the position, the seat, what
        differs between the twins (the state's fields) and what changed.
    """
    if spec.information_state is None:
        notes.append(f"{spec.id} hides no information (no information_state and resample on its GameSpec): "
                     f"the hidden_information check does not apply")
        return False
    rules = spec.rules
    positions = _positions(rules, games)
    if not positions:
        notes.append(f"{spec.id}: no decision node in the games played: the hidden_information check had "
                     f"nothing to check")
        return None
    if not spec.public_fields:
        notes.append(f"{spec.id} declares no public_fields on its GameSpec: that resample keeps every public "
                     f"fact was checked through information_state alone")
    picked = _spread(positions, POSITIONS)
    moved = 0
    for i, (at, state, seat) in enumerate(picked):
        info = _information(spec, state, seat, at)
        for j in range(TWINS):
            twin = _twin(spec, rules, state, seat, info, at, np.random.default_rng([seed, i, j]))
            moved += twin != state
            _same_for_the_seat(spec, game, state, twin, seat, at, [seed, i, j], by_resample=True)
    if not moved:
        notes.append(f"{spec.id}: resample returned the state itself at {len(picked)} positions: its twins "
                     f"checked nothing")
    for k, (at, a, b, seat) in enumerate(_pairs(spec, positions)):
        differ = _public_differences(spec, a, b)
        _require(not differ, f"{at}: two positions give seat {seat} the same information_state but differ in "
                             f"public field{'s' if len(differ) > 1 else ''} {', '.join(differ)}: the information "
                             f"state leaves out a public fact")
        _require(rules.legal_actions(a) == rules.legal_actions(b),
                 f"{at}: two positions give seat {seat} the same information_state but different legal "
                 f"actions: the information state hides something the seat knows")
        _same_for_the_seat(spec, game, a, b, seat, at, [seed, POSITIONS + k], by_resample=False)
    _same_mcts_decision(spec, game, rules, positions, seed)
    return None


def check_resample_reachable(spec: GameSpec, game: Game, games: Sequence[tuple[str, Any]], seed: int,
                             notes: list[str]) -> bool | None:
    """Hold a game's ``resample`` to states the game reaches: each twin's history replays to it.

    The twins are :func:`check_hidden_information`'s (the same positions and seeds). Assumes
    nothing of the game: a twin is saved (:func:`rometools.core.saved.saved_game`, the config,
    the start and ``action_history``) and loaded back through the game's ``from_json``, which
    replays every action from the start.

    Parameters
    ----------
    spec, game, games, seed, notes
        As :func:`check_hidden_information`.

    Returns
    -------
    bool or None
        ``False`` when the game hides no information (a note says so), else ``None``.

    Raises
    ------
    AssertionError
        At the first twin whose saved game does not load, or loads as another state, naming the
        position, the seat and the fields that differ.

    Examples
    --------
    >>> from rometools.testing import check_game
    >>> print(check_game("pig", n_games=1, checks=["resample_reachable"]).notes[0])
    pig hides no information (no information_state and resample on its GameSpec): the resample_reachable check does not apply
    """
    if spec.information_state is None:
        notes.append(f"{spec.id} hides no information (no information_state and resample on its GameSpec): "
                     f"the resample_reachable check does not apply")
        return False
    rules = spec.rules
    for i, (at, state, seat) in enumerate(_spread(_positions(rules, games), POSITIONS)):
        for j in range(TWINS):
            twin = spec.resample(state, seat, np.random.default_rng([seed, i, j]))
            _reachable(rules, twin, seat, at)
    return None


# ------------------------------------------------------------------ the positions and their twins
def _positions(rules: Any, games: Sequence[tuple[str, Any]]) -> list[tuple[str, Any, int]]:
    """``(where, state, seat)`` for every decision node of the games."""
    out = []
    for label, end in games:
        for n, s in enumerate(states(end)):
            seat = rules.current_player(s)
            if seat >= 0:
                out.append((f"{label}, after {n} actions (seat {seat} to move)", s, seat))
    return out


def _spread(items: list, n: int) -> list:
    """At most ``n`` of ``items``, evenly spread, first and last included."""
    if len(items) <= n:
        return list(items)
    return [items[round(k * (len(items) - 1) / (n - 1))] for k in range(n)] if n > 1 else items[:1]


def _information(spec: GameSpec, state: Any, seat: int, at: str) -> str:
    info = spec.information_state(state, seat)
    _require(isinstance(info, str), f"{at}: information_state returned {type(info).__name__}, not a str")
    return info


def _twin(spec: GameSpec, rules: Any, state: Any, seat: int, info: str, at: str, rng: np.random.Generator) -> Any:
    """``resample(state, seat, rng)``, checked to be a state the seat cannot tell from ``state``."""
    before = rules.to_json(state)
    twin = spec.resample(state, seat, rng)
    _require(rules.to_json(state) == before, f"{at}: resample(state, {seat}, rng) changed its input state")
    _require(type(twin) is type(state), f"{at}: resample returned a {type(twin).__name__}, not a "
                                        f"{type(state).__name__}")
    differ = _public_differences(spec, state, twin)
    _require(not differ, f"{at}: resample(state, {seat}, rng) changed public field{'s' if len(differ) > 1 else ''} "
                         f"{', '.join(differ)} (GameSpec.public_fields): it forgets a public fact")
    now = spec.information_state(twin, seat)
    _require(now == info, f"{at}: resample(state, {seat}, rng) changed what seat {seat} knows (its own hand or "
                          f"a public fact; {_fields(state, twin)} differ): its information_state "
                          f"{_first_difference(info, now)}")
    _require(rules.current_player(twin) == seat and rules.legal_actions(twin) == rules.legal_actions(state),
             f"{at}: resample(state, {seat}, rng) changed the seat to move or its legal actions "
             f"({_fields(state, twin)} differ), though seat {seat}'s information_state is the same")
    return twin


def _reachable(rules: Any, twin: Any, seat: int, at: str) -> None:
    """A twin is a state the game reaches: its saved game (its history replayed from the start) loads back equal to it."""
    from rometools.core.errors import RometoolsError
    from rometools.core.saved import saved_game

    rewrite = ("resample must rewrite the hidden entries of the history too, canonically (from public facts, "
               "as it deals the hidden ones), so that the history replays to the state it returns")
    try:
        again = rules.from_json(saved_game(twin, check=False))
    except (RometoolsError, ValueError) as err:
        raise AssertionError(f"{at}: resample(state, {seat}, rng) returned a state the game cannot reach: its "
                             f"saved game (its history replayed from the start) does not load ({err}): "
                             f"{rewrite}") from None
    _require(again == twin, f"{at}: resample(state, {seat}, rng) returned a state the game cannot reach: "
                            f"replaying its history from the start gives another state ({_fields(twin, again)} "
                            f"differ): the history still names hidden facts as they were; {rewrite}")


def _pairs(spec: GameSpec, positions: list) -> list[tuple[str, Any, Any, int]]:
    """Up to :data:`PAIRS` pairs of different positions that give the seat to move the same information state."""
    first: dict[tuple[int, str], tuple[str, Any]] = {}
    out = []
    for at, s, seat in positions:
        key = (seat, spec.information_state(s, seat))
        if key not in first:
            first[key] = (at, s)
        elif first[key][1] != s and len(out) < PAIRS:
            out.append((f"{first[key][0]} and {at}", first[key][1], s, seat))
    return out


# ------------------------------------------------------------------ what must not differ between twins
def _same_for_the_seat(spec: GameSpec, game: Game, a: Any, b: Any, seat: int, at: str, seeds: list[int],
                       by_resample: bool) -> None:
    """Twins ``a`` and ``b`` (seat ``seat`` cannot tell them apart) resample alike, and every bot moves alike."""
    hidden = _fields(a, b)
    ra = spec.resample(a, seat, np.random.default_rng(seeds))
    rb = spec.resample(b, seat, np.random.default_rng(seeds))
    if by_resample:
        same = ra == rb
    else:   # two games' records differ: what every seat could see of the resampled states must not
        same = all(spec.information_state(ra, k) == spec.information_state(rb, k) for k in range(game.players))
    _require(same, f"{at}: resample is not canonical: two states seat {seat} cannot tell apart ({hidden} "
                   f"differ) resample to different states with the same rng ({_fields(ra, rb)} differ), "
                   f"so a search from either is a different search: list the unseen facts in an order "
                   f"that does not depend on where they are")
    for name in spec.bots:
        bot = game.bot(name)
        x = bot.choose(a, np.random.default_rng(seeds))
        y = bot.choose(b, np.random.default_rng(seeds))
        _require(x == y, f"{at}: bot {name!r} chose {shown(x)} at one state and {shown(y)} at a twin that "
                         f"differs only in what seat {seat} cannot see ({hidden}), with the same seed: the "
                         f"bot reads hidden information")


def _same_mcts_decision(spec: GameSpec, game: Game, rules: Any, positions: list, seed: int) -> None:
    """MCTS decides the same at a position and its twin, at the latest positions with a choice."""
    from rometools.core.search import MCTSBot

    choices = [p for p in positions if len(rules.legal_actions(p[1])) > 1]
    for i, (at, state, seat) in enumerate(_spread(choices[len(choices) // 2:], MCTS_POSITIONS)):
        twin = spec.resample(state, seat, np.random.default_rng([seed, 2**31, i]))
        x = MCTSBot(MCTS_BUDGET).choose(state, np.random.default_rng([seed, i]))
        y = MCTSBot(MCTS_BUDGET).choose(twin, np.random.default_rng([seed, i]))
        _require(x == y, f"{at}: MCTS ({MCTS_BUDGET} simulations) chose {shown(x)} at one state and {shown(y)} "
                         f"at a twin that differs only in what seat {seat} cannot see ({_fields(state, twin)}), "
                         f"with the same seed: the search reads hidden information")


# ------------------------------------------------------------------ naming a difference
def _public_differences(spec: GameSpec, a: Any, b: Any) -> list[str]:
    """The declared public fields (``spec.public_fields``) in which two states differ."""
    return [name for name in spec.public_fields if getattr(a, name) != getattr(b, name)]


def _fields(a: Any, b: Any) -> str:
    """The compared fields in which two states differ ("goals, goals_left"), or "nothing"."""
    if not dataclasses.is_dataclass(a) or type(a) is not type(b):
        return "the states" if a != b else "nothing"
    names = [f.name for f in dataclasses.fields(a) if f.compare and getattr(a, f.name) != getattr(b, f.name)]
    return ", ".join(names) or "nothing"


def _first_difference(x: str, y: str, width: int = 30) -> str:
    """Where two texts first differ, ``width`` characters either side, a cut marked "…".

    Examples
    --------
    >>> print(_first_difference("seat 1; hand R1,R5; deck 14", "seat 1; hand R2,R5; deck 14", width=6))
    '…hand R1,R5; …' became '…hand R2,R5; …'
    >>> print(_first_difference("hand 1", "hand 2"))
    'hand 1' became 'hand 2'
    """
    k = next((i for i, (p, q) in enumerate(zip(x, y, strict=False)) if p != q), min(len(x), len(y)))
    lo = max(0, k - width)

    def cut(text: str) -> str:
        return ("…" if lo else "") + text[lo:k + width] + ("…" if k + width < len(text) else "")

    return f"{cut(x)!r} became {cut(y)!r}"
