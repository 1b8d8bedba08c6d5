# rometools: compiled twin
# cython: annotation_typing=False
"""What a seat may do at a decision node of Augustus: the legal placements, moves and choices.

Rules: ``003_d241425e5c31f6f1.txt`` (the turn, Le jeton joker, the powers). Read
by :mod:`~rometools.augustus.rules`, which runs the game; these functions only
list what is legal (on a state, or on the working copy ``rules`` applies an action
to: anything with the state's fields), word why an action is not, and tell a value
that is no action of the game at all (:func:`as_action`, :func:`is_action`).

Examples
--------
>>> from rometools.augustus import GameConfig, apply, new_game
>>> s = apply(new_game(GameConfig(players=2, first_game=True), rng=1), "shield")
>>> all(a == "pass" or a[0] in ("place", "move") for a in decisions(s))
True
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

try:
    import cython
except ImportError:  # Cython is only needed to compile this module
    from rometools.core import _cython as cython

from rometools.augustus.components import Objective
from rometools.augustus.state import PASS, GameConfig, GameState
from rometools.core.errors import InvalidActionError, refused
from rometools.core.formatting import shown

__all__ = [
    "accepted_symbols",
    "as_action",
    "can_place",
    "can_remove",
    "count_tile",
    "decisions",
    "is_action",
    "open_slots",
    "placements",
    "power_symbols",
    "refusal",
    "removals",
    "why_not",
]


def open_slots(card: Objective, legions: tuple[int, ...]) -> dict[str, int]:
    """Open slots of a card with ``legions`` on it, ``{symbol: slots}`` (only symbols still open).

    Rule: "Un objectif est complété dès que toutes ses cases sont occupées par une légion."

    Examples
    --------
    >>> from rometools.augustus import load_objectives
    >>> card = load_objectives().card(2)
    >>> card.slots, open_slots(card, (1, 0, 1))
    ((('chariot', 1), ('catapult', 1), ('dagger', 2)), {'catapult': 1, 'dagger': 1})
    """
    return {s: n - k for (s, n), k in zip(card.slots, legions, strict=True) if n > k}


#: Per config, by ``id``: ``(config, (joker, symbols, {card: (symbol, counts_as)} of its symbol_as
#: powers, {card: slots}))``, read once per config (the components' and cards' attributes, their
#: ``by_number`` view and properties were most of :func:`accepted_symbols`' and :func:`can_place`'s
#: time, asked for every seat after every token and placement).
_CONFIG_FACTS: dict = {}
#: ``(config, its facts)`` last asked (one tuple, replaced at once).
_LAST_FACTS: tuple = (None, None)


@cython.cfunc
def _facts(config: GameConfig) -> tuple:
    """The config's entry of :data:`_CONFIG_FACTS`, built on first use."""
    global _LAST_FACTS
    last = _LAST_FACTS
    if last[0] is config:
        return last[1]
    got = _CONFIG_FACTS.get(id(config))
    if got is None or got[0] is not config:
        comps, cards = config.components, config.objectives.cards
        if len(_CONFIG_FACTS) >= 32:
            _CONFIG_FACTS.clear()
        got = _CONFIG_FACTS[id(config)] = (config, (
            comps.joker, comps.symbols,
            {c.number: (c.power.symbol, c.power.counts_as) for c in cards if c.power.kind == "symbol_as"},
            {c.number: c.slots for c in cards}))
    _LAST_FACTS = (config, got[1])
    return got[1]


def accepted_symbols(s: GameState, seat: int, token: str) -> tuple[str, ...]:
    """Slot symbols ``seat`` may fill with ``token``.

    Rule: a token fills "une case de même catégorie que le jeton"; the joker "remplace
    n'importe quelle catégorie de légion"; a controlled ``symbol_as`` power adds its
    ``counts_as`` symbol (AU-6).

    Returns
    -------
    tuple[str, ...]
        The token's symbol (first), then any the seat's powers add; every slot
        symbol for the joker.

    Examples
    --------
    >>> from rometools.augustus import new_game
    >>> s = new_game(rng=1)
    >>> accepted_symbols(s, 0, "dagger"), len(accepted_symbols(s, 0, "joker"))
    (('dagger',), 6)
    """
    joker, symbols, symbol_as, _slots = _facts(s.config)
    if token == joker:
        return symbols
    extra = []
    for n in s.controlled[seat]:   # numbers the state holds
        power = symbol_as.get(n)
        if power is not None and power[0] == token:
            extra.append(power[1])
    return (token, *extra)


