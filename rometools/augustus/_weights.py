# rometools: compiled twin
# cython: annotation_typing=False
"""The rewards a card would bring GreedyBot: each card's reward facts and its bonus in points.

Private to :mod:`rometools.augustus._greedy` (GreedyBot's choice, which documents the bot, keeps
each seat's objective weights, its points + 1 + this bonus, per seat while the objectives
controlled and the rewards' holders stay, and re-exports :func:`reward_bonus`): what the bot rates
a card by besides its odds. Like ``_greedy`` it is plain Python that Cython compiles as it is
(``hatch_build.py``, as ``_weights_c``) and is used as its compiled twin where that matches this
source (:func:`rometools.core._cython.compiled_or_plain`): the same bonus, faster; ``_greedy``
calls it once per seat's entry and card met, not per decision.
``tests/augustus/test_augustus_bots_views.py`` checks :func:`reward_bonus` against the reward
tiles, ``tests/augustus/test_augustus_facts.py`` the card facts (:class:`_Cards`) against the
cards, ``tests/augustus/test_augustus_greedy_shortcuts.py`` the weights the bot reads.
"""

from __future__ import annotations

try:
    import cython
except ImportError:  # Cython is only needed to compile this module
    from rometools.core import _cython as cython

from rometools.augustus.components import KINDS, Objective
from rometools.augustus.state import GameState

__all__ = ["reward_bonus"]

#: The reward tiles of each components, by kind (``_rewards_of``): read once per components.
_REWARDS: dict = {}


@cython.ccall   # a C call within the module
def _rewards_of(components) -> tuple:
    """``(colour, all_colours, count, resource)``: the components' reward tiles by kind, as plain
    tuples (``(index, need, points)``; colour ones by the place of their colour in ``KINDS``, count
    ones by need; resource ones with their resource), built once per components (the last 8 kept),
    so a decision reads only the tiles that bear on a card. (A colour tile of a colour no card has
    bears on no card: it is left out.)"""
    got = _REWARDS.get(id(components))
    if got is None or got[0] is not components:
        colour: dict = {}
        all_colours, resource = [], []
        count: dict = {}
        for i, t in enumerate(components.rewards):
            if t.kind == "colour":
                colour.setdefault(t.colour, []).append((i, t.need, float(t.points)))
            elif t.kind == "all_colours":
                all_colours.append((i, t.need, float(t.points)))
            elif t.kind == "count":
                count.setdefault(t.need, []).append((i, float(t.points)))
            elif t.kind == "resource":
                resource.append((i, t.resource, t.need, float(t.points)))
        if len(_REWARDS) >= 8:
            _REWARDS.pop(next(iter(_REWARDS)))
        got = _REWARDS[id(components)] = (components, (
            tuple([tuple(colour.get(k, ())) for k in KINDS]), tuple(all_colours), {k: tuple(v) for k, v in count.items()},
            tuple(resource)))
    return got[1]


#: ``Objective.yields`` by (what the card produces, the resource): it reads nothing else.
_YIELDS: dict = {}


@cython.cfunc
def _yields(card: Objective, resource: str) -> bool:
    """``card.yields(resource)``, kept by what the card produces and the resource (a Python call per
    card and resource reward was most of :func:`reward_bonus`'s time)."""
    key = (card.produces, resource)
    got = _YIELDS.get(key)
    if got is None:
        got = _YIELDS[key] = card.yields(resource)
    return got


