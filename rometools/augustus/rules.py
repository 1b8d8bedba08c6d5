# rometools: compiled twin
# cython: annotation_typing=False
"""Augustus rules: the reference a reader checks against the rulebook.

Rules: ``003_d241425e5c31f6f1.txt`` (French summary). Each rule below stands
beside its quote; where the text is silent or ambiguous the choice is recorded in
``docs/rules-decisions.md`` (AU-n). The values are in
:mod:`~rometools.augustus.state`; what a seat may do at a decision (placements,
moves, removals) in :mod:`~rometools.augustus.moves`; an action applied, with
every step the rules then take on their own (the turn, completions, rewards, the
end), in :mod:`~rometools.augustus.turn`; scoring in
:mod:`~rometools.augustus.scoring`. This module is the protocol over them.

The interface is the common rometools protocol (:mod:`rometools.core.game`).

Model
-----
* **Set-up (chance, then decisions).** Five cards to the central row, then the
  hands dealt seat by seat (6 each, or 3 straight into play in a first game),
  one chance node per card from the face-down pile. Each seat then keeps 3 of
  its 6 (``("keep", a, b, c)``), in seat order from the first caller.
* **A turn.** The caller draws a token (a chance node over what is left in the
  bag). Every seat, in seat order from the caller, places one legion or passes
  (AU-1: "Tous les joueurs ... peuvent placer" is simultaneous at the table;
  here later seats see earlier placements). A seat with nothing it could place
  is skipped. Then every completed objective resolves in increasing number.
* **Actions.** ``("place", card, symbol)`` a legion from the reserve;
  ``("move", from_card, from_symbol, card, symbol)`` a legion already placed;
  ``"pass"``; ``("keep", a, b, c)``; ``("remove", seat, card, symbol)`` and
  ``("place", card, symbol)`` for the powers; ``"claim"`` / ``"decline"`` a count
  reward; ``("take", card)`` from the central row. Chance outcomes: a card
  number (deal, refill) or a token id (draw).
* **What a bot may read.** Everything in the state. The pile is a sorted set
  (its order is hidden and each card from it is a chance node); the bag's
  contents are public. At the keep step a seat can see the hands dealt to the
  others and the keeps of earlier seats, which the table hides (AU-1).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

try:
    import cython
except ImportError:  # Cython is only needed to compile this module
    from rometools.core import _cython as cython

from rometools.augustus.state import (
    _PHASE_CODES,
    CHANCE,
    TERMINAL,
    GameConfig,
    GameState,
)
from rometools.core._cython import compiled_or_plain
from rometools.core.errors import refused, wrong_config
from rometools.core.formatting import shown
from rometools.core.rng import RngLike, as_generator, seed_entropy

# what a seat may do (moves.py), its compiled twin where it was built (the same source)
moves = compiled_or_plain("rometools.augustus.moves")
accepted_symbols, can_place, decisions, open_slots = (
    moves.accepted_symbols, moves.can_place, moves.decisions, moves.open_slots)
placements, power_symbols, removals, why_not = moves.placements, moves.power_symbols, moves.removals, moves.why_not
as_action, is_action = moves.as_action, moves.is_action
# an action applied and the rules' own steps after it (turn.py), its compiled twin where it was built
turn = compiled_or_plain("rometools.augustus.turn")
applied, dealt = turn.applied, turn.dealt

#: The phases' numbers (:data:`~rometools.augustus.state._PHASE_CODES`), C numbers compiled: the phase
#: of a state asked at every step (:func:`current_player`, :func:`random_source`) is looked up once and
#: compared as a number, not as a string a few times.
_CODES = cython.declare(dict, _PHASE_CODES)
_DEAL = cython.declare(cython.long, _PHASE_CODES["deal"])
_DRAW = cython.declare(cython.long, _PHASE_CODES["draw"])
_REFILL = cython.declare(cython.long, _PHASE_CODES["refill"])
_OVER = cython.declare(cython.long, _PHASE_CODES["over"])


@cython.cfunc
@cython.inline
def _code(phase) -> cython.long:
    """The phase's number (:data:`_CODES`), 0 for a phase not there."""
    got = _CODES.get(phase) if isinstance(phase, str) else None
    return 0 if got is None else got


if cython.compiled:   # a state's __dict__ read in C (what the attribute __dict__ gives, without its search)
    from cython.cimports.cpython.object import PyObject_GenericGetDict

#: The fields :func:`_fields` reads by name of a value that is not a ``GameState`` itself.
_FIELD_NAMES: tuple = ("config", "phase", "seat", "row", "pile", "hands", "in_play", "controlled", "reserve",
                       "legions", "rewards", "bag", "caller", "token", "to_place", "queue", "current", "draws")