@cython.locals(i=cython.Py_ssize_t)
def placements(s: GameState, seat: int, symbols: tuple[str, ...], *, moves: bool) -> list:
    """Every way for ``seat`` to put one legion on an open slot of one of ``symbols``.

    Rule: "soit en prenant une légion de leur réserve, soit en déplaçant une légion
    déjà posée. Peu importe si elle était placée sur une case d'une autre catégorie
    et/ou sur un autre objectif". An objective completed this turn (queued to
    resolve) takes no more legions.

    Parameters
    ----------
    s : GameState
    seat : int
    symbols : tuple[str, ...]
        The slot symbols allowed (:func:`accepted_symbols`).
    moves : bool
        Also list moves of legions already placed (a power places from the reserve only).

    Returns
    -------
    list
        ``("place", card, symbol)`` while the reserve holds a legion, then
        ``("move", from_card, from_symbol, card, symbol)``; slots of one symbol on
        one card count once.

    Examples
    --------
    >>> from rometools.augustus import GameConfig, new_game
    >>> s = new_game(GameConfig(first_game=True), rng=2)
    >>> all(a[0] == "place" for a in placements(s, 0, ("shield",), moves=True))
    True
    """
    slots_of = _facts(s.config)[3]
    blocked = [n for _, n in s.queue]
    targets, sources = [], []   # open slot groups of the symbols; slot groups holding a legion
    for number, legions in s.in_play[seat]:
        if number in blocked:
            continue
        # a state holds a count per slot group (Placed), read by place: a zip per objective (and
        # its strict=True, a fifth of the legal actions' time) cost more than the loop
        slots = slots_of[number]
        for i in range(len(slots)):
            sym, n = slots[i]
            if legions[i] < n and sym in symbols:
                targets.append((number, sym))
            if legions[i]:
                sources.append((number, sym))
    out: list = [("place", n, sym) for n, sym in targets] if s.reserve[seat] > 0 else []
    if moves and targets:
        for number, sym in sources:   # a legion of this slot group to any other open slot
            out += [("move", number, sym, n, t) for n, t in targets if n != number or t != sym]
    return out


@cython.locals(i=cython.Py_ssize_t, targets=cython.Py_ssize_t, sources=cython.Py_ssize_t, reserve=cython.bint)
def can_place(s: GameState, seat: int, symbols: tuple[str, ...]) -> bool:
    """Whether :func:`placements` (with moves) would list anything, without listing it.

    A seat for which it is ``False`` is skipped at the turn's placements (AU-1).

    Examples
    --------
    >>> from rometools.augustus import GameConfig, new_game
    >>> s = new_game(GameConfig(first_game=True), rng=2)
    >>> can_place(s, 0, ("shield",)) == bool(placements(s, 0, ("shield",), moves=True))
    True
    """
    slots_of = _facts(s.config)[3]
    reserve = s.reserve[seat] > 0
    # open slot groups of the symbols (targets) and slot groups holding a legion (sources), counted:
    # a move exists when some source differs from some target, which fails only when both are the
    # one same slot group (each group is counted once in each). Counting, not listing the pairs, as
    # this is asked after every token and every placement, and a seat without a reserve is common.
    targets = sources = 0
    target = source = None
    for number, legions in s.in_play[seat]:
        slots = slots_of[number]
        for i in range(len(slots)):
            sym, n = slots[i]
            if legions[i] < n and sym in symbols:
                if reserve:   # a legion from the reserve: any open slot will do
                    return True
                targets += 1
                target = (number, i)
            if legions[i]:
                sources += 1
                source = (number, i)
    if targets == 0 or sources == 0:
        return False
    return targets > 1 or sources > 1 or target != source