@cython.final
@cython.cclass
class _Cards:
    """What the bot reads of each card for the rewards, read once per cards and components
    (:func:`_cards`): by card number ``(kind, points-per-colour power's colour or -1, its points,
    produces anything, (whether it yields the resource of each resource reward, in
    :func:`_rewards_of` order), the card's points, float(its points + 1))``, kinds and colours by their place in ``KINDS``, the components' rewards by kind
    (:func:`_rewards_of`), and :func:`_facts`' answers by the numbers a seat controls
    (``memo``, the last 512 kept). Plain tuples in place of the dataclasses' attributes and
    ``Objective.yields`` calls at every rating. Private to this module."""

    cards = cython.declare(object, visibility="readonly")
    components = cython.declare(object, visibility="readonly")
    of = cython.declare(dict, visibility="readonly")
    memo = cython.declare(dict, visibility="readonly")
    index = cython.declare(tuple, visibility="readonly")
    resource_at = cython.declare(tuple, visibility="readonly")
    count_at = cython.declare(tuple, visibility="readonly")

    def __init__(self, cards, components):
        self.cards, self.components = cards, components
        self.index = _rewards_of(components)
        self.resource_at = tuple([t[0] for t in self.index[3]])   # each resource reward's tile
        self.count_at = tuple([t[0] for tiles in self.index[2].values() for t in tiles])   # the count rewards' tiles
        self.of = {c.number: _card_facts(c, self.index[3]) for c in cards.cards}
        self.memo = {}


def _card_facts(card: Objective, resource: tuple) -> tuple:
    """One card's entry of :class:`_Cards` (also what :func:`reward_bonus` reads of a card given)."""
    power = card.power
    ppc = power.kind == "points_per_colour"
    return (KINDS.index(card.kind), KINDS.index(power.colour) if ppc else -1, power.points if ppc else 0,
            card.produces != "none",
            tuple([_yields(card, r[1]) for r in resource]), card.points, float(card.points + 1))


#: :class:`_Cards` by (id of the cards, id of the components), with both (an id reused: read anew).
_CARDS: dict = {}
#: ``(cards, components, their _Cards)`` last asked.
_LAST_CARDS: tuple = (None, None, None)


@cython.ccall   # a C call within the module; _greedy._entry calls it once per entry
def _cards(cards, components) -> _Cards:
    """The :class:`_Cards` of ``cards`` read against ``components``, built on first use."""
    global _LAST_CARDS
    last = _LAST_CARDS
    if last[0] is cards and last[1] is components:
        return last[2]
    key = (id(cards), id(components))
    got = _CARDS.get(key)
    if got is None or got.cards is not cards or got.components is not components:
        if len(_CARDS) >= 8:
            _CARDS.clear()
        got = _CARDS[key] = _Cards(cards, components)
    _LAST_CARDS = (cards, components, got)
    return got


#: How many kinds (``KINDS``): the length of :func:`_facts`' counts.
_N_KINDS: int = len(KINDS)


@cython.ccall   # a C call within the module
@cython.boundscheck(False)   # every index is a place in its tuple (a count, kind or tile's), never negative
@cython.wraparound(False)
@cython.locals(j=cython.Py_ssize_t, k=cython.Py_ssize_t, n_res=cython.Py_ssize_t, table=_Cards, kinds=list,
               powers=list, yields=list, f=tuple, y=tuple, of=dict)
def _facts(table: _Cards, resource: tuple, mine: tuple) -> tuple:
    """``(kinds, powers, yields)`` of the objectives numbered ``mine`` (one seat's controlled), kept in
    ``table.memo`` (they change only when that seat completes an objective): its objectives of each
    kind and the points-per-colour powers' points by colour, each a tuple in ``KINDS`` order (read by
    place, not by a dict's key), and its producers of each resource reward's resource."""
    memo = table.memo
    got = memo.get(mine)
    if got is None:
        kinds = [0] * _N_KINDS
        powers = [0] * _N_KINDS
        yields = [0] * len(resource)
        of = table.of
        n_res = len(resource)
        for n in mine:
            f = of[n]
            k = f[0]
            kinds[k] += 1
            k = f[1]
            if k >= 0:
                powers[k] += f[2]
            y = f[4]
            for j in range(n_res):
                if y[j]:   # (a bool: True adds 1, False nothing)
                    yields[j] += 1
        if len(memo) >= 512:
            memo.clear()
        got = memo[mine] = (tuple(kinds), tuple(powers), tuple(yields))
    return got