@cython.cfunc
def _fields(state) -> dict:
    """A state's fields by name: a ``GameState``'s own ``__dict__`` (which holds every field; compiled,
    read in C), so that a function asked at every step reads each field with one look-up of its dict,
    not an attribute's search through the class first (a third of :func:`random_source`). Any other
    value: its attributes read by name (a missing one raises ``AttributeError``, as reading it did)."""
    if type(state) is GameState:
        if cython.compiled:
            return PyObject_GenericGetDict(state, cython.NULL)
        return state.__dict__
    return {name: getattr(state, name) for name in _FIELD_NAMES}

__all__ = [
    "action_history",
    "apply",
    "apply_legal",
    "chance_outcomes",
    "chance_weights",
    "current_player",
    "random_source",
    "legal_actions",
    "new_game",
    "open_slots",
]


# ===================================================================== the protocol
def new_game(config: GameConfig | None = None, rng: RngLike = None) -> GameState:
    """Start a game: the set-up deal is pending (a chance node), or sampled with ``rng``.

    Rule: "Cinq objectifs sont placés au centre de la table. Chaque joueur en reçoit six
    distribués au hasard." (Mise en place)

    Parameters
    ----------
    config : GameConfig, optional
        Default ``GameConfig()`` (4 players).
    rng : None, int or numpy.random.Generator
        If given, the set-up deal is sampled from it (the same law as the chance
        nodes) and recorded in the history; the state returned is the first keep.

    Examples
    --------
    >>> s = new_game()
    >>> current_player(s) == CHANCE, len(chance_outcomes(s))
    (True, 88)
    >>> s = new_game(rng=7)
    >>> s.phase, current_player(s), len(s.row), [len(h) for h in s.hands]
    ('keep', 0, 5, [6, 6, 6, 6])
    """
    config = config or GameConfig()
    if not isinstance(config, GameConfig):
        raise wrong_config(GameConfig, config)
    comps = config.components
    n = config.players
    legions = tuple(comps.legions_per_player + config.handicap.bonus(s) for s in range(n))  # a handicap's legions
    state = GameState(config, "deal", -1, (), config.cards.numbers, ((),) * n, ((),) * n, ((),) * n,
                      legions, legions,
                      (-1,) * len(comps.rewards), (0,) * len(comps.tokens), config.first_caller)
    if rng is None:
        return state
    gen = as_generator(rng)  # one shuffle of the pile: the same law as a uniform card at each node
    cards = comps.central_row + n * (comps.first_game_dealt if config.first_game else comps.dealt)
    numbers = config.cards.numbers
    return dealt(state, [numbers[i] for i in gen.permutation(len(state.pile))[:cards].tolist()],
                 seed_entropy(rng))


@cython.locals(code=cython.long, d=dict)
def current_player(state: GameState) -> int:
    """The seat to decide, :data:`CHANCE` at a deal, draw or refill, :data:`TERMINAL` once over.

    Examples
    --------
    >>> current_player(new_game()), current_player(new_game(rng=0))
    (-1, 0)
    """
    d = _fields(state)
    code = _code(d["phase"])   # read once, as a number: asked at every step of a game
    if _DEAL <= code <= _REFILL:   # state.CHANCE_PHASES
        return CHANCE
    if code == _OVER:
        return TERMINAL
    return d["seat"]


def chance_outcomes(state: GameState) -> list[tuple[Any, Fraction]]:
    """The pending chance node: ``[(outcome, probability)]`` summing to 1; ``[]`` elsewhere.

    A card from the face-down pile (the set-up deal, a refill of the central row):
    every card left is equally likely. A token: "Le crieur ... pioche un jeton" from
    what is left in the bag since the last joker.

    Examples
    --------
    >>> chance_outcomes(new_game())[0]
    (1, Fraction(1, 88))
    >>> s = new_game(GameConfig(first_game=True), rng=3)
    >>> s.phase, dict(chance_outcomes(s))["joker"]
    ('draw', Fraction(2, 23))
    """
    if state.phase in ("deal", "refill"):
        p = Fraction(1, len(state.pile))
        return [(n, p) for n in state.pile]
    if state.phase == "draw":
        left = state.bag_left()
        total = sum(left.values())
        return [(t, Fraction(k, total)) for t, k in left.items() if k]
    return []


@cython.locals(code=cython.long, names=list, d=dict, last=tuple, central_row=cython.Py_ssize_t,
               dealt=cython.Py_ssize_t, first_game=cython.bint, players=cython.long, s=cython.Py_ssize_t,
               k=cython.Py_ssize_t, i=cython.Py_ssize_t, f=tuple)