def removals(s: GameState, seat: int) -> list:
    """The opponents' placed legions the ``remove_legion`` power may return, as actions.

    Not from an objective already completed this turn (AU-6).

    Returns
    -------
    list
        ``("remove", other_seat, card, symbol)``, one per slot group holding a legion.

    Examples
    --------
    >>> from rometools.augustus import new_game
    >>> removals(new_game(rng=1), 0)
    []
    """
    cards = s.config.cards
    blocked = {n for _, n in s.queue}
    out = []
    for other in range(len(s.in_play)):
        if other == seat:
            continue
        for p in s.in_play[other]:
            if p.number in blocked:
                continue
            for (sym, _), k in zip(cards.card(p.number).slots, p.legions, strict=True):
                if k:
                    out.append(("remove", other, p.number, sym))
    return out


@cython.locals(other=cython.Py_ssize_t, i=cython.Py_ssize_t, t=tuple, legions=tuple, k=cython.long,
               blocked=cython.bint)
def can_remove(s: GameState, seat: int) -> bool:
    """Whether :func:`removals` would list anything, without listing it: an opponent holds a legion
    on an objective not completed this turn (not queued).

    Examples
    --------
    >>> from rometools.augustus import new_game
    >>> can_remove(new_game(rng=1), 0) == bool(removals(new_game(rng=1), 0))
    True
    """
    in_play, queue = s.in_play, s.queue
    for other in range(len(in_play)):
        if other == seat:
            continue
        for p in in_play[other]:
            t = cython.cast(tuple, p)   # a Placed read as the tuple (number, legions) it is
            blocked = False
            for q in queue:
                if q[1] == t[0]:
                    blocked = True
            if blocked:
                continue
            legions = t[1]
            for i in range(len(legions)):
                k = legions[i]
                if k:
                    return True
    return False


def power_symbols(w: GameState, card: Objective) -> tuple[str, ...]:
    """The slot symbols a card's ``place_legion`` power may fill (``"any"``: every symbol).

    Examples
    --------
    >>> from rometools.augustus import Power, load_objectives, new_game
    >>> card = next(c for c in load_objectives().cards if c.power == Power("place_legion", symbol="any"))
    >>> len(power_symbols(new_game(), card))
    6
    """
    return w.config.components.symbols if card.power.symbol == "any" else (card.power.symbol,)


def decisions(s: GameState) -> list:
    """The legal actions of the seat deciding (``rules``' module docstring lists their forms).

    Returns
    -------
    list
        ``[]`` at a chance or terminal node.

    Examples
    --------
    >>> from rometools.augustus import new_game
    >>> len(decisions(new_game(rng=3)))
    20
    """
    ph, seat = s.phase, s.seat
    if ph == "keep":
        kept = s.config.components.kept
        return [("keep", *c) for c in combinations(sorted(s.hands[seat]), kept)]
    if ph == "place":
        return [*placements(s, seat, accepted_symbols(s, seat, s.token), moves=True), PASS]
    if ph == "remove":
        return [*removals(s, seat), PASS]
    if ph == "power_place":
        card = s.config.cards.card(s.current[1])
        return [*placements(s, seat, power_symbols(s, card), moves=False), PASS]
    if ph == "claim":
        return ["claim", "decline"]
    if ph == "take":
        return [("take", n) for n in s.row]
    return []