@cython.ccall   # a C call within the module
def _context(state: GameState, seat: int) -> tuple:
    """What the seat's reward prospects depend on, read once per decision: its objectives of each
    kind, the points-per-colour powers it controls by colour (each in ``KINDS`` order), for each resource reward it does not
    hold its own producers and the holder's, the count reward its next objective would let it
    claim, and the components' rewards by kind (:func:`_rewards_of`). (Compiled, the tuples and
    dicts typed and read by index: the same answer, with no Python unpacking or method call.)"""
    config = state.config
    return _context_of(_cards(config.objectives, config.components), state.rewards, state.controlled, seat)


@cython.ccall   # _greedy._entry calls it with what it has read of the state already
@cython.locals(table=_Cards, resource=tuple, mine=tuple, facts=tuple)
def _context_of(table: _Cards, holders: tuple, controlled: tuple, seat: int) -> tuple:
    """:func:`_context` of a state whose config's cards and components are read in ``table``
    (:func:`_cards`), its reward tiles' holders ``holders`` and objectives controlled ``controlled``:
    ``(kinds, powers, produce, bonus, the components' rewards by kind, the seat's own producers of
    each resource reward's resource)`` (the last read by :func:`_renew` only)."""
    resource = cython.cast(tuple, table.index[3])
    mine = controlled[seat]
    facts = _facts(table, resource, mine)
    return _race(table, holders, controlled, seat, len(mine), facts[0], facts[1], facts[2])


@cython.cfunc   # a C call within the module
@cython.boundscheck(False)   # every index is a place in its tuple (a count, kind or tile's), never negative
@cython.wraparound(False)
@cython.locals(i=cython.Py_ssize_t, j=cython.Py_ssize_t, holder=cython.Py_ssize_t, seat=cython.Py_ssize_t,
               n_mine=cython.Py_ssize_t, table=_Cards, holders=tuple, controlled=tuple, index=tuple, count=dict,
               resource=tuple, produce=dict, own=tuple, tiles=tuple, t=tuple, holds_count=cython.bint,
               at=tuple)
def _race(table: _Cards, holders: tuple, controlled: tuple, seat: int, n_mine: int, kinds: tuple, powers: tuple,
          own: tuple) -> tuple:
    """:func:`_context_of` of a seat controlling ``n_mine`` objectives with these ``kinds``, ``powers``
    and ``own`` producers (its :func:`_facts`): for each resource reward it does not hold its own
    producers and the holder's, and the count reward its next objective would let it claim."""
    index = table.index
    count, resource = index[2], index[3]
    produce = {}
    at = table.resource_at
    for j in range(len(at)):
        i = at[j]
        holder = holders[i]
        if holder != seat:
            produce[i] = (own[j], _facts(table, resource, controlled[holder])[2][j] if holder >= 0 else 0)
    bonus = 0.0
    holds_count = False
    at = table.count_at
    for j in range(len(at)):
        i = at[j]
        holder = holders[i]
        if holder == seat:
            holds_count = True
            break
    if not holds_count:
        tiles = count.get(n_mine + 1, ())
        for t in tiles:
            if holders[t[0]] < 0:
                bonus = t[1]
                break
    return kinds, powers, produce, bonus, index, own


@cython.ccall   # _greedy._entry calls it (one Python call) when a seat's entry is made anew with the same objectives
@cython.locals(old_context=tuple, context=tuple, table=_Cards, mine=tuple, at=tuple, before=dict, produce=dict,
               changed=list, i=cython.Py_ssize_t, j=cython.Py_ssize_t)