def random_source(state: GameState) -> str:
    """Where the randomness at ``state`` comes from (``GameSpec.random_source``), each its own stream.

    The set-up deal names where the card goes (``"row"``, ``"hand 2"``), a refill of the central
    row is ``"refill"``, a token is drawn from ``"bag"``; a decision is ``"seat 2 draw 14"`` (the
    seat, and the tokens drawn so far: a seat's tie-breaks between two draws). A variant that
    changes when objectives are completed (and the row refilled) then leaves the bag's draws as
    they were.

    Examples
    --------
    >>> random_source(new_game()), random_source(new_game(GameConfig(first_game=True), rng=3))
    ('row', 'bag')
    """
    global _LAST_DEAL
    d = _fields(state)
    got = d.get("_fields")   # a state the rules made holds its fields in one tuple too (_records.frozen)
    if type(got) is tuple:   # read by place: one look-up of the dict, not three
        f = got
        phase, seat, draws = f[_AT_PHASE], f[_AT_SEAT], f[_AT_DRAWS]
    else:
        phase, seat, draws = d["phase"], d["seat"], d["draws"]
    code = _code(phase)
    if code == _DRAW:
        return "bag"
    if code == _REFILL:
        return "refill"
    if code == _DEAL:
        config = d["config"]
        last = _LAST_DEAL   # the config's counts read once (the deal asks at each of its cards)
        if last[0] is not config:
            comps = config.components
            last = _LAST_DEAL = (config, comps.central_row, comps.first_game_dealt if config.first_game
                                 else comps.dealt, bool(config.first_game), config.players)
        central_row, dealt, first_game, players = last[1], last[2], last[3], last[4]
        if len(d["row"]) < central_row:
            return "row"
        rows = d["in_play"] if first_game else d["hands"]
        for i in range(players):
            if len(rows[i]) < dealt:
                return _HAND_SOURCES[i] if i < len(_HAND_SOURCES) else "hand " + str(i)
        return "deal"
    # asked at every decision: each name made once; compiled, the seat and draws compared and read as C numbers
    if type(seat) is int and type(draws) is int and 0 <= seat < 6 and 0 <= draws < 4096:   # _SEAT_SOURCES, _NAMED_DRAWS
        s, k = seat, draws
        names = _SEAT_SOURCES[s]
        while len(names) <= k:
            names.append("seat " + str(s) + " draw " + str(len(names)))
        return names[k]
    return "seat " + str(seat) + " draw " + str(draws)


#: :func:`random_source`'s names of a decision, by seat (up to 6), then by the tokens drawn so far (up to
#: :data:`_NAMED_DRAWS`), made as first asked.
_SEAT_SOURCES = cython.declare(tuple, tuple([] for _ in range(6)))
#: :func:`random_source`'s names of the set-up's cards dealt to a hand, by seat (up to 6).
_HAND_SOURCES = cython.declare(tuple, tuple("hand " + str(seat) for seat in range(6)))
#: ``(config, central_row, cards dealt each, first_game, players)`` of the deal last asked (one tuple,
#: replaced at once).
_LAST_DEAL: tuple = (None, 0, 0, False, 0)
_NAMED_DRAWS = cython.declare(cython.long, 4096)
#: Where the phase, the seat and the draws are in a state's ``"_fields"`` tuple (``_records._FIELD_NAMES``'
#: order; tests/augustus hold the two equal).
_AT_PHASE = cython.declare(cython.Py_ssize_t, 0)
_AT_SEAT = cython.declare(cython.Py_ssize_t, 1)
_AT_DRAWS = cython.declare(cython.Py_ssize_t, 16)


@cython.locals(code=cython.long, d=dict, last=tuple, ids=tuple, counts=tuple, bag=tuple, k=cython.Py_ssize_t,
               left=cython.long, outcomes=list, weights=list)