def why_not(state: GameState, action: Any, legal: list) -> str:
    """Why an action that is not in ``legal`` is refused (placements and powers), as a message.

    Examples
    --------
    >>> from rometools.augustus import GameConfig, apply, new_game
    >>> s = apply(new_game(GameConfig(first_game=True), rng=2), "dagger")
    >>> f"P{s.seat + 1} has no objective 999 in play" in why_not(s, ("place", 999, "dagger"), decisions(s))
    True
    """
    who = f"P{state.seat + 1}"
    ph = state.phase
    example = legal[0] if legal else PASS
    if ph == "place":
        token = state.token
        if isinstance(action, tuple) and action and action[0] in ("place", "move"):
            target = action[1:3] if action[0] == "place" else action[3:5]
            numbers = [p.number for p in state.in_play[state.seat]]
            if len(target) == 2 and target[0] not in numbers:
                return f"{who} has no objective {shown(target[0])} in play (in play: {numbers}); got {shown(action)}"
            if len(target) == 2 and target[1] not in accepted_symbols(state, state.seat, token):
                return (f"the token drawn is {token!r}: {who} may place on a "
                        f"{' or '.join(accepted_symbols(state, state.seat, token))} slot, not {shown(target[1])}")
            if action[0] == "place" and state.reserve[state.seat] == 0:
                return f"{who} has no legion in reserve: move one already placed, e.g. {example!r}"
            return f"{shown(action)} is not a legal placement for {who} (no open slot there, or no such legion)"
        return f"{who} places one legion for the token {token!r}, e.g. {example!r}, or passes; got {shown(action)}"
    if ph == "remove":
        return f"{who} removes one legion of an opponent ('remove', seat, card, symbol), e.g. {example!r}; got {shown(action)}"
    return f"{who} places one legion with the power of the objective, e.g. {example!r}, or passes; got {shown(action)}"



def refusal(state: GameState, action: Any) -> str | None:
    """Why a chance outcome, a set-up keep, a count reward's claim or a take is refused at ``state``, as
    a message; ``None`` when it is allowed (``turn.applied`` asks before applying one; placements and
    powers are refused by :func:`why_not`).

    Examples
    --------
    >>> from rometools.augustus import GameConfig, new_game
    >>> s = new_game(GameConfig(first_game=True), rng=2)
    >>> refusal(s, "dagger") is None, refusal(s, "denarius")
    (True, "the draw needs a token left in the bag ['catapult', 'chariot', 'dagger', 'double_sword', 'joker', 'shield', 'standard'], got 'denarius'")
    """
    ph, seat = state.phase, state.seat
    if ph == "draw":
        left = state.bag_left()
        if not isinstance(action, str) or not left.get(action):
            return f"the draw needs a token left in the bag {sorted(t for t, k in left.items() if k)}, got {shown(action)}"
    elif ph in ("deal", "refill"):
        if isinstance(action, bool) or not isinstance(action, int) or action not in state.pile:
            return (f"{'the set-up deal' if ph == 'deal' else 'the refill'} needs a card number "
                    f"from the face-down pile ({len(state.pile)} cards), got {shown(action)}")
    elif ph == "keep":
        kept = state.config.components.kept
        hand = state.hands[seat]
        if not (isinstance(action, tuple) and len(action) == kept + 1 and action[0] == "keep"
                and len(set(action[1:])) == kept and all(n in hand for n in action[1:])):
            return f"P{seat + 1} keeps {kept} of the cards dealt, e.g. {decisions(state)[0]}; got {shown(action)}"
        if list(action[1:]) != sorted(action[1:]):  # one action, one spelling: the one legal_actions lists
            return (f"P{seat + 1}: give the cards kept in increasing number, "
                    f"{('keep', *sorted(action[1:]))!r}; got {shown(action)}")
    elif ph == "claim" and action not in ("claim", "decline"):
        return f"P{seat + 1} may claim the count reward or not: 'claim' or 'decline', got {shown(action)}"
    elif ph == "take" and not (isinstance(action, tuple) and len(action) == 2 and action[0] == "take"
                               and action[1] in state.row):
        return (f"P{seat + 1} takes a new objective from the central row "
                f"{list(state.row)}: ('take', card); got {shown(action)}")
    return None


@cython.locals(k=cython.Py_ssize_t)
def count_tile(counts: tuple, holders: tuple | list, have: int, seat: int) -> int | None:
    """Index of the count reward ``seat``, controlling ``have`` objectives, may claim now, if any;
    ``counts``: the count reward tiles as ``(index among the rewards, need)``, in the rewards'
    order; ``holders``: each reward tile's seat, ``-1`` for none (``GameState.rewards``).

    "réclamée ... au moment même où il contrôle le nombre exact d'objectifs ... et si la
    récompense ... est encore disponible ... un joueur ne peut posséder qu'une seule et
    unique récompense de ce type." (``003_d241425e5c31f6f1.txt``, Réclamez une récompense)

    Examples
    --------
    >>> count_tile(((4, 3), (5, 5)), (-1, -1, -1, -1, -1, -1), 5, 0), count_tile(((4, 3), (5, 5)), (-1,) * 4 + (0, -1), 5, 0)
    (5, None)
    """
    # loops, not any() and next() over generators: a generator closed early makes an exception
    # and its traceback when compiled, at every completion; the count tiles read from the
    # config's facts by the caller (each tile's kind and need read off its dataclass was most of this)
    for k in range(len(counts)):
        if holders[cython.cast(tuple, counts[k])[0]] == seat:
            return None
    for k in range(len(counts)):
        i, need = counts[k]
        if need == have and holders[i] < 0:
            return i
    return None