def _renew(table: _Cards, holders: tuple, controlled: tuple, seat: int, old_context: tuple, old_holders: tuple,
           old: dict) -> tuple:
    """``(context, weights)`` of a seat's entry made anew with the very objectives controlled and
    ``table`` as its last entry (``old_context``, read with the holders ``old_holders``, its weights
    ``old``): the context (:func:`_context_of`) with the seat's objectives of each kind, powers and
    own producers read from the last one (they depend only on its objectives), the last context
    itself when equal to it, and the weights :func:`_carry` keeps. One call in place of
    :func:`_context_of` and :func:`_carry`."""
    mine = controlled[seat]
    context = _race(table, holders, controlled, seat, len(mine), old_context[0], old_context[1], old_context[5])
    before, produce = old_context[2], context[2]
    changed = []   # the resource rewards (by place) whose producers' race changed
    at = table.resource_at
    for j in range(len(at)):
        i = at[j]
        if before.get(i) != produce.get(i):
            changed.append(j)
    if not changed and context[3] == old_context[3]:   # (produce is keyed by resource rewards' tiles only)
        context = old_context
    return context, _carry(old, old_holders, holders, old_context, context, table, changed)


@cython.ccall   # _greedy calls it (a Python call) once per entry and list of cards met, not per card
@cython.locals(out=dict, of=dict, table=_Cards, facts=tuple, base=cython.double)
def _fill(out: dict, holders: tuple, table: _Cards, context: tuple, numbers) -> dict:
    """``out`` (a seat's ``{card number: weight}``, of its :mod:`~rometools.augustus._greedy` ``_entry``)
    with the weight of each card of ``numbers`` it lacks: its points + 1 + :func:`_bonus` with the
    reward tiles' ``holders`` and the seat's ``context`` (:func:`_context`). One call for the cards
    of a decision, where a call per card cost as much as the card's bonus."""
    of = table.of
    for n in numbers:
        if n not in out:
            facts = of[n]
            base = facts[6]   # float(points + 1): (points + 1) + bonus, the same sum, in C
            out[n] = base + _bonus(holders, facts, context)
    return out


@cython.ccall   # _greedy._entry calls it when a seat's entry is made anew with the same objectives
@cython.locals(old=dict, out=dict, of=dict, colour=tuple, all_colours=tuple,
               index=tuple, old_holders=tuple, holders=tuple, old_context=tuple, context=tuple,
               table=_Cards, tiles=tuple, t=tuple, f=tuple, y=tuple, changed=list, dropped=list,
               i=cython.Py_ssize_t, j=cython.Py_ssize_t, keep=cython.bint)
def _carry(old: dict, old_holders: tuple, holders: tuple, old_context: tuple, context: tuple, table: _Cards,
           changed: list) -> dict:
    """The weights of ``old`` (a seat's ``{card number: weight}`` read with the reward tiles'
    ``old_holders`` and ``old_context``) that stay the same with ``holders`` and ``context``: the same
    seat's, with the very objectives controlled (so the same objectives by kind and powers) and the
    same ``table``. A card's weight is its points + 1 + :func:`_bonus`, which reads besides those only
    the count reward's bonus, whether each colour tile of the card's colour and each all-colours tile
    is held, and for a card that produces, the (own, holder's) producers of each resource reward it
    yields: a card is kept when none of those changed (the same floats, summed in the same order); a
    changed count bonus or all-colours tile keeps none. ``changed``: the resource rewards (by place in
    :func:`_rewards_of`) whose (own, holder's) producers differ between the contexts."""
    if old_context[3] != context[3]:
        return {}
    index = table.index
    colour, all_colours = index[0], index[1]
    dropped = []   # the colours (by place in KINDS) whose colour tile was taken or freed
    if old_holders is not holders:
        for t in all_colours:
            i = t[0]
            if (old_holders[i] < 0) != (holders[i] < 0):
                return {}
        for j in range(len(colour)):
            for t in colour[j]:
                i = t[0]
                if (old_holders[i] < 0) != (holders[i] < 0):
                    dropped.append(j)
    if not dropped and not changed:
        # every card's weight is the same with either (whatever card is rated next, through either
        # entry): the one dict is both entries' (no copy of it, no freeing of the old one)
        return old
    out = {}
    of = table.of
    for n, w in old.items():
        f = of[n]
        if dropped and f[0] in dropped:
            continue
        keep = True
        if f[3] and changed:
            y = f[4]
            for j in changed:
                if y[j]:
                    keep = False
                    break
        if keep:
            out[n] = w
    return out