def chance_weights(state: GameState) -> tuple[list, list[int]]:
    """:func:`chance_outcomes` as whole-number weights: 1 per card left in the pile, the tokens
    left of each kind in the bag.

    Examples
    --------
    >>> s = new_game(GameConfig(first_game=True), rng=3)
    >>> outcomes, weights = chance_weights(s)
    >>> weights[outcomes.index("joker")], sum(weights)
    (2, 23)
    """
    global _LAST_DRAWS
    d = _fields(state)
    code = _code(d["phase"])
    if code == _DRAW:   # state.bag_left() without the dict (a draw is every other action)
        config = d["config"]
        last = _LAST_DRAWS   # the config of the draw before (every draw of a game): its tokens' ids and counts
        if last[0] is not config:
            tokens = config.components.tokens
            last = _LAST_DRAWS = (config, tuple(t.id for t in tokens), tuple(t.count for t in tokens))
        ids, counts = last[1], last[2]
        bag = tuple(d["bag"])   # (a tuple already: the state's)
        if len(bag) != len(ids):
            raise ValueError(f"the bag counts {len(bag)} token kinds, the components {len(ids)}")
        outcomes, weights = [], []
        for k in range(len(ids)):   # each kind's tokens left, counted in C (7 kinds: no table per bag to look up)
            left = counts[k] - bag[k]
            if left > 0:
                outcomes.append(ids[k])
                weights.append(left)
        return outcomes, weights
    if code in (_DEAL, _REFILL):
        pile = d["pile"]
        return list(pile), [1] * len(pile)
    return [], []


#: ``(config, its tokens' ids, their counts)`` of the draw last asked (one tuple, replaced at once).
_LAST_DRAWS: tuple = (None, (), ())


@cython.locals(code=cython.long)
def legal_actions(state: GameState) -> list:
    """Legal actions: the chance outcomes at a chance node, the seat's choices otherwise.

    Returns
    -------
    list
        See the module docstring for the action forms; ``[]`` once over.

    Examples
    --------
    >>> s = new_game(rng=3)
    >>> len(legal_actions(s)), legal_actions(s)[0][0]
    (20, 'keep')
    """
    code = _code(_fields(state)["phase"])
    if _DEAL <= code <= _REFILL:   # state.CHANCE_PHASES
        return [a for a, _ in chance_outcomes(state)]
    if code == _OVER:
        return []
    return decisions(state)


def apply(state: GameState, action: Any) -> GameState:
    """Apply one action (or chance outcome) and return the new state; ``state`` is unchanged.

    Raises
    ------
    InvalidActionError
        For a value that is no action of the game at all, quoting it: neither
        a card number of the objectives, a token id, nor a decision's form
        (the module docstring) naming cards, symbols and seats of the game.
    IllegalActionError
        For an action of the game the rules forbid now, saying why: another
        phase's decision, a chance outcome at a decision or a decision at a
        chance node, a card not in hand, a slot not open, a token no longer in
        the bag, any action once the game is over.

    Examples
    --------
    >>> s = new_game(rng=3)
    >>> s2 = apply(s, legal_actions(s)[0])
    >>> s2.in_play[0] != s.in_play[0], s2.seat
    (True, 1)
    >>> apply(s2, "pass")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    rometools.core.errors.IllegalActionError: P2 keeps 3 of the cards dealt, e.g. ('keep', ...); got 'pass'
    """
    action = as_action(action)
    if state.phase == "over":
        config = state.config
        raise refused(f"the game is over; no action {shown(action)} can be applied",
                      well_formed=is_action(config, action))
    return applied(state, action, False)


def apply_legal(state: GameState, action: Any) -> GameState:
    """:func:`apply` for an action taken from :func:`legal_actions` of ``state`` (no second check).

    The same new state as ``apply`` (tested after every move of seeded games); a placement,
    move or removal is not looked up again among the seat's decisions, which was a third of
    a random game's time, and a drawn token or card is not looked for in the bag or pile. An action not legal here gives a wrong state, not an error: callers
    that may hold one (an untrusted bot, a designer) use :func:`apply`.

    Examples
    --------
    >>> s = new_game(rng=3)
    >>> a = legal_actions(s)[0]
    >>> apply_legal(s, a) == apply(s, a)
    True
    """
    if _code(_fields(state)["phase"]) == _OVER:
        return apply(state, action)
    return applied(state, action, True)



def action_history(state: GameState) -> tuple:
    """The actions applied since the start, chance outcomes included, for replay and saving.

    Examples
    --------
    >>> s = new_game(rng=3)
    >>> a = action_history(s)
    >>> len(a), a[0] == s.row[0]
    (29, True)
    """
    out = []
    for h in state.history:
        kind = h[0]
        if kind in ("deal_row", "refill"):
            out.append(h[1])
        elif kind == "deal":
            out.append(h[2])
        elif kind == "draw":
            out.append(h[1])
        elif kind == "keep":
            out.append(("keep", *h[2]))
        elif kind in ("place", "power_place"):
            out.append(("place", h[2], h[3]))
        elif kind == "move":
            out.append(("move", *h[2:]))
        elif kind == "remove":
            out.append(("remove", *h[2:]))
        elif kind == "take":
            out.append(("take", h[2]))
        else:  # pass, claim, decline
            out.append(kind)
    return tuple(out)