# ----------------------------------------------------------------- what is an action at all
def as_action(action: Any) -> Any:
    """``action`` as ``apply`` reads it: lists (from JSON) as tuples.

    Raises
    ------
    InvalidActionError
        For anything but a string, a whole number (not a bool) or a tuple (list) of them,
        quoting it.

    Examples
    --------
    >>> as_action(["place", 3, "dagger"])
    ('place', 3, 'dagger')
    >>> as_action(1.5)
    Traceback (most recent call last):
    ...
    rometools.core.errors.InvalidActionError: an action is a string, a card number or a tuple of them, got 1.5
    """
    if isinstance(action, list):
        action = tuple(action)
    if isinstance(action, tuple):
        for x in action:
            if not (isinstance(x, str | int) and not isinstance(x, bool)):
                raise InvalidActionError(f"an action holds strings and card numbers only, got {shown(action)}")
        return action
    if isinstance(action, str | int) and not isinstance(action, bool):
        return action
    raise InvalidActionError(f"an action is a string, a card number or a tuple of them, got {shown(action)}")


#: A decision's form: its first word and how many values follow it (``None``: the config's ``kept``).
_DECISION_ARITY = {"keep": None, "place": 2, "move": 4, "remove": 3, "take": 1}


def _is_outcome(config: GameConfig, action: Any) -> bool:
    """Whether ``action`` is a chance outcome of the game with ``config``: a card number or a token id."""
    if isinstance(action, str):
        return action in config.components.bag
    return isinstance(action, int) and not isinstance(action, bool) and action in config.cards.numbers


def refusal_error(config: GameConfig, action: Any, message: str) -> Exception:
    """The error refusing ``action`` with ``message``: invalid or illegal as :func:`is_action` says
    (what :mod:`~rometools.augustus.turn` raises)."""
    return refused(message, well_formed=is_action(config, action))


def is_action(config: GameConfig, action: Any) -> bool:
    """Whether ``action`` (after :func:`as_action`) is an action of the game with ``config`` at
    all: a decision of any phase or a chance outcome (what ``apply`` refuses as illegal, not
    invalid).

    Examples
    --------
    >>> from rometools.augustus import GameConfig
    >>> c = GameConfig()
    >>> is_action(c, ("place", 3, "dagger")), is_action(c, "joker"), is_action(c, ("place", 3, "sword"))
    (True, True, False)
    """
    return _is_decision(config, action) or _is_outcome(config, action)


def _is_decision(config: GameConfig, action: Any) -> bool:
    """Whether ``action`` (after :func:`as_action`) is a decision of the game with ``config``,
    in any phase: the words, or a tuple of a known form naming its cards, symbols and seats."""
    if isinstance(action, str):
        return action in (PASS, "claim", "decline")
    if not (isinstance(action, tuple) and action and action[0] in _DECISION_ARITY):
        return False
    kind, values = action[0], action[1:]
    arity = _DECISION_ARITY[kind]
    if len(values) != (config.components.kept if arity is None else arity):
        return False
    cards, symbols = config.cards.numbers, config.components.symbols
    if kind == "remove":
        seat, values = values[0], values[1:]
        if isinstance(seat, str) or not 0 <= seat < config.players:
            return False
    if kind in ("place", "move", "remove"):  # (card, symbol) pairs
        return all(n in cards and s in symbols for n, s in zip(values[::2], values[1::2], strict=True))
    return all(n in cards for n in values)  # keep, take: card numbers