def reward_bonus(state: GameState, seat: int, card: Objective, context: tuple | None = None) -> float:
    """The reward points ``seat`` expects from controlling ``card`` now (points), from the
    components' reward tiles and the card's power as loaded (a variant's values):

    * a colour reward nobody holds: its points over the objectives of that colour the seat still
      needs, for a card of that colour;
    * the all-colours reward nobody holds: its points over the colours still missing, for a card
      of a missing colour;
    * the count reward the seat's next objective lets it claim (none once it holds one): its points;
    * a resource reward the seat does not hold: its points, for a card producing the resource
      that would bring the seat level with the holder (at least its ``need``);
    * points per colour: the card's own power over the seat's objectives of that colour (itself
      included), and the seat's powers for the card's colour.

    A heuristic of the greedy bot (``GreedyBot``), not a rule; 0 when no reward is in reach.

    Examples
    --------
    >>> from rometools.augustus import new_game, load_objectives
    >>> s = new_game(rng=0)
    >>> card = load_objectives().card(23)
    >>> reward_bonus(s, 0, card) > 0
    True
    """
    if context is None:
        context = _context(state, seat)
    return _bonus(state.rewards, _card_facts(card, context[4][3]), context)


@cython.ccall   # a C call within the module; _fill calls it once per card an entry meets
@cython.returns(cython.double)
@cython.boundscheck(False)   # every index is a place in its tuple (a count, kind or tile's), never negative
@cython.wraparound(False)
@cython.locals(i=cython.Py_ssize_t, j=cython.Py_ssize_t, k=cython.Py_ssize_t, need=cython.Py_ssize_t,
               have=cython.Py_ssize_t, missing=cython.Py_ssize_t, c=cython.Py_ssize_t, kind=cython.Py_ssize_t,
               pcolour=cython.Py_ssize_t, bonus=cython.double, points=cython.double, kinds=tuple, powers=tuple,
               produce=dict, colour=tuple, all_colours=tuple, resource=tuple, index=tuple, yields=tuple,
               holders=tuple, card=tuple, context=tuple, tiles=tuple, t=tuple, pair=tuple)
def _bonus(holders: tuple, card: tuple, context: tuple) -> float:
    """:func:`reward_bonus` of a card read as its :func:`_card_facts` (the same sums, in the same order;
    compiled, every tuple read by index (kinds and colours by their place in ``KINDS``) and every dict
    typed: no Python unpacking, method call or look-up by a kind's name)."""
    kinds, powers, produce, bonus, index = context[0], context[1], context[2], context[3], context[4]
    colour, all_colours, resource = index[0], index[1], index[3]
    kind, pcolour, ppoints, produces, yields = card[0], card[1], card[2], card[3], card[4]
    have = kinds[kind]
    tiles = colour[kind]
    for t in tiles:   # (tile, need, points)
        i, need, points = t[0], t[1], t[2]
        if holders[i] < 0 and have < need:
            bonus += points / (need - have)
    for t in all_colours:
        i, need, points = t[0], t[1], t[2]
        if holders[i] < 0 and have < need:
            missing = 0
            for k in range(len(kinds)):
                c = kinds[k]
                if c < need:
                    missing += need - c
            bonus += points / missing
    if produces:
        for j in range(len(resource)):
            t = resource[j]   # (tile, resource, need, points)
            i, need, points = t[0], t[2], t[3]
            if yields[j] and i in produce:
                pair = produce[i]   # (own, holder's)
                if pair[0] + 1 >= need and pair[0] + 1 >= pair[1]:
                    bonus += points
    if pcolour >= 0:
        bonus += ppoints * (kinds[pcolour] + (1 if kind == pcolour else 0))
    return bonus + powers[kind]
